import { and, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../domain/access';
import type { ApprovalStatus, RecurrencePattern, RecurrenceEndType, Visibility, WeekDay } from '../../domain/enums';
import {
  EVENT_LIMITS,
  OCCURRENCE_WINDOW_PROBLEMS,
  occurrenceId,
  type OccurrenceFilter,
  type OccurrenceItem,
} from '../../domain/event';
import {
  expandOccurrences,
  zonedInstant,
  type ExpandedOccurrence,
  type InstantWindow,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';
import { PgDialect } from 'drizzle-orm/pg-core';
import { establishments } from '../db/schema/establishments';
import { eventMusics, eventOutOfSchedule, events } from '../db/schema/events';
import { promoterGroups } from '../db/schema/promoterGroups';
import { ApiError, INVALID_INPUT } from '../errors';
import { escapeLike } from '../db/conditions';
import type { Queryable } from '../db/queryable';
import { scopeCondition, type ScopeMapping } from '../db/scope';

/**
 * The occurrences of every event in the viewer's scope that overlap a window
 * (docs/server.md "Occurrences"). A page is one statement (queryWindow) and the engine:
 *
 * 1. repeating series whose stored bounds reach the window, or with a row placing an occurrence in it, and the
 *    rows that can touch the window: each series is expanded (all of its occurrences, to know the total);
 * 2. one-off events are not expanded: their stored bounds are their occurrence, so the database counts them and
 *    answers only the first offset + limit of them in the page's order;
 * 3. the offset + limit-th start bounds the page, so only the occurrences up to it are sorted (with the one-offs)
 *    and the page sliced; only the page becomes items.
 *
 * bench/occurrences.ts measures it (ROOT: 1,000 series and 10,000 one-offs, ~3,000 occurrences a month).
 */

/** The scope of events (server/routes/events.ts reads with the same mapping). */
export const EVENT_READ_SCOPE: ScopeMapping = {
  establishment: events.establishmentId,
  promoterGroup: events.promoterGroupId,
  visibility: events.visibility,
};

// ---- the window --------------------------------------------------------------------------------------

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 3_600_000;
/** The longest window: N local days, plus the hour a day gains when the clocks go back. */
const LONGEST_WINDOW_MS = EVENT_LIMITS.occurrenceWindowDays * 24 * HOUR_MS + HOUR_MS;

/** `YYYY-MM-DD` → the local day's first instant in Europe/Zurich (`endOfDay`: the next day's); else an ISO instant. */
function instantOf(value: string, endOfDay: boolean): string | null {
  try {
    if (LOCAL_DATE.test(value)) {
      const date = Temporal.PlainDate.from(value, { overflow: 'reject' });
      if (!inEventYears(date.year)) return null;
      return zonedInstant((endOfDay ? date.add({ days: 1 }) : date).toString(), '00:00');
    }
    const instant = Temporal.Instant.from(value);
    // The engine and the database work in EVENT_LIMITS' years; a window in year 1 was a 500.
    return inEventYears(instant.toZonedDateTimeISO('UTC').year) ? instant.toString() : null;
  } catch {
    return null;
  }
}

const inEventYears = (year: number): boolean => year >= EVENT_LIMITS.firstYear && year <= EVENT_LIMITS.lastYear;

const windowError = (field: 'from' | 'to', problem: string) =>
  new ApiError(400, INVALID_INPUT, { [`filter.${field}`]: problem });

/**
 * The filter's `from` / `to` as an instant window [from, to): a date is its local midnight, and a `to` date
 * includes that day. 400 on the field when it is neither, when `to` is not after `from`, or when the window
 * is longer than EVENT_LIMITS.occurrenceWindowDays.
 */
export function occurrenceWindowOf(filter: Pick<OccurrenceFilter, 'from' | 'to'>): InstantWindow {
  const from = instantOf(filter.from, false);
  if (!from) throw windowError('from', OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant);
  const to = instantOf(filter.to, true);
  if (!to) throw windowError('to', OCCURRENCE_WINDOW_PROBLEMS.notADateOrInstant);
  const length = Date.parse(to) - Date.parse(from);
  if (length <= 0) throw windowError('to', OCCURRENCE_WINDOW_PROBLEMS.endsBeforeStart);
  if (length > LONGEST_WINDOW_MS) throw windowError('to', OCCURRENCE_WINDOW_PROBLEMS.tooLong);
  return { from, to };
}

// ---- the query ---------------------------------------------------------------------------------------

/**
 * Instants already written: a window's one-offs and rows repeat the same few thousand instants request after
 * request.
 */
const writtenInstants = new Map<number, string>();
const WRITTEN_INSTANTS_KEPT = 20_000;

/** Epoch ms as the engine writes instants ("2026-11-28T21:00:00Z"); Temporal's formatting is slow per row. */
function instantText(epochMs: number): string {
  const known = writtenInstants.get(epochMs);
  if (known !== undefined) return known;
  const text =
    epochMs % 1000 === 0
      ? `${new Date(epochMs).toISOString().slice(0, 19)}Z`
      : Temporal.Instant.fromEpochMilliseconds(epochMs).toString();
  if (writtenInstants.size >= WRITTEN_INSTANTS_KEPT) writtenInstants.clear();
  writtenInstants.set(epochMs, text);
  return text;
}

/** The filters of the request; `q` matches a series' title or one of its rows' titles, a one-off's title only. */
function filterConditions(filter: OccurrenceFilter, kind: 'series' | 'oneOff'): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.establishmentId !== undefined) conditions.push(eq(events.establishmentId, filter.establishmentId));
  if (filter.promoterGroupId !== undefined) conditions.push(eq(events.promoterGroupId, filter.promoterGroupId));
  if (filter.eventId !== undefined) conditions.push(eq(events.id, filter.eventId));
  if (filter.visibility !== undefined) conditions.push(eq(events.visibility, filter.visibility));
  if (filter.eventTypeIds !== undefined) {
    conditions.push(filter.eventTypeIds.length > 0 ? inArray(events.eventTypeId, filter.eventTypeIds) : sql`false`);
  }
  if (filter.musicIds !== undefined) {
    const musicIds = filter.musicIds;
    conditions.push(
      musicIds.length > 0
        ? sql`EXISTS (SELECT 1 FROM ${eventMusics} WHERE ${eventMusics.eventId} = ${events.id} AND ${inArray(eventMusics.musicId, musicIds)})`
        : sql`false`,
    );
  }
  if (filter.cities !== undefined) {
    const cities = filter.cities.map((city) => city.toLowerCase());
    // The promoter flow's own city, else the venue's (docs/data-model.md "Filter"); a subquery rather than a
    // join keeps the events' window scans free of the venues.
    const venuesInCities = sql`SELECT ${establishments.id} FROM ${establishments} WHERE ${inArray(sql`lower(${establishments.city})`, cities)}`;
    conditions.push(
      cities.length > 0
        ? or(
            inArray(sql`lower(${events.city})`, cities),
            and(isNull(events.city), sql`${events.establishmentId} IN (${venuesInCities})`),
          )
        : sql`false`,
    );
  }
  if (filter.q) {
    // The items are matched again below, on the series' title or the occurrence's own.
    const pattern = `%${escapeLike(filter.q)}%`;
    const rowTitleMatches = sql`EXISTS (SELECT 1 FROM ${eventOutOfSchedule}
      WHERE ${eventOutOfSchedule.eventId} = ${events.id} AND ${ilike(eventOutOfSchedule.title, pattern)})`;
    conditions.push(
      kind === 'series' ? or(ilike(events.title, pattern), rowTitleMatches) : ilike(events.title, pattern),
    );
  }
  return conditions;
}

/**
 * A one-off event lasts at most EVENT_LIMITS.oneOffSpanDays local days (its last day included, and an hour
 * more when the clocks go back): one that overlaps the window started less than this before it, which lets
 * the start index bound the scan.
 */
const ONE_OFF_REACH_MS = (EVENT_LIMITS.oneOffSpanDays + 2) * 24 * HOUR_MS;

/**
 * A row changes only its own occurrence (AFTER_OCCURRENCES counts before exclusions; a CREATE adds itself), so
 * the window needs the rows of occurrences that start in it or end in it (a repeating occurrence lasts under two
 * days) and the rows that place one in it; a series' other rows, years of them, are left in the database.
 */
const ROW_REACH_MS = 2 * 24 * HOUR_MS;

/** An instant column as epoch milliseconds (exact: `extract` answers a numeric). */
const epochMs = (column: SQLWrapper) => sql`(extract(epoch FROM ${column}) * 1000)::bigint`;

/**
 * A fragment without parameters as its SQL text, rendered once: drizzle walks every column of a query on each
 * call (a millisecond for this one), and these parts never change.
 */
const dialect = new PgDialect();
function rendered(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`a fixed fragment has parameters: ${text}`);
  return sql.raw(text);
}

/**
 * The fields of a series in one line of text, comma-separated (none of them can hold a comma; `concat` writes
 * a null as an empty field, a date as the session's DateStyle writes it, ISO as drizzle's string dates assume
 * everywhere); its title and city, which can hold anything, travel as JSON arrays beside.
 */
const SERIES_COLUMNS =
  rendered(sql`${events.id} AS id, ${events.establishmentId} AS establishment_id, ${events.promoterGroupId} AS promoter_group_id,
  ${events.title} AS title, ${events.city} AS city,
  concat(${events.id}, ',', ${events.establishmentId}, ',', ${events.promoterGroupId}, ',', ${events.eventTypeId},
    ',', ${events.visibility}, ',', ${events.approvalStatus}, ',', ${events.startDate}, ',', ${events.endDate},
    ',', ${events.startTime}, ',', ${events.endTime}, ',', ${events.recurrencePattern}, ',', array_to_string(${events.recurrenceDaysOfWeek}, ' '),
    ',', ${events.recurrenceEndType}, ',', ${events.maxOccurrences}, ',', ${events.recurrenceEndDate}) AS line`);

const ONE_OFF_COLUMNS =
  rendered(sql`${events.id} AS id, ${events.title} AS title, ${events.city} AS city, ${events.establishmentId} AS establishment_id,
  ${events.promoterGroupId} AS promoter_group_id, ${events.eventTypeId} AS event_type_id, ${events.visibility} AS visibility,
  ${events.approvalStatus} AS approval_status, ${epochMs(events.firstStartsAt)} AS starts_at, ${epochMs(events.lastEndsAt)} AS ends_at`);

const ROW_TUPLE =
  rendered(sql`json_build_array(${eventOutOfSchedule.eventId}, ${eventOutOfSchedule.id}, ${eventOutOfSchedule.action},
  ${epochMs(eventOutOfSchedule.originalStartsAt)}, ${epochMs(eventOutOfSchedule.startsAt)}, ${epochMs(eventOutOfSchedule.endsAt)},
  ${eventOutOfSchedule.title})`);

const NAMES =
  rendered(sql`(SELECT json_agg(json_build_array(${establishments.id}, ${establishments.name}, ${establishments.city})) FROM ${establishments}
    WHERE ${establishments.id} IN (SELECT establishment_id FROM series UNION SELECT establishment_id FROM one_offs)) AS venues,
  (SELECT json_agg(json_build_array(${promoterGroups.id}, ${promoterGroups.name})) FROM ${promoterGroups}
    WHERE ${promoterGroups.id} IN (SELECT promoter_group_id FROM series UNION SELECT promoter_group_id FROM one_offs)) AS groups`);

interface WindowQueryResult {
  /** SERIES_LINE of each series, joined by `;`; null when there is none. */
  series: string | null;
  seriesTitles: string[] | null;
  seriesCities: (string | null)[] | null;
  rows: RowTuple[] | null;
  oneOffTotal: number | null;
  oneOffs: OneOffTuple[] | null;
  venues: [id: number, name: string, city: string | null][] | null;
  groups: [id: number, name: string][] | null;
}

type RowTuple = [
  eventId: number,
  id: number,
  action: OutOfScheduleRow['action'],
  originalStartsAt: number,
  startsAt: number | null,
  endsAt: number | null,
  title: string | null,
];

type OneOffTuple = [
  id: number,
  title: string,
  city: string | null,
  establishmentId: number | null,
  promoterGroupId: number | null,
  eventTypeId: number | null,
  visibility: string,
  approvalStatus: string | null,
  startsAt: number,
  endsAt: number,
];

/** `execute` answers `{ rows }` on both engines (node-postgres' QueryResult, PGlite's Results). */
async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Everything a page needs, in one statement (one round trip; the parts are a few milliseconds of database
 * work each, and a round trip on a busy machine can cost as much):
 * - `series`: the repeating events in scope and filters whose stored bounds reach the window (partial index
 *   events_series_window_idx), or with a row placing an occurrence in it, and the rows that can touch the window;
 * - `one_offs`: the first `offset + limit` one-off events overlapping the window in the page's order, and the
 *   count of them all (partial index events_one_off_window_idx, bounded below by ONE_OFF_REACH_MS; it holds
 *   `last_ends_at` so that counting reads the index alone);
 * - the names and cities of the venues and groups of both.
 */
async function queryWindow(
  db: Queryable,
  viewer: Viewer,
  request: OccurrencePageRequest,
  window: InstantWindow,
): Promise<WindowQueryResult> {
  const { filter } = request;
  const scope = scopeCondition(viewer, 'EVENT', EVENT_READ_SCOPE, 'read');
  const from = new Date(window.from);
  const to = new Date(window.to);
  const movedIntoWindow = sql`SELECT ${eventOutOfSchedule.eventId} FROM ${eventOutOfSchedule}
    WHERE ${lt(eventOutOfSchedule.startsAt, to)} AND ${gt(eventOutOfSchedule.endsAt, from)}`;
  const seriesWhere = and(
    scope,
    ...filterConditions(filter, 'series'),
    sql`${events.recurrencePattern} <> 'NONE'`,
    or(
      and(lt(events.firstStartsAt, to), or(isNull(events.lastEndsAt), gt(events.lastEndsAt, from))),
      sql`${events.id} IN (${movedIntoWindow})`,
    ),
  );
  const oneOffWhere = and(
    scope,
    ...filterConditions(filter, 'oneOff'),
    sql`${events.recurrencePattern} = 'NONE'`,
    lt(events.firstStartsAt, to),
    gt(events.lastEndsAt, from),
    gt(events.firstStartsAt, new Date(from.getTime() - ONE_OFF_REACH_MS)),
  );
  const direction = request.order === 'ASC' ? sql.raw('ASC') : sql.raw('DESC');
  const rowReachesWindow = sql`(${gt(eventOutOfSchedule.originalStartsAt, new Date(from.getTime() - ROW_REACH_MS))} AND ${lt(eventOutOfSchedule.originalStartsAt, to)}
    OR ${lt(eventOutOfSchedule.startsAt, to)} AND ${gt(eventOutOfSchedule.endsAt, from)})`;
  const [result] = await rowsOf<WindowQueryResult>(
    db,
    sql`WITH series AS MATERIALIZED (
        SELECT ${SERIES_COLUMNS} FROM ${events} WHERE ${seriesWhere}
      ), one_offs AS MATERIALIZED (
        SELECT ${ONE_OFF_COLUMNS} FROM ${events} WHERE ${oneOffWhere}
        ORDER BY ${events.firstStartsAt} ${direction}, ${events.id} ${direction} LIMIT ${request.offset + request.limit}
      )
      SELECT s.series, s.titles AS "seriesTitles", s.cities AS "seriesCities",
        (SELECT json_agg(${ROW_TUPLE}) FROM ${eventOutOfSchedule}
          WHERE ${eventOutOfSchedule.eventId} IN (SELECT id FROM series) AND ${rowReachesWindow}) AS rows,
        (SELECT count(*)::int FROM ${events} WHERE ${oneOffWhere}) AS "oneOffTotal",
        (SELECT json_agg(json_build_array(id, title, city, establishment_id, promoter_group_id, event_type_id, visibility, approval_status,
            starts_at, ends_at) ORDER BY starts_at ${direction}, id ${direction}) FROM one_offs) AS "oneOffs",
        ${NAMES}
      FROM (SELECT string_agg(line, ';') AS series, json_agg(title) AS titles, json_agg(city) AS cities FROM series) s`,
  );
  return result;
}

// ---- the events ----------------------------------------------------------------------------------------

/** What an item shows of its event. */
interface EventFacts {
  id: number;
  title: string;
  /** The event's own city (promoter flow); the venue's is looked up when it has none. */
  city: string | null;
  establishmentId: number | null;
  promoterGroupId: number | null;
  eventTypeId: number | null;
  visibility: string;
  approvalStatus: string | null;
  recurrencePattern: RecurrencePattern;
}

interface Series extends EventFacts {
  rule: RecurrenceRule;
}

const numberOrNull = (field: string) => (field === '' ? null : Number(field));
const textOrNull = (field: string) => (field === '' ? null : field);

/** The series of SERIES_LINE, with their titles and cities (same order: one aggregate pass). */
function parseSeries(result: WindowQueryResult): Series[] {
  if (result.series === null) return [];
  const titles = result.seriesTitles ?? [];
  const cities = result.seriesCities ?? [];
  return result.series.split(';').map((line, index) => {
    const [
      id,
      establishmentId,
      promoterGroupId,
      eventTypeId,
      visibility,
      approvalStatus,
      startDate,
      endDate,
      startTime,
      endTime,
      pattern,
      days,
      endType,
      maxOccurrences,
      recurrenceEndDate,
    ] = line.split(',');
    const recurrencePattern = pattern as RecurrencePattern;
    return {
      id: Number(id),
      title: titles[index],
      city: cities[index],
      establishmentId: numberOrNull(establishmentId),
      promoterGroupId: numberOrNull(promoterGroupId),
      eventTypeId: numberOrNull(eventTypeId),
      visibility,
      approvalStatus: textOrNull(approvalStatus),
      recurrencePattern,
      rule: {
        startDate,
        endDate: textOrNull(endDate),
        startTime,
        endTime,
        recurrencePattern,
        recurrenceDaysOfWeek: days === '' ? [] : (days.split(' ') as WeekDay[]),
        recurrenceEndType: endType as RecurrenceEndType,
        maxOccurrences: numberOrNull(maxOccurrences),
        recurrenceEndDate: textOrNull(recurrenceEndDate),
      },
    };
  });
}

function rowsByEvent(rows: RowTuple[] | null): Map<number, OutOfScheduleRow[]> {
  const byEvent = new Map<number, OutOfScheduleRow[]>();
  for (const [eventId, id, action, originalStartsAt, startsAt, endsAt, title] of rows ?? []) {
    const list = byEvent.get(eventId) ?? [];
    list.push({
      id,
      action,
      originalStartsAt: instantText(originalStartsAt),
      startsAt: startsAt === null ? null : instantText(startsAt),
      endsAt: endsAt === null ? null : instantText(endsAt),
      eventTitle: title,
    });
    byEvent.set(eventId, list);
  }
  return byEvent;
}

// ---- order and page ------------------------------------------------------------------------------------

/** The digits of `text` from `start` to `end` as a number (the caller checked the format). */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/**
 * Epoch ms of an instant as the engine writes them (`2026-11-28T21:00:00Z`), by hand: this runs per occurrence,
 * and Date.parse costs several times more. No closures here: tsx keeps function names with a defineProperty
 * per closure created.
 */
function instantMs(text: string): number {
  if (text.length !== 20 || text.charCodeAt(19) !== 90 /* Z */) return Date.parse(text);
  // Days since 1970-01-01 of the civil date (H. Hinnant's days_from_civil).
  const month = digitsAt(text, 5, 7);
  const year = digitsAt(text, 0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + digitsAt(text, 8, 10) - 1;
  const days =
    era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
  return (
    days * 86_400_000 +
    digitsAt(text, 11, 13) * HOUR_MS +
    digitsAt(text, 14, 16) * 60_000 +
    digitsAt(text, 17, 19) * 1000
  );
}

/**
 * The window's occurrences side by side: the page needs them all counted but only offset + limit of them in
 * order, so each is an index into these arrays until it makes the page.
 */
interface OccurrencePool {
  events: EventFacts[];
  occurrences: ExpandedOccurrence[];
  /** Epoch ms of each `startsAt`, the first sort key. */
  starts: number[];
}

const NO_ROWS: OutOfScheduleRow[] = [];

/** Every occurrence of the series in the window (those `q` matches), in no particular order. */
function expandSeries(
  pool: OccurrencePool,
  series: Series[],
  rows: Map<number, OutOfScheduleRow[]>,
  window: InstantWindow,
  q: string | undefined,
): void {
  const search = q?.toLowerCase();
  const matches = (title: string | null) => title !== null && title.toLowerCase().includes(search ?? '');
  for (const event of series) {
    // `q` matched the series or one of its rows: every occurrence of a matching series shows, else those
    // whose own title matches.
    const seriesMatches = !search || matches(event.title);
    for (const occurrence of expandOccurrences(event.rule, rows.get(event.id) ?? NO_ROWS, window)) {
      if (!seriesMatches && !matches(occurrence.eventTitle)) continue;
      pool.events.push(event);
      pool.occurrences.push(occurrence);
      pool.starts.push(instantMs(occurrence.startsAt));
    }
  }
}

/** A one-off event's occurrence is its stored bounds (the writers derive them from its rule; it has no rows). */
function addOneOff(
  pool: OccurrencePool,
  [
    id,
    title,
    city,
    establishmentId,
    promoterGroupId,
    eventTypeId,
    visibility,
    approvalStatus,
    startsAtMs,
    endsAtMs,
  ]: OneOffTuple,
): void {
  const startsAt = instantText(startsAtMs);
  pool.events.push({
    id,
    title,
    city,
    establishmentId,
    promoterGroupId,
    eventTypeId,
    visibility,
    approvalStatus,
    recurrencePattern: 'NONE',
  });
  pool.occurrences.push({
    startsAt,
    endsAt: instantText(endsAtMs),
    originalStartsAt: startsAt,
    outOfScheduleEventId: null,
    eventTitle: null,
  });
  pool.starts.push(startsAtMs);
}

/** The k-th smallest (0-based) of the values (Hoare's selection; reorders `values`). */
function kthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left] < pivot) left += 1;
      while (values[right] > pivot) right -= 1;
      if (left <= right) {
        const swap = values[left];
        values[left] = values[right];
        values[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (k <= right) high = right;
    else if (k >= left) low = left;
    else return values[k];
  }
  return values[k];
}

/**
 * The indices of the pool's first `count` occurrences in the page's order (by start, then event, then original
 * start): the count-th start bounds them, so only the occurrences up to it (ties included) are sorted.
 */
function firstInOrder(pool: OccurrencePool, order: 'ASC' | 'DESC', count: number): number[] {
  const sign = order === 'ASC' ? 1 : -1;
  const total = pool.starts.length;
  let bound = Number.POSITIVE_INFINITY;
  if (count < total)
    bound = kthSmallest(
      Float64Array.from(pool.starts, (start) => sign * start),
      count - 1,
    );
  const chosen: number[] = [];
  const originals = new Map<number, number>();
  for (let index = 0; index < total; index += 1) {
    if (sign * pool.starts[index] > bound) continue;
    chosen.push(index);
    const occurrence = pool.occurrences[index];
    if (occurrence.originalStartsAt !== occurrence.startsAt)
      originals.set(index, instantMs(occurrence.originalStartsAt));
  }
  const originalOf = (index: number) => originals.get(index) ?? pool.starts[index];
  chosen.sort(
    (left, right) =>
      sign *
      (pool.starts[left] - pool.starts[right] ||
        pool.events[left].id - pool.events[right].id ||
        originalOf(left) - originalOf(right)),
  );
  return chosen.slice(0, count);
}

interface Names {
  venues: Map<number, { name: string; city: string | null }>;
  groups: Map<number, string>;
}

function itemOf(event: EventFacts, occurrence: ExpandedOccurrence, names: Names): OccurrenceItem {
  const venue = event.establishmentId === null ? undefined : names.venues.get(event.establishmentId);
  return {
    id: occurrenceId(event.id, occurrence.originalStartsAt),
    eventId: event.id,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    originalStartsAt: occurrence.originalStartsAt,
    isVirtual: event.recurrencePattern !== 'NONE',
    outOfScheduleEventId: occurrence.outOfScheduleEventId,
    eventTitle: occurrence.eventTitle ?? event.title,
    establishmentId: event.establishmentId,
    establishmentName: venue?.name ?? null,
    promoterGroupId: event.promoterGroupId,
    promoterGroupName: event.promoterGroupId === null ? null : (names.groups.get(event.promoterGroupId) ?? null),
    city: event.city ?? venue?.city ?? null,
    // Every event has a type (the input requires one); the column is nullable only for the reference's sake.
    eventTypeId: event.eventTypeId ?? 0,
    recurrencePattern: event.recurrencePattern,
    visibility: event.visibility as Visibility,
    approvalStatus: event.approvalStatus as ApprovalStatus | null,
  };
}

export interface OccurrencePageRequest {
  filter: OccurrenceFilter;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export interface OccurrencePage {
  items: OccurrenceItem[];
  total: number;
}

export async function listOccurrences(
  db: Queryable,
  viewer: Viewer,
  request: OccurrencePageRequest,
): Promise<OccurrencePage> {
  const window = occurrenceWindowOf(request.filter);
  const result = await queryWindow(db, viewer, request, window);
  const pool: OccurrencePool = { events: [], occurrences: [], starts: [] };
  expandSeries(pool, parseSeries(result), rowsByEvent(result.rows), window, request.filter.q);
  const seriesCount = pool.starts.length;
  // The first offset + limit one-offs in the page's order: the page is among them and the series' occurrences.
  for (const oneOff of result.oneOffs ?? []) addOneOff(pool, oneOff);
  const names: Names = {
    venues: new Map((result.venues ?? []).map(([id, name, city]) => [id, { name, city }])),
    groups: new Map(result.groups ?? []),
  };
  const page = firstInOrder(pool, request.order, request.offset + request.limit).slice(request.offset);
  return {
    items: page.map((index) => itemOf(pool.events[index], pool.occurrences[index], names)),
    total: seriesCount + (result.oneOffTotal ?? 0),
  };
}
