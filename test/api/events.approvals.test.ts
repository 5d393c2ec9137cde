import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS, type Event } from '../../domain/event';
import { generatesOccurrenceAt, seriesBounds, type OutOfScheduleRow } from '../../domain/recurrence';
import { auditLog, eventOutOfSchedule, eventTypes, events, mailOutbox } from '../../server/db/schema';
import { recurrenceRuleOf } from '../../server/seed/events';
import { renderTemplate } from '../../server/services/mail';
import { ruleOfRow } from '../../server/services/events/record';
import { orderedIds, signIn, startTestServer, TEST_PUBLIC_URL, userRow, type TestServer } from './harness';

/**
 * Promoter requests and the venue's decision (docs/server.md "Event requests"): POST /events with
 * `requestEvent` by a promoter, POST /events/:id/approve and /reject by the venue's staff, the mails
 * in each recipient's language, and the seeded requests.
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

/** Mails recorded since `afterId` (sending runs after the answer: wait for it). */
async function mailsSince(afterId: number) {
  await server.app.background.idle();
  return server.db.select().from(mailOutbox).where(gt(mailOutbox.id, afterId)).orderBy(asc(mailOutbox.id));
}
/** The newest mail's id once earlier requests' mails are written (they are sent after the answer). */
async function lastMailId() {
  await server.app.background.idle();
  return (
    (await server.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0
  );
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
  it('the venue is told; its admin approves; the event is published for customers and the promoter is told in French', async () => {
    const before = await lastMailId();
    const title = `Warehouse approved ${randomUUID().slice(0, 8)}`;
    const requested = await requestAsPromoter(title);
    expect(requested.generalInfos.approvalStatus).toBe('PENDING');
    expect(requested.visibility).toBe('DRAFT');

    // The venue's staff, each in their own language, with a link to the request; the other venue's admin not.
    const staffMails = (await mailsSince(before)).filter((mail) => mail.template === 'eventRequested');
    const staffLanguages = Object.fromEntries(staffMails.map((mail) => [mail.toAddress, mail.language]));
    expect(staffLanguages).toEqual({
      'admin@demo.ch': 'de',
      'coordinator@demo.ch': 'fr',
      'coordinator-limited@demo.ch': 'de',
    });
    const toAdmin = staffMails.find((mail) => mail.toAddress === 'admin@demo.ch')!;
    expect(toAdmin.subject).toBe(`Event-Anfrage: ${title} im Gleis 7 Club`);
    expect(toAdmin.textBody).toContain('Nachtwerk Kollektiv');
    expect(toAdmin.textBody).toContain('Samstag, 28. November 2026');
    expect(toAdmin.textBody).toContain(`${TEST_PUBLIC_URL}/events/${requested.id}`);
    expect(staffMails.find((mail) => mail.toAddress === 'coordinator@demo.ch')!.subject).toBe(
      `Demande d’événement : ${title} à Gleis 7 Club`,
    );

    expect((await call('customer@demo.ch', 'GET', `/events/${requested.id}`)).statusCode).toBe(404);
    const afterRequest = await lastMailId();
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

    const [toPromoter, ...others] = await mailsSince(afterRequest);
    expect(others).toEqual([]);
    expect(toPromoter).toMatchObject({
      toAddress: 'promoter@demo.ch',
      template: 'eventRequestApproved',
      language: 'fr',
      userId: ids.promoter,
    });
    expect(toPromoter.subject).toBe(`Demande approuvée : ${title}`);
    expect(toPromoter.textBody).toContain('Gleis 7 Club');
    expect(toPromoter.textBody).toContain('samedi, 28 novembre 2026 à 22:00');
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
  it('needs a reason, keeps the event a draft, and the promoter reads REJECTED with the reason and is mailed it', async () => {
    const requested = await requestAsPromoter();
    for (const body of [{}, { reason: '   ' }, { reason: null }]) {
      const refused = await reject('admin@demo.ch', requested.id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string> }>().errors).toHaveProperty('reason');
    }
    expect((await storedRow(requested.id)).approvalStatus).toBe('PENDING');

    const before = await lastMailId();
    const reason = 'Am 28. ist der Club für eine Hochzeit gebucht.';
    const response = await reject('admin@demo.ch', requested.id, { reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Event>().visibility).toBe('DRAFT');

    const seen = await call('promoter@demo.ch', 'GET', `/events/${requested.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Event>().generalInfos).toMatchObject({ approvalStatus: 'REJECTED', approvalReason: reason });
    expect(seen.json<Event>().visibility).toBe('DRAFT');
    expect((await call('customer@demo.ch', 'GET', `/events/${requested.id}`)).statusCode).toBe(404);

    const [mail] = await mailsSince(before);
    expect(mail).toMatchObject({ toAddress: 'promoter@demo.ch', template: 'eventRequestRejected', language: 'fr' });
    expect(mail.textBody).toContain(`Motif : ${reason}`);
  });

  it('a rejected request re-submitted by the promoter is pending again and can be decided', async () => {
    const requested = await requestAsPromoter();
    expect((await reject('admin@demo.ch', requested.id, { reason: 'Bitte ohne Nebel' })).statusCode).toBe(200);
    const rejected = (await call('promoter@demo.ch', 'GET', `/events/${requested.id}`)).json<Event>();
    const resubmitted = await call('promoter@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...rejected,
      saveAction: 'requestEvent',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json<Event>().generalInfos.approvalStatus).toBe('PENDING');
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

  it('a mail that cannot be sent never fails nor undoes the decision', async () => {
    const requested = await requestAsPromoter();
    const mailer = server.app.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      const response = await approve('admin@demo.ch', requested.id);
      expect(response.statusCode, response.body).toBe(200);
      await server.app.background.idle();
    } finally {
      mailer.send = send;
    }
    expect((await storedRow(requested.id)).approvalStatus).toBe('APPROVED');
  });
});

describe('the venue is told after the request has committed', () => {
  it('a failure while telling the venue is logged; the request is still answered 201 and stays stored', async () => {
    const background = server.app.background;
    const failing = vi.spyOn(background, 'run').mockImplementation(() => {
      throw new Error('the task queue refuses work');
    });
    let requested: Event;
    try {
      requested = await requestAsPromoter();
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
    expect(await storedRow(requested.id)).toMatchObject({ approvalStatus: 'PENDING', visibility: 'DRAFT' });
  });

  it('a refused request tells nobody; a venue’s own draft is no request and tells nobody either', async () => {
    const before = await lastMailId();
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
    expect(await mailsSince(before)).toEqual([]);
  });
});

describe('the request mails', () => {
  const params = {
    firstName: 'Anna',
    eventTitle: '<b>Nacht</b> & Nebel',
    venueName: 'Gleis 7 Club',
    promoterGroupName: 'Nachtwerk Kollektiv',
    firstStartsAt: '2026-03-28T21:00:00Z',
    reason: 'Zu laut',
    link: `${TEST_PUBLIC_URL}/events/12`,
  };

  it('write the first date in Zürich time in the recipient’s language and escape every value in the HTML', () => {
    // 2026-03-28 21:00 UTC is 22:00 in Zürich (winter time until the next night).
    expect(renderTemplate('eventRequested', 'de', params).text).toContain('Samstag, 28. März 2026 um 22:00');
    expect(renderTemplate('eventRequestApproved', 'it', params).text).toContain('sabato, 28 marzo 2026 alle ore 22:00');
    expect(renderTemplate('eventRequestRejected', 'en', params).text).toContain('Their reason: Zu laut');
    for (const template of ['eventRequested', 'eventRequestApproved', 'eventRequestRejected'] as const) {
      for (const language of ['en', 'fr', 'de', 'it'] as const) {
        const mail = renderTemplate(template, language, params);
        expect(mail.html).not.toContain('<b>Nacht</b>');
        expect(mail.html).toContain('&lt;b&gt;Nacht&lt;/b&gt; &amp; Nebel');
        expect(mail.html).toContain(`href="${params.link}"`);
        expect(mail.text).not.toContain('ß');
      }
    }
  });

  it('leave the note out of an approval without one', () => {
    expect(renderTemplate('eventRequestApproved', 'en', { ...params, reason: null }).text).not.toContain('Their note');
  });
});
