import { sql, type SQL } from 'drizzle-orm';
import type { PartnerKind } from '../../../domain/billing';
import type { Queryable } from '../../db/queryable';
import { WIDGET_CHANGES_CHANNEL } from '../widgetChanges';

/**
 * The paid state (docs/billing.md "Paid state"): a subscription is paid when it is ACTIVE, today lies within
 * [startsOn, endsOn] (endsOn, its last day, included), its first invoice (the earliest of its periods that is
 * not cancelled) is PAID and none of its invoices is OVERDUE. The users of its partner carry it
 * (`has_paid_subscription`, `billing_link`), set in the transaction of every change that can change it.
 */

export interface PartnerRef {
  kind: PartnerKind;
  id: number;
}

/** The condition "the subscription row `alias` is paid on `today`", as SQL. */
export function paidSubscriptionSql(alias: string, today: string): SQL {
  const s = sql.raw(alias);
  return sql`(${s}.status = 'ACTIVE' AND ${s}.starts_on <= ${today}::date
    AND (${s}.ends_on IS NULL OR ${s}.ends_on >= ${today}::date)
    AND (SELECT first_invoice.status FROM invoices AS first_invoice
         WHERE first_invoice.subscription_id = ${s}.id AND first_invoice.kind = 'INVOICE'
           AND first_invoice.status <> 'CANCELLED'
         ORDER BY first_invoice.period_start, first_invoice.id LIMIT 1) = 'PAID'
    AND NOT EXISTS (SELECT 1 FROM invoices AS overdue_invoice
         WHERE overdue_invoice.subscription_id = ${s}.id AND overdue_invoice.kind = 'INVOICE'
           AND overdue_invoice.status = 'OPEN' AND overdue_invoice.due_on < ${today}::date))`;
}

const partnerColumn = (kind: PartnerKind) =>
  sql.raw(kind === 'ESTABLISHMENT' ? 'establishment_id' : 'promoter_group_id');

/** Whether the partner has a paid subscription on `today`. */
export function partnerPaidSql(kind: PartnerKind, partnerId: SQL | number, today: string): SQL {
  return sql`EXISTS (SELECT 1 FROM subscriptions AS paid_subscription
    WHERE paid_subscription.${partnerColumn(kind)} = ${partnerId} AND ${paidSubscriptionSql('paid_subscription', today)})`;
}

/** Whether the establishment's paid subscription's plan includes the pro logo (the widget's `proLogoIncluded`). */
export function proLogoIncludedSql(establishmentId: SQL, today: string): SQL {
  return sql`EXISTS (SELECT 1 FROM subscriptions AS logo_subscription
    JOIN plans AS logo_plan ON logo_plan.id = logo_subscription.plan_id
    WHERE logo_subscription.establishment_id = ${establishmentId} AND logo_plan.pro_logo
      AND ${paidSubscriptionSql('logo_subscription', today)})`;
}

/** Whether the partner has any subscription at all (its users' billing fields follow billing then). */
const partnerBilledSql = (kind: PartnerKind, partnerId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM subscriptions AS any_subscription WHERE any_subscription.${partnerColumn(kind)} = ${partnerId})`;

export const billingLinkOf = (publicUrl: string): string => `${publicUrl}/billing`;

/**
 * Sets the users of each partner (that has a subscription) to its paid state on `today`, bumping the version of
 * those that change; tells the widget pages of establishments whose pro logo may have changed (delivered at
 * commit). Run inside the transaction of the change.
 */
export async function refreshPaidStates(
  tx: Queryable,
  partners: readonly PartnerRef[],
  today: string,
  publicUrl: string,
): Promise<void> {
  const seen = new Set<string>();
  for (const partner of partners) {
    const key = `${partner.kind}:${partner.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const link = billingLinkOf(publicUrl);
    const paid = partnerPaidSql(partner.kind, partner.id, today);
    await tx.execute(sql`UPDATE users SET has_paid_subscription = ${paid}, billing_link = ${link},
        version = version + 1, updated_at = now()
      WHERE ${partnerColumn(partner.kind)} = ${partner.id} AND ${partnerBilledSql(partner.kind, partner.id)}
        AND (has_paid_subscription IS DISTINCT FROM ${paid} OR billing_link IS DISTINCT FROM ${link})`);
    if (partner.kind === 'ESTABLISHMENT') {
      await tx.execute(sql`SELECT pg_notify(${WIDGET_CHANGES_CHANNEL}, ${String(partner.id)})`);
    }
  }
}

/**
 * The billing fields a user written into a partner takes (a user created or moved into it): the partner's
 * paid state and billing page, when the partner has a subscription; else the written values stay.
 */
export async function applyPartnerPaidState(
  tx: Queryable,
  userId: number,
  today: string,
  publicUrl: string,
): Promise<void> {
  const link = billingLinkOf(publicUrl);
  for (const kind of ['ESTABLISHMENT', 'PROMOTER_GROUP'] as const) {
    const column = partnerColumn(kind);
    await tx.execute(sql`UPDATE users SET has_paid_subscription = ${partnerPaidSql(kind, sql`users.${column}`, today)},
        billing_link = ${link}
      WHERE id = ${userId} AND ${column} IS NOT NULL
        AND EXISTS (SELECT 1 FROM subscriptions AS any_subscription WHERE any_subscription.${column} = users.${column})`);
  }
}
