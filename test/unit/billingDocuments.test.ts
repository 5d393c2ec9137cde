import { describe, expect, it } from 'vitest';
import { invoiceTotalsOf, type Creditor, type Invoice, type InvoiceLine } from '../../domain/billing';
import { LANGUAGES, type Language } from '../../domain/languages';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import { formatCentimes, formatChf, formatInvoiceDate } from '../../server/services/billing/format';
import { printableText, renderInvoicePdf } from '../../server/services/billing/pdf';
import { qrBillDataOf } from '../../server/services/billing/qrBill';
import { invoiceReferenceOf } from '../../server/services/billing/references';
import { checkQrBillPayload, decodeQrBillOfPdf, pdfPageTexts } from '../support/invoiceQr';

/** A plain IBAN (not a QR-IBAN): its invoices carry an RF creditor reference. */
const PLAIN_IBAN_CREDITOR: Creditor = {
  name: 'Bühne & Co GmbH',
  street: 'Rue du Marché',
  buildingNumber: '12a',
  postalCode: '1204',
  town: 'Genève',
  country: 'CH',
  iban: 'CH93 0076 2011 6238 5295 7',
};

function invoiceOf(overrides: Partial<Invoice> = {}, lines?: InvoiceLine[]): Invoice {
  const issuedOn = overrides.issuedOn ?? '2026-11-02';
  const invoiceLines = lines ?? [
    {
      description: 'Pro monthly, 01.11.2026 – 30.11.2026',
      quantity: 1,
      unitCentimes: 7900,
      amountCentimes: 7900,
    },
  ];
  return {
    id: 42,
    number: '2026-00042',
    kind: 'INVOICE',
    partner: {
      kind: 'ESTABLISHMENT',
      id: 1,
      name: 'Gleis 7 Club',
      address: {
        name: 'Gleis 7 Club',
        street: 'Zollstrasse',
        buildingNumber: '7',
        postalCode: '8005',
        town: 'Zürich',
        country: 'CH',
      },
    },
    lines: invoiceLines,
    ...invoiceTotalsOf(invoiceLines, issuedOn),
    currency: 'CHF',
    status: 'OPEN',
    issuedOn,
    dueOn: '2026-12-02',
    subscriptionId: 1,
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    reference: invoiceReferenceOf(DEMO_BILLING_CREDITOR, 2026, 42),
    language: 'en',
    creditsInvoiceId: null,
    creditNoteId: null,
    paidOn: null,
    remindersSent: 0,
    lastReminderOn: null,
    version: 1,
    ...overrides,
  };
}

describe('invoice figures', () => {
  it('writes CHF amounts with each language’s separators, by integer arithmetic', () => {
    expect(formatChf(123_456_789, 'de')).toBe('CHF 1’234’567.89');
    expect(formatChf(123_456_789, 'it')).toBe('CHF 1’234’567.89');
    expect(formatChf(123_456_789, 'fr')).toBe('CHF 1\u00a0234\u00a0567,89');
    expect(formatChf(123_456_789, 'en')).toBe('CHF 1,234,567.89');
    expect(formatCentimes(5, 'de')).toBe('0.05');
    expect(formatCentimes(-8540, 'en')).toBe('-85.40');
    expect(formatCentimes(0, 'fr')).toBe('0,00');
  });

  it('writes dates as dd.mm.yyyy in German, French and Italian, spelled out in English', () => {
    for (const language of ['de', 'fr', 'it'] as const)
      expect(formatInvoiceDate('2026-03-05', language)).toBe('05.03.2026');
    expect(formatInvoiceDate('2026-03-05', 'en')).toBe('5 March 2026');
  });
});

describe('invoice PDF', () => {
  it('ends an invoice with a QR-bill that pays its total to the creditor with its reference', async () => {
    const invoice = invoiceOf();
    const pdf = await renderInvoicePdf(invoice, DEMO_BILLING_CREDITOR);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const payload = checkQrBillPayload(await decodeQrBillOfPdf(pdf));
    expect(invoice.totalCentimes).toBe(8540); // 79.00 + 8.1 % VAT (6.40), rounded to 5 centimes
    expect(payload).toMatchObject({
      iban: 'CH4431999123000889012',
      creditor: {
        name: 'Venue Back Office AG',
        street: 'Bahnhofstrasse',
        buildingNumber: '1',
        postalCode: '8001',
        town: 'Zürich',
        country: 'CH',
      },
      amount: '85.40',
      currency: 'CHF',
      debtor: {
        name: 'Gleis 7 Club',
        street: 'Zollstrasse',
        buildingNumber: '7',
        postalCode: '8005',
        town: 'Zürich',
        country: 'CH',
      },
      referenceType: 'QRR',
      reference: invoice.reference,
      message: '2026-00042',
    });
  });

  it('pays a plain IBAN with an RF creditor reference', async () => {
    const invoice = invoiceOf({ reference: invoiceReferenceOf(PLAIN_IBAN_CREDITOR, 2026, 7), language: 'fr' });
    const payload = checkQrBillPayload(await decodeQrBillOfPdf(await renderInvoicePdf(invoice, PLAIN_IBAN_CREDITOR)));
    expect(payload).toMatchObject({
      iban: 'CH9300762011623852957',
      referenceType: 'SCOR',
      reference: invoice.reference,
      amount: '85.40',
    });
    expect(payload.reference).toMatch(/^RF\d{2}202600007$/);
    expect(payload.creditor).toMatchObject({ name: 'Bühne & Co GmbH', buildingNumber: '12a', town: 'Genève' });
  });

  const expectedTexts: Record<Language, string[]> = {
    en: ['Invoice 2026-00042', '2 November 2026', '2 December 2026', 'VAT 8.1 %', 'CHF 85.40', 'Payment part'],
    fr: ['Facture 2026-00042', '02.11.2026', '02.12.2026', 'TVA 8,1 %', 'CHF 85,40', 'Section paiement'],
    de: ['Rechnung 2026-00042', '02.11.2026', '02.12.2026', 'MWST 8.1 %', 'CHF 85.40', 'Zahlteil'],
    it: ['Fattura 2026-00042', '02.11.2026', '02.12.2026', 'IVA 8.1 %', 'CHF 85.40', 'Sezione pagamento'],
  };

  it.each(LANGUAGES)('writes the invoice and its payment part in %s', async (language) => {
    const pdf = await renderInvoicePdf(invoiceOf({ language }), DEMO_BILLING_CREDITOR);
    const [text] = await pdfPageTexts(pdf);
    for (const expected of expectedTexts[language]) expect(text).toContain(expected);
    // The partner's structured address, the creditor, the lines and the totals.
    for (const expected of ['Zollstrasse 7', '8005 Zürich', 'Venue Back Office AG', 'Bahnhofstrasse 1', '79.00']) {
      expect(text.replace('79,00', '79.00')).toContain(expected);
    }
  });

  it('puts the payment part on a page of its own when the lines fill the first page', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({
      description: `Exclusive offer ${index + 1}`,
      quantity: 1,
      unitCentimes: 1000,
      amountCentimes: 1000,
    }));
    const invoice = invoiceOf({ language: 'de' }, lines);
    const pdf = await renderInvoicePdf(invoice, DEMO_BILLING_CREDITOR);
    const texts = await pdfPageTexts(pdf);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join(' ')).toContain('Exclusive offer 30');
    expect(texts.at(-1)).toContain('Zahlteil');
    const payload = checkQrBillPayload(await decodeQrBillOfPdf(pdf));
    expect(payload.amount).toBe((invoice.totalCentimes / 100).toFixed(2));
    expect(payload.amount).toBe('324.30');
  });

  it('prints letters outside the built-in fonts without their accent, and keeps them in the QR code', async () => {
    expect(printableText('Łódź – Ștefan’s “Bar” 東京 €')).toBe('Lódz – Stefan’s “Bar” ?? €');
    const invoice = invoiceOf();
    invoice.partner.address = { ...invoice.partner.address, name: 'Klub Łódź Ștefan' };
    const pdf = await renderInvoicePdf(invoice, DEMO_BILLING_CREDITOR);
    expect((await pdfPageTexts(pdf))[0]).toContain('Klub Lódz Stefan');
    expect(checkQrBillPayload(await decodeQrBillOfPdf(pdf)).debtor?.name).toBe('Klub Łódź Ștefan');
  });

  it('renders the same invoice to the same bytes', async () => {
    const invoice = invoiceOf();
    const first = await renderInvoicePdf(invoice, DEMO_BILLING_CREDITOR);
    const second = await renderInvoicePdf(invoice, DEMO_BILLING_CREDITOR);
    expect(first.equals(second)).toBe(true);
  });

  it('writes a credit note with its cancelled invoice and no payment part', async () => {
    const lines = [{ description: 'Pro monatlich', quantity: 1, unitCentimes: -7900, amountCentimes: -7900 }];
    const creditNote = invoiceOf(
      { kind: 'CREDIT_NOTE', number: '2026-00043', language: 'de', creditsInvoiceId: 42, dueOn: '2026-11-02' },
      lines,
    );
    expect(creditNote.totalCentimes).toBe(-8540);
    const pdf = await renderInvoicePdf(creditNote, DEMO_BILLING_CREDITOR, { creditedInvoiceNumber: '2026-00042' });
    const texts = await pdfPageTexts(pdf);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Gutschrift 2026-00043');
    expect(texts[0]).toContain('storniert die Rechnung 2026-00042');
    expect(texts[0]).toContain('CHF -85.40');
    expect(texts[0]).not.toContain('Zahlteil');
    await expect(decodeQrBillOfPdf(pdf)).rejects.toThrow(/No QR code/);
  });
});

describe('QR-bill data of an invoice', () => {
  it('is what the PDF encodes: the total in francs, CHF, the reference and the number as message', () => {
    const invoice = invoiceOf({ totalCentimes: 123_456_705 });
    expect(qrBillDataOf(invoice, PLAIN_IBAN_CREDITOR)).toEqual({
      creditor: {
        name: 'Bühne & Co GmbH',
        address: 'Rue du Marché',
        buildingNumber: '12a',
        zip: '1204',
        city: 'Genève',
        country: 'CH',
        account: 'CH9300762011623852957',
      },
      debtor: {
        name: 'Gleis 7 Club',
        address: 'Zollstrasse',
        buildingNumber: '7',
        zip: '8005',
        city: 'Zürich',
        country: 'CH',
      },
      amount: 1_234_567.05,
      currency: 'CHF',
      reference: invoice.reference,
      message: '2026-00042',
    });
  });

  it('leaves the building number out when the address has none', () => {
    const invoice = invoiceOf();
    invoice.partner.address = { ...invoice.partner.address, buildingNumber: null };
    expect(qrBillDataOf(invoice, DEMO_BILLING_CREDITOR).debtor).not.toHaveProperty('buildingNumber');
  });
});
