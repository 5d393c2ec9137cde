import type { Data, Debtor } from 'swissqrbill/types';
import type { BillingAddress, Creditor, Invoice } from '../../../domain/billing';
import type { Language } from '../../../domain/languages';

/** The QR-bill's language for an invoice's (the payment part knows DE, FR, IT, EN and RM). */
export const QR_BILL_LANGUAGES = { en: 'EN', fr: 'FR', de: 'DE', it: 'IT' } as const satisfies Record<
  Language,
  'DE' | 'FR' | 'IT' | 'EN'
>;

/** A structured address (type "S") as swissqrbill takes it: street and building number apart. */
export const qrBillAddressOf = (address: BillingAddress): Debtor => ({
  name: address.name,
  address: address.street,
  ...(address.buildingNumber ? { buildingNumber: address.buildingNumber } : {}),
  zip: address.postalCode,
  city: address.town,
  country: address.country,
});

/**
 * The payment part of an invoice: the operator is paid the invoice's total in CHF by its partner, the payment
 * carrying the invoice's reference (QR reference to a QR-IBAN, RF creditor reference otherwise) so that the
 * bank's camt.054 credit names the invoice; the message is the invoice's number, for the payer's own books.
 * Amounts are integer centimes, so `totalCentimes / 100` is exact to the two decimals the payload writes.
 */
export function qrBillDataOf(
  invoice: Pick<Invoice, 'totalCentimes' | 'reference' | 'number' | 'partner'>,
  creditor: Creditor,
): Data {
  return {
    creditor: { ...qrBillAddressOf(creditor), account: creditor.iban.replace(/\s+/g, '') },
    debtor: qrBillAddressOf(invoice.partner.address),
    amount: invoice.totalCentimes / 100,
    currency: 'CHF',
    reference: invoice.reference,
    message: invoice.number,
  };
}
