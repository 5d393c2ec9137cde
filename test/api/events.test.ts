import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { EVENT_PROBLEMS, type Event } from '../../domain/event';
import { UNKNOWN_REFERENCE } from '../../domain/reference';
import {
  environments,
  establishments,
  eventOutOfSchedule,
  events,
  eventTypes,
  games,
  musics,
  notifications,
  services,
  tags,
  uploads,
  users,
} from '../../server/db/schema';
import { errorsOf, jsonParam, orderedIds, signIn, startTestServer, totalOf, userRow, type TestServer } from './harness';

/**
 * `/events` beyond the generated authorisation matrix: one-off and weekly series in both flows,
 * validation of every field, derived fields, out-of-schedule rows replaced and re-keyed with the rule (no
 * orphan, read from the database), save actions → visibility and approval, scope with the demo accounts,
 * list filters, and the 409 of a stale version.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { admin: 0, promoter: 0, firstEstablishment: 0, secondEstablishment: 0, firstGroup: 0, secondGroup: 0 };
const reference = {
  eventTypes: [] as number[],
  musics: [] as number[],
  services: [] as number[],
  games: [] as number[],
  environments: [] as number[],
  tags: [] as number[],
};

const ACCOUNTS = [
  'root@demo.ch',
  'admin@demo.ch',
  'admin2@demo.ch',
  'promoter@demo.ch',
  'promoter2@demo.ch',
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
  ids.firstEstablishment = admin.establishmentId ?? 0;
  ids.secondEstablishment = (await account('admin2@demo.ch')).establishmentId ?? 0;
  ids.firstGroup = promoter.promoterGroupId ?? 0;
  ids.secondGroup = (await account('promoter2@demo.ch')).promoterGroupId ?? 0;
  const idsOf = (column: PgColumn) => orderedIds(server.db, column);
  reference.eventTypes = await idsOf(eventTypes.id);
  reference.musics = await idsOf(musics.id);
  reference.services = await idsOf(services.id);
  reference.games = await idsOf(games.id);
  reference.environments = await idsOf(environments.id);
  reference.tags = await idsOf(tags.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });

const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

interface InputOverrides {
  general?: Record<string, unknown>;
  dates?: Record<string, unknown>;
  media?: Record<string, unknown>;
  rest?: Record<string, unknown>;
}

/** A valid establishment-flow one-off event at the first establishment (Saturday 7 November 2026, 22:00–04:00). */
function eventInput(overrides: InputOverrides = {}) {
  return {
    generalInfos: {
      establishmentId: ids.firstEstablishment,
      eventType: { id: reference.eventTypes[0] },
      eventTitle: uniqueTitle('Nachtschicht'),
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 25,
      urlBilletterie: 'https://tickets.example.ch/nachtschicht',
      musics: [reference.musics[1], reference.musics[0]],
      promotable: true,
      isFree: false,
      ...overrides.general,
    },
    dateAndCalendar: { startDate: '2026-11-07', startTime: '22:00', endTime: '04:00', ...overrides.dates },
    descriptionAndMedia: { tagTerms: [reference.tags[0]], ...overrides.media },
    description: { description: null, htmlDescription: '<p>Bring <b>friends</b><script>alert(1)</script></p>' },
    ...overrides.rest,
  };
}

/** Ten Saturdays 22:00–04:00 from 7 November 2026. */
const tenSaturdays = {
  recurrencePattern: 'WEEKLY',
  recurrenceDaysOfWeek: ['SATURDAY'],
  recurrenceEndType: 'AFTER_OCCURRENCES',
  maxOccurrences: 10,
};
/** Zurich is UTC+1 in November: the rule's Saturday starts (22:00 local). */
const SATURDAYS = ['2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28', '2026-12-05'].map(
  (date) => `${date}T21:00:00Z`,
);

async function create(input: object, email = 'admin@demo.ch'): Promise<Event> {
  const response = await call(email, 'POST', '/events', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

async function read(id: number, email = 'root@demo.ch'): Promise<Event> {
  const response = await call(email, 'GET', `/events/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Event>();
}

async function put(
  record: Event,
  changes: (record: Event) => object,
  email = 'admin@demo.ch',
): Promise<LightMyRequestResponse> {
  return call(email, 'PUT', `/events/${record.id}`, changes(record));
}

async function putOk(record: Event, changes: (record: Event) => object, email = 'admin@demo.ch'): Promise<Event> {
  const response = await put(record, changes, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Event>();
}

const storedRow = async (id: number) => (await server.db.select().from(events).where(eq(events.id, id)))[0];
const storedRows = (id: number) =>
  server.db
    .select()
    .from(eventOutOfSchedule)
    .where(eq(eventOutOfSchedule.eventId, id))
    .orderBy(asc(eventOutOfSchedule.originalStartsAt));
const countEvents = async () => (await server.db.select({ id: events.id }).from(events)).length;

async function list(email: string, filter: object, sort: [string, string] = ['id', 'ASC']) {
  const response = await call(
    email,
    'GET',
    `/events?filter=${jsonParam(filter)}&sort=${jsonParam(sort)}&range=${jsonParam([0, 999])}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return { records: response.json<Event[]>(), response };
}

describe('the record', () => {
  it('creates a one-off overnight event and reads it back with its derived fields and bounds', async () => {
    const input = eventInput();
    const record = await create(input);
    expect(record.eventId).toBe(record.id);
    expect(record.generalInfos).toMatchObject({
      establishmentId: ids.firstEstablishment,
      eventTitle: input.generalInfos.eventTitle,
      eventType: { id: reference.eventTypes[0] },
      musics: [...input.generalInfos.musics].sort((a, b) => a - b),
      tarifMin: 10,
      tarifMax: 25,
      promoterGroupId: null,
      approvalStatus: null,
      approvalReason: null,
    });
    const [type] = await server.db.select().from(eventTypes).where(eq(eventTypes.id, reference.eventTypes[0]));
    // No Accept-Language: the label is in admin@demo.ch's own language, German (events.readers.test.ts has the rule).
    expect(record.generalInfos.eventType.type).toBe(type.labelDe);
    // Overnight: the end date is derived as the next day; a one-off is one occurrence.
    expect(record.dateAndCalendar).toMatchObject({
      startDate: '2026-11-07',
      endDate: '2026-11-08',
      recurrencePattern: 'NONE',
      totalOccurrencesNumber: 1,
      outOfScheduleEvents: [],
      sourceEvent: null,
      virtualParentEvent: null,
      recurrenceTouched: false,
      nested: false,
      parentEventId: null,
      segmentIsRecurrenceTail: false,
      updateScope: null,
    });
    expect(record).toMatchObject({
      visibility: 'PUBLISHED',
      isVirtual: false,
      outOfScheduleEventId: null,
      originalStartsAt: null,
      originalReccurenceTouched: false,
    });
    expect(record.description.htmlDescription).toBe('<p>Bring <b>friends</b></p>');
    expect(record.description.description).toBe('Bring friends');
    const [tag] = await server.db.select().from(tags).where(eq(tags.id, reference.tags[0]));
    expect(record.tagTerms).toEqual({ [String(tag.id)]: tag.tagName });
    const row = await storedRow(record.id);
    expect(row.firstStartsAt.toISOString()).toBe('2026-11-07T21:00:00.000Z');
    expect(row.lastEndsAt?.toISOString()).toBe('2026-11-08T03:00:00.000Z');
    // Left out, the derived end date is not stored: it follows a later change of the times.
    expect(row.endDate).toBeNull();
  });

  it('counts a weekly series and bounds it; a series that never ends has no count and no last end', async () => {
    const counted = await create(eventInput({ dates: tenSaturdays }));
    expect(counted.dateAndCalendar.totalOccurrencesNumber).toBe(10);
    expect((await storedRow(counted.id)).lastEndsAt?.toISOString()).toBe('2027-01-10T03:00:00.000Z');
    const open = await create(
      eventInput({ dates: { recurrencePattern: 'WEEKLY', recurrenceDaysOfWeek: ['FRIDAY', 'SATURDAY'] } }),
    );
    expect(open.dateAndCalendar.totalOccurrencesNumber).toBeNull();
    expect(open.dateAndCalendar.recurrenceDaysOfWeek).toEqual(['FRIDAY', 'SATURDAY']);
    expect((await storedRow(open.id)).lastEndsAt).toBeNull();
  });

  it('stores the promoter-flow fields, the gallery and a PDF menu, and gives back the record it read', async () => {
    const [picture, menu] = await Promise.all([
      insertUpload(ids.admin, 'image/png'),
      insertUpload(ids.admin, 'application/pdf'),
    ]);
    const record = await create(
      eventInput({
        general: {
          promoterGroupId: ids.firstGroup,
          localisation: 'Hardstrasse 1, Zürich',
          city: 'Zürich',
          lat: 47.38,
          lang: 8.52,
          placeId: 'place-1',
        },
        media: {
          media: [{ id: picture }],
          fileCarte: { id: menu },
          eventCapacity: 300,
          urlCarte: 'https://example.ch/carte',
          services: [reference.services[0]],
          games: [reference.games[0]],
          environments: [reference.environments[0]],
        },
      }),
    );
    expect(record.generalInfos).toMatchObject({
      promoterGroupId: ids.firstGroup,
      city: 'Zürich',
      lat: 47.38,
      lang: 8.52,
      placeId: 'place-1',
    });
    expect(record.descriptionAndMedia).toMatchObject({
      eventCapacity: 300,
      services: [reference.services[0]],
      games: [reference.games[0]],
      environments: [reference.environments[0]],
      fileCarte: { id: menu, mimeType: 'application/pdf' },
      mediaListState: { order: [picture], added: [], removed: [] },
    });
    expect(record.descriptionAndMedia.media.map((upload) => upload.id)).toEqual([picture]);
    // Saved back as read: nothing changes but the version.
    const again = await putOk(record, (current) => current);
    expect({ ...again, version: 0, updatedAt: '' }).toEqual({ ...record, version: 0, updatedAt: '' });
    expect(again.version).toBe(record.version + 1);
  });
});

async function insertUpload(ownerUserId: number, mimeType: string): Promise<number> {
  const key = randomUUID();
  const [row] = await server.db
    .insert(uploads)
    .values({
      storageKey: `${key}.${mimeType === 'application/pdf' ? 'pdf' : 'png'}`,
      previewKey: null,
      originalName: 'file',
      mimeType,
      sizeBytes: 100,
      width: mimeType === 'application/pdf' ? null : 64,
      height: mimeType === 'application/pdf' ? null : 64,
      ownerUserId,
    })
    .returning({ id: uploads.id });
  return row.id;
}

describe('validation: 400 naming the field, nothing written', () => {
  const cases: [string, () => InputOverrides, string, string?][] = [
    ['a date that does not exist', () => ({ dates: { startDate: '2026-02-30' } }), 'dateAndCalendar.startDate'],
    ['a time that does not exist', () => ({ dates: { startTime: '24:30' } }), 'dateAndCalendar.startTime'],
    [
      'an end before the start',
      () => ({ dates: { endDate: '2026-11-06' } }),
      'dateAndCalendar.endDate',
      EVENT_PROBLEMS.endsBeforeStart,
    ],
    [
      'a same-day end before the start time',
      () => ({ dates: { endDate: '2026-11-07' } }),
      'dateAndCalendar.endDate',
      EVENT_PROBLEMS.endsBeforeStart,
    ],
    [
      'a one-off longer than two weeks',
      () => ({ dates: { endDate: '2026-11-30' } }),
      'dateAndCalendar.endDate',
      EVENT_PROBLEMS.tooLong,
    ],
    [
      'an occurrence of a series over two nights',
      () => ({ dates: { ...tenSaturdays, endDate: '2026-11-09' } }),
      'dateAndCalendar.endDate',
      EVENT_PROBLEMS.tooLong,
    ],
    [
      'days on a monthly series',
      () => ({ dates: { recurrencePattern: 'MONTHLY', recurrenceDaysOfWeek: ['MONDAY'] } }),
      'dateAndCalendar.recurrenceDaysOfWeek',
      EVENT_PROBLEMS.onlyForWeekly,
    ],
    [
      'days on a one-off event',
      () => ({ dates: { recurrenceDaysOfWeek: ['MONDAY'] } }),
      'dateAndCalendar.recurrenceDaysOfWeek',
      EVENT_PROBLEMS.onlyForRepeating,
    ],
    [
      'a count without AFTER_OCCURRENCES',
      () => ({ dates: { recurrencePattern: 'WEEKLY', maxOccurrences: 4 } }),
      'dateAndCalendar.maxOccurrences',
      EVENT_PROBLEMS.onlyForEndType,
    ],
    [
      'AFTER_OCCURRENCES without a count',
      () => ({ dates: { recurrencePattern: 'WEEKLY', recurrenceEndType: 'AFTER_OCCURRENCES' } }),
      'dateAndCalendar.maxOccurrences',
      EVENT_PROBLEMS.requiredForEndType,
    ],
    [
      'ON_DATE without a date',
      () => ({ dates: { recurrencePattern: 'WEEKLY', recurrenceEndType: 'ON_DATE' } }),
      'dateAndCalendar.recurrenceEndDate',
      EVENT_PROBLEMS.requiredForEndType,
    ],
    [
      'ON_DATE before the start',
      () => ({ dates: { recurrencePattern: 'WEEKLY', recurrenceEndType: 'ON_DATE', recurrenceEndDate: '2026-11-01' } }),
      'dateAndCalendar.recurrenceEndDate',
      EVENT_PROBLEMS.endBeforeStartDate,
    ],
    [
      'an end type on a one-off',
      () => ({ dates: { recurrenceEndType: 'ON_DATE', recurrenceEndDate: '2026-12-01' } }),
      'dateAndCalendar.recurrenceEndType',
      EVENT_PROBLEMS.onlyForRepeating,
    ],
    [
      'a pattern that does not exist',
      () => ({ dates: { recurrencePattern: 'DAILY' } }),
      'dateAndCalendar.recurrencePattern',
    ],
    ['a minimum price above the maximum', () => ({ general: { tarifMin: 30, tarifMax: 20 } }), 'generalInfos.tarifMax'],
    ['a negative price', () => ({ general: { tarifMin: -5 } }), 'generalInfos.tarifMin'],
    ['an age above 99', () => ({ general: { ageMin: 120 } }), 'generalInfos.ageMin'],
    ['a negative age', () => ({ general: { ageMin: -1 } }), 'generalInfos.ageMin'],
    [
      'a free event with a price',
      () => ({ general: { isFree: true } }),
      'generalInfos.isFree',
      EVENT_PROBLEMS.freeWithPrice,
    ],
    ['no title', () => ({ general: { eventTitle: '  ' } }), 'generalInfos.eventTitle'],
    [
      'a ticket link that is no web address',
      () => ({ general: { urlBilletterie: 'javascript:alert(1)' } }),
      'generalInfos.urlBilletterie',
    ],
    [
      'neither establishment nor promoter group',
      () => ({ general: { establishmentId: null } }),
      'generalInfos.establishmentId',
      EVENT_PROBLEMS.ownerRequired,
    ],
    ['a latitude without longitude', () => ({ general: { lat: 46.5 } }), 'generalInfos.lang'],
    [
      'an unknown event type',
      () => ({ general: { eventType: { id: 999_999 } } }),
      'generalInfos.eventType',
      UNKNOWN_REFERENCE,
    ],
    ['an unknown music', () => ({ general: { musics: [999_999] } }), 'generalInfos.musics', UNKNOWN_REFERENCE],
    [
      'an unknown service',
      () => ({ media: { services: [999_999] } }),
      'descriptionAndMedia.services',
      UNKNOWN_REFERENCE,
    ],
    ['an unknown tag', () => ({ media: { tagTerms: [999_999] } }), 'descriptionAndMedia.tagTerms', UNKNOWN_REFERENCE],
    [
      'an unknown promoter group',
      () => ({ general: { promoterGroupId: 999_999 } }),
      'generalInfos.promoterGroupId',
      UNKNOWN_REFERENCE,
    ],
    ['a negative capacity', () => ({ media: { eventCapacity: -1 } }), 'descriptionAndMedia.eventCapacity'],
    [
      'out-of-schedule rows on a one-off',
      () => ({ dates: { outOfScheduleEvents: [{ action: 'SKIP', originalStartsAt: SATURDAYS[0] }] } }),
      'dateAndCalendar.outOfScheduleEvents',
      EVENT_PROBLEMS.onlyForRepeating,
    ],
    [
      'a SKIP of an instant the rule does not generate',
      () => ({
        dates: { ...tenSaturdays, outOfScheduleEvents: [{ action: 'SKIP', originalStartsAt: '2026-11-08T21:00:00Z' }] },
      }),
      'dateAndCalendar.outOfScheduleEvents.0.originalStartsAt',
      EVENT_PROBLEMS.notAnOccurrence,
    ],
    [
      'an UPDATE without its new instants',
      () => ({
        dates: { ...tenSaturdays, outOfScheduleEvents: [{ action: 'UPDATE', originalStartsAt: SATURDAYS[1] }] },
      }),
      'dateAndCalendar.outOfScheduleEvents.0.startsAt',
    ],
    ['a save action that does not exist', () => ({ rest: { saveAction: 'publishLater' } }), 'saveAction'],
    [
      'publish on a create',
      () => ({ rest: { saveAction: 'publish' } }),
      'saveAction',
      EVENT_PROBLEMS.saveActionNotHere,
    ],
  ];

  it.each(cases)('%s', async (_label, overrides, field, problem) => {
    const before = await countEvents();
    const response = await call('root@demo.ch', 'POST', '/events', eventInput(overrides()));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(errorsOf(response))).toContain(field);
    if (problem) expect(errorsOf(response)[field]).toBe(problem);
    expect(await countEvents()).toBe(before);
  });

  it('an unknown establishment, and uploads the caller may not attach (a picture for the gallery only)', async () => {
    const othersPicture = await insertUpload(ids.promoter, 'image/png');
    const ownPdf = await insertUpload(ids.admin, 'application/pdf');
    const asRoot = await call('root@demo.ch', 'POST', '/events', eventInput({ general: { establishmentId: 999_999 } }));
    expect(asRoot.statusCode).toBe(400);
    expect(errorsOf(asRoot)['generalInfos.establishmentId']).toBe(UNKNOWN_REFERENCE);
    const response = await call(
      'admin@demo.ch',
      'POST',
      '/events',
      eventInput({ media: { media: [{ id: ownPdf }], fileCarte: { id: othersPicture } } }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorsOf(response)).sort()).toEqual([
      'descriptionAndMedia.fileCarte',
      'descriptionAndMedia.media.0',
    ]);
  });

  it('a PUT is checked like a POST and needs the version', async () => {
    const record = await create(eventInput({ dates: tenSaturdays }));
    const response = await put(record, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 100 },
    }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorsOf(response))).toEqual(['generalInfos.ageMin']);
    const withoutVersion = await put(record, (current) => ({ ...current, version: undefined }));
    expect(withoutVersion.statusCode).toBe(400);
    expect(errorsOf(withoutVersion)).toHaveProperty('version');
    expect((await read(record.id)).version).toBe(record.version);
  });
});

describe('out-of-schedule rows', () => {
  const moved = (originalStartsAt: string, startsAt: string, endsAt: string, eventTitle: string | null = null) => ({
    action: 'UPDATE',
    originalStartsAt,
    startsAt,
    endsAt,
    eventTitle,
  });

  it('a PUT with rows replaces them, keeping the ids of rows it keeps; left out, rows stay', async () => {
    const series = await create(eventInput({ dates: tenSaturdays }));
    const withRows = await putOk(series, (current) => ({
      ...current,
      dateAndCalendar: {
        ...current.dateAndCalendar,
        outOfScheduleEvents: [
          { action: 'SKIP', originalStartsAt: SATURDAYS[1] },
          moved(SATURDAYS[2], '2026-11-21T22:00:00Z', '2026-11-22T04:00:00Z', 'Late edition'),
        ],
      },
    }));
    expect(withRows.dateAndCalendar.outOfScheduleEvents.map((row) => [row.action, row.originalStartsAt])).toEqual([
      ['SKIP', SATURDAYS[1]],
      ['UPDATE', SATURDAYS[2]],
    ]);
    expect(withRows.dateAndCalendar.totalOccurrencesNumber).toBe(9);
    expect(withRows.dateAndCalendar.recurrenceTouched).toBe(true);
    const updateId = withRows.dateAndCalendar.outOfScheduleEvents[1].id;

    // The editor's save: the SKIP goes, the UPDATE is changed (same id), a CREATE after the last Saturday comes.
    const replaced = await putOk(withRows, (current) => ({
      ...current,
      dateAndCalendar: {
        ...current.dateAndCalendar,
        outOfScheduleEvents: [
          moved(SATURDAYS[2], '2026-11-21T23:00:00Z', '2026-11-22T04:00:00Z', 'Later edition'),
          {
            action: 'CREATE',
            originalStartsAt: '2027-01-16T21:00:00Z',
            startsAt: '2027-01-16T21:00:00Z',
            endsAt: '2027-01-17T05:00:00Z',
            eventTitle: 'Encore',
          },
        ],
      },
    }));
    const rows = await storedRows(series.id);
    expect(rows.map((row) => row.action)).toEqual(['UPDATE', 'CREATE']);
    expect(rows[0].id).toBe(updateId);
    expect(rows[0].startsAt?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(rows[0].title).toBe('Later edition');
    expect(replaced.dateAndCalendar.totalOccurrencesNumber).toBe(11);
    // The CREATE ends after the rule's last occurrence: the stored bound follows it.
    expect((await storedRow(series.id)).lastEndsAt?.toISOString()).toBe('2027-01-17T05:00:00.000Z');

    // Left out of the PUT, the rows stay as stored.
    const { outOfScheduleEvents: _left, ...datesWithoutRows } = replaced.dateAndCalendar;
    await putOk(replaced, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 21 },
      dateAndCalendar: datesWithoutRows,
    }));
    expect((await storedRows(series.id)).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });

  it('keeps the stored bounds right after every kind of save, and leaves rows sent back as read untouched', async () => {
    const encore = {
      action: 'CREATE',
      originalStartsAt: '2027-01-16T21:00:00Z',
      startsAt: '2027-01-16T21:00:00Z',
      endsAt: '2027-01-17T05:00:00Z',
      eventTitle: 'Encore',
    };
    const lastEnd = async (id: number) => (await storedRow(id)).lastEndsAt?.toISOString();
    // A new series with a row after the rule's last occurrence: bounded by the row.
    const series = await create(eventInput({ dates: { ...tenSaturdays, outOfScheduleEvents: [encore] } }));
    expect(await lastEnd(series.id)).toBe('2027-01-17T05:00:00.000Z');
    const rowsBefore = await storedRows(series.id);

    // The record as read, only its title changed: rule, rows and bounds stay, the row is not written again.
    const renamed = await putOk(series, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, eventTitle: uniqueTitle('Renamed') },
    }));
    expect(await storedRows(series.id)).toEqual(rowsBefore);
    expect(await lastEnd(series.id)).toBe('2027-01-17T05:00:00.000Z');

    // Without the row, the rule's last Saturday bounds it again; a shorter rule, its own last one.
    const withoutRow = await putOk(renamed, (current) => ({
      ...current,
      dateAndCalendar: { ...current.dateAndCalendar, outOfScheduleEvents: [] },
    }));
    expect(await lastEnd(series.id)).toBe('2027-01-10T03:00:00.000Z');
    await putOk(withoutRow, (current) => ({
      ...current,
      dateAndCalendar: { ...current.dateAndCalendar, maxOccurrences: 5 },
    }));
    expect(await lastEnd(series.id)).toBe('2026-12-06T03:00:00.000Z');
    expect((await storedRow(series.id)).firstStartsAt.toISOString()).toBe('2026-11-07T21:00:00.000Z');
  });

  it('two rows for one occurrence are a 400, and nothing changes', async () => {
    const series = await create(eventInput({ dates: tenSaturdays }));
    const response = await put(series, (current) => ({
      ...current,
      dateAndCalendar: {
        ...current.dateAndCalendar,
        outOfScheduleEvents: [
          { action: 'SKIP', originalStartsAt: SATURDAYS[1] },
          { action: 'SKIP', originalStartsAt: '2026-11-14T22:00:00+01:00' },
        ],
      },
    }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorsOf(response))).toEqual(['dateAndCalendar.outOfScheduleEvents.1.originalStartsAt']);
    expect(await storedRows(series.id)).toEqual([]);
  });

  it('a rule change re-keys rows to the same local date or removes them: never an orphan', async () => {
    const series = await create(eventInput({ dates: tenSaturdays }));
    const withRows = await putOk(series, (current) => ({
      ...current,
      dateAndCalendar: {
        ...current.dateAndCalendar,
        outOfScheduleEvents: [
          { action: 'SKIP', originalStartsAt: SATURDAYS[1] },
          moved(SATURDAYS[4], '2026-12-05T22:00:00Z', '2026-12-06T04:00:00Z'),
        ],
      },
    }));
    const [skipId, updateId] = withRows.dateAndCalendar.outOfScheduleEvents.map((row) => row.id);

    // 22:00 → 21:00 (rows left out of the PUT): both rows follow their Saturday, with their ids.
    const earlier = await putOk(withRows, (current) => {
      const { outOfScheduleEvents: _rows, ...dates } = current.dateAndCalendar;
      return { ...current, dateAndCalendar: { ...dates, startTime: '21:00' } };
    });
    expect((await storedRows(series.id)).map((row) => [row.id, row.originalStartsAt.toISOString()])).toEqual([
      [skipId, '2026-11-14T20:00:00.000Z'],
      [updateId, '2026-12-05T20:00:00.000Z'],
    ]);
    expect(earlier.dateAndCalendar.totalOccurrencesNumber).toBe(9);

    // Four occurrences only: the fifth Saturday's UPDATE has no occurrence any more and goes.
    const shorter = await putOk(earlier, (current) => {
      const { outOfScheduleEvents: _rows, ...dates } = current.dateAndCalendar;
      return { ...current, dateAndCalendar: { ...dates, maxOccurrences: 4 } };
    });
    expect((await storedRows(series.id)).map((row) => row.id)).toEqual([skipId]);
    expect(shorter.dateAndCalendar.totalOccurrencesNumber).toBe(3);

    // Thursdays instead: no row's date is a Thursday, so none is left.
    const thursdays = await putOk(shorter, (current) => {
      const { outOfScheduleEvents: _rows, ...dates } = current.dateAndCalendar;
      return { ...current, dateAndCalendar: { ...dates, recurrenceDaysOfWeek: ['THURSDAY'] } };
    });
    expect(await storedRows(series.id)).toEqual([]);
    expect(thursdays.dateAndCalendar.recurrenceTouched).toBe(false);
  });

  it('a series made a one-off event loses its rows', async () => {
    const series = await create(eventInput({ dates: tenSaturdays }));
    const withRows = await putOk(series, (current) => ({
      ...current,
      dateAndCalendar: {
        ...current.dateAndCalendar,
        outOfScheduleEvents: [{ action: 'SKIP', originalStartsAt: SATURDAYS[3] }],
      },
    }));
    await putOk(withRows, (current) => ({
      ...current,
      dateAndCalendar: {
        startDate: current.dateAndCalendar.startDate,
        startTime: current.dateAndCalendar.startTime,
        endTime: current.dateAndCalendar.endTime,
      },
    }));
    expect(await storedRows(series.id)).toEqual([]);
    expect((await storedRow(series.id)).lastEndsAt?.toISOString()).toBe('2026-11-08T03:00:00.000Z');
  });

  it('DELETE with originalStartsAt skips that occurrence and answers the series; a bad instant is a 400', async () => {
    const series = await create(eventInput({ dates: tenSaturdays }));
    const response = await call(
      'admin@demo.ch',
      'DELETE',
      `/events/${series.id}?originalStartsAt=${encodeURIComponent(SATURDAYS[3])}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<Event>();
    expect(record.dateAndCalendar.outOfScheduleEvents.map((row) => [row.action, row.originalStartsAt])).toEqual([
      ['SKIP', SATURDAYS[3]],
    ]);
    expect(record.version).toBeGreaterThan(series.version);
    expect(await storedRow(series.id)).toBeDefined();
    const bad = await call('admin@demo.ch', 'DELETE', `/events/${series.id}?originalStartsAt=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toHaveProperty('originalStartsAt');
    const outside = await call(
      'admin2@demo.ch',
      'DELETE',
      `/events/${series.id}?originalStartsAt=${encodeURIComponent(SATURDAYS[4])}`,
    );
    expect(outside.statusCode).toBe(404);
  });
});

describe('segments', () => {
  it('a tail of a tail names its parent and the root; the root knows it was split; rootsOnly lists the root', async () => {
    const root = await create(eventInput({ dates: tenSaturdays }));
    const middle = await create(eventInput({ dates: { ...tenSaturdays, startDate: '2026-11-21' } }));
    const tail = await create(eventInput({ dates: { ...tenSaturdays, startDate: '2026-12-05' } }));
    await server.db
      .update(events)
      .set({ parentEventId: root.id, segmentIsRecurrenceTail: true })
      .where(eq(events.id, middle.id));
    await server.db
      .update(events)
      .set({ parentEventId: middle.id, segmentIsRecurrenceTail: true })
      .where(eq(events.id, tail.id));
    const tailRecord = await read(tail.id);
    expect(tailRecord.dateAndCalendar).toMatchObject({
      parentEventId: middle.id,
      segmentIsRecurrenceTail: true,
      nested: true,
      recurrenceTouched: true,
      sourceEvent: {
        id: middle.id,
        name: middle.generalInfos.eventTitle,
        startsAt: '2026-11-21T21:00:00Z',
        endsAt: '2027-01-24T03:00:00Z',
      },
      virtualParentEvent: { id: root.id, name: root.generalInfos.eventTitle, startsAt: SATURDAYS[0] },
    });
    const rootRecord = await read(root.id);
    expect(rootRecord.dateAndCalendar).toMatchObject({
      nested: true,
      recurrenceTouched: true,
      sourceEvent: null,
      virtualParentEvent: null,
    });
    // A PUT of a segment keeps its links.
    await putOk(tailRecord, (current) => ({ ...current, generalInfos: { ...current.generalInfos, ageMin: 20 } }));
    expect((await storedRow(tail.id)).parentEventId).toBe(middle.id);
    const { records } = await list('root@demo.ch', { id: [root.id, middle.id, tail.id], rootsOnly: true });
    expect(records.map((record) => record.id)).toEqual([root.id]);
  });
});

describe('save actions', () => {
  const approvalOf = async (id: number) => {
    const row = await storedRow(id);
    return { visibility: row.visibility, approvalStatus: row.approvalStatus, requestedByUserId: row.requestedByUserId };
  };

  it('establishment flow: createDraft / createPublished on POST, publish / saveAsDraft / updateDraft on PUT, each elsewhere a 400', async () => {
    const draft = await create(eventInput({ rest: { saveAction: 'createDraft', visibility: 'PUBLISHED' } }));
    expect(await approvalOf(draft.id)).toEqual({ visibility: 'DRAFT', approvalStatus: null, requestedByUserId: null });
    const published = await create(eventInput({ rest: { saveAction: 'createPublished', visibility: 'DRAFT' } }));
    expect(published.visibility).toBe('PUBLISHED');

    const onPut = await put(draft, (current) => ({ ...current, saveAction: 'createPublished' }));
    expect(onPut.statusCode).toBe(400);
    expect(errorsOf(onPut).saveAction).toBe(EVENT_PROBLEMS.saveActionNotHere);

    const afterPublish = await putOk(draft, (current) => ({ ...current, saveAction: 'publish' }));
    expect(afterPublish.visibility).toBe('PUBLISHED');
    const afterDraft = await putOk(afterPublish, (current) => ({ ...current, saveAction: 'saveAsDraft' }));
    expect(afterDraft.visibility).toBe('DRAFT');
    const afterUpdateDraft = await putOk(afterDraft, (current) => ({
      ...current,
      visibility: 'PUBLISHED',
      saveAction: 'updateDraft',
    }));
    expect(afterUpdateDraft.visibility).toBe('DRAFT');
    // Without a save action the input's visibility decides.
    const plain = await putOk(afterUpdateDraft, (current) => ({ ...current, visibility: 'PUBLISHED' }));
    expect(plain.visibility).toBe('PUBLISHED');
    expect(plain.generalInfos.approvalStatus).toBeNull();
  });

  it('requestEvent by venue staff makes a pending draft asked by them', async () => {
    const record = await create(eventInput({ rest: { saveAction: 'requestEvent' } }));
    expect(await approvalOf(record.id)).toEqual({
      visibility: 'DRAFT',
      approvalStatus: 'PENDING',
      requestedByUserId: ids.admin,
    });
  });

  it('a promoter requests for its own group at a published venue: pending draft, group filled in, the venue told', async () => {
    const input = eventInput({ general: { promoterGroupId: null }, rest: { visibility: 'PUBLISHED' } });
    const record = await create(input, 'promoter@demo.ch');
    expect(record.generalInfos).toMatchObject({
      promoterGroupId: ids.firstGroup,
      establishmentId: ids.firstEstablishment,
      approvalStatus: 'PENDING',
    });
    expect(await approvalOf(record.id)).toEqual({
      visibility: 'DRAFT',
      approvalStatus: 'PENDING',
      requestedByUserId: ids.promoter,
    });
    // The venue's staff are told (a notification, mailed at once by default).
    const told = await server.db
      .select({ to: users.email, kind: notifications.kind, mailMode: notifications.mailMode })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.resource, 'events'), eq(notifications.recordId, record.id)));
    expect(told).toContainEqual({ to: 'admin@demo.ch', kind: 'ASK_AWAITING', mailMode: 'NOW' });
    expect(told.map((row) => row.to)).not.toContain('admin2@demo.ch');
    // The venue's staff see the request; the other venue's do not.
    expect((await call('admin@demo.ch', 'GET', `/events/${record.id}`)).statusCode).toBe(200);
    expect((await call('admin2@demo.ch', 'GET', `/events/${record.id}`)).statusCode).toBe(404);
  });

  it('a promoter only requests: other save actions, no venue, a draft venue, another group are refused', async () => {
    const before = await countEvents();
    const published = await call(
      'promoter@demo.ch',
      'POST',
      '/events',
      eventInput({ rest: { saveAction: 'createPublished' } }),
    );
    expect(published.statusCode).toBe(400);
    expect(errorsOf(published).saveAction).toBe(EVENT_PROBLEMS.promoterMustRequest);
    const noVenue = await call(
      'promoter@demo.ch',
      'POST',
      '/events',
      eventInput({ general: { establishmentId: null, promoterGroupId: ids.firstGroup } }),
    );
    expect(noVenue.statusCode).toBe(400);
    expect(errorsOf(noVenue)['generalInfos.establishmentId']).toBe(EVENT_PROBLEMS.requestNeedsEstablishment);
    const [draftVenue] = await server.db
      .insert(establishments)
      .values({ name: uniqueTitle('Draft venue'), city: 'Bern', visibility: 'DRAFT' })
      .returning({ id: establishments.id });
    const atDraftVenue = await call(
      'promoter@demo.ch',
      'POST',
      '/events',
      eventInput({ general: { establishmentId: draftVenue.id } }),
    );
    expect(atDraftVenue.statusCode).toBe(400);
    expect(errorsOf(atDraftVenue)['generalInfos.establishmentId']).toBe(UNKNOWN_REFERENCE);
    const otherGroup = await call(
      'promoter@demo.ch',
      'POST',
      '/events',
      eventInput({ general: { promoterGroupId: ids.secondGroup } }),
    );
    expect(otherGroup.statusCode).toBe(403);
    expect(otherGroup.json().message).toBe(RESOURCE_ERROR_CODES.forbidden);
    expect(errorsOf(otherGroup)).toHaveProperty(['generalInfos.promoterGroupId']);
    expect(await countEvents()).toBe(before);
  });

  it('the venue publishes a request only by approving it: a PUT that would publish a pending or rejected one is a 400', async () => {
    const request = await create(eventInput({ general: { promoterGroupId: ids.firstGroup } }), 'promoter@demo.ch');
    const pending = await read(request.id);
    for (const body of [{ saveAction: 'publish' }, { visibility: 'PUBLISHED' }]) {
      const refused = await put(pending, (current) => ({ ...current, ...body }));
      expect(refused.statusCode).toBe(400);
      expect(errorsOf(refused).visibility).toBe(EVENT_PROBLEMS.approveToPublish);
    }
    expect(await approvalOf(request.id)).toMatchObject({ visibility: 'DRAFT', approvalStatus: 'PENDING' });
    // Editing it as a draft is fine, and it stays a pending request.
    const edited = await putOk(pending, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 20 },
    }));
    expect(edited.generalInfos).toMatchObject({ approvalStatus: 'PENDING', ageMin: 20 });
    expect(edited.visibility).toBe('DRAFT');
  });

  it('a promoter re-submits a rejected request; an approved event is the venue’s to change', async () => {
    const record = await create(eventInput({ general: { promoterGroupId: ids.firstGroup } }), 'promoter@demo.ch');
    await server.db
      .update(events)
      .set({ approvalStatus: 'REJECTED', approvalReason: 'Full that night', reviewedByUserId: ids.admin })
      .where(eq(events.id, record.id));
    const rejected = await read(record.id, 'promoter@demo.ch');
    expect(rejected.generalInfos).toMatchObject({ approvalStatus: 'REJECTED', approvalReason: 'Full that night' });
    const resubmitted = await putOk(
      rejected,
      (current) => ({ ...current, generalInfos: { ...current.generalInfos, ageMin: 21 } }),
      'promoter@demo.ch',
    );
    expect(resubmitted.generalInfos).toMatchObject({ approvalStatus: 'PENDING', approvalReason: null, ageMin: 21 });
    expect((await storedRow(record.id)).reviewedByUserId).toBeNull();

    await server.db
      .update(events)
      .set({ approvalStatus: 'APPROVED', visibility: 'PUBLISHED' })
      .where(eq(events.id, record.id));
    const approved = await read(record.id, 'promoter@demo.ch');
    const refused = await put(
      approved,
      (current) => ({ ...current, generalInfos: { ...current.generalInfos, ageMin: 30 } }),
      'promoter@demo.ch',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EVENT_PROBLEMS.approvedIsVenues);
    expect((await storedRow(record.id)).ageMin).toBe(21);
    // The venue changes it, and its approval stays.
    const byVenue = await putOk(approved, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 30 },
      saveAction: 'publish',
    }));
    expect(byVenue.generalInfos).toMatchObject({ approvalStatus: 'APPROVED', ageMin: 30 });
    expect(byVenue.visibility).toBe('PUBLISHED');
  });
});

describe('scope', () => {
  it('each account lists exactly its scope: venue staff their venue, a promoter its group, a customer what is published', async () => {
    const draft = await create(eventInput({ rest: { saveAction: 'createDraft' } }));
    const rows = await server.db.select().from(events);
    const idsWhere = (keep: (row: (typeof rows)[number]) => boolean) =>
      rows
        .filter(keep)
        .map((row) => row.id)
        .sort((a, b) => a - b);
    const listed = async (email: string) =>
      (await list(email, {})).records.map((record) => record.id).sort((a, b) => a - b);
    expect(await listed('root@demo.ch')).toEqual(idsWhere(() => true));
    expect(await listed('admin@demo.ch')).toEqual(idsWhere((row) => row.establishmentId === ids.firstEstablishment));
    expect(await listed('admin2@demo.ch')).toEqual(idsWhere((row) => row.establishmentId === ids.secondEstablishment));
    expect(await listed('promoter@demo.ch')).toEqual(idsWhere((row) => row.promoterGroupId === ids.firstGroup));
    expect(await listed('promoter2@demo.ch')).toEqual(idsWhere((row) => row.promoterGroupId === ids.secondGroup));
    expect(await listed('customer@demo.ch')).toEqual(idsWhere((row) => row.visibility === 'PUBLISHED'));
    expect(await listed('customer@demo.ch')).not.toContain(draft.id);
    const { response } = await list('admin2@demo.ch', {});
    expect(totalOf(response)).toBe(idsWhere((row) => row.establishmentId === ids.secondEstablishment).length);
  });

  it('outside the scope an event does not exist (404); readable but not writable is a 403', async () => {
    const record = await create(eventInput());
    const draft = await create(eventInput({ rest: { saveAction: 'createDraft' } }));
    expect((await call('admin2@demo.ch', 'GET', `/events/${record.id}`)).statusCode).toBe(404);
    expect((await call('promoter2@demo.ch', 'GET', `/events/${record.id}`)).statusCode).toBe(404);
    expect((await call('customer@demo.ch', 'GET', `/events/${draft.id}`)).statusCode).toBe(404);
    expect((await call('customer@demo.ch', 'GET', `/events/${record.id}`)).statusCode).toBe(200);
    expect((await call('admin2@demo.ch', 'PUT', `/events/${record.id}`, record)).statusCode).toBe(404);
    expect((await call('admin2@demo.ch', 'DELETE', `/events/${record.id}`)).statusCode).toBe(404);
    expect((await call('customer@demo.ch', 'PUT', `/events/${record.id}`, record)).statusCode).toBe(403);
    expect((await call('customer@demo.ch', 'POST', '/events', eventInput())).statusCode).toBe(403);
    expect((await call('promoter@demo.ch', 'DELETE', `/events/${record.id}`)).statusCode).toBe(403);
  });

  it('venue staff cannot create for, or move an event to, another venue (403 on the owner fields)', async () => {
    const before = await countEvents();
    const elsewhere = await call(
      'admin@demo.ch',
      'POST',
      '/events',
      eventInput({ general: { establishmentId: ids.secondEstablishment } }),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(errorsOf(elsewhere)).toHaveProperty(['generalInfos.establishmentId']);
    expect(await countEvents()).toBe(before);
    const record = await create(eventInput());
    const moved = await put(record, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, establishmentId: ids.secondEstablishment },
    }));
    expect(moved.statusCode).toBe(403);
    expect((await storedRow(record.id)).establishmentId).toBe(ids.firstEstablishment);
  });

  it('DELETE removes the series with its rows', async () => {
    const record = await create(
      eventInput({
        dates: { ...tenSaturdays, outOfScheduleEvents: [{ action: 'SKIP', originalStartsAt: SATURDAYS[2] }] },
      }),
    );
    expect(await storedRows(record.id)).toHaveLength(1);
    const response = await call('admin@demo.ch', 'DELETE', `/events/${record.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Event>().id).toBe(record.id);
    expect(await storedRow(record.id)).toBeUndefined();
    expect(await storedRows(record.id)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('a PUT read at an older version is a 409 and changes nothing', async () => {
    const record = await create(eventInput());
    await putOk(record, (current) => ({ ...current, generalInfos: { ...current.generalInfos, ageMin: 19 } }));
    const stale = await put(record, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 25 },
    }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    expect((await storedRow(record.id)).ageMin).toBe(19);
  });

  it('of parallel PUTs read at one version exactly one is saved, once: version and audit move by one', async () => {
    const record = await create(eventInput());
    const audited = async () =>
      Number(
        (
          (await server.db.execute(
            sql`SELECT count(*) AS n FROM audit_log WHERE resource = 'events' AND record_id = ${record.id}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0].n,
      );
    const auditedBefore = await audited();
    const answers = await Promise.all(
      [20, 21, 22, 23, 24].map((ageMin) =>
        put(record, (current) => ({ ...current, generalInfos: { ...current.generalInfos, ageMin } })),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const saved = answers.find((answer) => answer.statusCode === 200)?.json<Event>();
    const stored = await storedRow(record.id);
    expect(stored.version).toBe(record.version + 1);
    expect(saved?.version).toBe(record.version + 1);
    expect(stored.ageMin).toBe(saved?.generalInfos.ageMin);
    expect(stored.updatedAt.getTime()).toBeGreaterThan(new Date(record.updatedAt).getTime());
    expect(await audited()).toBe(auditedBefore + 1);
  });
});

describe('list filters and sort', () => {
  it('filters by title, city (the event’s or its venue’s), music, type, pattern, approval and visibility', async () => {
    const marker = uniqueTitle('Filterprobe');
    const [venue] = await server.db.select().from(establishments).where(eq(establishments.id, ids.firstEstablishment));
    const atVenue = await create(
      eventInput({
        general: {
          eventTitle: `${marker} A`,
          musics: [reference.musics[2]],
          eventType: { id: reference.eventTypes[1] },
        },
      }),
    );
    const elsewhere = await create(
      eventInput({
        general: { eventTitle: `${marker} B`, city: 'Lugano', musics: [reference.musics[3]] },
        dates: tenSaturdays,
        rest: { saveAction: 'createDraft' },
      }),
    );
    const titles = async (filter: object, sort?: [string, string]) =>
      (await list('root@demo.ch', { q: marker, ...filter }, sort)).records.map(
        (record) => record.generalInfos.eventTitle,
      );
    expect(await titles({}, ['eventTitle', 'DESC'])).toEqual([`${marker} B`, `${marker} A`]);
    expect(await titles({ cities: [String(venue.city).toUpperCase()] })).toEqual([`${marker} A`]);
    expect(await titles({ cities: 'lugano' })).toEqual([`${marker} B`]);
    expect(await titles({ musicIds: [reference.musics[2]] })).toEqual([`${marker} A`]);
    expect(await titles({ eventTypeIds: [reference.eventTypes[1]] })).toEqual([`${marker} A`]);
    expect(await titles({ eventTypeId: reference.eventTypes[0] })).toEqual([`${marker} B`]);
    expect(await titles({ recurrencePattern: 'WEEKLY' })).toEqual([`${marker} B`]);
    expect(await titles({ visibility: 'DRAFT' })).toEqual([`${marker} B`]);
    expect(await titles({ establishmentId: ids.secondEstablishment })).toEqual([]);
    expect(elsewhere.id).toBeGreaterThan(atVenue.id);
    const pending = await list('root@demo.ch', { approvalStatus: ['PENDING'] });
    expect(pending.records.length).toBeGreaterThan(0);
    expect(pending.records.every((record) => record.generalInfos.approvalStatus === 'PENDING')).toBe(true);
  });

  it('finds an event under its own city, else its venue’s, after every write that changes either', async () => {
    const cityOf = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
    const [venueCity, otherVenueCity, ownCity, movedCity] = ['Venueville', 'Otherville', 'Owntown', 'Movedtown'].map(
      cityOf,
    );
    const [template] = await server.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, ids.firstEstablishment));
    const venueIn = (city: string) => ({
      name: uniqueTitle('City venue'),
      city,
      establishmentTypeId: template.establishmentTypeId,
      visibility: 'PUBLISHED',
    });
    const [venue, otherVenue] = await server.db
      .insert(establishments)
      .values([venueIn(venueCity), venueIn(otherVenueCity)])
      .returning({ id: establishments.id });
    const marker = uniqueTitle('Cityprobe');
    const found = async (city: string) =>
      (await list('root@demo.ch', { q: marker, cities: [city.toUpperCase()] })).records.map((record) => record.id);
    let record = await create(
      eventInput({ general: { eventTitle: marker, establishmentId: venue.id, city: null } }),
      'root@demo.ch',
    );
    expect(await found(venueCity)).toEqual([record.id]);

    const withCity =
      (city: string | null, establishmentId = record.generalInfos.establishmentId) =>
      (current: Event) => ({
        ...current,
        generalInfos: { ...current.generalInfos, city, establishmentId },
      });
    record = await putOk(record, withCity(ownCity), 'root@demo.ch');
    expect(await found(ownCity)).toEqual([record.id]);
    expect(await found(venueCity)).toEqual([]);

    record = await putOk(record, withCity(null), 'root@demo.ch');
    expect(await found(venueCity)).toEqual([record.id]);
    expect(await found(ownCity)).toEqual([]);

    record = await putOk(record, withCity(null, otherVenue.id), 'root@demo.ch');
    expect(await found(otherVenueCity)).toEqual([record.id]);
    expect(await found(venueCity)).toEqual([]);

    // The venue moves: its city-less events move with it, in the same write.
    const venueRecord = (await call('root@demo.ch', 'GET', `/establishments/${otherVenue.id}`)).json();
    const moved = await call('root@demo.ch', 'PUT', `/establishments/${otherVenue.id}`, {
      ...venueRecord,
      generalInfos: { ...venueRecord.generalInfos, city: movedCity },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await found(movedCity)).toEqual([record.id]);
    expect(await found(otherVenueCity)).toEqual([]);

    // No write path, the seed's included, leaves a stored city behind its sources.
    const stale = await server.db.execute(
      sql`SELECT count(*)::int AS n FROM events e LEFT JOIN establishments v ON v.id = e.establishment_id
          WHERE e.city_key IS DISTINCT FROM lower(coalesce(e.city, v.city))`,
    );
    expect((stale as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('an unknown filter or sort field is a 400', async () => {
    expect((await call('root@demo.ch', 'GET', `/events?filter=${jsonParam({ colour: 'red' })}`)).statusCode).toBe(400);
    expect((await call('root@demo.ch', 'GET', `/events?sort=${jsonParam(['colour', 'ASC'])}`)).statusCode).toBe(400);
  });
});
