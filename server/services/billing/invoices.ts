import { and, eq, inArray, lt, gte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_ERROR_CODES,
  dueOnOf,
  formatInvoiceNumber,
  invoiceStatusOn,
  invoiceTotalsOf,
  nextPeriodStartOf,
  periodEndOf,
  vatPercentOf,
  type BillingInterval,
  type Creditor,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type PlanName,
} from '../../../domain/billing';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import type { Language } from '../../../domain/languages';
import { ApiError } from '../../errors';
import type { Queryable } from '../../db/queryable';
import { invoiceNumberSequences, invoicePayments, invoices, plans, subscriptions } from '../../db/schema';
import { invoiceReferenceOf } from './references';
import { addressOfRow, partnerNameSql, partnerOfRow } from './subscriptions';

/**
 * Invoices and credit notes (docs/billing.md "Invoices"): one invoice per period of a subscription, numbered
 * without gaps per year in its own transaction; never edited once sent: a credit note cancels it.
 */

type InvoiceRow = typeof invoices.$inferSelect;

const creditNoteIdSql = sql<
  number | null
>`(SELECT credit_note.id FROM invoices AS credit_note WHERE credit_note.credits_invoice_id = "invoices"."id")`;

export function invoiceOf(row: InvoiceRow, creditNoteId: number | null, today: string): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as Invoice['kind'],
    partner: {
      ...partnerOfRow(row),
      // A partner deleted since keeps its invoices (the partner columns are set null): the name stays.
      id: (row.partnerKind === 'ESTABLISHMENT' ? row.establishmentId : row.promoterGroupId) ?? 0,
      name: row.partnerName,
      address: addressOfRow(row),
    },
    lines: row.lines,
    subtotalCentimes: row.subtotalCentimes,
    vatRate: vatPercentOf(row.vatBasisPoints),
    vatCentimes: row.vatCentimes,
    roundingCentimes: row.roundingCentimes,
    totalCentimes: row.totalCentimes,
    currency: 'CHF',
    status: invoiceStatusOn(row.status as 'OPEN' | 'PAID' | 'CANCELLED', row.dueOn, today),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    subscriptionId: row.subscriptionId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    reference: row.reference,
    language: row.language as Language,
    creditsInvoiceId: row.creditsInvoiceId,
    creditNoteId,
    paidOn: row.paidOn,
    remindersSent: row.remindersSent,
    lastReminderOn: row.lastReminderOn,
    version: row.version,
  };
}

export async function loadInvoices(db: Queryable, ids: readonly number[], today: string): Promise<Invoice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ row: invoices, creditNoteId: creditNoteIdSql })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return rows.map(({ row, creditNoteId }) =>
    invoiceOf(row, creditNoteId === null ? null : Number(creditNoteId), today),
  );
}

/** The list filter `status`: OPEN and OVERDUE are the stored OPEN before and after the due date. */
export function invoiceStatusCondition(statuses: readonly InvoiceStatus[], today: string): SQL | undefined {
  const conditions = statuses.map((status) => {
    if (status === 'OPEN') return and(eq(invoices.status, 'OPEN'), gte(invoices.dueOn, today));
    if (status === 'OVERDUE') return and(eq(invoices.status, 'OPEN'), lt(invoices.dueOn, today));
    return eq(invoices.status, status);
  });
  return or(...conditions);
}

// ---- numbers -----------------------------------------------------------------------------------------

/**
 * The next number of the year, in the caller's transaction: the upsert locks the year's row until the
 * transaction ends, so concurrent invoices take 1, 2, 3… in turn, and a rolled-back one gives its number back.
 */
export async function nextSequence(tx: Queryable, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberSequences)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: invoiceNumberSequences.year,
      set: { lastSequence: sql`${invoiceNumberSequences.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceNumberSequences.lastSequence });
  return row.sequence;
}

const conflict = (code: string) => new ApiError(409, code);
const invalid = (errors: Record<string, string>) => new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, errors);

export function requireCreditor(creditor: Creditor | undefined): Creditor {
  if (!creditor) throw conflict(BILLING_ERROR_CODES.creditorMissing);
  return creditor;
}

/** `01.11.2026–30.11.2026`: a period as the line's text shows it (the Swiss order in every language). */
const swissDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
export const periodText = (start: string, end: string) => `${swissDate(start)}–${swissDate(end)}`;

/**
 * Whether `periodStart` is a period of the subscription: its current one, or an earlier one on the chain of
 * periods from `startsOn` at the current plan's interval.
 */
function isPeriodOf(
  subscription: { startsOn: string; currentPeriodStart: string },
  interval: BillingInterval,
  periodStart: string,
): boolean {
  if (periodStart === subscription.currentPeriodStart) return true;
  if (periodStart < subscription.startsOn || periodStart > subscription.currentPeriodStart) return false;
  for (let start = subscription.startsOn; start <= periodStart; start = nextPeriodStartOf(start, interval))
    if (start === periodStart) return true;
  return false;
}

export interface CreatedInvoice {
  id: number;
  subscriptionId: number;
}

/**
 * The invoice of a subscription's period (its current one by default), dated `today`, in the subscription's
 * language and to its address: one line, the plan's name and the period at the plan's price. 409
 * SUBSCRIPTION_ENDED, ALREADY_INVOICED; 400 PERIOD_OUTSIDE_SUBSCRIPTION. The subscription's row is locked first,
 * so two creates of one period queue and the second finds the first.
 */
export async function createInvoice(
  tx: Queryable,
  args: { subscriptionId: number; periodStart?: string; today: string; creditor: Creditor | undefined },
): Promise<number> {
  const creditor = requireCreditor(args.creditor);
  const [subscription] = await tx
    .select({ row: subscriptions, partnerName: partnerNameSql })
    .from(subscriptions)
    .where(eq(subscriptions.id, args.subscriptionId))
    .for('update', { of: subscriptions });
  if (!subscription) throw invalid({ subscriptionId: 'Unknown subscription' });
  const { row } = subscription;
  if (row.status === 'ENDED') throw conflict(BILLING_ERROR_CODES.subscriptionEnded);
  const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
  const interval = plan.interval as BillingInterval;
  const periodStart = args.periodStart ?? row.currentPeriodStart;
  if (!isPeriodOf(row, interval, periodStart))
    throw invalid({ periodStart: BILLING_ERROR_CODES.periodOutsideSubscription });
  const periodEnd = periodStart === row.currentPeriodStart ? row.currentPeriodEnd : periodEndOf(periodStart, interval);
  const [invoiced] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, row.id),
        eq(invoices.periodStart, periodStart),
        eq(invoices.kind, 'INVOICE'),
        ne(invoices.status, 'CANCELLED'),
      ),
    );
  if (invoiced) throw conflict(BILLING_ERROR_CODES.alreadyInvoiced);
  const language = row.language as Language;
  const lines: InvoiceLine[] = [
    {
      description: `${(plan.name as PlanName)[language]}, ${periodText(periodStart, periodEnd)}`,
      quantity: 1,
      unitCentimes: plan.priceCentimes,
      amountCentimes: plan.priceCentimes,
    },
  ];
  const totals = invoiceTotalsOf(lines, args.today);
  const year = Number(args.today.slice(0, 4));
  // Last, so that the year's row is locked for as short a time as possible.
  const sequence = await nextSequence(tx, year);
  const [created] = await tx
    .insert(invoices)
    .values({
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      kind: 'INVOICE',
      subscriptionId: row.id,
      partnerKind: row.partnerKind,
      establishmentId: row.establishmentId,
      promoterGroupId: row.promoterGroupId,
      partnerName: subscription.partnerName,
      addressName: row.addressName,
      street: row.street,
      buildingNumber: row.buildingNumber,
      postalCode: row.postalCode,
      town: row.town,
      country: row.country,
      lines,
      subtotalCentimes: totals.subtotalCentimes,
      vatBasisPoints: Math.round(totals.vatRate * 100),
      vatCentimes: totals.vatCentimes,
      roundingCentimes: totals.roundingCentimes,
      totalCentimes: totals.totalCentimes,
      currency: 'CHF',
      status: 'OPEN',
      issuedOn: args.today,
      dueOn: dueOnOf(args.today),
      periodStart,
      periodEnd,
      reference: invoiceReferenceOf(creditor, year, sequence),
      language,
    })
    .returning({ id: invoices.id });
  return created.id;
}

// ---- actions -----------------------------------------------------------------------------------------

/** The invoice's row, locked until the transaction ends; 404 when there is none. */
export async function lockInvoice(tx: Queryable, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  return row;
}

const bump = { version: sql`${invoices.version} + 1`, updatedAt: sql`now()` };

/**
 * Marks an open (or overdue) invoice paid on `paidOn` and records the payment; 409 CREDIT_NOTE_NOT_PAYABLE,
 * INVOICE_NOT_OPEN. `bankEntryReference` (a camt.054 entry) is unique: the same entry never pays twice.
 */
export async function markInvoicePaid(
  tx: Queryable,
  row: InvoiceRow,
  payment: {
    paidOn: string;
    source: 'MANUAL' | 'CAMT054';
    bankEntryReference?: string | null;
    amountCentimes?: number;
    createdBy: number | null;
  },
): Promise<void> {
  if (row.kind === 'CREDIT_NOTE') throw conflict(BILLING_ERROR_CODES.creditNoteNotPayable);
  if (row.status !== 'OPEN') throw conflict(BILLING_ERROR_CODES.notOpen);
  await tx
    .update(invoices)
    .set({ status: 'PAID', paidOn: payment.paidOn, ...bump })
    .where(eq(invoices.id, row.id));
  await tx.insert(invoicePayments).values({
    invoiceId: row.id,
    amountCentimes: payment.amountCentimes ?? row.totalCentimes,
    paidOn: payment.paidOn,
    source: payment.source,
    bankEntryReference: payment.bankEntryReference ?? null,
    createdBy: payment.createdBy,
  });
}

/**
 * Cancels an open (or overdue) invoice with a credit note dated `today`: its own number and reference from
 * the same yearly sequence, the invoice's lines and totals negated, settled on issue (stored PAID: no money is
 * due either way). The invoice becomes CANCELLED, which frees its period for a new invoice. Answers the credit
 * note's id.
 */
export async function creditInvoice(
  tx: Queryable,
  row: InvoiceRow,
  args: { today: string; creditor: Creditor | undefined },
): Promise<number> {
  if (row.kind !== 'INVOICE' || row.status !== 'OPEN') throw conflict(BILLING_ERROR_CODES.notOpen);
  const creditor = requireCreditor(args.creditor);
  await tx
    .update(invoices)
    .set({ status: 'CANCELLED', ...bump })
    .where(eq(invoices.id, row.id));
  const year = Number(args.today.slice(0, 4));
  const sequence = await nextSequence(tx, year);
  const negate = (value: number) => (value === 0 ? 0 : -value);
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    paidOn: _paidOn,
    remindersSent: _remindersSent,
    lastReminderOn: _lastReminderOn,
    ...kept
  } = row;
  const [created] = await tx
    .insert(invoices)
    .values({
      ...kept,
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      kind: 'CREDIT_NOTE',
      lines: row.lines.map((line) => ({
        ...line,
        unitCentimes: negate(line.unitCentimes),
        amountCentimes: negate(line.amountCentimes),
      })),
      subtotalCentimes: negate(row.subtotalCentimes),
      vatCentimes: negate(row.vatCentimes),
      roundingCentimes: negate(row.roundingCentimes),
      totalCentimes: negate(row.totalCentimes),
      status: 'PAID',
      issuedOn: args.today,
      dueOn: args.today,
      paidOn: args.today,
      reference: invoiceReferenceOf(creditor, year, sequence),
      creditsInvoiceId: row.id,
    })
    .returning({ id: invoices.id });
  return created.id;
}

/** Counts a reminder of an overdue invoice (409 INVOICE_NOT_OVERDUE otherwise). */
export async function remindInvoice(tx: Queryable, row: InvoiceRow, today: string): Promise<void> {
  if (row.kind !== 'INVOICE' || invoiceStatusOn(row.status as 'OPEN', row.dueOn, today) !== 'OVERDUE')
    throw conflict(BILLING_ERROR_CODES.notOverdue);
  await tx
    .update(invoices)
    .set({ remindersSent: sql`${invoices.remindersSent} + 1`, lastReminderOn: today, ...bump })
    .where(eq(invoices.id, row.id));
}
