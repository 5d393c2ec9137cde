import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../domain/event';
import { generatesOccurrenceAt, type RecurrenceRule } from '../../domain/recurrence';
import { eventOutOfSchedule, events, eventTypes, users } from '../../server/db/schema';
import { ruleOfRow } from '../../server/services/events/record';
import { signIn, startTestServer, type TestServer } from './harness';

/**
 * Regressions found in the review of events: each test failed before its fix. The browser's
 * whole-series save sends the rows it read back, input that must be a 400 and never a 500, and the edits
 * a promoter may not make.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { establishment: 0, group: 0, eventType: 0 };
const ACCOUNTS = ['admin@demo.ch', 'promoter@demo.ch', 'root@demo.ch'];

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const account = async (email: string) => (await server.db.select().from(users).where(eq(users.email, email)))[0];
  ids.establishment = (await account('admin@demo.ch')).establishmentId ?? 0;
  ids.group = (await account('promoter@demo.ch')).promoterGroupId ?? 0;
  ids.eventType = (
    await server.db.select({ id: eventTypes.id }).from(eventTypes).orderBy(asc(eventTypes.id)).limit(1)
  )[0].id;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const errorsOf = (response: LightMyRequestResponse) =>
  response.json<{ errors?: Record<string, string> }>().errors ?? {};

/** Ten Saturdays 22:00–04:00 from 7 November 2026 (UTC+1: 22:00 local is 21:00Z). */
const SATURDAYS = ['2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28', '2026-12-05'].map(
  (date) => `${date}T21:00:00Z`,
);

function seriesInput(dates: Record<string, unknown> = {}, general: Record<string, unknown> = {}) {
  return {
    generalInfos: {
      establishmentId: ids.establishment,
      eventType: { id: ids.eventType },
      eventTitle: `Review ${randomUUID().slice(0, 8)}`,
      musics: [],
      ...general,
    },
    dateAndCalendar: {
      startDate: '2026-11-07',
      startTime: '22:00',
      endTime: '04:00',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['SATURDAY'],
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 10,
      ...dates,
    },
    description: { description: null, htmlDescription: null },
    visibility: 'PUBLISHED',
  };
}

async function create(input: object, email = 'admin@demo.ch'): Promise<Event> {
  const response = await call(email, 'POST', '/events', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const storedRows = (id: number) =>
  server.db
    .select()
    .from(eventOutOfSchedule)
    .where(eq(eventOutOfSchedule.eventId, id))
    .orderBy(asc(eventOutOfSchedule.originalStartsAt));
const storedRule = async (id: number): Promise<RecurrenceRule> =>
  ruleOfRow((await server.db.select().from(events).where(eq(events.id, id)))[0]);

/** The whole record as the event stepper saves a series: read back, end date left to the server, rows included. */
const browserSave = (record: Event, dates: Record<string, unknown>) => ({
  ...record,
  dateAndCalendar: { ...record.dateAndCalendar, endDate: null, ...dates },
  saveAction: 'publish',
});

describe('a whole-series save that changes the rule, with the rows the browser read back', () => {
  async function seriesWithRows(): Promise<Event> {
    const series = await create(seriesInput());
    const response = await call('admin@demo.ch', 'PUT', `/events/${series.id}`, {
      ...series,
      dateAndCalendar: {
        ...series.dateAndCalendar,
        outOfScheduleEvents: [
          { action: 'SKIP', originalStartsAt: SATURDAYS[1] },
          {
            action: 'UPDATE',
            originalStartsAt: SATURDAYS[2],
            startsAt: '2026-11-21T22:30:00Z',
            endsAt: '2026-11-22T04:00:00Z',
            eventTitle: 'Late',
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Event>();
  }

  it('re-keys the rows to the new start time (same ids) instead of refusing them', async () => {
    const series = await seriesWithRows();
    const [skipId, updateId] = series.dateAndCalendar.outOfScheduleEvents.map((row) => row.id);
    const response = await call(
      'admin@demo.ch',
      'PUT',
      `/events/${series.id}`,
      browserSave(series, { startTime: '21:00' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows = await storedRows(series.id);
    expect(
      rows.map((row) => [row.id, row.action, row.originalStartsAt.toISOString(), row.startsAt?.toISOString() ?? null]),
    ).toEqual([
      [skipId, 'SKIP', '2026-11-14T20:00:00.000Z', null],
      [updateId, 'UPDATE', '2026-11-21T20:00:00.000Z', '2026-11-21T22:30:00.000Z'],
    ]);
    const rule = await storedRule(series.id);
    for (const row of rows) expect(generatesOccurrenceAt(rule, row.originalStartsAt.toISOString())).toBe(true);
    expect(response.json<Event>().dateAndCalendar.totalOccurrencesNumber).toBe(9);
  });

  it('drops the rows of days the new rule does not have; a row neither rule generates is still a 400', async () => {
    const series = await seriesWithRows();
    const sundays = await call(
      'admin@demo.ch',
      'PUT',
      `/events/${series.id}`,
      browserSave(series, { recurrenceDaysOfWeek: ['SUNDAY'] }),
    );
    expect(sundays.statusCode, sundays.body).toBe(200);
    expect(await storedRows(series.id)).toEqual([]);

    const again = await seriesWithRows();
    // A Wednesday: neither the old nor the new rule has it.
    const stray = browserSave(again, {
      startTime: '21:00',
      outOfScheduleEvents: [
        ...again.dateAndCalendar.outOfScheduleEvents,
        { action: 'SKIP', originalStartsAt: '2026-11-25T21:00:00Z' },
      ],
    });
    const refused = await call('admin@demo.ch', 'PUT', `/events/${again.id}`, stray);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({
      'dateAndCalendar.outOfScheduleEvents.2.originalStartsAt': 'NOT_AN_OCCURRENCE_OF_THIS_EVENT',
    });
    expect((await storedRows(again.id)).map((row) => row.originalStartsAt.toISOString())).toEqual(
      [SATURDAYS[1], SATURDAYS[2]].map((at) => new Date(at).toISOString()),
    );
  });
});

describe('dates and instants outside the years an event can have: a 400 on the field, never a 500', () => {
  it('refuses a start in year 0 or 9999 and rows or an occurrence key thousands of years away', async () => {
    const countBefore = (await server.db.select({ id: events.id }).from(events)).length;
    const cases: [object, string][] = [
      [seriesInput({ startDate: '0000-01-01' }), 'dateAndCalendar.startDate'],
      [
        seriesInput({ startDate: '9999-12-31', recurrenceEndType: 'NEVER', maxOccurrences: null }),
        'dateAndCalendar.startDate',
      ],
      [
        seriesInput({ recurrenceEndType: 'ON_DATE', maxOccurrences: null, recurrenceEndDate: '9999-12-31' }),
        'dateAndCalendar.recurrenceEndDate',
      ],
      [
        seriesInput({
          outOfScheduleEvents: [
            {
              action: 'CREATE',
              originalStartsAt: '+200000-09-13T00:00:00Z',
              startsAt: '+200000-09-13T00:00:00Z',
              endsAt: '+200000-09-13T01:00:00Z',
            },
          ],
        }),
        'dateAndCalendar.outOfScheduleEvents.0.originalStartsAt',
      ],
      [
        seriesInput({
          outOfScheduleEvents: [
            {
              action: 'CREATE',
              originalStartsAt: '2026-11-10T21:00:00Z',
              startsAt: '-200000-09-13T00:00:00Z',
              endsAt: '2026-11-10T23:00:00Z',
            },
          ],
        }),
        'dateAndCalendar.outOfScheduleEvents.0.startsAt',
      ],
    ];
    for (const [input, field] of cases) {
      const response = await call('admin@demo.ch', 'POST', '/events', input);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(errorsOf(response)).toHaveProperty([field]);
    }
    expect((await server.db.select({ id: events.id }).from(events)).length).toBe(countBefore);

    const series = await create(seriesInput());
    for (const key of ['-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      const response = await call(
        'admin@demo.ch',
        'DELETE',
        `/events/${series.id}?originalStartsAt=${encodeURIComponent(key)}`,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(errorsOf(response)).toHaveProperty(['originalStartsAt']);
    }
    expect(await storedRows(series.id)).toEqual([]);
  });
});

describe('a promoter changes its requests only', () => {
  it('cannot rewrite, unpublish or skip an occurrence of the venue’s own event that names its group (403, nothing written)', async () => {
    const venues = await create(seriesInput({}, { promoterGroupId: ids.group }));
    expect(venues.generalInfos.approvalStatus).toBeNull();
    const promoterReads = await call('promoter@demo.ch', 'GET', `/events/${venues.id}`);
    expect(promoterReads.statusCode).toBe(200);

    const rewrite = await call('promoter@demo.ch', 'PUT', `/events/${venues.id}`, {
      ...venues,
      generalInfos: { ...venues.generalInfos, eventTitle: 'Taken over' },
      saveAction: 'requestEvent',
    });
    expect(rewrite.statusCode, rewrite.body).toBe(403);
    const skip = await call(
      'promoter@demo.ch',
      'DELETE',
      `/events/${venues.id}?originalStartsAt=${encodeURIComponent(SATURDAYS[1])}`,
    );
    expect(skip.statusCode, skip.body).toBe(403);

    const [stored] = await server.db.select().from(events).where(eq(events.id, venues.id));
    expect(stored).toMatchObject({
      title: venues.generalInfos.eventTitle,
      visibility: 'PUBLISHED',
      approvalStatus: null,
      version: venues.version,
    });
    expect(await storedRows(venues.id)).toEqual([]);
  });
});

describe('deleting one occurrence with the version it was read at', () => {
  it('is a 409 when the series changed meanwhile, and skips nothing; at the current version it skips', async () => {
    const series = await create(seriesInput());
    const skipAt = (version: unknown) =>
      call(
        'admin@demo.ch',
        'DELETE',
        `/events/${series.id}?originalStartsAt=${encodeURIComponent(SATURDAYS[2])}&version=${String(version)}`,
      );
    // Someone edits the series (its version goes up) while the occurrence is open elsewhere.
    const edited = await call('admin@demo.ch', 'PUT', `/events/${series.id}`, {
      ...series,
      generalInfos: { ...series.generalInfos, ageMin: 21 },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const stale = await skipAt(series.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe('EDIT_CONFLICT');
    expect(await storedRows(series.id)).toEqual([]);

    expect((await skipAt('x')).statusCode).toBe(400);
    const current = await skipAt(edited.json<Event>().version);
    expect(current.statusCode, current.body).toBe(200);
    expect((await storedRows(series.id)).map((row) => row.action)).toEqual(['SKIP']);
  });
});
