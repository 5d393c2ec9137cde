import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BILLING_ERROR_CODES,
  periodEndOf,
  type BillingAddress,
  type PartnerKind,
  type Subscription,
  type SubscriptionWriteInput,
} from '../../../domain/billing';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import type { Language } from '../../../domain/languages';
import { ApiError } from '../../errors';
import type { Queryable } from '../../db/queryable';
import { establishments, plans, promoterGroups, subscriptions } from '../../db/schema';
import { paidSubscriptionSql, type PartnerRef } from './paidState';

/**
 * Subscriptions (docs/billing.md "Subscriptions"): one partner on one plan, period after period. ROOT creates
 * and changes them; a change of plan waits for the next period, a cancellation ends the subscription after the
 * current one.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const partnerOfRow = (row: {
  partnerKind: string;
  establishmentId: number | null;
  promoterGroupId: number | null;
}): PartnerRef =>
  row.partnerKind === 'ESTABLISHMENT'
    ? { kind: 'ESTABLISHMENT', id: row.establishmentId! }
    : { kind: 'PROMOTER_GROUP', id: row.promoterGroupId! };

export const addressOfRow = (row: {
  addressName: string;
  street: string;
  buildingNumber: string | null;
  postalCode: string;
  town: string;
  country: string;
}): BillingAddress => ({
  name: row.addressName,
  street: row.street,
  buildingNumber: row.buildingNumber,
  postalCode: row.postalCode,
  town: row.town,
  country: row.country,
});

const addressColumns = (address: BillingAddress) => ({
  addressName: address.name,
  street: address.street,
  buildingNumber: address.buildingNumber,
  postalCode: address.postalCode,
  town: address.town,
  country: address.country,
});

/** The partner's name: the establishment's or the promoter group's. */
export const partnerNameSql = sql<string>`coalesce(
  (SELECT establishments.name FROM establishments WHERE establishments.id = "subscriptions"."establishment_id"),
  (SELECT promoter_groups.name FROM promoter_groups WHERE promoter_groups.id = "subscriptions"."promoter_group_id"), '')`;

/** The current period's invoice that stands (not cancelled by a credit note), through invoices_period_unique. */
const currentPeriodInvoiceSql = sql<number | null>`(SELECT invoices.id FROM invoices
  WHERE invoices.subscription_id = "subscriptions"."id" AND invoices.period_start = "subscriptions"."current_period_start"
    AND invoices.kind = 'INVOICE' AND invoices.status <> 'CANCELLED')`;

const subscriptionOf = (
  row: SubscriptionRow,
  partnerName: string,
  isPaid: boolean,
  currentPeriodInvoiceId: number | null,
): Subscription => ({
  id: row.id,
  partner: { ...partnerOfRow(row), name: partnerName },
  planId: row.planId,
  nextPlanId: row.nextPlanId,
  status: row.status as Subscription['status'],
  startsOn: row.startsOn,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  endsOn: row.endsOn,
  billingAddress: addressOfRow(row),
  invoiceEmail: row.invoiceEmail,
  language: row.language as Language,
  isPaid,
  currentPeriodInvoiceId,
  version: row.version,
});

export async function loadSubscriptions(db: Queryable, ids: readonly number[], today: string): Promise<Subscription[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      row: subscriptions,
      partnerName: partnerNameSql,
      isPaid: sql<boolean>`${paidSubscriptionSql('"subscriptions"', today)}`,
      currentPeriodInvoiceId: currentPeriodInvoiceSql,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.id, [...ids]));
  return rows.map(({ row, partnerName, isPaid, currentPeriodInvoiceId }) =>
    subscriptionOf(
      row,
      partnerName,
      Boolean(isPaid),
      currentPeriodInvoiceId === null ? null : Number(currentPeriodInvoiceId),
    ),
  );
}

const invalid = (errors: Record<string, string>) => new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, errors);

/** The plan a subscription would take: it must exist (400) and, unless kept, be active (400 PLAN_INACTIVE). */
async function requirePlan(tx: Queryable, planId: number, kept: boolean) {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw invalid({ planId: 'Unknown plan' });
  if (!plan.isActive && !kept) throw invalid({ planId: BILLING_ERROR_CODES.planInactive });
  return plan;
}

/**
 * Locks the partner's row (so that two creates for one partner queue, and the second sees the first's
 * subscription), 400 when there is no such partner.
 */
async function lockPartner(tx: Queryable, kind: PartnerKind, id: number): Promise<void> {
  const table = kind === 'ESTABLISHMENT' ? establishments : promoterGroups;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  if (!row) throw invalid({ 'partner.id': 'Unknown partner' });
}

export async function insertSubscription(tx: Queryable, input: SubscriptionWriteInput, today: string): Promise<number> {
  const partner = input.partner;
  if (!partner) throw invalid({ partner: 'Required' });
  await lockPartner(tx, partner.kind, partner.id);
  const partnerColumn =
    partner.kind === 'ESTABLISHMENT' ? subscriptions.establishmentId : subscriptions.promoterGroupId;
  const [running] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(partnerColumn, partner.id), eq(subscriptions.status, 'ACTIVE')));
  if (running)
    throw new ApiError(409, BILLING_ERROR_CODES.partnerSubscribed, { partner: BILLING_ERROR_CODES.partnerSubscribed });
  const plan = await requirePlan(tx, input.planId, false);
  const startsOn = input.startsOn ?? today;
  const cancel = input.cancelAtPeriodEnd ?? false;
  const currentPeriodEnd = periodEndOf(startsOn, plan.interval as 'MONTH' | 'YEAR');
  const [row] = await tx
    .insert(subscriptions)
    .values({
      partnerKind: partner.kind,
      establishmentId: partner.kind === 'ESTABLISHMENT' ? partner.id : null,
      promoterGroupId: partner.kind === 'PROMOTER_GROUP' ? partner.id : null,
      planId: plan.id,
      status: 'ACTIVE',
      startsOn,
      currentPeriodStart: startsOn,
      currentPeriodEnd,
      cancelAtPeriodEnd: cancel,
      endsOn: cancel ? currentPeriodEnd : null,
      ...addressColumns(input.billingAddress),
      invoiceEmail: input.invoiceEmail,
      language: input.language,
    })
    .returning({ id: subscriptions.id });
  return row.id;
}

/**
 * The whole subscription as ROOT changes it: the same `planId` as the current plan keeps it (and drops a planned
 * change), another is planned for the next period (`nextPlanId`); `cancelAtPeriodEnd` sets or clears `endsOn`
 * (the current period's last day). The partner and the first day stay (400 FIXED_AFTER_CREATE); an ended
 * subscription is history (409 SUBSCRIPTION_ENDED).
 */
export async function updateSubscription(
  tx: Queryable,
  id: number,
  input: SubscriptionWriteInput,
  current: Subscription,
): Promise<void> {
  if (current.status === 'ENDED') throw new ApiError(409, BILLING_ERROR_CODES.subscriptionEnded);
  const fixed: Record<string, string> = {};
  if (input.partner && (input.partner.kind !== current.partner.kind || input.partner.id !== current.partner.id))
    fixed.partner = BILLING_ERROR_CODES.fixedAfterCreate;
  if (input.startsOn !== undefined && input.startsOn !== current.startsOn)
    fixed.startsOn = BILLING_ERROR_CODES.fixedAfterCreate;
  if (input.cancelAtPeriodEnd === undefined) fixed.cancelAtPeriodEnd = 'Required';
  if (Object.keys(fixed).length > 0) throw invalid(fixed);
  const keeps = input.planId === current.planId;
  await requirePlan(tx, input.planId, keeps || input.planId === current.nextPlanId);
  const cancel = input.cancelAtPeriodEnd ?? false;
  await tx
    .update(subscriptions)
    .set({
      nextPlanId: keeps ? null : input.planId,
      cancelAtPeriodEnd: cancel,
      endsOn: cancel ? current.currentPeriodEnd : null,
      ...addressColumns(input.billingAddress),
      invoiceEmail: input.invoiceEmail,
      language: input.language,
    })
    .where(eq(subscriptions.id, id));
}
