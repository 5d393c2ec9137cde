import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { periodEndOf, addDays, type BillingInterval, type Creditor } from '../../../domain/billing';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { plans, scheduledJobRuns, subscriptions } from '../../db/schema';
import { auditTrail, type AuditActor } from '../audit';
import { createInvoice, loadInvoices } from './invoices';
import { refreshPaidStates, type PartnerRef } from './paidState';
import { loadSubscriptions, partnerOfRow } from './subscriptions';

/**
 * The billing's daily job (docs/billing.md "Daily job"), once per Zurich day across processes
 * (`scheduled_job_runs`, as the statistics' job): every ACTIVE subscription whose current period has ended moves
 * to its next period (taking its planned plan) or, cancelled, ends; every current period without an invoice is
 * invoiced; and every partner's paid state is refreshed (the day an invoice becomes overdue included). One
 * transaction: a failure leaves the whole day to the next try.
 */

export const BILLING_JOB = 'billing-daily';

/** The job writes as nobody: its audit rows name it instead of a user. */
export const BILLING_JOB_ACTOR = { userId: null, email: 'billing-daily-job' } as unknown as AuditActor;

export interface BillingDayResult {
  /** False when another process (or an earlier run) did the day already. */
  ran: boolean;
  advanced: number[];
  ended: number[];
  /** The invoices created, to be mailed once committed. */
  invoiceIds: number[];
  /** Why no invoice was created, when the creditor is not configured. */
  skippedInvoices?: string;
}

const subscriptionTrail = auditTrail('subscriptions');
const invoiceTrail = auditTrail('invoices');

/** Moves one subscription past every period that has ended by `today`; answers whether it ended. */
async function advance(tx: Queryable, id: number, today: string): Promise<'advanced' | 'ended'> {
  let [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  const [before] = await loadSubscriptions(tx, [id], today);
  let outcome: 'advanced' | 'ended' = 'advanced';
  while (row.status === 'ACTIVE' && row.currentPeriodEnd < today) {
    if (row.cancelAtPeriodEnd) {
      outcome = 'ended';
      await tx
        .update(subscriptions)
        .set({
          status: 'ENDED',
          endsOn: row.currentPeriodEnd,
          version: sql`${subscriptions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, id));
      break;
    }
    const planId = row.nextPlanId ?? row.planId;
    const [plan] = await tx.select({ interval: plans.interval }).from(plans).where(eq(plans.id, planId));
    const start = addDays(row.currentPeriodEnd, 1);
    [row] = await tx
      .update(subscriptions)
      .set({
        planId,
        nextPlanId: null,
        currentPeriodStart: start,
        currentPeriodEnd: periodEndOf(start, plan.interval as BillingInterval),
        version: sql`${subscriptions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, id))
      .returning();
  }
  const [after] = await loadSubscriptions(tx, [id], today);
  await subscriptionTrail(tx, { actor: BILLING_JOB_ACTOR, action: 'UPDATE', recordId: id, before, after });
  return outcome;
}

/** The work of a day, in the caller's transaction (idempotent: running it twice changes nothing more). */
export async function runBillingDay(
  tx: Queryable,
  args: { today: string; creditor: Creditor | undefined; publicUrl: string },
): Promise<Omit<BillingDayResult, 'ran'>> {
  const { today } = args;
  const result: Omit<BillingDayResult, 'ran'> = { advanced: [], ended: [], invoiceIds: [] };
  const due = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'ACTIVE'), lt(subscriptions.currentPeriodEnd, today)))
    .orderBy(asc(subscriptions.id));
  for (const { id } of due) {
    const outcome = await advance(tx, id, today);
    result[outcome === 'ended' ? 'ended' : 'advanced'].push(id);
  }
  const uninvoiced = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'ACTIVE'),
        sql`${subscriptions.currentPeriodStart} <= ${today}::date`,
        sql`NOT EXISTS (SELECT 1 FROM invoices WHERE invoices.subscription_id = "subscriptions"."id"
          AND invoices.period_start = "subscriptions"."current_period_start" AND invoices.kind = 'INVOICE'
          AND invoices.status <> 'CANCELLED')`,
      ),
    )
    .orderBy(asc(subscriptions.id))
    // Every subscription to invoice is locked before the first number is taken: an invoice created by hand
    // meanwhile (which locks its subscription, then the year's number) never waits in a cycle with the job.
    .for('update');
  if (uninvoiced.length > 0 && !args.creditor) result.skippedInvoices = 'BILLING_CREDITOR_NOT_CONFIGURED';
  else
    for (const { id } of uninvoiced) {
      const invoiceId = await createInvoice(tx, { subscriptionId: id, today, creditor: args.creditor });
      const [after] = await loadInvoices(tx, [invoiceId], today);
      await invoiceTrail(tx, { actor: BILLING_JOB_ACTOR, action: 'CREATE', recordId: invoiceId, before: null, after });
      result.invoiceIds.push(invoiceId);
    }
  const partners: PartnerRef[] = (
    await tx
      .select({
        partnerKind: subscriptions.partnerKind,
        establishmentId: subscriptions.establishmentId,
        promoterGroupId: subscriptions.promoterGroupId,
      })
      .from(subscriptions)
  ).map(partnerOfRow);
  await refreshPaidStates(tx, partners, today, args.publicUrl);
  return result;
}

/**
 * The day's job, claimed in `scheduled_job_runs` in the same transaction as its work: of several processes
 * exactly one does it (the others wait for its commit, then find the row). `force` (the npm script) runs the work
 * even when the day was done.
 */
export async function runBillingJobFor(
  db: Database,
  args: { today: string; creditor: Creditor | undefined; publicUrl: string; force?: boolean },
): Promise<BillingDayResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobRuns)
      .values({ job: BILLING_JOB, runOn: args.today })
      .onConflictDoNothing()
      .returning({ job: scheduledJobRuns.job });
    if (claimed.length === 0 && !args.force) return { ran: false, advanced: [], ended: [], invoiceIds: [] };
    return { ran: true, ...(await runBillingDay(tx, args)) };
  });
}
