import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, PartnerKind, Subscription } from '../../domain/billing';
import { AUTH_ERROR_CODES } from '../../domain/errors';
import { seededScopes, viewerOf } from './authorizationMatrix';
import { insertTestPlan, TEST_ADDRESS } from './billingFixtures';
import { DEMO_EMAILS, jsonParam, signIn, startTestServer, totalOf, type TestServer } from './harness';

/**
 * Who sees which billing records (docs/billing.md "Access"): ROOT everything; an ADMIN its establishment's
 * subscription and invoices only; a PROMOTER its promoter group's; every other account none (403), never another
 * partner's (404 on a record, absent from lists), and only ROOT writes.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
interface PartnerRecords {
  kind: PartnerKind;
  id: number;
  subscription: Subscription;
  invoice: Invoice;
}
const partners: PartnerRecords[] = [];

const call = (email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const ROOT = 'root@demo.ch';

/** The partner's running subscription (the seed's, or a new one) with an invoice. */
async function billedPartner(kind: PartnerKind, id: number, planId: number): Promise<PartnerRecords> {
  const filter = kind === 'ESTABLISHMENT' ? { establishmentId: id } : { promoterGroupId: id };
  const running = ok<Subscription[]>(
    await call(ROOT, 'GET', `/subscriptions?filter=${jsonParam({ ...filter, status: 'ACTIVE' })}`),
  );
  const subscription =
    running[0] ??
    ok<Subscription>(
      await call(ROOT, 'POST', '/subscriptions', {
        partner: { kind, id },
        planId,
        billingAddress: TEST_ADDRESS,
        invoiceEmail: 'billing@example.ch',
        language: 'en',
      }),
      201,
    );
  const created = await call(ROOT, 'POST', '/invoices', { subscriptionId: subscription.id });
  const invoice =
    created.statusCode === 201
      ? created.json<Invoice>()
      : ok<Invoice[]>(await call(ROOT, 'GET', `/invoices?filter=${jsonParam({ subscriptionId: subscription.id })}`))[0];
  return { kind, id, subscription, invoice };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const scopes = await seededScopes(server.db);
  const planId = await insertTestPlan(server.db);
  partners.push(
    await billedPartner('ESTABLISHMENT', scopes.firstEstablishmentId, planId),
    await billedPartner('ESTABLISHMENT', scopes.secondEstablishmentId, planId),
    await billedPartner('PROMOTER_GROUP', scopes.firstPromoterGroupId, planId),
    await billedPartner('PROMOTER_GROUP', scopes.secondPromoterGroupId, planId),
  );
});
afterAll(() => server.close());

/** Which of the partners an account reads the billing of: all (ROOT), its own (ADMIN, PROMOTER), or none (null: 403). */
async function readableBy(email: string): Promise<PartnerRecords[] | null> {
  const viewer = await viewerOf(server.db, email);
  if (viewer.roleKey === 'ROOT') return partners;
  if (viewer.roleKey === 'ADMIN')
    return partners.filter((p) => p.kind === 'ESTABLISHMENT' && p.id === viewer.establishmentId);
  if (viewer.roleKey === 'PROMOTER')
    return partners.filter((p) => p.kind === 'PROMOTER_GROUP' && p.id === viewer.promoterGroupId);
  return null;
}

const idsOf = (response: LightMyRequestResponse) => response.json<{ id: number }[]>().map((record) => record.id);

describe.each(DEMO_EMAILS)('%s', (email) => {
  it('lists and reads exactly its own partner’s subscription and invoices, and every plan', async () => {
    const readable = await readableBy(email);
    const range = `range=${jsonParam([0, 999])}`;
    const subscriptionsAnswer = await call(email, 'GET', `/subscriptions?${range}`);
    const invoicesAnswer = await call(email, 'GET', `/invoices?${range}`);
    const plansAnswer = await call(email, 'GET', `/plans?${range}`);
    if (readable === null) {
      for (const answer of [subscriptionsAnswer, invoicesAnswer, plansAnswer]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().message).toBe(AUTH_ERROR_CODES.forbidden);
      }
      for (const partner of partners) {
        expect((await call(email, 'GET', `/subscriptions/${partner.subscription.id}`)).statusCode).toBe(403);
        expect((await call(email, 'GET', `/invoices/${partner.invoice.id}`)).statusCode).toBe(403);
        expect((await call(email, 'GET', `/invoices/${partner.invoice.id}/pdf`)).statusCode).toBe(403);
      }
      return;
    }
    expect(plansAnswer.statusCode).toBe(200);
    expect(idsOf(plansAnswer).length).toBeGreaterThan(0);
    const subscriptionIds = idsOf(subscriptionsAnswer);
    const invoiceIds = idsOf(invoicesAnswer);
    expect(totalOf(subscriptionsAnswer)).toBe(subscriptionIds.length);
    expect(totalOf(invoicesAnswer)).toBe(invoiceIds.length);
    if (email !== ROOT) {
      // A partner's lists hold its own records only: those of its partner, and nothing else.
      const own = readable[0];
      expect(readable).toHaveLength(1);
      expect(subscriptionIds).toEqual([own.subscription.id]);
      expect(invoiceIds).toContain(own.invoice.id);
      for (const record of invoicesAnswer.json<Invoice[]>())
        expect({ kind: record.partner.kind, id: record.partner.id }).toEqual({ kind: own.kind, id: own.id });
    }
    for (const partner of partners) {
      const mine = readable.includes(partner);
      expect(subscriptionIds.includes(partner.subscription.id)).toBe(mine);
      expect(invoiceIds.includes(partner.invoice.id)).toBe(mine);
      expect((await call(email, 'GET', `/subscriptions/${partner.subscription.id}`)).statusCode).toBe(mine ? 200 : 404);
      expect((await call(email, 'GET', `/invoices/${partner.invoice.id}`)).statusCode).toBe(mine ? 200 : 404);
      expect((await call(email, 'GET', `/invoices/${partner.invoice.id}/pdf`)).statusCode).toBe(mine ? 200 : 404);
      // Filters never widen the scope.
      const filter =
        partner.kind === 'ESTABLISHMENT' ? { establishmentId: partner.id } : { promoterGroupId: partner.id };
      const filtered = await call(email, 'GET', `/invoices?filter=${jsonParam(filter)}&${range}`);
      expect(idsOf(filtered).includes(partner.invoice.id)).toBe(mine);
    }
  });

  it('writes nothing unless ROOT', async () => {
    if (email === ROOT) return;
    const own = partners[0];
    const attempts: [string, 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      [
        'create a plan',
        'POST',
        '/plans',
        { name: { en: 'X', fr: 'X', de: 'X', it: 'X' }, priceCentimes: 1, interval: 'MONTH' },
      ],
      ['subscribe', 'POST', '/subscriptions', { partner: { kind: own.kind, id: own.id }, planId: 1 }],
      ['change a subscription', 'PUT', `/subscriptions/${own.subscription.id}`, own.subscription],
      ['invoice', 'POST', '/invoices', { subscriptionId: own.subscription.id }],
      ['mark paid', 'POST', `/invoices/${own.invoice.id}/mark-paid`, {}],
      ['credit', 'POST', `/invoices/${own.invoice.id}/credit-note`, { reason: 'No' }],
      ['remind', 'POST', `/invoices/${own.invoice.id}/send-reminder`, {}],
    ];
    for (const [what, method, url, payload] of attempts) {
      const answer = await call(email, method, url, payload);
      expect(answer.statusCode, `${email} may not ${what}`).toBe(403);
    }
  });
});
