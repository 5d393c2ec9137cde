import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_ERROR_CODES,
  addDays,
  dueOnOf,
  periodEndOf,
  type Invoice,
  type Plan,
  type Subscription,
} from '../../domain/billing';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { zurichToday } from '../../domain/statistics';
import type { WidgetSettings } from '../../domain/widget';
import { auditLog, invoicePayments, invoices, subscriptions, users, widgetSettings } from '../../server/db/schema';
import { isWellFormedReference } from '../../server/services/billing/references';
import { runBillingDay, runBillingJobFor } from '../../server/services/billing/daily';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import { insertThrowawayEstablishment, seededScopes, type SeededScopes } from './authorizationMatrix';
import { planName, TEST_ADDRESS } from './billingFixtures';
import { createUser, errorsOf, jsonParam, signIn, startTestServer, TEST_PUBLIC_URL, type TestServer } from './harness';
import { BROWSER_USER_AGENT } from '../support/userAgents';

/**
 * Billing through the API (docs/billing.md): plans, subscriptions, invoices with Swiss VAT and the 5-centime
 * rounding on edge amounts, gap-free numbers under concurrent creation, the actions (mark paid, credit note,
 * reminder) and their races, the paid state of the partner's users and of the widget's pro logo, the daily job
 * and the audit rows.
 */

let server: TestServer;
let scopes: SeededScopes;
let rootToken = '';
const today = zurichToday();

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  rootToken = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = rootToken) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const list = (collection: string, filter: object = {}, sort: [string, string] = ['id', 'ASC']) =>
  call('GET', `/${collection}?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam([0, 999])}`);

const planInput = (overrides: object = {}) => ({
  name: planName(`Plan ${Math.random().toString(36).slice(2, 8)}`),
  description: 'For venues',
  priceCentimes: 4900,
  interval: 'MONTH',
  features: { proLogo: true, exclusiveOffersPerMonth: 3 },
  ...overrides,
});
const createPlan = async (overrides: object = {}) => ok<Plan>(await call('POST', '/plans', planInput(overrides)), 201);

const newVenue = () => insertThrowawayEstablishment(server.db, scopes);

const subscriptionInput = (venueId: number, planId: number, overrides: object = {}) => ({
  partner: { kind: 'ESTABLISHMENT', id: venueId },
  planId,
  billingAddress: TEST_ADDRESS,
  invoiceEmail: 'billing@venue.example.ch',
  language: 'fr',
  ...overrides,
});
async function subscribe(planId: number, overrides: object = {}, venueId?: number): Promise<Subscription> {
  const venue = venueId ?? (await newVenue());
  return ok<Subscription>(await call('POST', '/subscriptions', subscriptionInput(venue, planId, overrides)), 201);
}
const invoice = async (subscriptionId: number, periodStart?: string) =>
  ok<Invoice>(await call('POST', '/invoices', { subscriptionId, ...(periodStart ? { periodStart } : {}) }), 201);

/** An invoice as if issued 31 days ago: overdue since yesterday. */
const makeOverdue = (id: number, values: Partial<typeof invoices.$inferInsert> = {}) =>
  server.db
    .update(invoices)
    .set({ issuedOn: addDays(today, -31), dueOn: addDays(today, -1), ...values })
    .where(eq(invoices.id, id));

/** The sequences of this year's invoices and credit notes: 1..n without a gap or a duplicate. */
async function expectGapFreeNumbers(): Promise<number> {
  const year = Number(today.slice(0, 4));
  const rows = await server.db
    .select({ sequence: invoices.sequence, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.year, year))
    .orderBy(asc(invoices.sequence));
  expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
  expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  for (const row of rows) expect(row.number).toBe(`${year}-${String(row.sequence).padStart(5, '0')}`);
  return rows.length;
}

describe('plans', () => {
  it('creates, reads, filters, sorts and counts the subscriptions on a plan', async () => {
    const plan = await createPlan({ name: planName('Zebra Premium'), priceCentimes: 12345 });
    expect(plan).toMatchObject({ priceCentimes: 12345, interval: 'MONTH', isActive: true, activeSubscriptions: 0 });
    expect(plan.features).toEqual({ proLogo: true, exclusiveOffersPerMonth: 3 });
    expect(ok<Plan[]>(await list('plans', { q: 'zebra premium de' })).map((p) => p.id)).toEqual([plan.id]);
    const inactive = await createPlan({ isActive: false });
    const active = ok<Plan[]>(await list('plans', { isActive: true }));
    expect(active.every((p) => p.isActive)).toBe(true);
    expect(active.map((p) => p.id)).not.toContain(inactive.id);
    const byPrice = ok<Plan[]>(await list('plans', {}, ['priceCentimes', 'ASC'])).map((p) => p.priceCentimes);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    await subscribe(plan.id);
    expect(ok<Plan>(await call('GET', `/plans/${plan.id}`)).activeSubscriptions).toBe(1);
  });

  it('refuses bad input with field errors and a sort or filter it does not know', async () => {
    const response = await call('POST', '/plans', planInput({ priceCentimes: -1, interval: 'WEEK' }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorsOf(response)).sort()).toEqual(['interval', 'priceCentimes']);
    expect((await call('POST', '/plans', planInput({ name: { en: 'Only English' } }))).statusCode).toBe(400);
    expect((await list('plans', {}, ['name', 'ASC'])).statusCode).toBe(400);
    expect((await list('plans', { price: 1 })).statusCode).toBe(400);
  });

  it('deletes an unused plan, and refuses to delete one in use (409 IN_USE)', async () => {
    const unused = await createPlan();
    expect((await call('DELETE', `/plans/${unused.id}`)).statusCode).toBe(200);
    const used = await createPlan();
    await subscribe(used.id);
    const refused = await call('DELETE', `/plans/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESOURCE_ERROR_CODES.inUse);
  });
});

describe('subscriptions', () => {
  it('starts today by default, for one period of the plan, and reads with its partner', async () => {
    const plan = await createPlan({ interval: 'YEAR' });
    const venue = await newVenue();
    const subscription = await subscribe(plan.id, {}, venue);
    expect(subscription).toMatchObject({
      partner: { kind: 'ESTABLISHMENT', id: venue },
      planId: plan.id,
      nextPlanId: null,
      status: 'ACTIVE',
      startsOn: today,
      currentPeriodStart: today,
      currentPeriodEnd: periodEndOf(today, 'YEAR'),
      cancelAtPeriodEnd: false,
      endsOn: null,
      billingAddress: TEST_ADDRESS,
      language: 'fr',
      isPaid: false,
    });
    expect(subscription.partner.name).toMatch(/^Throwaway/);
    const found = ok<Subscription[]>(await list('subscriptions', { q: subscription.partner.name }));
    expect(found.map((s) => s.id)).toEqual([subscription.id]);
    expect(ok<Subscription[]>(await list('subscriptions', { establishmentId: venue })).map((s) => s.id)).toEqual([
      subscription.id,
    ]);
  });

  it('refuses a second running subscription of a partner, an inactive plan and an unknown partner', async () => {
    const plan = await createPlan();
    const venue = await newVenue();
    await subscribe(plan.id, {}, venue);
    const twice = await call('POST', '/subscriptions', subscriptionInput(venue, plan.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BILLING_ERROR_CODES.partnerSubscribed);
    const inactive = await createPlan({ isActive: false });
    const refused = await call('POST', '/subscriptions', subscriptionInput(await newVenue(), inactive.id));
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ planId: BILLING_ERROR_CODES.planInactive });
    const unknown = await call('POST', '/subscriptions', subscriptionInput(999_999, plan.id));
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)).toHaveProperty(['partner.id']);
  });

  it('of two parallel creates for one partner, one wins and the other is a 409', async () => {
    const plan = await createPlan();
    const venue = await newVenue();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/subscriptions', subscriptionInput(venue, plan.id))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('plans a change of plan for the next period, and a cancellation at the period’s end', async () => {
    const plan = await createPlan();
    const other = await createPlan({ priceCentimes: 9900 });
    const subscription = await subscribe(plan.id);
    const changed = ok<Subscription>(
      await call('PUT', `/subscriptions/${subscription.id}`, { ...subscription, planId: other.id }),
    );
    expect(changed).toMatchObject({ planId: plan.id, nextPlanId: other.id, version: subscription.version + 1 });
    const cancelled = ok<Subscription>(
      await call('PUT', `/subscriptions/${subscription.id}`, { ...changed, cancelAtPeriodEnd: true }),
    );
    expect(cancelled).toMatchObject({ planId: plan.id, nextPlanId: null, cancelAtPeriodEnd: true });
    expect(cancelled.endsOn).toBe(subscription.currentPeriodEnd);
    const resumed = ok<Subscription>(
      await call('PUT', `/subscriptions/${subscription.id}`, { ...cancelled, cancelAtPeriodEnd: false }),
    );
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, endsOn: null });
    const stale = await call('PUT', `/subscriptions/${subscription.id}`, { ...cancelled, cancelAtPeriodEnd: false });
    expect(stale.statusCode).toBe(409);
    const moved = await call('PUT', `/subscriptions/${subscription.id}`, {
      ...resumed,
      partner: { kind: 'ESTABLISHMENT', id: scopes.secondEstablishmentId },
      startsOn: addDays(today, -1),
    });
    expect(moved.statusCode).toBe(400);
    expect(errorsOf(moved)).toEqual({
      partner: BILLING_ERROR_CODES.fixedAfterCreate,
      startsOn: BILLING_ERROR_CODES.fixedAfterCreate,
    });
    // No DELETE: a subscription ends by its cancellation.
    expect((await call('DELETE', `/subscriptions/${subscription.id}`)).statusCode).toBe(404);
  });
});

describe('invoices: VAT and rounding on edge amounts', () => {
  // price → [VAT at 8.1 %, rounding, total]
  const cases: [number, number, number, number][] = [
    [0, 0, 0, 0],
    [1, 0, -1, 0],
    [2, 0, -2, 0],
    [3, 0, 2, 5],
    [4, 0, 1, 5],
    [6, 0, -1, 5],
    [4901, 397, 2, 5300],
    [4900, 397, -2, 5295],
    [5000, 405, 0, 5405],
    [100_000_000, 8_100_000, 0, 108_100_000],
  ];
  it.each(cases)('a plan of %i centimes: VAT %i, rounding %i, total %i', async (price, vat, rounding, total) => {
    const plan = await createPlan({ priceCentimes: price, name: planName(`Edge ${price}`) });
    const subscription = await subscribe(plan.id);
    const created = await invoice(subscription.id);
    expect(created).toMatchObject({
      kind: 'INVOICE',
      subtotalCentimes: price,
      vatRate: 8.1,
      vatCentimes: vat,
      roundingCentimes: rounding,
      totalCentimes: total,
      currency: 'CHF',
      status: 'OPEN',
      issuedOn: today,
      dueOn: dueOnOf(today),
      subscriptionId: subscription.id,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      language: 'fr',
      creditsInvoiceId: null,
      creditNoteId: null,
      paidOn: null,
      remindersSent: 0,
    });
    expect(created.subtotalCentimes + created.vatCentimes + created.roundingCentimes).toBe(created.totalCentimes);
    expect(created.totalCentimes % 5).toBe(0);
    expect(created.lines).toEqual([
      {
        description: expect.stringMatching(new RegExp(`^Edge ${price} fr, `)),
        quantity: 1,
        unitCentimes: price,
        amountCentimes: price,
      },
    ]);
    expect(created.partner).toMatchObject({ kind: 'ESTABLISHMENT', address: TEST_ADDRESS });
    expect(created.number).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{5}$`));
    // The demo creditor's QR-IBAN takes a 27-digit QR reference that names the invoice's number.
    expect(created.reference).toMatch(/^\d{27}$/);
    expect(isWellFormedReference(created.reference)).toBe(true);
    expect(created.reference.slice(0, 26)).toContain(created.number.replace('-', ''));
  });
});

describe('invoices: creation', () => {
  it('invoices a period once (409 ALREADY_INVOICED), an earlier period on request, not one outside', async () => {
    const plan = await createPlan();
    const startsOn = addDays(today, -70);
    const venue = await newVenue();
    const subscription = await subscribe(plan.id, { startsOn }, venue);
    // Created in the past: the current period is its first one until the daily job moves it on.
    expect(subscription.currentPeriodStart).toBe(startsOn);
    const first = await invoice(subscription.id);
    const again = await call('POST', '/invoices', { subscriptionId: subscription.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_ERROR_CODES.alreadyInvoiced);
    const outside = await call('POST', '/invoices', {
      subscriptionId: subscription.id,
      periodStart: addDays(startsOn, 1),
    });
    expect(outside.statusCode).toBe(400);
    expect(errorsOf(outside)).toEqual({ periodStart: BILLING_ERROR_CODES.periodOutsideSubscription });
    expect(first.periodStart).toBe(startsOn);
    const unknown = await call('POST', '/invoices', { subscriptionId: 999_999 });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses an ended subscription (409 SUBSCRIPTION_ENDED)', async () => {
    const subscription = await subscribe((await createPlan()).id);
    await server.db.update(subscriptions).set({ status: 'ENDED' }).where(eq(subscriptions.id, subscription.id));
    const refused = await call('POST', '/invoices', { subscriptionId: subscription.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_ERROR_CODES.subscriptionEnded);
  });

  it('numbers 1..n without a gap or a duplicate when many invoices are created at once', async () => {
    const plan = await createPlan({ priceCentimes: 2500 });
    const subscribed = await Promise.all(Array.from({ length: 12 }, () => subscribe(plan.id)));
    const answers = await Promise.all(subscribed.map((s) => call('POST', '/invoices', { subscriptionId: s.id })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const numbers = answers.map((answer) => answer.json<Invoice>().number);
    expect(new Set(numbers).size).toBe(numbers.length);
    await expectGapFreeNumbers();
    // The same period asked for at once: one invoice, the others 409, and still no gap.
    const same = await subscribe(plan.id);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/invoices', { subscriptionId: same.id })),
    );
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    await expectGapFreeNumbers();
    // Credit notes take their numbers from the same sequence, at once too.
    const notes = await Promise.all(
      answers
        .slice(0, 6)
        .map((answer) =>
          call('POST', `/invoices/${answer.json<Invoice>().id}/credit-note`, { reason: 'Wrong address' }),
        ),
    );
    expect(notes.map((answer) => answer.statusCode)).toEqual(notes.map(() => 201));
    await expectGapFreeNumbers();
  });

  it('lists with filters and sorts: status (OVERDUE included), kind, number or partner, issued dates', async () => {
    const plan = await createPlan();
    const open = await invoice((await subscribe(plan.id)).id);
    const overdue = await invoice((await subscribe(plan.id)).id);
    await server.db
      .update(invoices)
      .set({ issuedOn: addDays(today, -40), dueOn: addDays(today, -10) })
      .where(eq(invoices.id, overdue.id));
    const ids = async (filter: object) => ok<Invoice[]>(await list('invoices', filter)).map((record) => record.id);
    expect(ok<Invoice>(await call('GET', `/invoices/${overdue.id}`)).status).toBe('OVERDUE');
    expect(await ids({ status: 'OVERDUE' })).toContain(overdue.id);
    expect(await ids({ status: 'OVERDUE' })).not.toContain(open.id);
    expect(await ids({ status: 'OPEN' })).toContain(open.id);
    expect(await ids({ status: 'OPEN' })).not.toContain(overdue.id);
    expect(await ids({ status: ['OPEN', 'OVERDUE'] })).toEqual(expect.arrayContaining([open.id, overdue.id]));
    expect(await ids({ q: open.number })).toEqual([open.id]);
    expect(await ids({ q: open.partner.name })).toEqual([open.id]);
    expect(await ids({ issuedTo: addDays(today, -1) })).toContain(overdue.id);
    expect(await ids({ issuedTo: addDays(today, -1) })).not.toContain(open.id);
    expect(await ids({ issuedFrom: today })).not.toContain(overdue.id);
    expect(await ids({ kind: 'CREDIT_NOTE' })).not.toContain(open.id);
    expect(await ids({ subscriptionId: open.subscriptionId! })).toEqual([open.id]);
    // Default sort: the newest first.
    const newest = ok<Invoice[]>(await call('GET', `/invoices?range=${jsonParam([0, 999])}`)).map((r) => r.issuedOn);
    expect(newest).toEqual([...newest].sort().reverse());
    for (const field of ['id', 'number', 'issuedOn', 'dueOn', 'totalCentimes'])
      expect((await list('invoices', {}, [field, 'DESC'])).statusCode).toBe(200);
    expect((await list('invoices', { status: 'LATE' })).statusCode).toBe(400);
    expect((await list('invoices', {}, ['partnerName', 'ASC'])).statusCode).toBe(400);
  });

  it('has no PUT nor DELETE', async () => {
    const created = await invoice((await subscribe((await createPlan()).id)).id);
    expect((await call('PUT', `/invoices/${created.id}`, created)).statusCode).toBe(404);
    expect((await call('DELETE', `/invoices/${created.id}`)).statusCode).toBe(404);
  });
});

describe('invoice actions', () => {
  it('marks paid once when asked many times at once: one 200, the others 409, one payment', async () => {
    const created = await invoice((await subscribe((await createPlan()).id)).id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', `/invoices/${created.id}/mark-paid`, {})),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const paid = answers.find((answer) => answer.statusCode === 200)!.json<Invoice>();
    expect(paid).toMatchObject({ status: 'PAID', paidOn: today, version: created.version + 1 });
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().message).toBe(BILLING_ERROR_CODES.notOpen);
    const payments = await server.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, created.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCentimes: created.totalCentimes, source: 'MANUAL', paidOn: today });
  });

  it('marks paid on a given day (not in the future), at the version read', async () => {
    const created = await invoice((await subscribe((await createPlan()).id)).id);
    const future = await call('POST', `/invoices/${created.id}/mark-paid`, { paidOn: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(errorsOf(future)).toHaveProperty('paidOn');
    const stale = await call('POST', `/invoices/${created.id}/mark-paid`, { version: created.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    const paid = ok<Invoice>(
      await call('POST', `/invoices/${created.id}/mark-paid`, { paidOn: addDays(today, -2), version: created.version }),
    );
    expect(paid.paidOn).toBe(addDays(today, -2));
    expect((await call('POST', '/invoices/999999/mark-paid', {})).statusCode).toBe(404);
  });

  it('cancels an invoice with a credit note: negated lines and totals, its own number; the period again free', async () => {
    const plan = await createPlan({ priceCentimes: 4901 });
    const subscription = await subscribe(plan.id);
    expect(subscription.currentPeriodInvoiceId).toBeNull();
    const created = await invoice(subscription.id);
    const currentInvoiceOf = async () =>
      ok<Subscription>(await call('GET', `/subscriptions/${subscription.id}`)).currentPeriodInvoiceId;
    expect(await currentInvoiceOf()).toBe(created.id);
    expect((await call('POST', `/invoices/${created.id}/credit-note`, {})).statusCode).toBe(400);
    const note = ok<Invoice>(await call('POST', `/invoices/${created.id}/credit-note`, { reason: 'Wrong plan' }), 201);
    // A credit note frees the period: no invoice of it stands.
    expect(await currentInvoiceOf()).toBeNull();
    expect(note).toMatchObject({
      kind: 'CREDIT_NOTE',
      creditsInvoiceId: created.id,
      subtotalCentimes: -4901,
      vatCentimes: -397,
      roundingCentimes: -2,
      totalCentimes: -5300,
      vatRate: 8.1,
      issuedOn: today,
      periodStart: created.periodStart,
      partner: created.partner,
    });
    expect(note.number).not.toBe(created.number);
    expect(note.reference).not.toBe(created.reference);
    expect(note.lines).toEqual(
      created.lines.map((line) => ({
        ...line,
        unitCentimes: -line.unitCentimes,
        amountCentimes: -line.amountCentimes,
      })),
    );
    const cancelled = ok<Invoice>(await call('GET', `/invoices/${created.id}`));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', creditNoteId: note.id, version: created.version + 1 });
    const twice = await call('POST', `/invoices/${created.id}/credit-note`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BILLING_ERROR_CODES.notOpen);
    const paidCancelled = await call('POST', `/invoices/${created.id}/mark-paid`, {});
    expect(paidCancelled.json().message).toBe(BILLING_ERROR_CODES.notOpen);
    const payNote = await call('POST', `/invoices/${note.id}/mark-paid`, {});
    expect(payNote.statusCode).toBe(409);
    expect(payNote.json().message).toBe(BILLING_ERROR_CODES.creditNoteNotPayable);
    // The period can be invoiced again.
    const replacement = await invoice(subscription.id);
    expect(replacement.periodStart).toBe(created.periodStart);
    expect(await currentInvoiceOf()).toBe(replacement.id);
    // A paid invoice is not credited.
    await call('POST', `/invoices/${replacement.id}/mark-paid`, {});
    const paid = await call('POST', `/invoices/${replacement.id}/credit-note`, { reason: 'Late' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(BILLING_ERROR_CODES.notOpen);
  });

  it('credits an invoice once when asked many times at once: one credit note, the others 409', async () => {
    const created = await invoice((await subscribe((await createPlan()).id)).id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/invoices/${created.id}/credit-note`, { reason: 'Twice' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const notes = await server.db.select().from(invoices).where(eq(invoices.creditsInvoiceId, created.id));
    expect(notes).toHaveLength(1);
    await expectGapFreeNumbers();
  });

  it('reminds of an overdue invoice only (409 INVOICE_NOT_OVERDUE), counting the reminders', async () => {
    const created = await invoice((await subscribe((await createPlan()).id)).id);
    const early = await call('POST', `/invoices/${created.id}/send-reminder`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BILLING_ERROR_CODES.notOverdue);
    await makeOverdue(created.id);
    const first = ok<Invoice>(await call('POST', `/invoices/${created.id}/send-reminder`, {}));
    expect(first).toMatchObject({ status: 'OVERDUE', remindersSent: 1, lastReminderOn: today });
    const second = ok<Invoice>(await call('POST', `/invoices/${created.id}/send-reminder`, { version: first.version }));
    expect(second.remindersSent).toBe(2);
  });

  it('writes an audit row for every write: plans, subscriptions, invoices and their actions', async () => {
    const plan = await createPlan();
    const subscription = await subscribe(plan.id);
    const created = await invoice(subscription.id);
    await call('POST', `/invoices/${created.id}/mark-paid`, {});
    const other = await invoice((await subscribe(plan.id)).id);
    const note = ok<Invoice>(await call('POST', `/invoices/${other.id}/credit-note`, { reason: 'Duplicate' }), 201);
    const third = await invoice((await subscribe(plan.id)).id);
    await makeOverdue(third.id);
    await call('POST', `/invoices/${third.id}/send-reminder`, {});
    const rows = await server.db
      .select({
        resource: auditLog.resource,
        recordId: auditLog.recordId,
        action: auditLog.action,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .where(sql`${auditLog.resource} IN ('plans', 'subscriptions', 'invoices')`);
    const has = (resource: string, id: number, action: string) =>
      rows.some((row) => row.resource === resource && row.recordId === String(id) && row.action === action);
    expect(has('plans', plan.id, 'CREATE')).toBe(true);
    expect(has('subscriptions', subscription.id, 'CREATE')).toBe(true);
    expect(has('invoices', created.id, 'CREATE')).toBe(true);
    expect(has('invoices', created.id, 'MARK_PAID')).toBe(true);
    expect(has('invoices', other.id, 'CREDIT_NOTE')).toBe(true);
    expect(has('invoices', note.id, 'CREATE')).toBe(true);
    expect(has('invoices', third.id, 'SEND_REMINDER')).toBe(true);
    const markPaid = rows.find((row) => row.recordId === String(created.id) && row.action === 'MARK_PAID');
    expect(markPaid?.changes).toMatchObject({ status: { before: 'OPEN', after: 'PAID' } });
    const credit = rows.find((row) => row.recordId === String(other.id) && row.action === 'CREDIT_NOTE');
    expect(credit?.changes).toMatchObject({ reason: { after: 'Duplicate' } });
  });
});

describe('the paid state', () => {
  const userOf = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0];

  async function venueWithAdmin() {
    const venue = await newVenue();
    const admin = await createUser(server.db, { roleKey: 'ADMIN' });
    await server.db.update(users).set({ establishmentId: venue }).where(eq(users.id, admin.id));
    return { venue, adminId: admin.id };
  }
  const widgetOf = async (venue: number) =>
    ok<WidgetSettings[]>(await list('widget-settings', { establishmentId: venue }))[0];
  const widgetPage = async (venue: number) => {
    const [row] = await server.db.select().from(widgetSettings).where(eq(widgetSettings.establishmentId, venue));
    const response = await server.app.inject({
      method: 'GET',
      url: `/external/widgets/${row.externalApiKey}?lang=en`,
      headers: { 'user-agent': BROWSER_USER_AGENT },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('follows the first invoice’s payment and any overdue one, on users and the widget’s pro logo', async () => {
    const { venue, adminId } = await venueWithAdmin();
    const [settings] = await server.db.select().from(widgetSettings).where(eq(widgetSettings.establishmentId, venue));
    await server.db.update(widgetSettings).set({ hasEnabledProLogo: true }).where(eq(widgetSettings.id, settings.id));
    server.app.widgetPages.invalidateAll();
    expect(await widgetPage(venue)).toContain('class="w-credit"');

    const plan = await createPlan({ features: { proLogo: true, exclusiveOffersPerMonth: null } });
    const subscription = await subscribe(plan.id, {}, venue);
    expect(subscription.isPaid).toBe(false);
    expect(await userOf(adminId)).toMatchObject({
      hasPaidSubscription: false,
      billingLink: `${TEST_PUBLIC_URL}/billing`,
    });
    const first = await invoice(subscription.id);
    expect((await userOf(adminId)).hasPaidSubscription).toBe(false);
    expect((await widgetOf(venue)).proLogoIncluded).toBe(false);

    const versionBefore = (await userOf(adminId)).version;
    await call('POST', `/invoices/${first.id}/mark-paid`, {});
    expect(await userOf(adminId)).toMatchObject({ hasPaidSubscription: true, version: versionBefore + 1 });
    expect(ok<Subscription>(await call('GET', `/subscriptions/${subscription.id}`)).isPaid).toBe(true);
    expect((await widgetOf(venue)).proLogoIncluded).toBe(true);
    expect(ok<{ hasPaidSubscription: boolean }>(await call('GET', `/users/${adminId}`)).hasPaidSubscription).toBe(true);
    await server.app.background.idle();
    expect(await widgetPage(venue)).not.toContain('class="w-credit"');

    // A user moved into the partner takes its state, whatever the form says.
    const newcomer = await createUser(server.db, { roleKey: 'ADMIN' });
    const read = ok<Record<string, unknown>>(await call('GET', `/users/${newcomer.id}`));
    const moved = ok<{ hasPaidSubscription: boolean; billingLink: string }>(
      await call('PUT', `/users/${newcomer.id}`, { ...read, establishmentId: venue, hasPaidSubscription: false }),
    );
    expect(moved).toMatchObject({ hasPaidSubscription: true, billingLink: `${TEST_PUBLIC_URL}/billing` });

    // An overdue invoice (a later period's, here) ends it the day it is overdue: the daily job refreshes.
    await makeOverdue(first.id, { status: 'OPEN' });
    expect(ok<Subscription>(await call('GET', `/subscriptions/${subscription.id}`)).isPaid).toBe(false);
    await server.db.transaction((tx) =>
      runBillingDay(tx, { today, creditor: DEMO_BILLING_CREDITOR, publicUrl: TEST_PUBLIC_URL }),
    );
    expect((await userOf(adminId)).hasPaidSubscription).toBe(false);
    expect((await widgetOf(venue)).proLogoIncluded).toBe(false);
    server.app.widgetPages.invalidateAll();
    expect(await widgetPage(venue)).toContain('class="w-credit"');
    // The venue's choice stays stored for when it pays again.
    expect((await widgetOf(venue)).widgetTheme.hasEnabledProLogo).toBe(true);
  });

  it('a plan without the pro logo does not include it, paid or not', async () => {
    const { venue } = await venueWithAdmin();
    const plan = await createPlan({ features: { proLogo: false, exclusiveOffersPerMonth: null } });
    const subscription = await subscribe(plan.id, {}, venue);
    const first = await invoice(subscription.id);
    await call('POST', `/invoices/${first.id}/mark-paid`, {});
    expect(ok<Subscription>(await call('GET', `/subscriptions/${subscription.id}`)).isPaid).toBe(true);
    expect((await widgetOf(venue)).proLogoIncluded).toBe(false);
  });

  it('a credit note of the first invoice leaves the subscription unpaid until its replacement is paid', async () => {
    const { venue, adminId } = await venueWithAdmin();
    const subscription = await subscribe((await createPlan()).id, {}, venue);
    const first = await invoice(subscription.id);
    await call('POST', `/invoices/${first.id}/credit-note`, { reason: 'Wrong price' });
    expect((await userOf(adminId)).hasPaidSubscription).toBe(false);
    const replacement = await invoice(subscription.id);
    await call('POST', `/invoices/${replacement.id}/mark-paid`, {});
    expect((await userOf(adminId)).hasPaidSubscription).toBe(true);
  });
});

describe('the daily job', () => {
  const run = (day = today) =>
    server.db.transaction((tx) =>
      runBillingDay(tx, { today: day, creditor: DEMO_BILLING_CREDITOR, publicUrl: TEST_PUBLIC_URL }),
    );
  const stored = async (id: number) =>
    (await server.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

  it('moves ended periods on (taking the planned plan), invoices the current one once, and ends cancelled ones', async () => {
    const plan = await createPlan({ priceCentimes: 1000 });
    const next = await createPlan({ priceCentimes: 2000, interval: 'YEAR' });
    const startsOn = addDays(today, -75);
    const moving = await subscribe(plan.id, { startsOn });
    ok(await call('PUT', `/subscriptions/${moving.id}`, { ...moving, planId: next.id }));
    const ending = await subscribe(plan.id, { startsOn });
    ok(await call('PUT', `/subscriptions/${ending.id}`, { ...ending, cancelAtPeriodEnd: true }));

    const result = await run();
    expect(result.advanced).toContain(moving.id);
    expect(result.ended).toContain(ending.id);
    const moved = await stored(moving.id);
    expect(moved).toMatchObject({ planId: next.id, nextPlanId: null, status: 'ACTIVE' });
    expect(moved.currentPeriodStart <= today && today <= moved.currentPeriodEnd).toBe(true);
    expect(moved.currentPeriodStart).toBe(addDays(periodEndOf(startsOn, 'MONTH'), 1));
    expect(moved.currentPeriodEnd).toBe(periodEndOf(moved.currentPeriodStart, 'YEAR'));
    expect(await stored(ending.id)).toMatchObject({ status: 'ENDED', endsOn: periodEndOf(startsOn, 'MONTH') });

    const [created] = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, moving.id), eq(invoices.periodStart, moved.currentPeriodStart)));
    expect(created).toMatchObject({ subtotalCentimes: 2000, issuedOn: today, kind: 'INVOICE' });
    expect(result.invoiceIds).toContain(created.id);
    expect(await server.db.select().from(invoices).where(eq(invoices.subscriptionId, ending.id))).toHaveLength(0);

    // Again the same day: nothing more.
    const again = await run();
    expect(again.advanced).not.toContain(moving.id);
    expect(again.invoiceIds).toEqual([]);
    await expectGapFreeNumbers();
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'subscriptions'), eq(auditLog.recordId, String(moving.id))));
    expect(audits.some((row) => row.action === 'UPDATE' && row.actorEmail === 'billing-daily-job')).toBe(true);
  });

  it('runs once per day across processes (scheduled_job_runs)', async () => {
    const day = today;
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        runBillingJobFor(server.db, { today: day, creditor: DEMO_BILLING_CREDITOR, publicUrl: TEST_PUBLIC_URL }),
      ),
    );
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    const [claim] = (
      (await server.db.execute(
        sql`SELECT count(*)::int AS runs FROM scheduled_job_runs WHERE job = 'billing-daily' AND run_on = ${day}::date`,
      )) as unknown as { rows: { runs: number }[] }
    ).rows;
    expect(claim.runs).toBe(1);
  });
});
