import { asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS, type Event, type OccurrenceItem } from '../../domain/event';
import {
  countOccurrences,
  expandOccurrences,
  generatesOccurrenceAt,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';
import { eventOutOfSchedule, events, eventTypes } from '../../server/db/schema';
import { errorsOf, orderedIds, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * Editing one occurrence of a series: PUT /events/:id with
 * `dateAndCalendar.updateScope` and `originalStartsAt`, and DELETE /events/:id?originalStartsAt=…,
 * through HTTP with the demo accounts. What the calendar would show is the engine run on the stored rule
 * and rows, so every expectation is an exact instant in UTC.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { establishment: 0, eventType: 0 };
const ACCOUNTS = ['admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'customer@demo.ch', 'root@demo.ch'];

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  ids.establishment = (await userRow(server.db, 'admin@demo.ch')).establishmentId ?? 0;
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });
const asAdmin = (method: Method, url: string, payload?: object) => call('admin@demo.ch', method, url, payload);

// ---- fixtures ----------------------------------------------------------------------------------------

/** 22:00 in Zurich, summer (UTC+2) and winter (UTC+1). */
const SATURDAYS = [
  '2026-10-03',
  '2026-10-10',
  '2026-10-17',
  '2026-10-24',
  '2026-10-31',
  '2026-11-07',
  '2026-11-14',
  '2026-11-21',
  '2026-11-28',
  '2026-12-05',
];
const utc = (instant: string) => Temporal.Instant.from(instant).toString();

type DatesOverride = Partial<Record<string, unknown>>;

function seriesInput(dates: DatesOverride = {}, general: DatesOverride = {}) {
  return {
    generalInfos: {
      establishmentId: ids.establishment,
      eventType: { id: ids.eventType },
      eventTitle: 'Saturday nights',
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 20,
      urlBilletterie: null,
      musics: [],
      promotable: true,
      isFree: false,
      ...general,
    },
    dateAndCalendar: {
      startDate: SATURDAYS[0],
      endDate: null,
      startTime: '22:00',
      endTime: '04:00',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['SATURDAY'],
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 10,
      recurrenceEndDate: null,
      ...dates,
    },
    description: { description: null, htmlDescription: null },
    visibility: 'PUBLISHED',
  };
}

async function createSeries(dates: DatesOverride = {}, general: DatesOverride = {}): Promise<Event> {
  const response = await asAdmin('POST', '/events', seriesInput(dates, general));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

async function readEvent(id: number, email = 'admin@demo.ch'): Promise<Event> {
  const response = await call(email, 'GET', `/events/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Event>();
}

/** The record as the browser sends it back, with one occurrence's date step and the scope. */
function occurrenceEdit(
  record: Event,
  originalStartsAt: string,
  scope: 'THIS_OCCURRENCE_ONLY' | 'THIS_AND_NEXT_OCCURRENCES',
  dates: DatesOverride = {},
  general: DatesOverride = {},
) {
  const { dateAndCalendar } = record;
  return {
    generalInfos: { ...record.generalInfos, ...general },
    dateAndCalendar: {
      startDate: dateAndCalendar.startDate,
      endDate: null,
      startTime: dateAndCalendar.startTime,
      endTime: dateAndCalendar.endTime,
      recurrencePattern: dateAndCalendar.recurrencePattern,
      recurrenceDaysOfWeek: dateAndCalendar.recurrenceDaysOfWeek,
      recurrenceEndType: dateAndCalendar.recurrenceEndType,
      maxOccurrences: dateAndCalendar.maxOccurrences,
      recurrenceEndDate: dateAndCalendar.recurrenceEndDate,
      updateScope: scope,
      ...dates,
    },
    description: record.description,
    descriptionAndMedia: { ...record.descriptionAndMedia, media: [], fileCarte: null, mediaListState: null },
    visibility: record.visibility,
    originalStartsAt,
    version: record.version,
  };
}

async function editOccurrence(id: number, payload: object, expected = 200): Promise<LightMyRequestResponse> {
  const response = await asAdmin('PUT', `/events/${id}`, payload);
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

async function skip(id: number, originalStartsAt: string, expected = 200, email = 'admin@demo.ch') {
  const response = await call(
    email,
    'DELETE',
    `/events/${id}?originalStartsAt=${encodeURIComponent(originalStartsAt)}`,
  );
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

// ---- what is stored ----------------------------------------------------------------------------------

const iso = (value: Date | null) =>
  value === null ? null : Temporal.Instant.fromEpochMilliseconds(value.getTime()).toString();

async function storedRule(id: number): Promise<
  RecurrenceRule & {
    parentEventId: number | null;
    segmentIsRecurrenceTail: boolean;
    firstStartsAt: string;
    lastEndsAt: string | null;
    title: string;
  }
> {
  const [row] = await server.db.select().from(events).where(eq(events.id, id));
  return {
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    recurrencePattern: row.recurrencePattern as RecurrenceRule['recurrencePattern'],
    recurrenceDaysOfWeek: row.recurrenceDaysOfWeek as RecurrenceRule['recurrenceDaysOfWeek'],
    recurrenceEndType: row.recurrenceEndType as RecurrenceRule['recurrenceEndType'],
    maxOccurrences: row.maxOccurrences,
    recurrenceEndDate: row.recurrenceEndDate,
    parentEventId: row.parentEventId,
    segmentIsRecurrenceTail: row.segmentIsRecurrenceTail,
    firstStartsAt: iso(row.firstStartsAt)!,
    lastEndsAt: iso(row.lastEndsAt),
    title: row.title,
  };
}

async function storedRows(id: number) {
  const rows = await server.db
    .select()
    .from(eventOutOfSchedule)
    .where(eq(eventOutOfSchedule.eventId, id))
    .orderBy(asc(eventOutOfSchedule.originalStartsAt));
  return rows.map((row) => ({
    id: row.id,
    action: row.action as OutOfScheduleRow['action'],
    originalStartsAt: iso(row.originalStartsAt)!,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    eventTitle: row.title,
    changes: row.changes,
  }));
}

const WINDOW = { from: '2026-01-01T00:00:00Z', to: '2028-01-01T00:00:00Z' };

/**
 * The calendar of one series: [start, end, title or null] per occurrence, by the engine on the stored rule
 * and rows.
 */
async function calendarOf(id: number) {
  const occurrences = expandOccurrences(await storedRule(id), await storedRows(id), WINDOW);
  return occurrences.map((occurrence) => [occurrence.startsAt, occurrence.endsAt, occurrence.eventTitle]);
}

async function tailsOf(id: number): Promise<number[]> {
  const rows = await server.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.parentEventId, id))
    .orderBy(asc(events.id));
  return rows.map((row) => row.id);
}

/** No SKIP or UPDATE row is keyed by an instant its series' rule does not generate. */
async function expectNoOrphanRows(eventIds: number[]) {
  const rows = await server.db.select().from(eventOutOfSchedule).where(inArray(eventOutOfSchedule.eventId, eventIds));
  for (const row of rows.filter((candidate) => candidate.action !== 'CREATE')) {
    const rule = await storedRule(row.eventId);
    expect(generatesOccurrenceAt(rule, iso(row.originalStartsAt)!), `row ${row.id} of event ${row.eventId}`).toBe(true);
  }
}

/** `first_starts_at` / `last_ends_at` agree with the occurrences (the window query reads them). */
async function expectBoundsFollowOccurrences(id: number) {
  const rule = await storedRule(id);
  const occurrences = expandOccurrences(rule, await storedRows(id), WINDOW);
  expect(rule.firstStartsAt <= occurrences[0].startsAt).toBe(true);
  expect(rule.lastEndsAt).toBe(
    occurrences.reduce((last, occurrence) => (occurrence.endsAt > last ? occurrence.endsAt : last), ''),
  );
}

async function occurrencesListed(eventId: number): Promise<OccurrenceItem[]> {
  const filter = encodeURIComponent(JSON.stringify({ from: '2026-09-01', to: '2027-01-31', eventId }));
  const response = await asAdmin('GET', `/occurrences?filter=${filter}&range=[0,99]`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OccurrenceItem[]>();
}

// ---- a whole scenario: skip, move, split -------------------------------------------------------------

describe('the issue scenario: weekly Saturday 22:00–04:00 × 10, skip one, move one, this and next from the fifth to 23:00', () => {
  it('leaves exactly the expected instants, a head of 4 and a tail of 6', async () => {
    const series = await createSeries();
    expect(await calendarOf(series.id)).toHaveLength(10);
    const second = utc('2026-10-10T20:00:00Z');
    const third = utc('2026-10-17T20:00:00Z');
    const fifth = utc('2026-10-31T21:00:00Z');

    await skip(series.id, second);
    let record = await readEvent(series.id);
    const moved = await editOccurrence(
      series.id,
      occurrenceEdit(record, third, 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-10-17',
        startTime: '23:00',
        endTime: '05:00',
      }),
    );
    expect(moved.json<Event>().id).toBe(series.id);
    record = await readEvent(series.id);
    const split = await editOccurrence(
      series.id,
      occurrenceEdit(record, fifth, 'THIS_AND_NEXT_OCCURRENCES', { startDate: '2026-10-31', startTime: '23:00' }),
    );
    const head = split.json<Event>();
    expect(head.id).toBe(series.id);
    expect(head.dateAndCalendar.recurrenceEndType).toBe('AFTER_OCCURRENCES');
    expect(head.dateAndCalendar.maxOccurrences).toBe(4);
    expect(head.dateAndCalendar.startTime).toBe('22:00');

    const [tailId] = await tailsOf(series.id);
    expect(tailId).toBeGreaterThan(series.id);
    const tail = await readEvent(tailId);
    expect(tail.generalInfos.eventTitle).toBe('Saturday nights');
    expect(tail.generalInfos.establishmentId).toBe(ids.establishment);
    expect(tail.visibility).toBe('PUBLISHED');
    expect(tail.dateAndCalendar).toMatchObject({
      startDate: '2026-10-31',
      startTime: '23:00',
      endTime: '04:00',
      recurrencePattern: 'WEEKLY',
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 6,
      parentEventId: series.id,
      segmentIsRecurrenceTail: true,
    });
    expect(tail.dateAndCalendar.sourceEvent?.id).toBe(series.id);

    // Summer time until the night of 25 October: 22:00 = 20:00Z; then 22:00 = 21:00Z and 23:00 = 22:00Z.
    expect(await calendarOf(series.id)).toEqual([
      ['2026-10-03T20:00:00Z', '2026-10-04T02:00:00Z', null],
      ['2026-10-17T21:00:00Z', '2026-10-18T03:00:00Z', null],
      ['2026-10-24T20:00:00Z', '2026-10-25T03:00:00Z', null],
    ]);
    expect(await calendarOf(tailId)).toEqual(
      SATURDAYS.slice(4).map((date) => {
        const start = Temporal.PlainDate.from(date);
        return [`${start}T22:00:00Z`, `${start.add({ days: 1 })}T03:00:00Z`, null];
      }),
    );
    // The calendar's endpoint shows the same instants, the moved one marked by its row and original start.
    const listed = [...(await occurrencesListed(series.id)), ...(await occurrencesListed(tailId))];
    expect(listed.map((item) => [item.eventId, item.startsAt, item.endsAt])).toEqual([
      ...(await calendarOf(series.id)).map(([start, end]) => [series.id, start, end]),
      ...(await calendarOf(tailId)).map(([start, end]) => [tailId, start, end]),
    ]);
    expect(listed[1]).toMatchObject({ originalStartsAt: third, outOfScheduleEventId: expect.any(Number) });
    expect(listed[3]).toMatchObject({
      originalStartsAt: '2026-10-31T22:00:00Z',
      outOfScheduleEventId: null,
      eventTitle: 'Saturday nights',
    });
    expect(countOccurrences(await storedRule(series.id), await storedRows(series.id))).toBe(3);
    expect(head.dateAndCalendar.totalOccurrencesNumber).toBe(3);
    expect(tail.dateAndCalendar.totalOccurrencesNumber).toBe(6);
    await expectNoOrphanRows([series.id, tailId]);
    await expectBoundsFollowOccurrences(series.id);
    await expectBoundsFollowOccurrences(tailId);
  });
});

// ---- THIS_OCCURRENCE_ONLY ----------------------------------------------------------------------------

describe('THIS_OCCURRENCE_ONLY', () => {
  it('writes one UPDATE row with the title and the changed prices, and removes it when the occurrence is back to the rule', async () => {
    const series = await createSeries();
    const third = utc('2026-10-17T20:00:00Z');
    const edited = await editOccurrence(
      series.id,
      occurrenceEdit(
        series,
        third,
        'THIS_OCCURRENCE_ONLY',
        { startDate: '2026-10-17' },
        { eventTitle: 'Halloween warm-up', tarifMax: 25, ageMin: 18 },
      ),
    );
    const record = edited.json<Event>();
    expect(record.generalInfos.eventTitle).toBe('Saturday nights');
    expect(record.generalInfos.tarifMax).toBe(20);
    expect(record.version).toBe(series.version + 1);
    const [row] = await storedRows(series.id);
    expect(row).toMatchObject({
      action: 'UPDATE',
      originalStartsAt: third,
      startsAt: third,
      endsAt: '2026-10-18T02:00:00Z',
      eventTitle: 'Halloween warm-up',
      changes: { 'generalInfos.tarifMax': 25 },
    });
    expect(record.dateAndCalendar.outOfScheduleEvents.map((event) => event.id)).toEqual([row.id]);
    expect((await calendarOf(series.id))[2]).toEqual([third, '2026-10-18T02:00:00Z', 'Halloween warm-up']);

    // The same occurrence edited again replaces its row (one row per key)…
    await editOccurrence(
      series.id,
      occurrenceEdit(record, third, 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-10-18',
        startTime: '20:00',
        endTime: '23:30',
      }),
    );
    const [moved, ...others] = await storedRows(series.id);
    expect(others).toEqual([]);
    expect(moved).toMatchObject({
      id: row.id,
      startsAt: '2026-10-18T18:00:00Z',
      endsAt: '2026-10-18T21:30:00Z',
      eventTitle: null,
      changes: {},
    });

    // …and edited back to what the rule makes of it, the row goes.
    const again = await readEvent(series.id);
    const back = await editOccurrence(
      series.id,
      occurrenceEdit(again, third, 'THIS_OCCURRENCE_ONLY', { startDate: '2026-10-17' }),
    );
    expect(await storedRows(series.id)).toEqual([]);
    expect(back.json<Event>().dateAndCalendar.outOfScheduleEvents).toEqual([]);
    await expectBoundsFollowOccurrences(series.id);
  });

  it('reads the occurrence’s own prices back on its row, and a whole-record save sending the rows back keeps them', async () => {
    const series = await createSeries();
    const third = utc('2026-10-17T20:00:00Z');
    const edited = (
      await editOccurrence(
        series.id,
        occurrenceEdit(series, third, 'THIS_OCCURRENCE_ONLY', { startDate: '2026-10-17' }, { tarifMax: 35 }),
      )
    ).json<Event>();
    expect(edited.dateAndCalendar.outOfScheduleEvents).toEqual([
      expect.objectContaining({ originalStartsAt: third, changes: { 'generalInfos.tarifMax': 35 } }),
    ]);

    // The browser sends the rows back as the editor keeps them, without `changes` (the input schema drops it).
    const { originalStartsAt: _occurrence, ...whole } = occurrenceEdit(
      edited,
      third,
      'THIS_OCCURRENCE_ONLY',
      {},
      { eventTitle: 'Saturday nights, renamed' },
    );
    const rows = edited.dateAndCalendar.outOfScheduleEvents.map(({ changes: _changes, ...row }) => row);
    const saved = await editOccurrence(series.id, {
      ...whole,
      dateAndCalendar: { ...whole.dateAndCalendar, updateScope: null, outOfScheduleEvents: rows },
    });
    expect(saved.json<Event>().generalInfos.eventTitle).toBe('Saturday nights, renamed');
    expect((await readEvent(series.id)).dateAndCalendar.outOfScheduleEvents).toEqual([
      expect.objectContaining({
        id: edited.dateAndCalendar.outOfScheduleEvents[0].id,
        changes: { 'generalInfos.tarifMax': 35 },
      }),
    ]);
  });

  it('moves an occurrence out of the series’ span and the bounds follow it', async () => {
    const series = await createSeries();
    const last = utc('2026-12-05T21:00:00Z');
    await editOccurrence(
      series.id,
      occurrenceEdit(series, last, 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-12-31',
        startTime: '21:00',
        endTime: '03:00',
      }),
    );
    const rule = await storedRule(series.id);
    expect(rule.lastEndsAt).toBe('2027-01-01T02:00:00Z');
    await expectBoundsFollowOccurrences(series.id);
  });

  it('edits an occurrence added by hand in its CREATE row, and deleting it removes the row', async () => {
    const series = await createSeries();
    const added = utc('2026-10-07T18:00:00Z');
    await server.db.insert(eventOutOfSchedule).values({
      eventId: series.id,
      action: 'CREATE',
      originalStartsAt: new Date(added),
      startsAt: new Date(added),
      endsAt: new Date('2026-10-07T21:00:00Z'),
    });
    const record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(
        record,
        added,
        'THIS_OCCURRENCE_ONLY',
        { startDate: '2026-10-07', startTime: '21:00', endTime: '23:00' },
        { eventTitle: 'Wednesday special' },
      ),
    );
    const [row] = await storedRows(series.id);
    expect(row).toMatchObject({
      action: 'CREATE',
      originalStartsAt: added,
      startsAt: '2026-10-07T19:00:00Z',
      endsAt: '2026-10-07T21:00:00Z',
      eventTitle: 'Wednesday special',
    });
    expect(await calendarOf(series.id)).toHaveLength(11);

    // Following the rule never applies to an added occurrence: its row stays even with the series' values.
    const again = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(again, added, 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-10-07',
        startTime: '20:00',
        endTime: '22:00',
      }),
    );
    expect((await storedRows(series.id)).map((stored) => stored.action)).toEqual(['CREATE']);

    // "This and the next" needs an occurrence of the rule to split at.
    const latest = await readEvent(series.id);
    const refused = await editOccurrence(
      series.id,
      occurrenceEdit(latest, added, 'THIS_AND_NEXT_OCCURRENCES', { startDate: '2026-10-07' }),
      400,
    );
    expect(errorsOf(refused)).toEqual({ 'dateAndCalendar.updateScope': EVENT_PROBLEMS.notAnOccurrence });

    await skip(series.id, added);
    expect(await storedRows(series.id)).toEqual([]);
    expect(await calendarOf(series.id)).toHaveLength(10);
  });
});

// ---- deleting one occurrence -------------------------------------------------------------------------

describe('DELETE /events/:id?originalStartsAt= (a SKIP)', () => {
  it('skips an occurrence, turns an UPDATE into the SKIP, keeps the count of an AFTER_OCCURRENCES series and bumps the version', async () => {
    const series = await createSeries();
    const second = utc('2026-10-10T20:00:00Z');
    const third = utc('2026-10-17T20:00:00Z');
    const answer = await skip(series.id, second);
    expect(answer.json<Event>().id).toBe(series.id);
    expect(answer.json<Event>().version).toBe(series.version + 1);
    const record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(record, third, 'THIS_OCCURRENCE_ONLY', { startDate: '2026-10-17', startTime: '23:00' }),
    );
    const [, updated] = await storedRows(series.id);
    await skip(series.id, third);
    const rows = await storedRows(series.id);
    expect(rows).toEqual([
      expect.objectContaining({ action: 'SKIP', originalStartsAt: second, startsAt: null, endsAt: null }),
      expect.objectContaining({
        id: updated.id,
        action: 'SKIP',
        originalStartsAt: third,
        startsAt: null,
        eventTitle: null,
        changes: {},
      }),
    ]);
    const calendar = await calendarOf(series.id);
    expect(calendar).toHaveLength(8);
    // A SKIP does not add an occurrence at the end: the last is still the tenth Saturday.
    expect(calendar.at(-1)?.[0]).toBe('2026-12-05T21:00:00Z');
    expect((await readEvent(series.id)).dateAndCalendar.totalOccurrencesNumber).toBe(8);
  });

  it('refuses what is not an occurrence of a repeating event', async () => {
    const series = await createSeries();
    expect(errorsOf(await skip(series.id, '2026-10-04T20:00:00Z', 400))).toEqual({
      originalStartsAt: EVENT_PROBLEMS.notAnOccurrence,
    });
    // The eleventh Saturday is past the end of a series of ten.
    expect(errorsOf(await skip(series.id, '2026-12-12T21:00:00Z', 400))).toEqual({
      originalStartsAt: EVENT_PROBLEMS.notAnOccurrence,
    });
    expect(errorsOf(await skip(series.id, 'next saturday', 400))).toHaveProperty('originalStartsAt');
    const oneOff = await createSeries({
      recurrencePattern: 'NONE',
      recurrenceDaysOfWeek: [],
      recurrenceEndType: 'NEVER',
      maxOccurrences: null,
    });
    expect(errorsOf(await skip(oneOff.id, '2026-10-03T20:00:00Z', 400))).toEqual({
      originalStartsAt: EVENT_PROBLEMS.notRecurring,
    });
    expect(await storedRows(series.id)).toEqual([]);
    expect((await readEvent(series.id)).version).toBe(series.version);
  });

  it('keeps to the scope: another venue’s admin and a promoter get 404, a customer (who may not change events) 403', async () => {
    const series = await createSeries();
    const first = utc('2026-10-03T20:00:00Z');
    await skip(series.id, first, 404, 'admin2@demo.ch');
    await skip(series.id, first, 404, 'promoter@demo.ch');
    await skip(series.id, first, 403, 'customer@demo.ch');
    expect(await storedRows(series.id)).toEqual([]);
    await skip(series.id, first, 200, 'root@demo.ch');
    expect(await storedRows(series.id)).toHaveLength(1);
  });
});

// ---- THIS_AND_NEXT_OCCURRENCES -----------------------------------------------------------------------

describe('THIS_AND_NEXT_OCCURRENCES', () => {
  it('on the first occurrence edits the whole series: no segment, rows re-keyed to the new start', async () => {
    const series = await createSeries();
    await skip(series.id, utc('2026-10-10T20:00:00Z'));
    let record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(
        record,
        utc('2026-10-17T20:00:00Z'),
        'THIS_OCCURRENCE_ONLY',
        { startDate: '2026-10-17' },
        { eventTitle: 'Special' },
      ),
    );
    const rowsBefore = await storedRows(series.id);
    record = await readEvent(series.id);
    const answer = await editOccurrence(
      series.id,
      occurrenceEdit(
        record,
        utc('2026-10-03T20:00:00Z'),
        'THIS_AND_NEXT_OCCURRENCES',
        { startDate: '2026-10-03', startTime: '23:00' },
        { eventTitle: 'Late Saturdays' },
      ),
    );
    const updated = answer.json<Event>();
    expect(updated.generalInfos.eventTitle).toBe('Late Saturdays');
    expect(updated.dateAndCalendar).toMatchObject({
      startTime: '23:00',
      maxOccurrences: 10,
      recurrenceEndType: 'AFTER_OCCURRENCES',
    });
    expect(await tailsOf(series.id)).toEqual([]);
    const rows = await storedRows(series.id);
    expect(rows.map((row) => [row.id, row.action, row.originalStartsAt])).toEqual([
      [rowsBefore[0].id, 'SKIP', '2026-10-10T21:00:00Z'],
      [rowsBefore[1].id, 'UPDATE', '2026-10-17T21:00:00Z'],
    ]);
    await expectNoOrphanRows([series.id]);
  });

  it('hands the rows from the split on to the tail: re-keyed, superseded or no longer generated rows removed; CREATE rows by their start', async () => {
    const series = await createSeries();
    const at = (date: string, time: string) => utc(`${date}T${time}:00Z`);
    await skip(series.id, at('2026-10-10', '20')); // head
    await skip(series.id, at('2026-11-14', '21')); // tail: re-keyed to 22:00Z
    let record = await readEvent(series.id);
    // The fifth itself, moved: the split's edit replaces this row.
    await editOccurrence(
      series.id,
      occurrenceEdit(record, at('2026-10-31', '21'), 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-10-31',
        startTime: '21:30',
      }),
    );
    record = await readEvent(series.id);
    // Moved to 23:00 already: once the tail starts at 23:00 it follows the rule, so the row goes.
    await editOccurrence(
      series.id,
      occurrenceEdit(record, at('2026-11-07', '21'), 'THIS_OCCURRENCE_ONLY', {
        startDate: '2026-11-07',
        startTime: '23:00',
      }),
    );
    record = await readEvent(series.id);
    // A title of its own: kept, re-keyed, its instants as they were.
    await editOccurrence(
      series.id,
      occurrenceEdit(
        record,
        at('2026-11-21', '21'),
        'THIS_OCCURRENCE_ONLY',
        { startDate: '2026-11-21' },
        { eventTitle: 'Closing' },
      ),
    );
    const added = await server.db
      .insert(eventOutOfSchedule)
      .values([
        {
          eventId: series.id,
          action: 'CREATE',
          originalStartsAt: new Date(at('2026-10-06', '18')),
          startsAt: new Date(at('2026-10-06', '18')),
          endsAt: new Date(at('2026-10-06', '21')),
        },
        {
          eventId: series.id,
          action: 'CREATE',
          originalStartsAt: new Date(at('2026-11-10', '19')),
          startsAt: new Date(at('2026-11-10', '19')),
          endsAt: new Date(at('2026-11-10', '22')),
        },
      ])
      .returning({ id: eventOutOfSchedule.id });
    const before = await storedRows(series.id);
    const idOf = (key: string) => before.find((row) => row.originalStartsAt === key)!.id;

    record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(record, at('2026-10-31', '21'), 'THIS_AND_NEXT_OCCURRENCES', {
        startDate: '2026-10-31',
        startTime: '23:00',
      }),
    );
    const [tailId] = await tailsOf(series.id);
    expect((await storedRows(series.id)).map((row) => [row.id, row.action, row.originalStartsAt])).toEqual([
      [added[0].id, 'CREATE', at('2026-10-06', '18')],
      [idOf(at('2026-10-10', '20')), 'SKIP', at('2026-10-10', '20')],
    ]);
    expect(
      (await storedRows(tailId)).map((row) => [row.id, row.action, row.originalStartsAt, row.startsAt, row.eventTitle]),
    ).toEqual([
      [added[1].id, 'CREATE', at('2026-11-10', '19'), at('2026-11-10', '19'), null],
      [idOf(at('2026-11-14', '21')), 'SKIP', at('2026-11-14', '22'), null, null],
      [idOf(at('2026-11-21', '21')), 'UPDATE', at('2026-11-21', '22'), at('2026-11-21', '21'), 'Closing'],
    ]);
    // Every row the series had is either here or deliberately removed: no row points at nothing.
    const remaining = await server.db
      .select({ id: eventOutOfSchedule.id })
      .from(eventOutOfSchedule)
      .where(
        inArray(
          eventOutOfSchedule.id,
          before.map((row) => row.id),
        ),
      );
    expect(remaining).toHaveLength(5);
    await expectNoOrphanRows([series.id, tailId]);
    // The head counts its CREATE: 4 generated, 1 skipped, 1 added.
    expect((await readEvent(series.id)).dateAndCalendar.totalOccurrencesNumber).toBe(4);
    expect((await readEvent(tailId)).dateAndCalendar.totalOccurrencesNumber).toBe(6);
  });

  describe('a moved row of the series re-keyed onto the key of an occurrence added by hand (one occurrence for the user)', () => {
    const at = (date: string, time: string) => utc(`${date}T${time}:00Z`);
    /** 14 November, 22:00 in Zurich (21:00Z), the rule's seventh; 23:00 there is 22:00Z. */
    const seventh = at('2026-11-14', '21');
    const seventhAt23 = at('2026-11-14', '22');

    /**
     * The series with the seventh moved to 21:30 and titled (an UPDATE row keyed 21:00Z) and an occurrence added
     * by hand at 23:00 the same night (a CREATE keyed 22:00Z, with a title of its own); `createWrittenLast` says
     * which of the two rows the user wrote last. The split of the fifth to 23:00 re-keys the UPDATE to 22:00Z.
     */
    async function seriesWithCollidingRows(createWrittenLast: boolean) {
      const series = await createSeries();
      const record = await readEvent(series.id);
      await editOccurrence(
        series.id,
        occurrenceEdit(
          record,
          seventh,
          'THIS_OCCURRENCE_ONLY',
          { startDate: '2026-11-14', startTime: '21:30' },
          { eventTitle: 'Moved' },
        ),
      );
      const [moved] = await storedRows(series.id);
      const movedWrittenAt = (
        await server.db
          .select({ updatedAt: eventOutOfSchedule.updatedAt })
          .from(eventOutOfSchedule)
          .where(eq(eventOutOfSchedule.id, moved.id))
      )[0].updatedAt;
      const [added] = await server.db
        .insert(eventOutOfSchedule)
        .values({
          eventId: series.id,
          action: 'CREATE',
          originalStartsAt: new Date(seventhAt23),
          startsAt: new Date(seventhAt23),
          endsAt: new Date(at('2026-11-15', '03')),
          title: 'Added',
          // One minute before or after the UPDATE was written: exact, whatever the machine's speed.
          updatedAt: new Date(movedWrittenAt.getTime() + (createWrittenLast ? 60_000 : -60_000)),
        })
        .returning({ id: eventOutOfSchedule.id });
      return { series, movedId: moved.id, addedId: added.id };
    }

    async function splitFifthTo23(seriesId: number) {
      const record = await readEvent(seriesId);
      await editOccurrence(
        seriesId,
        occurrenceEdit(record, at('2026-10-31', '21'), 'THIS_AND_NEXT_OCCURRENCES', {
          startDate: '2026-10-31',
          startTime: '23:00',
        }),
      );
      const [tailId] = await tailsOf(seriesId);
      return tailId;
    }

    it('keeps the UPDATE when the user wrote it after adding the occurrence: the added one goes, no 409', async () => {
      const { series, movedId } = await seriesWithCollidingRows(false);
      const tailId = await splitFifthTo23(series.id);
      expect(
        (await storedRows(tailId)).map((row) => [
          row.id,
          row.action,
          row.originalStartsAt,
          row.startsAt,
          row.endsAt,
          row.eventTitle,
        ]),
      ).toEqual([[movedId, 'UPDATE', seventhAt23, '2026-11-14T20:30:00Z', at('2026-11-15', '03'), 'Moved']]);
      expect(await storedRows(series.id)).toEqual([]);
      // The tail's six Saturdays at 23:00 (22:00Z), the seventh where the UPDATE put it, once.
      expect(await calendarOf(tailId)).toEqual([
        [at('2026-10-31', '22'), at('2026-11-01', '03'), null],
        [at('2026-11-07', '22'), at('2026-11-08', '03'), null],
        ['2026-11-14T20:30:00Z', at('2026-11-15', '03'), 'Moved'],
        [at('2026-11-21', '22'), at('2026-11-22', '03'), null],
        [at('2026-11-28', '22'), at('2026-11-29', '03'), null],
        [at('2026-12-05', '22'), at('2026-12-06', '03'), null],
      ]);
      expect((await readEvent(tailId)).dateAndCalendar.totalOccurrencesNumber).toBe(6);
      await expectNoOrphanRows([series.id, tailId]);
      await expectBoundsFollowOccurrences(tailId);
    });

    it('keeps the CREATE when the user added it after moving the occurrence: the UPDATE goes, no 409', async () => {
      const { series, addedId } = await seriesWithCollidingRows(true);
      const tailId = await splitFifthTo23(series.id);
      expect(
        (await storedRows(tailId)).map((row) => [
          row.id,
          row.action,
          row.originalStartsAt,
          row.startsAt,
          row.eventTitle,
        ]),
      ).toEqual([[addedId, 'CREATE', seventhAt23, seventhAt23, 'Added']]);
      expect((await calendarOf(tailId)).map(([start, , title]) => [start, title])).toEqual([
        [at('2026-10-31', '22'), null],
        [at('2026-11-07', '22'), null],
        [seventhAt23, 'Added'],
        [at('2026-11-21', '22'), null],
        [at('2026-11-28', '22'), null],
        [at('2026-12-05', '22'), null],
      ]);
      // Each occurrence once in the calendar's list as well (the item id is `${eventId}@${originalStartsAt}`).
      const listed = await occurrencesListed(tailId);
      expect(new Set(listed.map((item) => item.id)).size).toBe(listed.length);
      expect(listed).toHaveLength(6);
      await expectNoOrphanRows([series.id, tailId]);
    });
  });

  it('removes the rows of days the tail’s new pattern does not have', async () => {
    const series = await createSeries();
    await skip(series.id, utc('2026-11-14T21:00:00Z'));
    const record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(record, utc('2026-10-31T21:00:00Z'), 'THIS_AND_NEXT_OCCURRENCES', {
        startDate: '2026-10-30',
        recurrenceDaysOfWeek: ['FRIDAY'],
      }),
    );
    const [tailId] = await tailsOf(series.id);
    expect(await storedRows(tailId)).toEqual([]);
    expect(await storedRows(series.id)).toEqual([]);
    const tail = await storedRule(tailId);
    expect(tail).toMatchObject({ startDate: '2026-10-30', recurrenceDaysOfWeek: ['FRIDAY'], maxOccurrences: 6 });
    expect((await calendarOf(tailId)).map(([start]) => start)).toEqual(
      ['2026-10-30', '2026-11-06', '2026-11-13', '2026-11-20', '2026-11-27', '2026-12-04'].map(
        (date) => `${date}T21:00:00Z`,
      ),
    );
  });

  it('splits an ON_DATE series: the head ends the day before, the tail keeps the end unless the user changed it', async () => {
    const onDate = { recurrenceEndType: 'ON_DATE', maxOccurrences: null, recurrenceEndDate: '2026-12-05' };
    const series = await createSeries(onDate);
    const record = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(
        record,
        utc('2026-10-31T21:00:00Z'),
        'THIS_AND_NEXT_OCCURRENCES',
        { startDate: '2026-10-31' },
        { eventTitle: 'Winter Saturdays' },
      ),
    );
    const [tailId] = await tailsOf(series.id);
    expect(await storedRule(series.id)).toMatchObject({
      recurrenceEndType: 'ON_DATE',
      recurrenceEndDate: '2026-10-30',
      title: 'Saturday nights',
    });
    expect(await storedRule(tailId)).toMatchObject({
      recurrenceEndType: 'ON_DATE',
      recurrenceEndDate: '2026-12-05',
      title: 'Winter Saturdays',
    });
    expect(await calendarOf(series.id)).toHaveLength(4);
    expect(await calendarOf(tailId)).toHaveLength(6);

    const other = await createSeries(onDate);
    await editOccurrence(
      other.id,
      occurrenceEdit(other, utc('2026-10-31T21:00:00Z'), 'THIS_AND_NEXT_OCCURRENCES', {
        startDate: '2026-10-31',
        recurrenceEndDate: '2026-11-21',
      }),
    );
    const [otherTail] = await tailsOf(other.id);
    expect((await calendarOf(otherTail)).map(([start]) => start)).toEqual(
      ['2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21'].map((date) => `${date}T21:00:00Z`),
    );
  });

  it('refuses a tail with no occurrence (its new weekday falls after the series’ end) and writes nothing', async () => {
    const series = await createSeries({
      recurrenceEndType: 'ON_DATE',
      maxOccurrences: null,
      recurrenceEndDate: '2026-12-05',
    });
    const refused = await editOccurrence(
      series.id,
      occurrenceEdit(series, utc('2026-12-05T21:00:00Z'), 'THIS_AND_NEXT_OCCURRENCES', {
        startDate: '2026-12-05',
        recurrenceDaysOfWeek: ['FRIDAY'],
      }),
      400,
    );
    expect(errorsOf(refused)).toEqual({ 'dateAndCalendar.recurrenceEndDate': EVENT_PROBLEMS.endBeforeStartDate });
    expect(await tailsOf(series.id)).toEqual([]);
    expect(await storedRule(series.id)).toMatchObject({ recurrenceEndDate: '2026-12-05' });
  });

  it('splits a split: each tail’s parent is the head it was split from, counts add up, a segment’s first occurrence edits the segment', async () => {
    const series = await createSeries();
    const first = await editOccurrence(
      series.id,
      occurrenceEdit(
        series,
        utc('2026-10-31T21:00:00Z'),
        'THIS_AND_NEXT_OCCURRENCES',
        { startDate: '2026-10-31' },
        { eventTitle: 'B' },
      ),
    );
    expect(first.json<Event>().dateAndCalendar.maxOccurrences).toBe(4);
    const [middleId] = await tailsOf(series.id);
    const middle = await readEvent(middleId);
    expect(middle.dateAndCalendar.maxOccurrences).toBe(6);

    // The tail's third occurrence (the series' seventh).
    await editOccurrence(
      middleId,
      occurrenceEdit(
        middle,
        utc('2026-11-14T21:00:00Z'),
        'THIS_AND_NEXT_OCCURRENCES',
        { startDate: '2026-11-14' },
        { eventTitle: 'C', tarifMax: 30 },
      ),
    );
    const [lastId] = await tailsOf(middleId);
    const last = await readEvent(lastId);
    expect(last.generalInfos).toMatchObject({ eventTitle: 'C', tarifMax: 30 });
    expect(last.dateAndCalendar).toMatchObject({
      parentEventId: middleId,
      segmentIsRecurrenceTail: true,
      maxOccurrences: 4,
    });
    expect(last.dateAndCalendar.sourceEvent?.id).toBe(middleId);
    expect(last.dateAndCalendar.virtualParentEvent?.id).toBe(series.id);
    expect((await readEvent(middleId)).dateAndCalendar.maxOccurrences).toBe(2);
    const all = [...(await calendarOf(series.id)), ...(await calendarOf(middleId)), ...(await calendarOf(lastId))];
    expect(
      all.map(([start]) =>
        Temporal.Instant.from(start as string)
          .toZonedDateTimeISO('Europe/Zurich')
          .toPlainDate()
          .toString(),
      ),
    ).toEqual(SATURDAYS);
    expect(all.map(([, , title]) => title)).toEqual(Array(10).fill(null));

    // On the last segment's first occurrence: the segment is edited whole, no fourth segment.
    await editOccurrence(
      lastId,
      occurrenceEdit(last, utc('2026-11-14T21:00:00Z'), 'THIS_AND_NEXT_OCCURRENCES', {
        startDate: '2026-11-14',
        startTime: '21:00',
      }),
    );
    expect(await tailsOf(lastId)).toEqual([]);
    expect(await storedRule(lastId)).toMatchObject({ startTime: '21:00', maxOccurrences: 4, parentEventId: middleId });

    // Splitting the first head again puts the new segment between it and the segments after it.
    const head = await readEvent(series.id);
    await editOccurrence(
      series.id,
      occurrenceEdit(
        head,
        utc('2026-10-17T20:00:00Z'),
        'THIS_AND_NEXT_OCCURRENCES',
        { startDate: '2026-10-17' },
        { eventTitle: 'A2' },
      ),
    );
    const tails = await tailsOf(series.id);
    expect(tails).toHaveLength(1);
    expect(tails[0]).not.toBe(middleId);
    expect((await storedRule(middleId)).parentEventId).toBe(tails[0]);
    expect(await calendarOf(series.id)).toHaveLength(2);
    expect(await calendarOf(tails[0])).toHaveLength(2);
    await expectNoOrphanRows([series.id, tails[0], middleId, lastId]);
  });
});

// ---- refusals ----------------------------------------------------------------------------------------

describe('refusals', () => {
  it('400 on a one-off, on an instant the rule does not generate, without originalStartsAt; nothing is written', async () => {
    const oneOff = await createSeries({
      recurrencePattern: 'NONE',
      recurrenceDaysOfWeek: [],
      recurrenceEndType: 'NEVER',
      maxOccurrences: null,
    });
    const notRepeating = await editOccurrence(
      oneOff.id,
      occurrenceEdit(oneOff, utc('2026-10-03T20:00:00Z'), 'THIS_OCCURRENCE_ONLY'),
      400,
    );
    expect(errorsOf(notRepeating)).toEqual({ 'dateAndCalendar.updateScope': EVENT_PROBLEMS.notRecurring });

    const series = await createSeries();
    for (const instant of ['2026-10-03T20:30:00Z', '2026-10-04T20:00:00Z', '2026-12-12T21:00:00Z']) {
      for (const scope of ['THIS_OCCURRENCE_ONLY', 'THIS_AND_NEXT_OCCURRENCES'] as const) {
        const refused = await editOccurrence(series.id, occurrenceEdit(series, instant, scope), 400);
        expect(errorsOf(refused)).toEqual({ originalStartsAt: EVENT_PROBLEMS.notAnOccurrence });
      }
    }
    const withoutStart = await editOccurrence(
      series.id,
      { ...occurrenceEdit(series, '', 'THIS_OCCURRENCE_ONLY'), originalStartsAt: null },
      400,
    );
    expect(errorsOf(withoutStart)).toHaveProperty('originalStartsAt', EVENT_PROBLEMS.originalStartRequired);
    expect((await readEvent(series.id)).version).toBe(series.version);
    expect(await storedRows(series.id)).toEqual([]);
    expect(await tailsOf(series.id)).toEqual([]);
  });

  it('409 on a stale version, for either scope', async () => {
    const series = await createSeries();
    await editOccurrence(
      series.id,
      occurrenceEdit(
        series,
        utc('2026-10-17T20:00:00Z'),
        'THIS_OCCURRENCE_ONLY',
        { startDate: '2026-10-17' },
        { eventTitle: 'First' },
      ),
    );
    for (const scope of ['THIS_OCCURRENCE_ONLY', 'THIS_AND_NEXT_OCCURRENCES'] as const) {
      const stale = await editOccurrence(
        series.id,
        occurrenceEdit(
          series,
          utc('2026-10-31T21:00:00Z'),
          scope,
          { startDate: '2026-10-31' },
          { eventTitle: 'Second' },
        ),
        409,
      );
      expect(stale.json<{ message: string }>().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    }
    expect(await storedRows(series.id)).toHaveLength(1);
    expect(await tailsOf(series.id)).toEqual([]);
  });

  it('keeps to the scope: another venue’s admin and a promoter get 404, a customer 403', async () => {
    const series = await createSeries();
    const payload = occurrenceEdit(
      series,
      utc('2026-10-31T21:00:00Z'),
      'THIS_AND_NEXT_OCCURRENCES',
      { startDate: '2026-10-31' },
      { eventTitle: 'Not yours' },
    );
    expect((await call('admin2@demo.ch', 'PUT', `/events/${series.id}`, payload)).statusCode).toBe(404);
    expect([403, 404]).toContain((await call('promoter@demo.ch', 'PUT', `/events/${series.id}`, payload)).statusCode);
    expect((await call('customer@demo.ch', 'PUT', `/events/${series.id}`, payload)).statusCode).toBe(403);
    expect(await tailsOf(series.id)).toEqual([]);
    expect((await readEvent(series.id)).version).toBe(series.version);
  });
});
