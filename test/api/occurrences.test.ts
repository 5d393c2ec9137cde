import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OutOfScheduleAction,
  RecurrenceEndType,
  RecurrencePattern,
  Visibility,
  WeekDay,
} from '../../domain/enums';
import { derivedEndDate, EVENT_LIMITS, OCCURRENCE_WINDOW_PROBLEMS, type OccurrenceItem } from '../../domain/event';
import { seriesBounds, type RecurrenceRule } from '../../domain/recurrence';
import { establishments, eventMusics, eventOutOfSchedule, events, eventTypes, musics } from '../../server/db/schema';
import { boundsColumns, ruleColumnsOf } from '../../server/services/events/writes';
import { errorsOf, jsonParam, orderedIds, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * `GET /occurrences`: the window (overlap, clock changes, dates as local days), out-of-schedule rows
 * (moved in and out, SKIP, CREATE), each filter, the scope of every kind of demo account, pagination with its
 * total, sort, and bad filters. The events are written as rows (the events API is tested elsewhere), with a
 * title token so that the seeded demo events never count; their bounds leave out the rows, as seeded data
 * does, so that a moved occurrence is found through its row.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ACCOUNTS = ['root@demo.ch', 'admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'customer@demo.ch'] as const;
type Account = (typeof ACCOUNTS)[number];

const ids = { venueA: 0, venueB: 0, groupA: 0, typeA: 0, typeB: 0, musicA: 0, musicB: 0 };
const cities = { venueA: '', venueB: '' };
const fixtures: Record<string, number> = {};

const TOKEN = 'Qx7';
const ZONE = 'Europe/Zurich';
/** The instant of a Zürich wall-clock time, computed here independently of the engine. */
const at = (date: string, time: string) =>
  Temporal.PlainDateTime.from(`${date}T${time}`)
    .toZonedDateTime(ZONE, { disambiguation: 'compatible' })
    .toInstant()
    .toString();

interface FixtureRow {
  action: OutOfScheduleAction;
  originalStartsAt: string;
  startsAt?: string;
  endsAt?: string;
  title?: string;
}

interface Fixture {
  title: string;
  establishmentId?: number | null;
  promoterGroupId?: number | null;
  eventTypeId?: number;
  musicIds?: number[];
  city?: string | null;
  visibility?: Visibility;
  approvalStatus?: 'PENDING' | null;
  startDate: string;
  /** A one-off lasting days; else derived from the times. */
  endDate?: string;
  startTime: string;
  endTime: string;
  pattern?: RecurrencePattern;
  days?: WeekDay[];
  endType?: RecurrenceEndType;
  maxOccurrences?: number;
  recurrenceEndDate?: string;
  rows?: FixtureRow[];
}

async function insertEvent(fixture: Fixture): Promise<number> {
  // The end date is stored spelt out, derived from the times when the fixture gives none.
  const rule: RecurrenceRule = {
    startDate: fixture.startDate,
    endDate: fixture.endDate ?? derivedEndDate(fixture.startDate, fixture.startTime, fixture.endTime),
    startTime: fixture.startTime,
    endTime: fixture.endTime,
    recurrencePattern: fixture.pattern ?? 'NONE',
    recurrenceDaysOfWeek: fixture.days ?? [],
    recurrenceEndType: fixture.endType ?? 'NEVER',
    maxOccurrences: fixture.maxOccurrences ?? null,
    recurrenceEndDate: fixture.recurrenceEndDate ?? null,
  };
  const [row] = await server.db
    .insert(events)
    .values({
      title: `${TOKEN} ${fixture.title}`,
      establishmentId: fixture.establishmentId === undefined ? ids.venueA : fixture.establishmentId,
      promoterGroupId: fixture.promoterGroupId ?? null,
      eventTypeId: fixture.eventTypeId ?? ids.typeA,
      city: fixture.city ?? null,
      visibility: fixture.visibility ?? 'PUBLISHED',
      approvalStatus: fixture.approvalStatus ?? null,
      ...ruleColumnsOf(rule),
      // The rule's bounds alone: rows placed outside them must still be found (seeded data is stored so).
      ...boundsColumns(seriesBounds(rule, [])),
    })
    .returning({ id: events.id });
  for (const musicId of fixture.musicIds ?? [])
    await server.db.insert(eventMusics).values({ eventId: row.id, musicId });
  for (const oos of fixture.rows ?? []) {
    await server.db.insert(eventOutOfSchedule).values({
      eventId: row.id,
      action: oos.action,
      originalStartsAt: new Date(oos.originalStartsAt),
      startsAt: oos.startsAt ? new Date(oos.startsAt) : null,
      endsAt: oos.endsAt ? new Date(oos.endsAt) : null,
      title: oos.title ?? null,
    });
  }
  return row.id;
}

async function rowIdOf(eventId: number, originalStartsAt: string): Promise<number> {
  const rows = await server.db.select().from(eventOutOfSchedule).where(eq(eventOutOfSchedule.eventId, eventId));
  const row = rows.find((candidate) => candidate.originalStartsAt.getTime() === Date.parse(originalStartsAt));
  if (!row) throw new Error(`no row at ${originalStartsAt}`);
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ACCOUNTS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const account = (email: string) => userRow(server.db, email);
  ids.venueA = (await account('admin@demo.ch')).establishmentId ?? 0;
  ids.venueB = (await account('admin2@demo.ch')).establishmentId ?? 0;
  ids.groupA = (await account('promoter@demo.ch')).promoterGroupId ?? 0;
  const cityOf = async (id: number) =>
    (await server.db.select().from(establishments).where(eq(establishments.id, id)))[0].city ?? '';
  cities.venueA = await cityOf(ids.venueA);
  cities.venueB = await cityOf(ids.venueB);
  [ids.typeA, ids.typeB] = await orderedIds(server.db, eventTypes.id);
  [ids.musicA, ids.musicB] = await orderedIds(server.db, musics.id);

  fixtures.overnight = await insertEvent({
    title: 'Overnight',
    startDate: '2030-01-18',
    startTime: '22:00',
    endTime: '04:00',
  });
  fixtures.saturdays = await insertEvent({
    title: 'Saturdays',
    startDate: '2030-03-02',
    startTime: '22:00',
    endTime: '04:00',
    pattern: 'WEEKLY',
    days: ['SATURDAY'],
    rows: [{ action: 'SKIP', originalStartsAt: at('2030-04-13', '22:00') }],
  });
  fixtures.springGap = await insertEvent({
    title: 'Spring gap',
    startDate: '2030-03-31',
    startTime: '02:30',
    endTime: '05:00',
  });
  fixtures.wednesdays = await insertEvent({
    title: 'Wednesdays',
    startDate: '2030-05-01',
    startTime: '20:00',
    endTime: '23:00',
    pattern: 'WEEKLY',
    days: ['WEDNESDAY'],
    endType: 'ON_DATE',
    recurrenceEndDate: '2030-05-29',
    rows: [
      {
        action: 'UPDATE',
        originalStartsAt: at('2030-05-08', '20:00'),
        startsAt: at('2030-06-12', '20:00'),
        endsAt: at('2030-06-12', '23:00'),
        title: 'Moved out',
      },
      { action: 'SKIP', originalStartsAt: at('2030-05-15', '20:00') },
      {
        action: 'CREATE',
        originalStartsAt: at('2030-05-18', '21:00'),
        startsAt: at('2030-05-18', '21:00'),
        endsAt: at('2030-05-19', '01:00'),
        title: 'Extra Saturday',
      },
    ],
  });
  fixtures.movedIn = await insertEvent({
    title: 'Moved in',
    startDate: '2030-04-03',
    startTime: '19:00',
    endTime: '21:00',
    pattern: 'WEEKLY',
    endType: 'AFTER_OCCURRENCES',
    maxOccurrences: 2,
    rows: [
      {
        action: 'UPDATE',
        originalStartsAt: at('2030-04-10', '19:00'),
        startsAt: at('2030-05-22', '18:00'),
        endsAt: at('2030-05-22', '22:00'),
      },
    ],
  });

  // Scope and filters, all in July 2030.
  fixtures.alpha = await insertEvent({
    title: 'Jul-Alpha',
    startDate: '2030-07-05',
    startTime: '20:00',
    endTime: '23:00',
    musicIds: [ids.musicA],
  });
  fixtures.beta = await insertEvent({
    title: 'Jul-Beta',
    establishmentId: ids.venueB,
    visibility: 'DRAFT',
    eventTypeId: ids.typeB,
    musicIds: [ids.musicB],
    startDate: '2030-07-06',
    startTime: '20:00',
    endTime: '23:00',
  });
  fixtures.gamma = await insertEvent({
    title: 'Jul-Gamma request',
    promoterGroupId: ids.groupA,
    visibility: 'DRAFT',
    approvalStatus: 'PENDING',
    city: 'Lugano',
    musicIds: [ids.musicA, ids.musicB],
    startDate: '2030-07-07',
    startTime: '21:00',
    endTime: '02:00',
  });
  fixtures.delta = await insertEvent({
    title: 'Jul-Delta draft',
    visibility: 'DRAFT',
    startDate: '2030-07-08',
    startTime: '20:00',
    endTime: '22:00',
  });
  fixtures.epsilon = await insertEvent({
    title: 'Jul-Epsilon',
    establishmentId: ids.venueB,
    eventTypeId: ids.typeB,
    startDate: '2030-07-09',
    startTime: '20:00',
    endTime: '22:00',
  });

  fixtures.daily = await insertEvent({
    title: 'Page',
    startDate: '2030-09-01',
    startTime: '18:00',
    endTime: '19:00',
    pattern: 'WEEKLY',
    days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
    endType: 'ON_DATE',
    recurrenceEndDate: '2030-09-30',
  });
});
afterAll(() => server.close());

function request(account: Account, query: { filter?: object; sort?: unknown; range?: unknown }) {
  const parameters = Object.entries(query).map(([key, value]) => `${key}=${jsonParam(value)}`);
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/occurrences?${parameters.join('&')}`,
    headers: { authorization: `Bearer ${tokens[account]}` },
  });
}

async function occurrences(
  filter: object,
  account: Account = 'root@demo.ch',
  extra: { sort?: unknown; range?: unknown } = {},
) {
  const response = await request(account, { filter: { q: TOKEN, ...filter }, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json<OccurrenceItem[]>(), contentRange: String(response.headers['content-range']) };
}
const titlesOf = async (filter: object, account: Account = 'root@demo.ch') =>
  (await occurrences(filter, account)).items.map((item) => item.eventTitle.replace(`${TOKEN} `, ''));

describe('the window', () => {
  it('includes an overnight occurrence that started before `from`, and not one that ended at `from`', async () => {
    const { items } = await occurrences({ from: '2030-01-19', to: '2030-01-19' });
    expect(items.map((item) => [item.eventId, item.startsAt, item.endsAt])).toEqual([
      [fixtures.overnight, at('2030-01-18', '22:00'), at('2030-01-19', '04:00')],
    ]);
    expect(items[0]).toMatchObject({
      isVirtual: false,
      outOfScheduleEventId: null,
      originalStartsAt: at('2030-01-18', '22:00'),
    });
    expect((await occurrences({ from: at('2030-01-19', '04:00'), to: '2030-01-19' })).items).toEqual([]);
    // `to` as an instant is exclusive: a window ending at the start holds nothing.
    expect((await occurrences({ from: '2030-01-17', to: at('2030-01-18', '22:00') })).items).toEqual([]);
  });

  it('keeps wall-clock times across both clock changes (22:00–04:00 and a 02:30 start in the spring gap)', async () => {
    const spring = await occurrences({ from: '2030-03-30', to: '2030-03-31' });
    expect(spring.items.map((item) => [item.eventTitle, item.startsAt, item.endsAt])).toEqual([
      [`${TOKEN} Saturdays`, '2030-03-30T21:00:00Z', '2030-03-31T02:00:00Z'],
      [`${TOKEN} Spring gap`, '2030-03-31T01:30:00Z', '2030-03-31T03:00:00Z'],
    ]);
    const autumn = await occurrences({ from: '2030-10-26', to: '2030-10-26', eventId: fixtures.saturdays });
    expect(autumn.items.map((item) => [item.startsAt, item.endsAt, item.isVirtual])).toEqual([
      ['2030-10-26T20:00:00Z', '2030-10-27T03:00:00Z', true],
    ]);
    expect(autumn.items[0].id).toBe(`${fixtures.saturdays}@2030-10-26T20:00:00Z`);
  });

  it('hides a skipped night that began before the window, and shows the next one', async () => {
    const night = (date: string) => occurrences({ from: date, to: date, eventId: fixtures.saturdays });
    expect((await night('2030-04-14')).items).toEqual([]);
    expect((await night('2030-04-21')).items.map((item) => item.startsAt)).toEqual([at('2030-04-20', '22:00')]);
  });

  it('answers a repeating series that started years before the window', async () => {
    const { items } = await occurrences({ from: '2035-06-01', to: '2035-06-30', eventId: fixtures.saturdays });
    expect(items.map((item) => item.startsAt)).toEqual(
      ['2035-06-02', '2035-06-09', '2035-06-16', '2035-06-23', '2035-06-30'].map((date) => at(date, '22:00')),
    );
  });
});

describe('out-of-schedule rows', () => {
  it('hides a SKIP, shows a CREATE, and leaves out an occurrence moved out of the window', async () => {
    const { items } = await occurrences({ from: '2030-05-01', to: '2030-05-31', eventId: fixtures.wednesdays });
    const created = at('2030-05-18', '21:00');
    expect(items.map((item) => [item.startsAt, item.eventTitle])).toEqual([
      [at('2030-05-01', '20:00'), `${TOKEN} Wednesdays`],
      [created, 'Extra Saturday'],
      [at('2030-05-22', '20:00'), `${TOKEN} Wednesdays`],
      [at('2030-05-29', '20:00'), `${TOKEN} Wednesdays`],
    ]);
    expect(items[1]).toMatchObject({
      originalStartsAt: created,
      outOfScheduleEventId: await rowIdOf(fixtures.wednesdays, created),
      isVirtual: true,
    });
    expect(items[0].outOfScheduleEventId).toBeNull();
  });

  it('shows an occurrence moved into the window under its original key, though the series bounds end before it', async () => {
    const original = at('2030-05-08', '20:00');
    const { items } = await occurrences({ from: '2030-06-01', to: '2030-06-30', eventId: fixtures.wednesdays });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: `${fixtures.wednesdays}@${original}`,
      eventId: fixtures.wednesdays,
      startsAt: at('2030-06-12', '20:00'),
      endsAt: at('2030-06-12', '23:00'),
      originalStartsAt: original,
      outOfScheduleEventId: await rowIdOf(fixtures.wednesdays, original),
      eventTitle: 'Moved out',
    });
    const movedIn = await occurrences({ from: '2030-05-20', to: '2030-05-23' });
    expect(movedIn.items.map((item) => [item.eventId, item.startsAt])).toEqual([
      [fixtures.movedIn, at('2030-05-22', '18:00')],
      [fixtures.wednesdays, at('2030-05-22', '20:00')],
    ]);
  });
});

describe('filters', () => {
  const july = { from: '2030-07-01', to: '2030-07-31', q: `${TOKEN} Jul-` };

  it('filters by establishment, promoter group, event type, music, visibility, event and title', async () => {
    expect(await titlesOf(july)).toEqual([
      'Jul-Alpha',
      'Jul-Beta',
      'Jul-Gamma request',
      'Jul-Delta draft',
      'Jul-Epsilon',
    ]);
    expect(await titlesOf({ ...july, establishmentId: ids.venueB })).toEqual(['Jul-Beta', 'Jul-Epsilon']);
    expect(await titlesOf({ ...july, promoterGroupId: ids.groupA })).toEqual(['Jul-Gamma request']);
    expect(await titlesOf({ ...july, eventTypeIds: [ids.typeB] })).toEqual(['Jul-Beta', 'Jul-Epsilon']);
    expect(await titlesOf({ ...july, eventTypeIds: [ids.typeA, ids.typeB] })).toHaveLength(5);
    expect(await titlesOf({ ...july, musicIds: [ids.musicA] })).toEqual(['Jul-Alpha', 'Jul-Gamma request']);
    expect(await titlesOf({ ...july, musicIds: [ids.musicB] })).toEqual(['Jul-Beta', 'Jul-Gamma request']);
    expect(await titlesOf({ ...july, visibility: 'DRAFT' })).toEqual([
      'Jul-Beta',
      'Jul-Gamma request',
      'Jul-Delta draft',
    ]);
    expect(await titlesOf({ ...july, eventId: fixtures.epsilon })).toEqual(['Jul-Epsilon']);
    expect(await titlesOf({ ...july, q: `${TOKEN} jul-ALPH` })).toEqual(['Jul-Alpha']);
    expect(await titlesOf({ ...july, q: '100%' })).toEqual([]);
  });

  it('filters by city: the event’s own, else its venue’s, whatever the case', async () => {
    expect(await titlesOf({ ...july, cities: ['LUGANO'] })).toEqual(['Jul-Gamma request']);
    expect(await titlesOf({ ...july, cities: [cities.venueB.toUpperCase()] })).toEqual(['Jul-Beta', 'Jul-Epsilon']);
    // Gamma is at venue A but names its own city.
    expect(await titlesOf({ ...july, cities: [cities.venueA.toLowerCase()] })).toEqual([
      'Jul-Alpha',
      'Jul-Delta draft',
    ]);
    expect(await titlesOf({ ...july, cities: ['lugano', cities.venueB] })).toEqual([
      'Jul-Beta',
      'Jul-Gamma request',
      'Jul-Epsilon',
    ]);
  });

  it('matches `q` against an occurrence’s own title', async () => {
    const { items } = await occurrences({ from: '2030-05-01', to: '2030-06-30', q: 'extra saturday' });
    expect(items.map((item) => item.eventTitle)).toEqual(['Extra Saturday']);
  });

  it('carries the venue, the group and the state of each event', async () => {
    const { items } = await occurrences({ ...july, eventId: fixtures.gamma });
    expect(items[0]).toMatchObject({
      establishmentId: ids.venueA,
      promoterGroupId: ids.groupA,
      city: 'Lugano',
      eventTypeId: ids.typeA,
      recurrencePattern: 'NONE',
      visibility: 'DRAFT',
      approvalStatus: 'PENDING',
    });
    expect(items[0].establishmentName).toEqual(expect.any(String));
    expect(items[0].promoterGroupName).toEqual(expect.any(String));
  });
});

describe('scope', () => {
  const july = { from: '2030-07-01', to: '2030-07-31', q: `${TOKEN} Jul-` };
  it.each([
    ['root@demo.ch', ['Jul-Alpha', 'Jul-Beta', 'Jul-Gamma request', 'Jul-Delta draft', 'Jul-Epsilon']],
    // Its venue's events, drafts and requests for it included; never another venue's.
    ['admin@demo.ch', ['Jul-Alpha', 'Jul-Gamma request', 'Jul-Delta draft']],
    ['admin2@demo.ch', ['Jul-Beta', 'Jul-Epsilon']],
    ['customer@demo.ch', ['Jul-Alpha', 'Jul-Epsilon']],
    ['promoter@demo.ch', ['Jul-Gamma request']],
  ] as const)('%s sees %j', async (account, expected) => {
    expect(await titlesOf(july, account)).toEqual(expected);
    const { contentRange } = await occurrences(july, account);
    expect(contentRange).toBe(`occurrences 0-${expected.length - 1}/${expected.length}`);
  });

  it('asks to sign in first', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/occurrences?filter=${jsonParam(july)}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('pagination and sort', () => {
  const september = { from: '2030-09-01', to: '2030-09-30', eventId: 0 };
  const days = (first: number, last: number) =>
    Array.from({ length: last - first + 1 }, (_, index) =>
      at(`2030-09-${String(first + index).padStart(2, '0')}`, '18:00'),
    );

  it('pages with the total in Content-Range', async () => {
    const filter = { ...september, eventId: fixtures.daily };
    const first = await occurrences(filter, 'root@demo.ch', { range: [0, 9] });
    expect(first.items.map((item) => item.startsAt)).toEqual(days(1, 10));
    expect(first.contentRange).toBe('occurrences 0-9/30');
    const last = await occurrences(filter, 'root@demo.ch', { range: [25, 34] });
    expect(last.items.map((item) => item.startsAt)).toEqual(days(26, 30));
    expect(last.contentRange).toBe('occurrences 25-29/30');
    const past = await occurrences(filter, 'root@demo.ch', { range: [40, 49] });
    expect(past.items).toEqual([]);
    expect(past.contentRange).toBe('occurrences */30');
    const whole = await occurrences(filter);
    expect(whole.items).toHaveLength(30);
  });

  it('sorts by start descending', async () => {
    const { items } = await occurrences({ ...september, eventId: fixtures.daily }, 'root@demo.ch', {
      sort: ['startsAt', 'DESC'],
      range: [0, 2],
    });
    expect(items.map((item) => item.startsAt)).toEqual(days(28, 30).reverse());
  });

  it('orders occurrences of one instant by event', async () => {
    const sameStart = await insertEvent({
      title: 'Same start',
      startDate: '2030-09-03',
      startTime: '18:00',
      endTime: '20:00',
    });
    const { items } = await occurrences({ from: '2030-09-03', to: '2030-09-03' });
    expect(items.map((item) => item.eventId)).toEqual([fixtures.daily, sameStart]);
    const descending = await occurrences({ from: '2030-09-03', to: '2030-09-03' }, 'root@demo.ch', {
      sort: ['startsAt', 'DESC'],
    });
    expect(descending.items.map((item) => item.eventId)).toEqual([sameStart, fixtures.daily]);
  });
});

describe('one-off events and series together', () => {
  // The service reads one-offs apart from series (counted, and only the first offset + limit of them fetched in
  // the page's order) and merges them with the series' occurrences: every page must be a slice of one order.
  const november = { from: '2030-11-01', to: '2030-11-30', q: `${TOKEN} Nov-` };
  const novemberFixtures: Record<string, number> = {};

  beforeAll(async () => {
    // The longest one-off (EVENT_LIMITS.oneOffSpanDays), begun 14 days before the window and ending in it.
    novemberFixtures.festival = await insertEvent({
      title: 'Nov-Festival',
      startDate: '2030-10-18',
      endDate: '2030-11-01',
      startTime: '00:00',
      endTime: '01:00',
    });
    novemberFixtures.endedBefore = await insertEvent({
      title: 'Nov-Ended',
      startDate: '2030-10-30',
      startTime: '20:00',
      endTime: '23:00',
    });
    novemberFixtures.fridays = await insertEvent({
      title: 'Nov-Fridays',
      startDate: '2030-10-04',
      startTime: '21:00',
      endTime: '23:00',
      pattern: 'WEEKLY',
      days: ['FRIDAY'],
      rows: [{ action: 'SKIP', originalStartsAt: at('2030-11-15', '21:00') }],
    });
    for (const [index, date] of [
      '2030-11-01',
      '2030-11-08',
      '2030-11-09',
      '2030-11-20',
      '2030-11-29',
      '2030-11-30',
    ].entries()) {
      novemberFixtures[`oneOff${index}`] = await insertEvent({
        title: `Nov-One-off ${index}`,
        startDate: date,
        startTime: '21:00',
        endTime: '23:30',
      });
    }
  });

  it('counts and orders one-offs and series occurrences as one list, the longest one-off that began before the window included', async () => {
    const { items, contentRange } = await occurrences(november);
    const fridays = ['2030-11-01', '2030-11-08', '2030-11-22', '2030-11-29'].map((date) => at(date, '21:00'));
    expect(items.filter((item) => item.eventId === novemberFixtures.fridays).map((item) => item.startsAt)).toEqual(
      fridays,
    );
    expect(items[0]).toMatchObject({
      eventId: novemberFixtures.festival,
      startsAt: at('2030-10-18', '00:00'),
      endsAt: at('2030-11-01', '01:00'),
      isVirtual: false,
    });
    expect(items.map((item) => item.eventId)).not.toContain(novemberFixtures.endedBefore);
    expect(items).toHaveLength(1 + 4 + 6);
    expect(contentRange).toBe('occurrences 0-10/11');
    // Same instant: ordered by event id (the series was written before the one-offs).
    const firstFriday = items.filter((item) => item.startsAt === at('2030-11-01', '21:00')).map((item) => item.eventId);
    expect(firstFriday).toEqual([novemberFixtures.fridays, novemberFixtures.oneOff0]);
  });

  it('pages through them in both orders, each page a slice of the whole with the same total', async () => {
    const whole = (await occurrences(november)).items.map((item) => item.id);
    for (const order of ['ASC', 'DESC'] as const) {
      const expected = order === 'ASC' ? whole : [...whole].reverse();
      const paged: string[] = [];
      for (let start = 0; start < whole.length; start += 3) {
        const page = await occurrences(november, 'root@demo.ch', {
          sort: ['startsAt', order],
          range: [start, start + 2],
        });
        expect(page.contentRange).toMatch(/\/11$/);
        paged.push(...page.items.map((item) => item.id));
      }
      expect(paged).toEqual(expected);
    }
  });

  it('answers a write at once: the same parameters again see the new event (parameters are reused, answers never)', async () => {
    const window = { from: '2030-12-01', to: '2030-12-31', q: `${TOKEN} Dec-` };
    expect((await occurrences(window)).contentRange).toBe('occurrences */0');
    const added = await insertEvent({
      title: 'Dec-Added',
      startDate: '2030-12-05',
      startTime: '20:00',
      endTime: '22:00',
    });
    const again = await occurrences(window);
    expect(again.items.map((item) => item.eventId)).toEqual([added]);
    expect(again.contentRange).toBe('occurrences 0-0/1');
  });

  it('matches `q` on a one-off by its own title', async () => {
    expect(await titlesOf({ ...november, q: `${TOKEN} nov-one-off 2` })).toEqual(['Nov-One-off 2']);
    expect(await titlesOf({ ...november, q: `${TOKEN} Nov-F` })).toEqual([
      'Nov-Festival',
      'Nov-Fridays',
      'Nov-Fridays',
      'Nov-Fridays',
      'Nov-Fridays',
    ]);
  });
});

describe('bad filters', () => {
  const field = async (query: { filter?: object; sort?: unknown; range?: unknown }) => {
    const response = await request('root@demo.ch', query);
    expect(response.statusCode, response.body).toBe(400);
    return errorsOf(response);
  };

  it('needs a window of dates or instants, `to` after `from`, no longer than the limit', async () => {
    expect(await field({})).toHaveProperty(['filter.from']);
    expect(await field({ filter: { from: '2030-01-01' } })).toHaveProperty(['filter.to']);
    expect(await field({ filter: { from: 'yesterday', to: '2030-01-01' } })).toMatchObject({
      'filter.from': OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant,
    });
    expect(await field({ filter: { from: '2030-01-01', to: '2030-02-30' } })).toMatchObject({
      'filter.to': OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant,
    });
    // Outside the years events live in (the engine's and the database's range): a 400, not a 500.
    expect(await field({ filter: { from: '0001-01-01', to: '0001-01-05' } })).toMatchObject({
      'filter.from': OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant,
    });
    expect(await field({ filter: { from: '+020000-01-01T00:00:00Z', to: '+020000-01-05T00:00:00Z' } })).toMatchObject({
      'filter.from': OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant,
    });
    expect(await field({ filter: { from: '2030-01-02', to: '2030-01-01' } })).toMatchObject({
      'filter.to': OCCURRENCE_WINDOW_PROBLEMS.endsBeforeStart,
    });
    expect(await field({ filter: { from: '2030-01-02T00:00:00Z', to: '2030-01-02T00:00:00Z' } })).toMatchObject({
      'filter.to': OCCURRENCE_WINDOW_PROBLEMS.endsBeforeStart,
    });
    const longest = Temporal.PlainDate.from('2030-01-01')
      .add({ days: EVENT_LIMITS.occurrenceWindowDays - 1 })
      .toString();
    const tooLong = Temporal.PlainDate.from(longest).add({ days: 1 }).toString();
    expect((await request('root@demo.ch', { filter: { from: '2030-01-01', to: longest } })).statusCode).toBe(200);
    expect(await field({ filter: { from: '2030-01-01', to: tooLong } })).toMatchObject({
      'filter.to': OCCURRENCE_WINDOW_PROBLEMS.tooLong,
    });
  });

  it('refuses unknown keys, bad values, other sort fields and bad ranges', async () => {
    const window = { from: '2030-01-01', to: '2030-01-31' };
    expect(await field({ filter: { ...window, colour: 'red' } })).toHaveProperty(['filter.colour']);
    expect(Object.keys(await field({ filter: { ...window, eventTypeIds: ['x'] } }))[0]).toMatch(
      /^filter\.eventTypeIds/,
    );
    expect(await field({ filter: { ...window, visibility: 'SECRET' } })).toHaveProperty(['filter.visibility']);
    expect(await field({ filter: { ...window, establishmentId: -1 } })).toHaveProperty(['filter.establishmentId']);
    expect(Object.keys(await field({ filter: window, sort: ['eventTitle', 'ASC'] }))[0]).toMatch(/^sort/);
    expect(Object.keys(await field({ filter: window, range: [10, 0] }))[0]).toMatch(/^range/);
  });
});
