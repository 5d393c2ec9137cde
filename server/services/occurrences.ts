import { and, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../domain/access';
import type { ApprovalStatus, RecurrencePattern, RecurrenceEndType, Visibility, WeekDay } from '../../domain/enums';
import { EVENT_LIMITS, OCCURRENCE_WINDOW_PROBLEMS, occurrenceId, type OccurrenceFilter, type OccurrenceItem } from '../../domain/event';
import {
  EVENT_TIME_ZONE,
  expandOccurrences,
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

/** `YYYY-MM-DD` → the local day's first instant in Europe/Zurich (`endOfDay`: the next day's); else an ISO instant. */
function instantOf(value: string, endOfDay: boolean): Temporal.Instant | null {
  try {
    if (LOCAL_DATE.test(value)) {
      const date = Temporal.PlainDate.from(value, { overflow: 'reject' });
      return (endOfDay ? date.add({ days: 1 }) : date).toZonedDateTime(EVENT_TIME_ZONE).toInstant();
    }
    return Temporal.Instant.from(value);
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
  if (Temporal.Instant.compare(to, from) <= 0) throw windowError('to', OCCURRENCE_WINDOW_PROBLEMS.endsBeforeStart);
  // Counted in local days, so that a window of N calendar days across a clock change is N days.
  const days = from
    .toZonedDateTimeISO(EVENT_TIME_ZONE)
    .until(to.toZonedDateTimeISO(EVENT_TIME_ZONE), { largestUnit: 'days' })
    .total({ unit: 'days', relativeTo: from.toZonedDateTimeISO(EVENT_TIME_ZONE) });
  if (days > EVENT_LIMITS.occurrenceWindowDays) throw windowError('to', OCCURRENCE_WINDOW_PROBLEMS.tooLong);
  return { from: from.toString(), to: to.toString() };
}

// ---- candidates ----------------------------------------------------------------------------------------

const instantText = (value: Date): string => Temporal.Instant.fromEpochMilliseconds(value.getTime()).toString();

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

async function loadCandidates(db: Queryable, viewer: Viewer, filter: OccurrenceFilter, window: InstantWindow): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      establishmentId: events.establishmentId,
      establishmentName: establishments.name,
      promoterGroupId: events.promoterGroupId,
      promoterGroupName: promoterGroups.name,
      city: sql<string | null>`coalesce(${events.city}, ${establishments.city})`,
      eventTypeId: events.eventTypeId,
      visibility: events.visibility,
      approvalStatus: events.approvalStatus,
      startDate: events.startDate,
      endDate: events.endDate,
      startTime: events.startTime,
      endTime: events.endTime,
      recurrencePattern: events.recurrencePattern,
      recurrenceDaysOfWeek: events.recurrenceDaysOfWeek,
      recurrenceEndType: events.recurrenceEndType,
      maxOccurrences: events.maxOccurrences,
      recurrenceEndDate: events.recurrenceEndDate,
    })
    .from(events)
    .leftJoin(establishments, eq(establishments.id, events.establishmentId))
    .leftJoin(promoterGroups, eq(promoterGroups.id, events.promoterGroupId))
    .where(and(scopeCondition(viewer, 'EVENT', EVENT_READ_SCOPE, 'read'), ...filterConditions(filter), reachesWindow(window)));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    establishmentId: row.establishmentId,
    establishmentName: row.establishmentName,
    promoterGroupId: row.promoterGroupId,
    promoterGroupName: row.promoterGroupName,
    city: row.city,
    eventTypeId: row.eventTypeId,
    visibility: row.visibility,
    approvalStatus: row.approvalStatus,
    rule: {
      startDate: row.startDate,
      endDate: row.endDate,
      startTime: row.startTime,
      endTime: row.endTime,
      recurrencePattern: row.recurrencePattern as RecurrencePattern,
      recurrenceDaysOfWeek: row.recurrenceDaysOfWeek as WeekDay[],
      recurrenceEndType: row.recurrenceEndType as RecurrenceEndType,
      maxOccurrences: row.maxOccurrences,
      recurrenceEndDate: row.recurrenceEndDate,
    },
  }));
}

/** The out-of-schedule rows of these series, by event id (one query). */
async function loadRows(db: Queryable, eventIds: number[]): Promise<Map<number, OutOfScheduleRow[]>> {
  const byEvent = new Map<number, OutOfScheduleRow[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      id: eventOutOfSchedule.id,
      eventId: eventOutOfSchedule.eventId,
      action: eventOutOfSchedule.action,
      originalStartsAt: eventOutOfSchedule.originalStartsAt,
      startsAt: eventOutOfSchedule.startsAt,
      endsAt: eventOutOfSchedule.endsAt,
      title: eventOutOfSchedule.title,
    })
    .from(eventOutOfSchedule)
    .where(inArray(eventOutOfSchedule.eventId, eventIds));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({
      id: row.id,
      action: row.action as OutOfScheduleRow['action'],
      originalStartsAt: instantText(row.originalStartsAt),
      startsAt: row.startsAt && instantText(row.startsAt),
      endsAt: row.endsAt && instantText(row.endsAt),
      eventTitle: row.title,
    });
    byEvent.set(row.eventId, list);
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
  const rowsByEvent = await loadRows(db, repeating);
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
