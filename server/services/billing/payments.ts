import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentImportReply } from '../../../domain/billing';
import type { Queryable } from '../../db/queryable';
import { invoicePayments, invoices } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../audit';
import type { Camt054Credit } from './camt054';
import { loadInvoices, markInvoicePaid } from './invoices';
import { refreshPaidStates, type PartnerRef } from './paidState';
import { partnerOfRow } from './subscriptions';

/**
 * A camt.054 file's credits against the invoices (docs/billing.md "Payments files"), in one transaction: a credit
 * whose structured reference is an OPEN (or OVERDUE) invoice's and whose amount in CHF is its total pays it on
 * the booking day, with an `invoice_payments` row keyed by the bank's reference of the entry (or a hash of the
 * entry without one), so that the same file imported again pays nothing twice. Every other credit is listed
 * with its reason.
 */

/** The bank's reference of a credit, or a hash of what the credit says when the bank gave none. */
export const bankEntryReferenceOf = (credit: Camt054Credit): string =>
  credit.bankEntryReference ??
  `sha256:${createHash('sha256')
    .update(JSON.stringify([credit.reference, credit.amountCentimes, credit.currency, credit.bookedOn]))
    .digest('hex')}`;

export async function importPayments(
  tx: Queryable,
  credits: readonly Camt054Credit[],
  args: { today: string; publicUrl: string; actor: AuditActor; trail: AuditTrail },
): Promise<PaymentImportReply> {
  const reply: PaymentImportReply = { matched: [], unmatched: [] };
  const partners: PartnerRef[] = [];
  for (const credit of credits) {
    const miss = (reason: PaymentImportReply['unmatched'][number]['reason']) =>
      reply.unmatched.push({
        reference: credit.reference,
        amountCentimes: credit.amountCentimes,
        bookedOn: credit.bookedOn,
        reason,
      });
    if (credit.reference === null) {
      miss('UNKNOWN_REFERENCE');
      continue;
    }
    const [row] = await tx.select().from(invoices).where(eq(invoices.reference, credit.reference)).for('update');
    if (!row) {
      miss('UNKNOWN_REFERENCE');
      continue;
    }
    const bankEntryReference = bankEntryReferenceOf(credit);
    const [known] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.bankEntryReference, bankEntryReference));
    if (row.kind !== 'INVOICE' || row.status !== 'OPEN' || known) {
      miss('NOT_OPEN');
      continue;
    }
    if (credit.currency !== 'CHF' || credit.amountCentimes !== row.totalCentimes) {
      miss('AMOUNT_MISMATCH');
      continue;
    }
    const paidOn = credit.bookedOn ?? args.today;
    const [before] = await loadInvoices(tx, [row.id], args.today);
    await markInvoicePaid(tx, row, {
      paidOn,
      source: 'CAMT054',
      bankEntryReference,
      amountCentimes: credit.amountCentimes,
      createdBy: args.actor.userId,
    });
    const [after] = await loadInvoices(tx, [row.id], args.today);
    await args.trail(tx, { actor: args.actor, action: 'MARK_PAID', recordId: row.id, before, after });
    partners.push(partnerOfRow(row));
    reply.matched.push({
      invoiceId: row.id,
      number: row.number,
      reference: row.reference,
      amountCentimes: credit.amountCentimes,
      paidOn,
    });
  }
  await refreshPaidStates(tx, partners, args.today, args.publicUrl);
  return reply;
}
