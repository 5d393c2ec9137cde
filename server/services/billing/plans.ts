import { eq, inArray, sql } from 'drizzle-orm';
import type { Plan, PlanWriteInput } from '../../../domain/billing';
import type { Queryable } from '../../db/queryable';
import { plans } from '../../db/schema/billing';

/** Plans (docs/billing.md "Plans"): what partners subscribe to. Read by the partners, written by ROOT. */

type PlanRow = typeof plans.$inferSelect;

const planOf = (row: PlanRow, activeSubscriptions: number): Plan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priceCentimes: row.priceCentimes,
  interval: row.interval as Plan['interval'],
  features: { proLogo: row.proLogo, exclusiveOffersPerMonth: row.exclusiveOffersPerMonth },
  isActive: row.isActive,
  activeSubscriptions,
  version: row.version,
});

/** Subscriptions on a plan (its current plan) that have not ended. */
const activeSubscriptionsSql = sql<number>`(SELECT count(*)::int FROM subscriptions
  WHERE subscriptions.plan_id = "plans"."id" AND subscriptions.status <> 'ENDED')`;

export async function loadPlans(db: Queryable, ids: readonly number[]): Promise<Plan[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ row: plans, active: activeSubscriptionsSql })
    .from(plans)
    .where(inArray(plans.id, [...ids]));
  return rows.map(({ row, active }) => planOf(row, Number(active)));
}

const planValues = (input: PlanWriteInput) => ({
  name: input.name,
  description: input.description,
  priceCentimes: input.priceCentimes,
  interval: input.interval,
  proLogo: input.features.proLogo,
  exclusiveOffersPerMonth: input.features.exclusiveOffersPerMonth,
  isActive: input.isActive,
});

export async function insertPlan(tx: Queryable, input: PlanWriteInput): Promise<number> {
  const [row] = await tx.insert(plans).values(planValues(input)).returning({ id: plans.id });
  return row.id;
}

/** A new price or interval applies from each subscription's next period; sent invoices keep theirs. */
export async function updatePlan(tx: Queryable, id: number, input: PlanWriteInput): Promise<void> {
  await tx.update(plans).set(planValues(input)).where(eq(plans.id, id));
}
