import { randomUUID } from 'node:crypto';
import { zurichToday } from '../../domain/statistics';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import type { Database } from '../../server/db/client';
import { plans } from '../../server/db/schema';
import { createInvoice, lockInvoice, markInvoicePaid } from '../../server/services/billing/invoices';
import { insertSubscription } from '../../server/services/billing/subscriptions';
import { refreshPaidStates, type PartnerRef } from '../../server/services/billing/paidState';
import { TEST_PUBLIC_URL } from './harness';

/** Billing records straight through the services, for tests of other areas (the widget's pro logo). */

export const planName = (text: string) => ({ en: text, fr: `${text} fr`, de: `${text} de`, it: `${text} it` });

export async function insertTestPlan(db: Database, values: Partial<typeof plans.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(plans)
    .values({ name: planName(`Plan ${randomUUID().slice(0, 8)}`), priceCentimes: 4900, interval: 'MONTH', ...values })
    .returning({ id: plans.id });
  return row.id;
}

export const TEST_ADDRESS = {
  name: 'Venue AG',
  street: 'Rue du Test',
  buildingNumber: '7',
  postalCode: '1003',
  town: 'Lausanne',
  country: 'CH',
};

/** An ACTIVE subscription of the partner on a plan from today, its first invoice created and, if asked, paid. */
export async function paidSubscription(
  db: Database,
  partner: PartnerRef,
  options: { proLogo?: boolean; paid?: boolean } = {},
): Promise<{ planId: number; subscriptionId: number; invoiceId: number }> {
  const planId = await insertTestPlan(db, { proLogo: options.proLogo ?? true });
  const today = zurichToday();
  return db.transaction(async (tx) => {
    const subscriptionId = await insertSubscription(
      tx,
      {
        partner,
        planId,
        billingAddress: TEST_ADDRESS,
        invoiceEmail: 'billing@example.ch',
        language: 'en',
      },
      today,
    );
    const invoiceId = await createInvoice(tx, { subscriptionId, today, creditor: DEMO_BILLING_CREDITOR });
    if (options.paid ?? true)
      await markInvoicePaid(tx, await lockInvoice(tx, invoiceId), { paidOn: today, source: 'MANUAL', createdBy: null });
    await refreshPaidStates(tx, [partner], today, TEST_PUBLIC_URL);
    return { planId, subscriptionId, invoiceId };
  });
}
