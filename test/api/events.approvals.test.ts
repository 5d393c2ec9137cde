import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS, type Event } from '../../domain/event';
import { generatesOccurrenceAt, seriesBounds, type OutOfScheduleRow } from '../../domain/recurrence';
import { auditLog, eventOutOfSchedule, eventTypes, events, notifications, users } from '../../server/db/schema';
import { recurrenceRuleOf } from '../../server/seed/events';
import { renderTemplate } from '../../server/services/mail';
import { ruleOfRow } from '../../server/services/events/record';
import { orderedIds, signIn, startTestServer, TEST_PUBLIC_URL, userRow, type TestServer } from './harness';

/**
 * Promoter requests and the venue's decision (docs/server.md "Event requests"): POST /events with
 * `requestEvent` by a promoter, POST /events/:id/approve and /reject by the venue's staff, the notifications
 * (and so the mails) of who is told, and the seeded requests.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { admin: 0, promoter: 0, gleis7: 0, nachtwerk: 0, eventType: 0 };

const ACCOUNTS = [
  'root@demo.ch',
  'admin@demo.ch',
  'admin2@demo.ch',
  'coordinator-limited@demo.ch',
  'coordinator-full@demo.ch',
  'promoter@demo.ch',
  'customer@demo.ch',
];

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const account = (email: string) => userRow(server.db, email);
  const admin = await account('admin@demo.ch');
  const promoter = await account('promoter@demo.ch');
  ids.admin = admin.id;
  ids.promoter = promoter.id;
  ids.gleis7 = admin.establishmentId!;
  ids.nachtwerk = promoter.promoterGroupId!;
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const approve = (email: string, id: number, body: object = {}) => call(email, 'POST', `/events/${id}/approve`, body);
const reject = (email: string, id: number, body: object) => call(email, 'POST', `/events/${id}/reject`, body);
const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;
const storedRow = async (id: number) => (await server.db.select().from(events).where(eq(events.id, id)))[0];

/** A promoter's request for Gleis 7, through the events resource: Saturday 28 November 2026, 22:00–04:00. */
async function requestAsPromoter(title = `Warehouse ${randomUUID().slice(0, 8)}`): Promise<Event> {
  const response = await call('promoter@demo.ch', 'POST', '/events', {
    generalInfos: { establishmentId: ids.gleis7, eventType: { id: ids.eventType }, eventTitle: title, ageMin: 18 },
    dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
    saveAction: 'requestEvent',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

/** Notifications written since `afterId`, with their recipient's address, oldest first. */
async function notificationsSince(afterId: number) {
  return server.db
    .select({
      to: users.email,
      kind: notifications.kind,
      resource: notifications.resource,
      recordId: notifications.recordId,
      params: notifications.params,
      mailMode: notifications.mailMode,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(gt(notifications.id, afterId))
    .orderBy(asc(notifications.id));
}
/** The newest notification's id. */
async function lastNotificationId() {
  const [row] = await server.db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

describe('the seeded requests', () => {
  it('give promoter@demo.ch’s group a pending, an approved and a rejected request at Gleis 7, in the states the decisions make', async () => {
    const rows = await server.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.promoterGroupId, ids.nachtwerk),
          eq(events.establishmentId, ids.gleis7),
          isNotNull(events.approvalStatus),
        ),
      );
    const byStatus = new Map(rows.map((row) => [row.approvalStatus, row]));
    expect([...byStatus.keys()].sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED']);
    expect(byStatus.get('PENDING')).toMatchObject({
      visibility: 'DRAFT',
      requestedByUserId: ids.promoter,
      reviewedByUserId: null,
    });
    expect(byStatus.get('APPROVED')).toMatchObject({
      visibility: 'PUBLISHED',
      requestedByUserId: ids.promoter,
      reviewedByUserId: ids.admin,
    });
    expect(byStatus.get('REJECTED')).toMatchObject({
      visibility: 'DRAFT',
      requestedByUserId: ids.promoter,
      reviewedByUserId: ids.admin,
    });
    expect(byStatus.get('REJECTED')!.approvalReason).toMatch(/\S{10,}/);
  });

  it('store bounds and out-of-schedule keys that the recurrence engine agrees with', async () => {
    const rows = await server.db.select().from(events);
    const outOfSchedule = await server.db.select().from(eventOutOfSchedule);
    expect(
      outOfSchedule.some((row) => row.action === 'SKIP') && outOfSchedule.some((row) => row.action === 'UPDATE'),
    ).toBe(true);
    for (const row of rows) {
      const rule = ruleOfRow(row);
      const own: OutOfScheduleRow[] = outOfSchedule
        .filter((candidate) => candidate.eventId === row.id)
        .map((candidate) => ({
          id: candidate.id,
          action: candidate.action as OutOfScheduleRow['action'],
          originalStartsAt: candidate.originalStartsAt.toISOString().replace('.000Z', 'Z'),
          startsAt: candidate.startsAt ? candidate.startsAt.toISOString().replace('.000Z', 'Z') : null,
          endsAt: candidate.endsAt ? candidate.endsAt.toISOString().replace('.000Z', 'Z') : null,
        }));
      for (const keyed of own.filter((candidate) => candidate.action !== 'CREATE')) {
        expect(generatesOccurrenceAt(rule, keyed.originalStartsAt), `${row.title} ${keyed.originalStartsAt}`).toBe(
          true,
        );
      }
      const bounds = seriesBounds(rule, own);
      expect(row.firstStartsAt.getTime(), row.title).toBe(Date.parse(bounds.firstStartsAt));
      expect(row.lastEndsAt === null ? null : row.lastEndsAt.getTime(), row.title).toBe(
        bounds.lastEndsAt === null ? null : Date.parse(bounds.lastEndsAt),
      );
    }
  });

  it('turn a seed rule into the engine’s rule with the derived end date of an overnight event', () => {
    const rule = recurrenceRuleOf({
      startDate: '2026-11-28',
      startTime: '22:00',
      endTime: '04:00',
      pattern: 'WEEKLY',
      daysOfWeek: ['SATURDAY'],
      endType: 'NEVER',
      maxOccurrences: null,
      recurrenceEndDate: null,
    });
    expect(rule).toMatchObject({
      endDate: '2026-11-29',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['SATURDAY'],
    });
  });
});

describe('approving a request', () => {
  it('the venue is told; its admin approves; the event is published for customers and the promoter is told', async () => {
    const before = await lastNotificationId();
    const title = `Warehouse approved ${randomUUID().slice(0, 8)}`;
    const requested = await requestAsPromoter(title);
    expect(requested.generalInfos.approvalStatus).toBe('PENDING');
    expect(requested.visibility).toBe('DRAFT');

    // The venue's staff are told, mailed at once (their default), with the request as the record; the other
    // venue's admin and everybody else not.
    const told = await notificationsSince(before);
    expect(told.map((row) => row.to).sort()).toEqual([
      'admin@demo.ch',
      'coordinator-limited@demo.ch',
      'coordinator@demo.ch',
    ]);
    for (const row of told) {
      expect(row).toMatchObject({ kind: 'ASK_AWAITING', resource: 'events', recordId: requested.id, mailMode: 'NOW' });
      expect(row.params).toMatchObject({ askKind: 'EVENT_REQUEST', title });
    }

    expect((await call('customer@demo.ch', 'GET', `/events/${requested.id}`)).statusCode).toBe(404);
    const afterRequest = await lastNotificationId();
    const response = await approve('admin@demo.ch', requested.id, { version: requested.version });
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json<Event>();
    expect(approved.generalInfos).toMatchObject({
      approvalStatus: 'APPROVED',
      approvalReason: null,
      eventTitle: title,
    });
    expect(approved.visibility).toBe('PUBLISHED');
    expect(approved.version).toBe(requested.version + 1);

    const row = await storedRow(requested.id);
    expect(row).toMatchObject({ reviewedByUserId: ids.admin, approvalStatus: 'APPROVED', visibility: 'PUBLISHED' });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect((await call('customer@demo.ch', 'GET', `/events/${requested.id}`)).statusCode).toBe(200);

    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'events'),
          eq(auditLog.recordId, String(requested.id)),
          eq(auditLog.actorEmail, 'admin@demo.ch'),
        ),
      );
    expect(audit.action).toBe('UPDATE');
    expect(audit.changes).toMatchObject({
      'generalInfos.approvalStatus': { before: 'PENDING', after: 'APPROVED' },
      visibility: { before: 'DRAFT', after: 'PUBLISHED' },
    });

    const [toPromoter, ...others] = await notificationsSince(afterRequest);
    expect(others).toEqual([]);
    expect(toPromoter).toMatchObject({
      to: 'promoter@demo.ch',
      kind: 'EVENT_REQUEST_APPROVED',
      resource: 'events',
      recordId: requested.id,
      mailMode: 'NOW',
      params: { title, venueName: 'Gleis 7 Club' },
    });
  });

  it('a platform role and a limited coordinator of the venue decide too, and an approval may carry a note', async () => {
    const byFull = await approve('coordinator-full@demo.ch', (await requestAsPromoter()).id);
    expect(byFull.statusCode, byFull.body).toBe(200);
    const noted = await approve('coordinator-limited@demo.ch', (await requestAsPromoter()).id, {
      reason: 'Soundcheck um 20:00',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json<Event>().generalInfos.approvalReason).toBe('Soundcheck um 20:00');
  });
});

describe('rejecting a request', () => {
  it('needs a reason, keeps the event a draft, and the promoter reads REJECTED with the reason and is told it', async () => {
    const requested = await requestAsPromoter();
    for (const body of [{}, { reason: '   ' }, { reason: null }]) {
      const refused = await reject('admin@demo.ch', requested.id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string> }>().errors).toHaveProperty('reason');
    }
    expect((await storedRow(requested.id)).approvalStatus).toBe('PENDING');

    const before = await lastNotificationId();
    const reason = 'Am 28. ist der Club für eine Hochzeit gebucht.';
    const response = await reject('admin@demo.ch', requested.id, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Event>().visibility).toBe('DRAFT');

    const seen = await call('promoter@demo.ch', 'GET', `/events/${requested.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Event>().generalInfos).toMatchObject({ approvalStatus: 'REJECTED', approvalReason: reason });
    expect(seen.json<Event>().visibility).toBe('DRAFT');
    expect((await call('customer@demo.ch', 'GET', `/events/${requested.id}`)).statusCode).toBe(404);

    const told = await notificationsSince(before);
    expect(told).toEqual([
      {
        to: 'promoter@demo.ch',
        kind: 'EVENT_REQUEST_REJECTED',
        resource: 'events',
        recordId: requested.id,
        mailMode: 'NOW',
        params: { title: requested.generalInfos.eventTitle, venueName: 'Gleis 7 Club', reason },
      },
    ]);
  });

  it('a rejected request re-submitted by the promoter is pending again and can be decided', async () => {
    const requested = await requestAsPromoter();
    expect((await reject('admin@demo.ch', requested.id, { reason: 'Bitte ohne Nebel' })).statusCode).toBe(200);
    const rejected = (await call('promoter@demo.ch', 'GET', `/events/${requested.id}`)).json<Event>();
    const beforeResubmission = await lastNotificationId();
    const resubmitted = await call('promoter@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...rejected,
      saveAction: 'requestEvent',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json<Event>().generalInfos.approvalStatus).toBe('PENDING');
    // Submitted again: the venue's staff are told again.
    const againTold = await notificationsSince(beforeResubmission);
    expect(againTold.map((row) => `${row.to} ${row.kind}`).sort()).toEqual([
      'admin@demo.ch ASK_AWAITING',
      'coordinator-limited@demo.ch ASK_AWAITING',
      'coordinator@demo.ch ASK_AWAITING',
    ]);
    // A change of the request while it still waits tells nobody again.
    const beforeChange = await lastNotificationId();
    const pending = resubmitted.json<Event>();
    const changed = await call('promoter@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...pending,
      generalInfos: { ...pending.generalInfos, ageMin: 21 },
      saveAction: 'requestEvent',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await notificationsSince(beforeChange)).toEqual([]);
    expect((await approve('admin@demo.ch', requested.id)).statusCode).toBe(200);
  });
});

describe('who decides, and when', () => {
  it('the other venue’s admin does not see it (404); the promoter and a customer may not decide (403)', async () => {
    const requested = await requestAsPromoter();
    const otherVenue = await approve('admin2@demo.ch', requested.id);
    expect(otherVenue.statusCode).toBe(404);
    for (const email of ['promoter@demo.ch', 'customer@demo.ch']) {
      const refused = await approve(email, requested.id);
      expect(refused.statusCode, email).toBe(403);
      expect(messageOf(refused)).toBe(RESOURCE_ERROR_CODES.forbidden);
      expect((await reject(email, requested.id, { reason: 'no' })).statusCode, email).toBe(403);
    }
    expect((await call('root@demo.ch', 'POST', '/events/999999/approve', {})).statusCode).toBe(404);
    expect((await storedRow(requested.id)).approvalStatus).toBe('PENDING');
  });

  it('a decided request is not decided again, an event that is no request is not decided at all (409)', async () => {
    const requested = await requestAsPromoter();
    expect((await approve('admin@demo.ch', requested.id)).statusCode).toBe(200);
    for (const again of [
      await approve('admin@demo.ch', requested.id),
      await reject('admin@demo.ch', requested.id, { reason: 'changed my mind' }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(EVENT_PROBLEMS.alreadyDecided);
    }
    expect((await storedRow(requested.id)).approvalStatus).toBe('APPROVED');

    const [venueOwn] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.establishmentId, ids.gleis7), eq(events.title, 'Gleis 7 Saturdays')));
    const notARequest = await approve('admin@demo.ch', venueOwn.id);
    expect(notARequest.statusCode).toBe(409);
    expect(messageOf(notARequest)).toBe(EVENT_PROBLEMS.notARequest);
  });

  it('a stale version is an edit conflict and changes nothing', async () => {
    const requested = await requestAsPromoter();
    const stale = await approve('admin@demo.ch', requested.id, { version: requested.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(RESOURCE_ERROR_CODES.editConflict);
    expect(await storedRow(requested.id)).toMatchObject({ approvalStatus: 'PENDING', version: requested.version });
    const badVersion = await approve('admin@demo.ch', requested.id, { version: 'one' });
    expect(badVersion.statusCode).toBe(400);
  });
});

describe('the venue is told in the request’s own transaction', () => {
  // A request rolled back after its notifications were written leaves none: test/api/askNotifications.test.ts.
  it('a refused request tells nobody; a venue’s own draft is no request and tells nobody either', async () => {
    const before = await lastNotificationId();
    const refused = await call('promoter@demo.ch', 'POST', '/events', {
      generalInfos: { establishmentId: null, eventType: { id: ids.eventType }, eventTitle: 'No venue' },
      dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
      saveAction: 'requestEvent',
    });
    expect(refused.statusCode).toBe(400);
    const own = await call('admin@demo.ch', 'POST', '/events', {
      generalInfos: { establishmentId: ids.gleis7, eventType: { id: ids.eventType }, eventTitle: 'Own draft' },
      dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
      saveAction: 'createDraft',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await notificationsSince(before)).toEqual([]);
  });
});

describe('the mail of a request notification', () => {
  const params = {
    firstName: 'Anna',
    title: 'Event request awaits your decision',
    text: '“<b>Nacht</b> & Nebel”, requested by Luca Bernasconi.',
    link: `${TEST_PUBLIC_URL}/events/12`,
    settingsLink: `${TEST_PUBLIC_URL}/settings`,
  };

  it('escapes the event’s title in the HTML in every language and links to the event and to Settings', () => {
    for (const language of ['en', 'fr', 'de', 'it'] as const) {
      const mail = renderTemplate('notification', language, params);
      expect(mail.html).not.toContain('<b>Nacht</b>');
      expect(mail.html).toContain('&lt;b&gt;Nacht&lt;/b&gt; &amp; Nebel');
      expect(mail.html).toContain(`href="${params.link}"`);
      expect(mail.text).toContain(params.settingsLink);
      expect(mail.text).not.toContain('ß');
    }
  });
});
