import type { OutOfScheduleAction, RecurrenceEndType, RecurrencePattern, WeekDay } from './enums';

/**
 * The recurrence engine (ARCHITECTURE.md §5), pure and shared by the server (occurrences, writes, splits)
 * and the browser (the date step's preview, the rule in words). Built on Temporal (temporal-polyfill);
 * never the JavaScript Date for wall-clock arithmetic.
 *
 * CONTRACT (issue 5): the signatures below are fixed; the bodies are the engine's.
 */

/** Wall-clock times are in this zone. */
export const EVENT_TIME_ZONE = 'Europe/Zurich';

/** A series' rule as the events table stores it (`dateAndCalendar` fields). */
export interface RecurrenceRule {
  startDate: string;
  /** The first occurrence's end date; null derives it (next day when endTime <= startTime). */
  endDate: string | null;
  startTime: string;
  endTime: string;
  recurrencePattern: RecurrencePattern;
  recurrenceDaysOfWeek: readonly WeekDay[];
  recurrenceEndType: RecurrenceEndType;
  maxOccurrences: number | null;
  recurrenceEndDate: string | null;
}

/** An out-of-schedule row (instants ISO 8601 UTC). */
export interface OutOfScheduleRow {
  id: number;
  action: OutOfScheduleAction;
  originalStartsAt: string;
  startsAt: string | null;
  endsAt: string | null;
  eventTitle?: string | null;
}

/** An instant window [from, to): an occurrence is in it when it overlaps (startsAt < to && endsAt > from). */
export interface InstantWindow {
  from: string;
  to: string;
}

export interface ExpandedOccurrence {
  startsAt: string;
  endsAt: string;
  /** The start the rule gives it (the row key); a CREATE's own start. */
  originalStartsAt: string;
  /** The UPDATE or CREATE row that places it; null when the rule alone does. */
  outOfScheduleEventId: number | null;
  /** The row's own title (UPDATE/CREATE), or null. */
  eventTitle: string | null;
}

export function notImplemented(): never {
  throw new Error('recurrence engine: not implemented yet');
}

/** Wall-clock (date, HH:mm) in Europe/Zurich → ISO instant (spring gap moves forward, autumn overlap: first). */
export function zonedInstant(_date: string, _time: string): string {
  return notImplemented();
}

/** The local date (Europe/Zurich) of an instant. */
export function localDateOf(_instant: string): string {
  return notImplemented();
}

/** The local time HH:mm (Europe/Zurich) of an instant. */
export function localTimeOf(_instant: string): string {
  return notImplemented();
}

/** The occurrences of the rule alone (no rows) overlapping the window, sorted by start. */
export function ruleOccurrences(_rule: RecurrenceRule, _window: InstantWindow): { startsAt: string; endsAt: string }[] {
  return notImplemented();
}

/** The occurrences of the series (rule + rows) overlapping the window, sorted by start. */
export function expandOccurrences(
  _rule: RecurrenceRule,
  _rows: readonly OutOfScheduleRow[],
  _window: InstantWindow,
): ExpandedOccurrence[] {
  return notImplemented();
}

/** Does the rule generate an occurrence starting at this instant? (SKIP/UPDATE rows must match one.) */
export function generatesOccurrenceAt(_rule: RecurrenceRule, _instant: string): boolean {
  return notImplemented();
}

/**
 * The instants bounding every occurrence of the series, rows included: the first start and the last end
 * (null when the rule never ends). Stored as `first_starts_at` / `last_ends_at` for the window query.
 */
export function seriesBounds(
  _rule: RecurrenceRule,
  _rows: readonly OutOfScheduleRow[],
): { firstStartsAt: string; lastEndsAt: string | null } {
  return notImplemented();
}

/** `totalOccurrencesNumber`: rule occurrences − SKIPs + CREATEs; null when the rule never ends; 1 for NONE. */
export function countOccurrences(_rule: RecurrenceRule, _rows: readonly OutOfScheduleRow[]): number | null {
  return notImplemented();
}

/** The next `limit` occurrences (rows applied) that end after `after`. Cost bounded by `limit`, not the series' age. */
export function nextOccurrences(
  _rule: RecurrenceRule,
  _rows: readonly OutOfScheduleRow[],
  _after: string,
  _limit: number,
): ExpandedOccurrence[] {
  return notImplemented();
}

/**
 * A THIS_AND_NEXT_OCCURRENCES split at an occurrence the rule generates (`originalStartsAt`):
 * `head` is the rule ending before it (null when it is the first occurrence: edit the whole series
 * instead), `tail` the rule of the rest, starting on that occurrence's local date, with the same end
 * (ON_DATE kept; AFTER_OCCURRENCES split into head count + tail count). Throws on an instant the rule
 * does not generate.
 */
export function splitRule(
  _rule: RecurrenceRule,
  _originalStartsAt: string,
): { head: RecurrenceRule | null; tail: RecurrenceRule } {
  return notImplemented();
}

/**
 * After a rule changes (or a split hands rows to the tail): each SKIP/UPDATE row is re-keyed to the
 * occurrence the new rule generates on the same local date as its old key, or dropped when there is none;
 * CREATE rows stay. Returns the rows to keep (with new keys) and the ids of rows to remove.
 */
export function rekeyRows(
  _oldRule: RecurrenceRule,
  _newRule: RecurrenceRule,
  _rows: readonly OutOfScheduleRow[],
): { kept: OutOfScheduleRow[]; removedIds: number[] } {
  return notImplemented();
}

/** The rule in a structured form for "Every Saturday 22:00–04:00, 10 times" (the browser words it via i18n). */
export interface RuleSummary {
  pattern: RecurrencePattern;
  /** WEEKLY: the days (the start date's weekday when none were picked), Monday first. */
  days: WeekDay[];
  /** MONTHLY: the day of month; YEARLY: month (1–12) and day. */
  dayOfMonth: number | null;
  month: number | null;
  startTime: string;
  endTime: string;
  endsNextDay: boolean;
  end: { type: RecurrenceEndType; count: number | null; date: string | null };
}

export function summarizeRule(_rule: RecurrenceRule): RuleSummary {
  return notImplemented();
}
