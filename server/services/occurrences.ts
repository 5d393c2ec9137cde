import { and, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../domain/access';
import type { ApprovalStatus, RecurrencePattern, RecurrenceEndType, Visibility, WeekDay } from '../../domain/enums';
import { EVENT_LIMITS, OCCURRENCE_WINDOW_PROBLEMS, occurrenceId, type OccurrenceFilter, type OccurrenceItem } from '../../domain/event';
import {
  expandOccurrences,
  zonedInstant,
  type ExpandedOccurrence,
  type InstantWindow,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';
import { establishments, eventMusics, eventOutOfSchedule, events, promoterGroups } from '../db/schema';
import { ApiError, INVALID_INPUT } from '../plugins/errors';
import { escapeLike } from '../routes/shared/listQuery';
import type { Queryable } from '../routes/shared/resource';
import { scopeCondition, type ScopeMapping } from '../routes/shared/scope';

/**
 * The occurrences of every event in the viewer's scope that overlap a window (ARCHITECTURE.md §5,
 * docs/server.md "Occurrences"). Series are stored as rules, so a page is built in four steps:
 *
 * 1. candidates: the events in scope and filters whose stored bounds (`first_starts_at`, `last_ends_at`,
 *    indexed) reach the window, plus those with an out-of-schedule row placed in it (a moved or added
 *    occurrence the bounds may not cover), with the venue's and the group's names in the same query;
 * 2. the out-of-schedule rows of the repeating candidates, in one query;
 * 3. each candidate expanded by the recurrence engine (a one-off event is a rule of pattern NONE);
 * 4. every occurrence sorted by start (then event, then original start), counted, and the page sliced.
 *
 * All occurrences of the window are expanded to know the total; only the page becomes items.
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
      return zonedInstant((endOfDay ? date.add({ days: 1 }) : date).toString(), '00:00');
    }
    return Temporal.Instant.from(value).toString();
  } catch {
    return null;
  }
}

const windowError = (field: 'from' | 'to', problem: string) => new ApiError(400, INVALID_INPUT, { [`filter.${field}`]: problem });

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

// ---- candidates ----------------------------------------------------------------------------------------

/** Epoch ms as the engine writes instants ("2026-11-28T21:00:00Z"); Temporal's formatting is slow per row. */
function instantText(epochMs: number): string {
  // float8 arithmetic may leave 1764363600000.0002: instants are stored to the millisecond at most.
  const ms = Math.round(epochMs);
  return ms % 1000 === 0 ? `${new Date(ms).toISOString().slice(0, 19)}Z` : Temporal.Instant.fromEpochMilliseconds(ms).toString();
}

function filterConditions(filter: OccurrenceFilter): (SQL | undefined)[] {
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
    // The promoter flow's own city, else the venue's (docs/data-model.md "Filter").
    conditions.push(
      cities.length > 0
        ? or(inArray(sql`lower(${events.city})`, cities), and(isNull(events.city), inArray(sql`lower(${establishments.city})`, cities)))
        : sql`false`,
    );
  }
  if (filter.q) {
    // The series' title, or the title of one of its out-of-schedule rows (the items are matched again below).
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(events.title, pattern),
        sql`EXISTS (SELECT 1 FROM ${eventOutOfSchedule} WHERE ${eventOutOfSchedule.eventId} = ${events.id} AND ${ilike(eventOutOfSchedule.title, pattern)})`,
      ),
    );
  }
  return conditions;
}

/** The stored bounds reach the window, or a row places an occurrence in it. */
function reachesWindow(window: InstantWindow): SQL {
  const from = new Date(window.from);
  const to = new Date(window.to);
  const movedIntoWindow = sql`SELECT ${eventOutOfSchedule.eventId} FROM ${eventOutOfSchedule}
    WHERE ${lt(eventOutOfSchedule.startsAt, to)} AND ${gt(eventOutOfSchedule.endsAt, from)}`;
  return or(
    and(lt(events.firstStartsAt, to), or(isNull(events.lastEndsAt), gt(events.lastEndsAt, from))),
    sql`${events.id} IN (${movedIntoWindow})`,
  ) as SQL;
}

interface Candidate {
  id: number;
  title: string;
  establishmentId: number | null;
  establishmentName: string | null;
  promoterGroupId: number | null;
  promoterGroupName: string | null;
  city: string | null;
  eventTypeId: number | null;
  visibility: string;
  approvalStatus: string | null;
  rule: RecurrenceRule;
}

/**
 * What the candidate query answers per event, as one JSON array each: the drivers parse one JSON value natively,
 * where a thousand rows of nineteen typed fields cost them (and drizzle's per-field mapping, more still) far more
 * than the query itself.
 */
type CandidateTuple = [
  id: number,
  title: string,
  establishmentId: number | null,
  establishmentName: string | null,
  promoterGroupId: number | null,
  promoterGroupName: string | null,
  city: string | null,
  eventTypeId: number | null,
  visibility: string,
  approvalStatus: string | null,
  startDate: string,
  endDate: string | null,
  startTime: string,
  endTime: string,
  recurrencePattern: RecurrencePattern,
  recurrenceDaysOfWeek: WeekDay[],
  recurrenceEndType: RecurrenceEndType,
  maxOccurrences: number | null,
  recurrenceEndDate: string | null,
];

/** `execute` answers `{ rows }` on both engines (node-postgres' QueryResult, PGlite's Results). */
async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function loadCandidates(db: Queryable, viewer: Viewer, filter: OccurrenceFilter, window: InstantWindow): Promise<Candidate[]> {
  const where = and(scopeCondition(viewer, 'EVENT', EVENT_READ_SCOPE, 'read'), ...filterConditions(filter), reachesWindow(window));
  // A JSON date is `YYYY-MM-DD`, as the engine takes it.
  const [{ candidates }] = await rowsOf<{ candidates: CandidateTuple[] }>(
    db,
    sql`SELECT coalesce(json_agg(json_build_array(
        ${events.id}, ${events.title},
        ${events.establishmentId}, ${establishments.name}, ${events.promoterGroupId}, ${promoterGroups.name},
        coalesce(${events.city}, ${establishments.city}), ${events.eventTypeId}, ${events.visibility}, ${events.approvalStatus},
        ${events.startDate}, ${events.endDate}, ${events.startTime}, ${events.endTime},
        ${events.recurrencePattern}, ${events.recurrenceDaysOfWeek}, ${events.recurrenceEndType},
        ${events.maxOccurrences}, ${events.recurrenceEndDate})), '[]'::json) AS candidates
      FROM ${events}
      LEFT JOIN ${establishments} ON ${establishments.id} = ${events.establishmentId}
      LEFT JOIN ${promoterGroups} ON ${promoterGroups.id} = ${events.promoterGroupId}
      WHERE ${where}`,
  );
  return candidates.map((row) => ({
    id: row[0],
    title: row[1],
    establishmentId: row[2],
    establishmentName: row[3],
    promoterGroupId: row[4],
    promoterGroupName: row[5],
    city: row[6],
    eventTypeId: row[7],
    visibility: row[8],
    approvalStatus: row[9],
    rule: {
      startDate: row[10],
      endDate: row[11],
      startTime: row[12],
      endTime: row[13],
      recurrencePattern: row[14],
      recurrenceDaysOfWeek: row[15],
      recurrenceEndType: row[16],
      maxOccurrences: row[17],
      recurrenceEndDate: row[18],
    },
  }));
}

interface StoredRow {
  id: number;
  event_id: number;
  action: OutOfScheduleRow['action'];
  original_starts_at: number;
  starts_at: number | null;
  ends_at: number | null;
  title: string | null;
}

/** An instant column as epoch milliseconds (a float8, which both drivers read as a number). */
const epochMs = (column: SQLWrapper) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * A row changes only its own occurrence (AFTER_OCCURRENCES counts before exclusions; a CREATE adds itself), so
 * the window needs the rows of occurrences that start in it or end in it (a repeating occurrence lasts under two
 * days) and the rows that place one in it; a series' other rows, years of them, are left in the database.
 */
const ROW_REACH_MS = 2 * 24 * HOUR_MS;

/** The out-of-schedule rows of these series that can touch the window, by event id (one query). */
async function loadRows(db: Queryable, eventIds: number[], window: InstantWindow): Promise<Map<number, OutOfScheduleRow[]>> {
  const byEvent = new Map<number, OutOfScheduleRow[]>();
  if (eventIds.length === 0) return byEvent;
  // One array parameter rather than one per id: hundreds of series are common in a month.
  const rows = await rowsOf<StoredRow>(
    db,
    sql`SELECT ${eventOutOfSchedule.id} AS id, ${eventOutOfSchedule.eventId} AS event_id, ${eventOutOfSchedule.action} AS action,
        ${epochMs(eventOutOfSchedule.originalStartsAt)} AS original_starts_at, ${epochMs(eventOutOfSchedule.startsAt)} AS starts_at,
        ${epochMs(eventOutOfSchedule.endsAt)} AS ends_at, ${eventOutOfSchedule.title} AS title
      FROM ${eventOutOfSchedule}
      WHERE ${eventOutOfSchedule.eventId} = ANY(${`{${eventIds.join(',')}}`}::int[])
        AND (${eventOutOfSchedule.originalStartsAt} > ${new Date(Date.parse(window.from) - ROW_REACH_MS).toISOString()}::timestamptz
             AND ${eventOutOfSchedule.originalStartsAt} < ${window.to}::timestamptz
          OR ${lt(eventOutOfSchedule.startsAt, new Date(window.to))} AND ${gt(eventOutOfSchedule.endsAt, new Date(window.from))})`,
  );
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push({
      id: row.id,
      action: row.action,
      originalStartsAt: instantText(row.original_starts_at),
      startsAt: row.starts_at === null ? null : instantText(row.starts_at),
      endsAt: row.ends_at === null ? null : instantText(row.ends_at),
      eventTitle: row.title,
    });
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

// ---- expansion, order, page ----------------------------------------------------------------------------

interface Placed {
  candidate: Candidate;
  occurrence: ExpandedOccurrence;
  /** Epoch milliseconds of `occurrence.startsAt` / `originalStartsAt`, compared while sorting. */
  startsAtMs: number;
  originalStartsAtMs: number;
}

const byStart = (left: Placed, right: Placed): number =>
  left.startsAtMs - right.startsAtMs ||
  left.candidate.id - right.candidate.id ||
  left.originalStartsAtMs - right.originalStartsAtMs;

function itemOf({ candidate, occurrence }: Placed): OccurrenceItem {
  return {
    id: occurrenceId(candidate.id, occurrence.originalStartsAt),
    eventId: candidate.id,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    originalStartsAt: occurrence.originalStartsAt,
    isVirtual: candidate.rule.recurrencePattern !== 'NONE',
    outOfScheduleEventId: occurrence.outOfScheduleEventId,
    eventTitle: occurrence.eventTitle ?? candidate.title,
    establishmentId: candidate.establishmentId,
    establishmentName: candidate.establishmentName,
    promoterGroupId: candidate.promoterGroupId,
    promoterGroupName: candidate.promoterGroupName,
    city: candidate.city,
    // Every event has a type (the input requires one); the column is nullable only for the reference's sake.
    eventTypeId: candidate.eventTypeId ?? 0,
    recurrencePattern: candidate.rule.recurrencePattern,
    visibility: candidate.visibility as Visibility,
    approvalStatus: candidate.approvalStatus as ApprovalStatus | null,
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

export async function listOccurrences(db: Queryable, viewer: Viewer, request: OccurrencePageRequest): Promise<OccurrencePage> {
  const { filter } = request;
  const window = occurrenceWindowOf(filter);
  // One after the other: PGlite runs one query at a time anyway, and a pool connection is spared.
  const candidates = await loadCandidates(db, viewer, filter, window);
  const repeating = candidates.filter((candidate) => candidate.rule.recurrencePattern !== 'NONE').map((candidate) => candidate.id);
  const rowsByEvent = await loadRows(db, repeating, window);
  const search = filter.q?.toLowerCase();
  const matches = (title: string | null) => title !== null && title.toLowerCase().includes(search ?? '');
  const placed: Placed[] = [];
  for (const candidate of candidates) {
    // `q` matched the series or one of its rows: every occurrence of a matching series shows, else those
    // whose own title matches.
    const seriesMatches = !search || matches(candidate.title);
    for (const occurrence of expandOccurrences(candidate.rule, rowsByEvent.get(candidate.id) ?? [], window)) {
      if (!seriesMatches && !matches(occurrence.eventTitle)) continue;
      placed.push({
        candidate,
        occurrence,
        startsAtMs: Date.parse(occurrence.startsAt),
        originalStartsAtMs: Date.parse(occurrence.originalStartsAt),
      });
    }
  }
  placed.sort(request.order === 'ASC' ? byStart : (left, right) => byStart(right, left));
  return { items: placed.slice(request.offset, request.offset + request.limit).map(itemOf), total: placed.length };
}
