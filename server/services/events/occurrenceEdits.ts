import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { derivedEndDate, EVENT_LIMITS, EVENT_PROBLEMS, type Event, type EventInput } from '../../../domain/event';
import {
  generatesOccurrenceAt,
  rekeyRows,
  ruleOccurrences,
  splitRule,
  zonedInstant,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../../domain/recurrence';
import { eventOutOfSchedule, events } from '../../db/schema/events';
import { ApiError } from '../../errors';
import type { Queryable } from '../../db/queryable';
import { loadEventRow, outOfScheduleRowOf, ruleOfRow, type EventRow } from './record';
import { ruleColumnsOf, updateSeriesBounds } from './writes';

/**
 * Editing and deleting ONE occurrence of a series,
 * called by the events route inside the write's transaction:
 *
 * - `PUT /events/:id` with `dateAndCalendar.updateScope` and `originalStartsAt` → `applyOccurrenceEdit`
 *   (after the generic's version check, so a stale edit is already a 409);
 * - `DELETE /events/:id?originalStartsAt=…` → `skipOccurrence`.
 *
 * THIS_OCCURRENCE_ONLY writes, replaces or removes the one out-of-schedule row keyed by the occurrence's
 * original start. THIS_AND_NEXT_OCCURRENCES edits the whole series on its first occurrence, and otherwise
 * splits it: the row at :id becomes the head (its rule ends before the occurrence), a new events row is the
 * tail segment carrying the edit and the out-of-schedule rows from the occurrence on. The PUT answers the
 * record at :id (the head); the tail is reached through the occurrences (their `eventId`) and through its
 * own record, whose `dateAndCalendar.sourceEvent` / `parentEventId` name the head.
 */

/** An out-of-schedule row as stored, with the fields the engine does not read. */
interface StoredRow extends OutOfScheduleRow {
  eventTitle: string | null;
  changes: Record<string, unknown>;
  /** When the user last wrote the row (`updated_at`): which of two rows for one occurrence is their latest word. */
  writtenAt: Date;
}

type SeriesRow = EventRow;

export interface OccurrenceEditArguments {
  eventId: number;
  input: EventInput;
  viewer: Viewer;
  /** The record as stored before the edit (loaded by the generic after its version check). */
  current: Event;
}

/**
 * What the edit did, for the handler (it answers the record at :id in every case):
 * - `occurrence`: one row written (`outOfScheduleEventId`) or removed (null: the occurrence follows the rule again);
 * - `series`: the whole series (or segment) was updated, the occurrence being its first;
 * - `split`: the series was split; `tailEventId` is the new segment.
 */
export type OccurrenceEditResult =
  | { kind: 'occurrence'; outOfScheduleEventId: number | null }
  | { kind: 'series' }
  | { kind: 'split'; tailEventId: number };

/**
 * The generalInfos fields one occurrence may change besides its instants and title: stored in the row's
 * `changes`, keyed by record path (docs/data-model.md).
 */
export const OCCURRENCE_CHANGE_FIELDS = [
  'tarifMin',
  'tarifMax',
  'ageMin',
  'isFree',
  'promotable',
  'urlBilletterie',
] as const;
type OccurrenceChangeField = (typeof OCCURRENCE_CHANGE_FIELDS)[number];

/** The whole-record update of a series (the PUT without updateScope), used when the edited occurrence is the first. */
export type SeriesUpdate = (tx: Queryable, id: number, input: EventInput) => Promise<void>;

/** The new events row of a split's tail: the input's fields, the series' owner, visibility and approval. */
export type TailInsert = (
  tx: Queryable,
  tail: { input: EventInput; series: SeriesRow; parentEventId: number; viewer: Viewer },
) => Promise<number>;

export interface OccurrenceEditWriters {
  updateSeries: SeriesUpdate;
  insertTail: TailInsert;
}

// ---- reading -----------------------------------------------------------------------------------------

const dateOf = (iso: string): Date => new Date(Temporal.Instant.from(iso).epochMilliseconds);
const sameInstant = (left: string | null, right: string | null): boolean =>
  left === right || (left !== null && right !== null && Temporal.Instant.compare(left, right) === 0);
const isAtOrAfter = (instant: string, boundary: string): boolean => Temporal.Instant.compare(instant, boundary) >= 0;

async function loadSeries(tx: Queryable, eventId: number): Promise<SeriesRow> {
  const series = await loadEventRow(tx, eventId);
  if (!series) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  return series;
}

async function loadRows(tx: Queryable, eventId: number): Promise<StoredRow[]> {
  const rows = await tx.select().from(eventOutOfSchedule).where(eq(eventOutOfSchedule.eventId, eventId));
  return rows.map((row) => ({ ...outOfScheduleRowOf(row), changes: row.changes, writtenAt: row.updatedAt }));
}

// ---- the occurrence being edited ---------------------------------------------------------------------

const invalid = (field: string, problem: string) =>
  new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { [field]: problem });

/** The rule's occurrence starting at `instant`, or undefined when the rule has none there. */
function ruleOccurrenceAt(rule: RecurrenceRule, instant: string): { startsAt: string; endsAt: string } | undefined {
  const start = Temporal.Instant.from(instant);
  const window = { from: start.toString(), to: start.add({ milliseconds: 1 }).toString() };
  return ruleOccurrences(rule, window).find((occurrence) => sameInstant(occurrence.startsAt, instant));
}

interface TargetOccurrence {
  series: SeriesRow;
  rule: RecurrenceRule;
  rows: StoredRow[];
  key: string;
  /** The row already keyed by this occurrence (any action). */
  row: StoredRow | undefined;
  /** The rule generates the occurrence (false: it is a CREATE row's). */
  generated: boolean;
}

/** The series and the occurrence `key` names in it; 400 when the series does not repeat or has no such occurrence. */
async function targetOccurrence(
  tx: Queryable,
  eventId: number,
  key: string,
  scopeField: string,
): Promise<TargetOccurrence> {
  const series = await loadSeries(tx, eventId);
  const rule = ruleOfRow(series);
  if (rule.recurrencePattern === 'NONE') throw invalid(scopeField, EVENT_PROBLEMS.notRecurring);
  const rows = await loadRows(tx, eventId);
  const row = rows.find((candidate) => sameInstant(candidate.originalStartsAt, key));
  const generated = generatesOccurrenceAt(rule, key);
  if (!generated && row?.action !== 'CREATE') throw invalid('originalStartsAt', EVENT_PROBLEMS.notAnOccurrence);
  return { series, rule, rows, key, row, generated };
}

// ---- THIS_OCCURRENCE_ONLY ----------------------------------------------------------------------------

/** The occurrence's instants as the input's date step gives them (end on the next day when not after the start). */
export function instantsOfInput(dates: EventInput['dateAndCalendar']): { startsAt: string; endsAt: string } {
  const endDate = dates.endDate ?? derivedEndDate(dates.startDate, dates.startTime, dates.endTime);
  return { startsAt: zonedInstant(dates.startDate, dates.startTime), endsAt: zonedInstant(endDate, dates.endTime) };
}

/** The fields of OCCURRENCE_CHANGE_FIELDS where the input differs from the series, keyed by record path. */
export function occurrenceChangesOf(general: EventInput['generalInfos'], series: SeriesRow): Record<string, unknown> {
  const seriesValue = (field: OccurrenceChangeField): unknown => series[field];
  return Object.fromEntries(
    OCCURRENCE_CHANGE_FIELDS.filter((field) => general[field] !== seriesValue(field)).map((field) => [
      `generalInfos.${field}`,
      general[field],
    ]),
  );
}

interface OccurrenceValues {
  startsAt: string;
  endsAt: string;
  eventTitle: string | null;
  changes: Record<string, unknown>;
}

/** The occurrence is exactly what the rule makes of it: no row is needed. */
function followsRule(rule: RecurrenceRule, key: string, values: OccurrenceValues): boolean {
  const byRule = ruleOccurrenceAt(rule, key);
  return (
    byRule !== undefined &&
    sameInstant(byRule.startsAt, values.startsAt) &&
    sameInstant(byRule.endsAt, values.endsAt) &&
    values.eventTitle === null &&
    Object.keys(values.changes).length === 0
  );
}

async function writeOccurrenceRow(tx: Queryable, target: TargetOccurrence, values: OccurrenceValues): Promise<number> {
  const columns = {
    startsAt: dateOf(values.startsAt),
    endsAt: dateOf(values.endsAt),
    title: values.eventTitle,
    changes: values.changes,
  };
  if (target.row) {
    // A CREATE stays a CREATE (its key is where it was added); a SKIP or UPDATE becomes the UPDATE.
    const action = target.row.action === 'CREATE' ? 'CREATE' : 'UPDATE';
    await tx
      .update(eventOutOfSchedule)
      .set({ ...columns, action, updatedAt: sql`now()` })
      .where(eq(eventOutOfSchedule.id, target.row.id));
    return target.row.id;
  }
  if (target.rows.length >= EVENT_LIMITS.outOfScheduleEvents) {
    throw invalid(
      'dateAndCalendar.outOfScheduleEvents',
      `At most ${EVENT_LIMITS.outOfScheduleEvents} changed occurrences per series`,
    );
  }
  const [inserted] = await tx
    .insert(eventOutOfSchedule)
    .values({ ...columns, eventId: target.series.id, originalStartsAt: dateOf(target.key), action: 'UPDATE' })
    .returning({ id: eventOutOfSchedule.id });
  return inserted.id;
}

async function editThisOccurrence(
  tx: Queryable,
  target: TargetOccurrence,
  input: EventInput,
): Promise<OccurrenceEditResult> {
  const title = input.generalInfos.eventTitle;
  const values: OccurrenceValues = {
    ...instantsOfInput(input.dateAndCalendar),
    eventTitle: title === target.series.title ? null : title,
    changes: occurrenceChangesOf(input.generalInfos, target.series),
  };
  let outOfScheduleEventId: number | null;
  if (target.generated && followsRule(target.rule, target.key, values)) {
    if (target.row) await tx.delete(eventOutOfSchedule).where(eq(eventOutOfSchedule.id, target.row.id));
    outOfScheduleEventId = null;
  } else {
    outOfScheduleEventId = await writeOccurrenceRow(tx, target, values);
  }
  await updateSeriesBounds(tx, target.series.id);
  return { kind: 'occurrence', outOfScheduleEventId };
}

// ---- THIS_AND_NEXT_OCCURRENCES -----------------------------------------------------------------------

const sameDays = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((day) => right.includes(day));

/**
 * The tail's rule: splitRule's tail, moved to the input's date and times; the input's pattern and days
 * when the user changed them; the input's end when the user changed it, else splitRule's (so a series of
 * 10 split at its 5th gives a tail of 6).
 */
export function editedTailRule(
  series: RecurrenceRule,
  tailAsSplit: RecurrenceRule,
  dates: EventInput['dateAndCalendar'],
): RecurrenceRule {
  const patternChanged =
    dates.recurrencePattern !== series.recurrencePattern ||
    !sameDays(dates.recurrenceDaysOfWeek, series.recurrenceDaysOfWeek);
  const endChanged =
    dates.recurrenceEndType !== series.recurrenceEndType ||
    dates.maxOccurrences !== series.maxOccurrences ||
    dates.recurrenceEndDate !== series.recurrenceEndDate;
  const oneOff = { recurrenceEndType: 'NEVER', maxOccurrences: null, recurrenceEndDate: null } as const;
  return {
    ...tailAsSplit,
    startDate: dates.startDate,
    endDate: dates.endDate,
    startTime: dates.startTime,
    endTime: dates.endTime,
    ...(patternChanged
      ? { recurrencePattern: dates.recurrencePattern, recurrenceDaysOfWeek: dates.recurrenceDaysOfWeek }
      : {}),
    ...(endChanged
      ? {
          recurrenceEndType: dates.recurrenceEndType,
          maxOccurrences: dates.maxOccurrences,
          recurrenceEndDate: dates.recurrenceEndDate,
        }
      : {}),
    // A tail made a one-off has no end of its own (the schema allows none on a one-off).
    ...(dates.recurrencePattern === 'NONE' ? oneOff : {}),
  };
}

/**
 * A tail moved past its end (ON_DATE before the moved start, or before its first selected weekday) would be
 * an empty segment. Only an ON_DATE rule can be empty; its window is bounded by its end date.
 */
function hasOccurrences(rule: RecurrenceRule): boolean {
  if (rule.recurrenceEndType !== 'ON_DATE' || rule.recurrenceEndDate === null) return true;
  if (rule.recurrenceEndDate < rule.startDate) return false;
  const after = Temporal.PlainDate.from(rule.recurrenceEndDate).add({ days: 1 }).toString();
  return (
    ruleOccurrences(rule, { from: zonedInstant(rule.startDate, '00:00'), to: zonedInstant(after, '00:00') }).length > 0
  );
}

/** Rows from the split on: SKIP and UPDATE by their key, CREATE by where it takes place. */
const belongsToTail = (row: StoredRow, splitAt: string): boolean =>
  isAtOrAfter(row.action === 'CREATE' ? (row.startsAt ?? row.originalStartsAt) : row.originalStartsAt, splitAt);

const epochOf = (instant: string): number => Temporal.Instant.from(instant).epochMilliseconds;

/**
 * The rows that lose to another row re-keyed onto the same key. Re-keying moves a SKIP or UPDATE to the edited
 * rule's occurrence of its day, which can be the very instant of an occurrence added by hand (a CREATE keeps its
 * key). Two occurrences at one instant of one series are one occurrence for the user (the engine already shows a
 * CREATE on a rule instant as that occurrence, placed), and the key is unique, so one row must describe it.
 * Kept: the row the user wrote last (`updated_at`), their latest word about that occurrence, whichever kind it
 * is; on a tie the row already at that key (as a whole-series re-key does, writes.ts), then the older row.
 */
function supersededRowIds(kept: readonly OutOfScheduleRow[], storedById: ReadonlyMap<number, StoredRow>): number[] {
  const writtenAt = (row: OutOfScheduleRow) => storedById.get(row.id)?.writtenAt.getTime() ?? 0;
  const stayed = (row: OutOfScheduleRow) =>
    sameInstant(storedById.get(row.id)?.originalStartsAt ?? null, row.originalStartsAt);
  const outranks = (candidate: OutOfScheduleRow, incumbent: OutOfScheduleRow): boolean => {
    if (writtenAt(candidate) !== writtenAt(incumbent)) return writtenAt(candidate) > writtenAt(incumbent);
    if (stayed(candidate) !== stayed(incumbent)) return stayed(candidate);
    return candidate.id < incumbent.id;
  };
  const byKey = new Map<number, OutOfScheduleRow[]>();
  for (const row of kept) {
    const key = epochOf(row.originalStartsAt);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return [...byKey.values()].flatMap((rows) => {
    const winner = rows.reduce((best, row) => (outranks(row, best) ? row : best));
    return rows.filter((row) => row !== winner).map((row) => row.id);
  });
}

/**
 * Hands the rows from the split on to the tail (ids kept), re-keyed from the tail as split to the tail as
 * edited; rows the edited rule no longer generates are removed, and so is the row of the edited occurrence
 * itself (the edit replaces it), a row superseded by another landing on its key (supersededRowIds) and an
 * UPDATE that now equals its rule occurrence.
 */
async function moveRowsToTail(
  tx: Queryable,
  rows: readonly StoredRow[],
  split: { key: string; tailId: number; tailAsSplit: RecurrenceRule; tailRule: RecurrenceRule },
): Promise<void> {
  const moving = rows.filter((row) => belongsToTail(row, split.key));
  const edited = moving.filter((row) => row.action !== 'CREATE' && sameInstant(row.originalStartsAt, split.key));
  const carried = moving.filter((row) => !edited.includes(row));
  const { kept: rekeyed, removedIds } = rekeyRows(split.tailAsSplit, split.tailRule, carried);
  const keptById = new Map(carried.map((row) => [row.id, row]));
  const superseded = supersededRowIds(rekeyed, keptById);
  const kept = rekeyed.filter((row) => !superseded.includes(row.id));
  const redundant = kept.filter((row) => {
    const stored = keptById.get(row.id);
    if (row.action !== 'UPDATE' || !stored || row.startsAt === null || row.endsAt === null) return false;
    const values = {
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      eventTitle: stored.eventTitle,
      changes: stored.changes,
    };
    return followsRule(split.tailRule, row.originalStartsAt, values);
  });
  const toRemove = [...edited.map((row) => row.id), ...removedIds, ...superseded, ...redundant.map((row) => row.id)];
  if (toRemove.length > 0) await tx.delete(eventOutOfSchedule).where(inArray(eventOutOfSchedule.id, toRemove));
  for (const row of kept.filter((candidate) => !redundant.includes(candidate))) {
    await tx
      .update(eventOutOfSchedule)
      .set({ eventId: split.tailId, originalStartsAt: dateOf(row.originalStartsAt), updatedAt: sql`now()` })
      .where(eq(eventOutOfSchedule.id, row.id));
  }
}

/** The tail's input: the user's fields, the tail's rule, and no scope (the tail is written whole). */
function tailInputOf(input: EventInput, tailRule: RecurrenceRule): EventInput {
  return {
    ...input,
    dateAndCalendar: {
      ...input.dateAndCalendar,
      ...ruleColumnsOf(tailRule),
      recurrenceDaysOfWeek: [...tailRule.recurrenceDaysOfWeek],
      outOfScheduleEvents: undefined,
      updateScope: null,
    },
    originalStartsAt: null,
    saveAction: undefined,
  };
}

async function splitSeries(
  tx: Queryable,
  target: TargetOccurrence,
  head: RecurrenceRule,
  tailAsSplit: RecurrenceRule,
  context: { input: EventInput; viewer: Viewer; writers: OccurrenceEditWriters },
): Promise<OccurrenceEditResult> {
  const { series, key } = target;
  const tailRule = editedTailRule(target.rule, tailAsSplit, context.input.dateAndCalendar);
  if (!hasOccurrences(tailRule)) throw invalid('dateAndCalendar.recurrenceEndDate', EVENT_PROBLEMS.endBeforeStartDate);
  await tx.update(events).set(ruleColumnsOf(head)).where(eq(events.id, series.id));
  const tailEventId = await context.writers.insertTail(tx, {
    input: tailInputOf(context.input, tailRule),
    series,
    parentEventId: series.id,
    viewer: context.viewer,
  });
  // Segments split off this series later in time now follow the new tail, so the chain stays in order.
  await tx
    .update(events)
    .set({ parentEventId: tailEventId })
    .where(
      and(
        eq(events.parentEventId, series.id),
        eq(events.segmentIsRecurrenceTail, true),
        ne(events.id, tailEventId),
        gte(events.firstStartsAt, dateOf(key)),
      ),
    );
  await moveRowsToTail(tx, target.rows, { key, tailId: tailEventId, tailAsSplit, tailRule });
  await updateSeriesBounds(tx, series.id);
  await updateSeriesBounds(tx, tailEventId);
  return { kind: 'split', tailEventId };
}

async function editThisAndNext(
  tx: Queryable,
  target: TargetOccurrence,
  context: { input: EventInput; viewer: Viewer; writers: OccurrenceEditWriters },
): Promise<OccurrenceEditResult> {
  // A split needs an occurrence of the rule; an occurrence added by hand has none after it to carry along.
  if (!target.generated) throw invalid('dateAndCalendar.updateScope', EVENT_PROBLEMS.notAnOccurrence);
  const { head, tail } = splitRule(target.rule, target.key);
  if (head === null) {
    const wholeSeries: EventInput = {
      ...context.input,
      dateAndCalendar: { ...context.input.dateAndCalendar, updateScope: null, outOfScheduleEvents: undefined },
      originalStartsAt: null,
    };
    await context.writers.updateSeries(tx, target.series.id, wholeSeries);
    return { kind: 'series' };
  }
  return splitSeries(tx, target, head, tail, context);
}

// ---- entry points ------------------------------------------------------------------------------------

/**
 * `PUT /events/:id` with `dateAndCalendar.updateScope`: edits the occurrence `input.originalStartsAt`
 * names, within the caller's transaction. 400 NOT_A_REPEATING_EVENT on a one-off, 400
 * NOT_AN_OCCURRENCE_OF_THIS_EVENT when the series has no such occurrence.
 */
export async function applyOccurrenceEdit(
  tx: Queryable,
  { eventId, input, viewer }: OccurrenceEditArguments,
  writers: OccurrenceEditWriters,
): Promise<OccurrenceEditResult> {
  const key = input.originalStartsAt;
  if (key === null) throw invalid('originalStartsAt', EVENT_PROBLEMS.originalStartRequired);
  const target = await targetOccurrence(tx, eventId, key, 'dateAndCalendar.updateScope');
  if (input.dateAndCalendar.updateScope === 'THIS_AND_NEXT_OCCURRENCES') {
    return editThisAndNext(tx, target, { input, viewer, writers });
  }
  return editThisOccurrence(tx, target, input);
}

/**
 * `DELETE /events/:id?originalStartsAt=…`: deleting one occurrence is a SKIP. An occurrence added by hand
 * (CREATE) loses its row; an UPDATE row becomes the SKIP. Bumps the series' version, as any change of it does.
 */
export async function skipOccurrence(
  tx: Queryable,
  { eventId, originalStartsAt }: { eventId: number; originalStartsAt: string },
): Promise<void> {
  const target = await targetOccurrence(tx, eventId, originalStartsAt, 'originalStartsAt');
  // Already skipped: that occurrence is gone, as a deleted record is (a second delete, or a parallel one).
  if (target.row?.action === 'SKIP') throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  if (target.row?.action === 'CREATE') {
    await tx.delete(eventOutOfSchedule).where(eq(eventOutOfSchedule.id, target.row.id));
  } else if (target.row) {
    await tx
      .update(eventOutOfSchedule)
      .set({ action: 'SKIP', startsAt: null, endsAt: null, title: null, changes: {}, updatedAt: sql`now()` })
      .where(eq(eventOutOfSchedule.id, target.row.id));
  } else {
    await tx.insert(eventOutOfSchedule).values({ eventId, originalStartsAt: dateOf(originalStartsAt), action: 'SKIP' });
  }
  await tx
    .update(events)
    .set({ version: sql`${events.version} + 1`, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  await updateSeriesBounds(tx, eventId);
}
