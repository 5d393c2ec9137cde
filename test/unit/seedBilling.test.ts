import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { invoiceStatusOn } from '../../domain/billing';
import { demoBillingPlan, isPaidOf, SEED_SUBSCRIPTIONS } from '../../server/seed/billing';

/** The demo billing is built around the day the demo starts: its states must hold on every day. */
const DAYS = Array.from({ length: 3 * 366 }, (_, index) => Temporal.PlainDate.from('2026-01-01').add({ days: index }));

const statusesOn = (plan: ReturnType<typeof demoBillingPlan>, subscription: number, today: string) =>
  plan.invoices
    .filter((invoice) => invoice.subscription === subscription)
    .map((invoice) => invoiceStatusOn(invoice.paidOn ? 'PAID' : 'OPEN', invoice.dueOn, today));

const subscriptionOf = (kind: string, index: number) =>
  SEED_SUBSCRIPTIONS.findIndex((seed) => seed.partner.kind === kind && seed.partner.index === index);

describe('the demo billing on every day', () => {
  const gleis7 = subscriptionOf('ESTABLISHMENT', 0);
  const nachtwerk = subscriptionOf('PROMOTER_GROUP', 0);

  it('keeps Gleis 7 Club paid with only its current invoice open, and the demo promoter’s group one invoice overdue', () => {
    for (const day of DAYS) {
      const today = day.toString();
      const plan = demoBillingPlan(day);
      expect(statusesOn(plan, gleis7, today), today).toEqual(['PAID', 'PAID', 'PAID', 'PAID', 'OPEN']);
      expect(isPaidOf(plan, gleis7)).toBe(true);
      const nachtwerkStatuses = statusesOn(plan, nachtwerk, today);
      expect(nachtwerkStatuses, today).toEqual(['PAID', 'OVERDUE', 'PAID', 'OPEN']);
      expect(isPaidOf(plan, nachtwerk)).toBe(false);
      for (const [index, subscription] of plan.subscriptions.entries()) {
        expect(subscription.currentPeriodStart <= today && today <= subscription.currentPeriodEnd, today).toBe(true);
        expect(statusesOn(plan, index, today)[0]).toBe('PAID');
      }
    }
  });

  it('numbers the invoices gap-free within each year, dated and paid in the past', () => {
    for (const day of DAYS) {
      const today = day.toString();
      const plan = demoBillingPlan(day);
      for (const [year, last] of plan.lastSequences) {
        const ofYear = plan.invoices.filter((invoice) => invoice.year === year);
        expect(ofYear.map((invoice) => invoice.sequence)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
        expect(ofYear.every((invoice) => invoice.issuedOn.startsWith(String(year)))).toBe(true);
      }
      const issued = plan.invoices.map((invoice) => invoice.issuedOn);
      expect(issued).toEqual([...issued].sort());
      for (const invoice of plan.invoices) {
        expect(invoice.issuedOn <= today).toBe(true);
        if (invoice.paidOn) expect(invoice.issuedOn <= invoice.paidOn && invoice.paidOn <= today).toBe(true);
        if (invoice.lastReminderOn)
          expect(invoice.dueOn < invoice.lastReminderOn && invoice.lastReminderOn <= today).toBe(true);
      }
    }
  });
});
