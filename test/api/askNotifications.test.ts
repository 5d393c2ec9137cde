import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../domain/event';
import type { OfferTemplate } from '../../domain/offerTemplate';
import {
  asks,
  eventTypes,
  events,
  notificationPreferences,
  notifications,
  offerTemplates,
  users,
} from '../../server/db/schema';
import { createUser, orderedIds, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * The notifications of requests (docs/asks.md): written in the transaction of the request or the decision, so a
 * rolled-back one leaves none (nor an ask, nor a NOTIFY); the right recipients and nobody else; two decisions at
 * once tell the requester once.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { gleis7: 0, eventType: 0, promoter: 0 };
const ACCOUNTS = [
  'root@demo.ch',
  'admin@demo.ch',
  'coordinator@demo.ch',
  'promoter@demo.ch',
  'coordinator-full@demo.ch',
];

/** Makes the database refuse any audit row that mentions PROBE-ROLLBACK: the write's transaction rolls back last. */
const FAIL_AUDIT = `
  CREATE OR REPLACE FUNCTION test_fail_marked_audit() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.changes::text LIKE '%PROBE-ROLLBACK%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
    RETURN NEW;
  END
  $$`;

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const admin = await userRow(server.db, 'admin@demo.ch');
  ids.gleis7 = admin.establishmentId!;
  ids.promoter = (await userRow(server.db, 'promoter@demo.ch')).id;
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
  await server.db.execute(sql.raw(FAIL_AUDIT));
  await server.db.execute(
    sql.raw(`CREATE TRIGGER test_fail_marked_audit BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION test_fail_marked_audit()`),
  );
});
afterAll(async () => {
  await server.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_marked_audit ON audit_log'));
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });

const requestBody = (title: string) => ({
  generalInfos: { establishmentId: ids.gleis7, eventType: { id: ids.eventType }, eventTitle: title, ageMin: 18 },
  dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
  saveAction: 'requestEvent',
});

async function requestAsPromoter(title = `Notified ${randomUUID().slice(0, 8)}`): Promise<Event> {
  const response = await call('promoter@demo.ch', 'POST', '/events', requestBody(title));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const lastNotificationId = async () =>
  (await server.db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications))[0].id;

const notificationsSince = (afterId: number) =>
  server.db
    .select({
      to: users.email,
      kind: notifications.kind,
      recordId: notifications.recordId,
      mailMode: notifications.mailMode,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(gt(notifications.id, afterId))
    .orderBy(asc(notifications.id));

describe('recipients', () => {
  it('an event request tells the venue’s active staff only; an inactive one and the other venue are not told', async () => {
    const inactive = await createUser(server.db, { roleKey: 'COORDINATOR', isActive: false });
    await server.db.update(users).set({ establishmentId: ids.gleis7 }).where(eq(users.id, inactive.id));
    const before = await lastNotificationId();
    const requested = await requestAsPromoter();
    const told = await notificationsSince(before);
    expect(told.map((row) => row.to).sort()).toEqual([
      'admin@demo.ch',
      'coordinator-limited@demo.ch',
      'coordinator@demo.ch',
    ]);
    expect(told.every((row) => row.kind === 'ASK_AWAITING' && row.recordId === requested.id)).toBe(true);
  });

  it('a requester’s own delivery choice is kept on the notification (digest: not mailed at once)', async () => {
    await server.db
      .insert(notificationPreferences)
      .values({ userId: ids.promoter, kind: 'EVENT_REQUEST_REJECTED', delivery: 'DIGEST' })
      .onConflictDoNothing();
    const requested = await requestAsPromoter();
    const before = await lastNotificationId();
    const rejected = await call('admin@demo.ch', 'POST', `/events/${requested.id}/reject`, { reason: 'No room' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await notificationsSince(before)).toEqual([
      { to: 'promoter@demo.ch', kind: 'EVENT_REQUEST_REJECTED', recordId: requested.id, mailMode: 'DIGEST' },
    ]);
    await server.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, ids.promoter));
  });
});

describe('rolled back, nobody is told', () => {
  it('a request that fails after its notifications were written leaves none, no event, no ask and no NOTIFY', async () => {
    const received: string[] = [];
    const stop = await server.listen('asks_changed', (payload) => received.push(payload));
    try {
      const before = await lastNotificationId();
      const title = `PROBE-ROLLBACK ${randomUUID().slice(0, 8)}`;
      const failed = await call('promoter@demo.ch', 'POST', '/events', requestBody(title));
      expect(failed.statusCode).toBe(500);
      expect(await notificationsSince(before)).toEqual([]);
      expect(await server.db.select().from(events).where(eq(events.title, title))).toEqual([]);
      expect(await server.db.select().from(asks).where(eq(asks.title, title))).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('a decision that fails after its notification was written leaves the request pending and tells nobody', async () => {
    const requested = await requestAsPromoter();
    const before = await lastNotificationId();
    const failed = await call('admin@demo.ch', 'POST', `/events/${requested.id}/reject`, { reason: 'PROBE-ROLLBACK' });
    expect(failed.statusCode).toBe(500);
    expect(await notificationsSince(before)).toEqual([]);
    const [ask] = await server.db
      .select()
      .from(asks)
      .where(and(eq(asks.kind, 'EVENT_REQUEST'), eq(asks.recordId, requested.id)));
    expect(ask).toMatchObject({ status: 'PENDING', decidedByUserId: null });
  });

  it('a template request and a template decision rolled back tell nobody', async () => {
    const before = await lastNotificationId();
    const title = `PROBE-ROLLBACK ${randomUUID().slice(0, 8)}`;
    const failed = await call('promoter@demo.ch', 'POST', '/offer-templates', {
      offerType: 'EXCLUSIVE',
      longTitle: title,
      shortTitle: 'Probe',
    });
    expect(failed.statusCode).toBe(500);
    expect(await notificationsSince(before)).toEqual([]);
    expect(await server.db.select().from(offerTemplates).where(eq(offerTemplates.longTitle, title))).toEqual([]);

    const created = await call('promoter@demo.ch', 'POST', '/offer-templates', {
      offerType: 'EXCLUSIVE',
      longTitle: `Kept ${randomUUID().slice(0, 8)}`,
      shortTitle: 'Kept',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<OfferTemplate>();
    const beforeDecision = await lastNotificationId();
    const refused = await call('root@demo.ch', 'POST', `/offer-templates/${template.id}/reject`, {
      reason: 'PROBE-ROLLBACK',
    });
    expect(refused.statusCode).toBe(500);
    expect(await notificationsSince(beforeDecision)).toEqual([]);
  });
});

describe('two decisions at once', () => {
  it('one is answered 200, the other 409, and the requester is told exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      const requested = await requestAsPromoter();
      const before = await lastNotificationId();
      const [approve, reject] = await Promise.all([
        call('admin@demo.ch', 'POST', `/events/${requested.id}/approve`, {}),
        call('coordinator@demo.ch', 'POST', `/events/${requested.id}/reject`, { reason: 'Too late' }),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const winner = approve.statusCode === 200 ? 'EVENT_REQUEST_APPROVED' : 'EVENT_REQUEST_REJECTED';
      expect(await notificationsSince(before)).toEqual([
        { to: 'promoter@demo.ch', kind: winner, recordId: requested.id, mailMode: 'NOW' },
      ]);
    }
  });
});
