import { Temporal } from 'temporal-polyfill';
import type { OutOfScheduleAction, RecurrenceEndType, RecurrencePattern, WeekDay } from './enums';
import { WEEK_DAYS } from './enums';
import { EVENT_PROBLEMS } from './event';

/**
 * The recurrence engine, pure and shared by the server (occurrences, writes, splits)
 * and the browser (the date step's preview, the rule in words). Built on Temporal (temporal-polyfill);
 * never the JavaScript Date for wall-clock arithmetic.
 *
 * CONTRACT: the signatures below are fixed; the bodies are the engine's.
 *
 * How it stays fast: the polyfill's ZonedDateTime costs tens of microseconds per call, and GET /occurrences
 * expands about a thousand series per request. So Temporal is asked only for the zone's offset transitions
 * (once per ~100-day bucket, cached); everything else is integer arithmetic on local days (days since
 * 1970-01-01 on the wall calendar) and epoch milliseconds. Each pattern maps "the i-th occurrence" to its
 * local day and back in O(1) (weekly) or O(log n) (monthly, yearly), so a window costs the same whether the
 * series began last week or ten years ago, and AFTER_OCCURRENCES / ON_DATE are checked by index.
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

/**
 * The rule's own fields out of anything that holds them (a record's `dateAndCalendar`, a form's values, a
 * rule to store): the one list of what makes a rule, so a field added here reaches every copy.
 */
export const ruleOf = (holder: RecurrenceRule) => ({
  startDate: holder.startDate,
  endDate: holder.endDate,
  startTime: holder.startTime,
  endTime: holder.endTime,
  recurrencePattern: holder.recurrencePattern,
  recurrenceDaysOfWeek: [...holder.recurrenceDaysOfWeek],
  recurrenceEndType: holder.recurrenceEndType,
  maxOccurrences: holder.maxOccurrences,
  recurrenceEndDate: holder.recurrenceEndDate,
});

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

// ---- Calendar arithmetic (proleptic Gregorian, no time zone) ---------------------------------------------

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date [year, month, day] of a day number (H. Hinnant's civil_from_days). */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
/** Multiples of k in [0, n) (negative n counts those in [n, 0) negatively; differences stay right). */
const multiplesBelow = (n: number, k: number) => Math.ceil(n / k);
/** Leap years in [0, year). */
const leapYearsBefore = (year: number) =>
  multiplesBelow(year, 4) - multiplesBelow(year, 100) + multiplesBelow(year, 400);
/** ISO weekday 1 (Monday) … 7 (Sunday) of a day number; 1970-01-01 was a Thursday. */
const isoWeekday = (days: number) => ((((days + 3) % 7) + 7) % 7) + 1;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The digits of `text` from `start` to `end` as a number, or NaN (hand-rolled: this runs per rule per request). */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

function parseLocalDate(date: string): number {
  const days = daysFromCivil(digitsAt(date, 0, 4), digitsAt(date, 5, 7), digitsAt(date, 8, 10));
  if (date.length !== 10 || Number.isNaN(days)) throw new RangeError(`Not a date: ${date}`);
  return days;
}

function formatLocalDate(days: number): string {
  const [year, month, day] = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "HH:mm" (seconds, if any, ignored) → minutes after midnight. */
function parseTimeOfDay(time: string): number {
  const minutes = digitsAt(time, 0, 2) * 60 + digitsAt(time, 3, 5);
  if (time.length < 5 || Number.isNaN(minutes)) throw new RangeError(`Not a time: ${time}`);
  return minutes;
}

// ---- Instants ------------------------------------------------------------------------------------------

/** ISO instant → epoch ms. The common UTC form is parsed natively; other offsets go through Temporal. */
function parseInstant(instant: string): number {
  if (instant.endsWith('Z')) {
    const ms = Date.parse(instant);
    if (!Number.isNaN(ms)) return ms;
  }
  return Temporal.Instant.from(instant).epochMilliseconds;
}

/** A window in epoch ms, with the local days of its bounds. */
interface ParsedWindow {
  from: number;
  to: number;
  fromDay: number;
  toDay: number;
}

/** The last window parsed: a request expands every series over one window, so it is parsed once. */
let lastWindow: { fromText: string; toText: string; parsed: ParsedWindow } | null = null;

function parseWindow(window: InstantWindow): ParsedWindow {
  if (lastWindow === null || lastWindow.fromText !== window.from || lastWindow.toText !== window.to) {
    const from = parseInstant(window.from);
    const to = parseInstant(window.to);
    const parsed = { from, to, fromDay: localDayOf(from), toDay: localDayOf(to) };
    lastWindow = { fromText: window.from, toText: window.to, parsed };
  }
  return lastWindow.parsed;
}

/** Formatted instants: one request formats the same few thousand instants again and again. */
const formattedInstants = new Map<number, string>();
const FORMATTED_INSTANTS_KEPT = 50_000;

/** Epoch ms → the string `Temporal.Instant.toString()` gives ("2026-11-28T21:00:00Z"). */
function formatInstant(ms: number): string {
  const known = formattedInstants.get(ms);
  if (known !== undefined) return known;
  let formatted: string;
  if (ms % 1000 === 0 && ms >= 0 && ms < 253_402_300_800_000) {
    const iso = new Date(ms).toISOString();
    formatted = `${iso.slice(0, 19)}Z`;
  } else {
    formatted = Temporal.Instant.fromEpochMilliseconds(ms).toString();
  }
  if (formattedInstants.size >= FORMATTED_INSTANTS_KEPT) formattedInstants.clear();
  formattedInstants.set(ms, formatted);
  return formatted;
}

// ---- The zone's offsets, from Temporal once per bucket --------------------------------------------------

/** ~99 days: a bucket holds at most a couple of transitions. */
const BUCKET_MS = 2 ** 33;

interface OffsetBucket {
  startOffset: number;
  transitions: number[];
  offsetsAfter: number[];
}

const offsetBuckets = new Map<number, OffsetBucket>();
let lastBucketKey = Number.NaN;
let lastBucket: OffsetBucket | undefined;

function loadOffsetBucket(key: number): OffsetBucket {
  const end = (key + 1) * BUCKET_MS;
  let zoned = Temporal.Instant.fromEpochMilliseconds(key * BUCKET_MS).toZonedDateTimeISO(EVENT_TIME_ZONE);
  const bucket: OffsetBucket = { startOffset: zoned.offsetNanoseconds / 1e6, transitions: [], offsetsAfter: [] };
  for (;;) {
    const next = zoned.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds >= end) return bucket;
    bucket.transitions.push(next.epochMilliseconds);
    bucket.offsetsAfter.push(next.offsetNanoseconds / 1e6);
    zoned = next;
  }
}

/** The zone's UTC offset (ms) at an instant. */
function zoneOffsetAt(ms: number): number {
  const key = Math.floor(ms / BUCKET_MS);
  let bucket = key === lastBucketKey ? lastBucket : offsetBuckets.get(key);
  if (bucket === undefined) {
    bucket = loadOffsetBucket(key);
    offsetBuckets.set(key, bucket);
  }
  lastBucketKey = key;
  lastBucket = bucket;
  let offset = bucket.startOffset;
  for (let index = 0; index < bucket.transitions.length && bucket.transitions[index] <= ms; index += 1) {
    offset = bucket.offsetsAfter[index];
  }
  return offset;
}

/** The local day (Europe/Zurich) an instant falls on. */
function localDayOf(ms: number): number {
  return Math.floor((ms + zoneOffsetAt(ms)) / DAY_MS);
}

/**
 * Local day + minutes → epoch ms with Temporal's 'compatible' disambiguation: in the autumn overlap the
 * earlier instant, in the spring gap the wall time moved forward by the gap (02:30 → 03:30).
 */
function zonedMs(day: number, minutes: number): number {
  const local = day * DAY_MS + minutes * MINUTE_MS;
  const before = zoneOffsetAt(local - DAY_MS);
  const after = zoneOffsetAt(local + DAY_MS);
  if (before === after) return local - before;
  const early = local - before;
  const late = local - after;
  const earlyExists = zoneOffsetAt(early) === before;
  const lateExists = zoneOffsetAt(late) === after;
  if (earlyExists && lateExists) return Math.min(early, late);
  if (earlyExists) return early;
  if (lateExists) return late;
  return local - before;
}

/** Wall-clock (date, HH:mm) in Europe/Zurich → ISO instant (spring gap moves forward, autumn overlap: first). */
export function zonedInstant(date: string, time: string): string {
  return formatInstant(zonedMs(parseLocalDate(date), parseTimeOfDay(time)));
}

/** The local date (Europe/Zurich) of an instant. */
export function localDateOf(instant: string): string {
  return formatLocalDate(localDayOf(parseInstant(instant)));
}

/** The local time HH:mm (Europe/Zurich) of an instant. */
export function localTimeOf(instant: string): string {
  const ms = parseInstant(instant);
  const local = ms + zoneOffsetAt(ms);
  const minutes = Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / MINUTE_MS);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

// ---- Cadences: the i-th occurrence's local day, and back -------------------------------------------------

/** A pattern's arithmetic. Index 0 is the first occurrence (on or after the start date). */
interface Cadence {
  /** The local day of the i-th occurrence (i >= 0), ignoring the end of the series. */
  dayOfIndex(index: number): number;
  /** The index of the first occurrence on or after the day (0 for any day up to the start date). */
  firstIndexOnOrAfter(day: number): number;
  /** Does the pattern fall on this day (the caller checks the day is not before the start date)? */
  fallsOn(day: number): boolean;
}

/** The smallest n in [low, high] with predicate(n) true (predicate monotonic, true at high). */
function smallestSatisfying(low: number, high: number, predicate: (n: number) => boolean): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const middle = Math.floor((lo + hi) / 2);
    if (predicate(middle)) hi = middle;
    else lo = middle + 1;
  }
  return lo;
}

// Cadences are classes rather than objects of closures: a rule is compiled per series per request, and
// closures cost an allocation each (and a defineProperty each under tsx, which keeps function names).

class SingleCadence implements Cadence {
  constructor(private readonly startDay: number) {}

  dayOfIndex(): number {
    return this.startDay;
  }

  firstIndexOnOrAfter(day: number): number {
    return day <= this.startDay ? 0 : 1;
  }

  fallsOn(day: number): boolean {
    return day === this.startDay;
  }
}

class WeeklyCadence implements Cadence {
  /** The picked ISO weekdays (1 = Monday), ascending. */
  private readonly days: number[];
  private readonly firstMonday: number;
  /** Picked days of the first week that fall before the start date: indices count from the start. */
  private readonly missedInFirstWeek: number;

  constructor(
    private readonly startDay: number,
    weekDays: readonly WeekDay[],
  ) {
    const picked: number[] = [];
    for (let weekday = 1; weekday <= 7; weekday += 1) {
      if (weekDays.includes(WEEK_DAYS[weekday - 1])) picked.push(weekday);
    }
    this.days = picked.length > 0 ? picked : [isoWeekday(startDay)];
    this.firstMonday = startDay - (isoWeekday(startDay) - 1);
    let missed = 0;
    for (const weekday of this.days) if (this.firstMonday + weekday - 1 < startDay) missed += 1;
    this.missedInFirstWeek = missed;
  }

  dayOfIndex(index: number): number {
    const slot = index + this.missedInFirstWeek;
    const week = Math.floor(slot / this.days.length);
    return this.firstMonday + 7 * week + this.days[slot - week * this.days.length] - 1;
  }

  firstIndexOnOrAfter(day: number): number {
    if (day <= this.startDay) return 0;
    const sinceMonday = day - this.firstMonday;
    let week = Math.floor(sinceMonday / 7);
    const weekday = sinceMonday - 7 * week + 1;
    let position = 0;
    while (position < this.days.length && this.days[position] < weekday) position += 1;
    if (position === this.days.length) {
      week += 1;
      position = 0;
    }
    return week * this.days.length + position - this.missedInFirstWeek;
  }

  fallsOn(day: number): boolean {
    return this.days.includes(isoWeekday(day));
  }
}

/** Months (year × 12 + month − 1) in [0, monthNumber) that have a given day. */
function monthsWithDayBefore(monthNumber: number, dayOfMonth: number): number {
  if (dayOfMonth <= 28) return monthNumber;
  const years = Math.floor(monthNumber / 12);
  let count = dayOfMonth === 31 ? 7 * years : 11 * years + (dayOfMonth === 29 ? leapYearsBefore(years) : 0);
  for (let month = 1; month <= monthNumber - years * 12; month += 1) {
    if (daysInMonth(years, month) >= dayOfMonth) count += 1;
  }
  return count;
}

class MonthlyCadence implements Cadence {
  private readonly dayOfMonth: number;
  private readonly firstMonth: number;
  private readonly monthsBefore: number;

  constructor(private readonly startDay: number) {
    const [year, month, dayOfMonth] = civilFromDays(startDay);
    this.dayOfMonth = dayOfMonth;
    this.firstMonth = year * 12 + month - 1;
    this.monthsBefore = monthsWithDayBefore(this.firstMonth, dayOfMonth);
  }

  /** How many occurrences fall in the months before this one. */
  private indexBefore(monthNumber: number): number {
    return monthsWithDayBefore(monthNumber, this.dayOfMonth) - this.monthsBefore;
  }

  dayOfIndex(index: number): number {
    // At least 7 months of 12 have any day: the index-th lies within 2 × index + 12 months.
    const monthNumber =
      this.dayOfMonth <= 28
        ? this.firstMonth + index
        : smallestSatisfying(
            this.firstMonth,
            this.firstMonth + 2 * index + 12,
            (month) => this.indexBefore(month + 1) > index,
          );
    const year = Math.floor(monthNumber / 12);
    return daysFromCivil(year, monthNumber - year * 12 + 1, this.dayOfMonth);
  }

  firstIndexOnOrAfter(day: number): number {
    if (day <= this.startDay) return 0;
    const [year, month, date] = civilFromDays(day);
    const monthNumber = year * 12 + month - 1;
    return this.indexBefore(date <= this.dayOfMonth ? monthNumber : monthNumber + 1);
  }

  fallsOn(day: number): boolean {
    return civilFromDays(day)[2] === this.dayOfMonth;
  }
}

class YearlyCadence implements Cadence {
  private readonly firstYear: number;
  private readonly month: number;
  private readonly dayOfMonth: number;
  /** 29 February: leap years only. */
  private readonly leapDayOnly: boolean;

  constructor(private readonly startDay: number) {
    [this.firstYear, this.month, this.dayOfMonth] = civilFromDays(startDay);
    this.leapDayOnly = this.month === 2 && this.dayOfMonth === 29;
  }

  /** How many occurrences fall in the years before this one. */
  private indexBefore(year: number): number {
    return this.leapDayOnly ? leapYearsBefore(year) - leapYearsBefore(this.firstYear) : year - this.firstYear;
  }

  dayOfIndex(index: number): number {
    // Leap years are at most 8 years apart.
    const year = this.leapDayOnly
      ? smallestSatisfying(
          this.firstYear,
          this.firstYear + 8 * index + 8,
          (candidate) => this.indexBefore(candidate + 1) > index,
        )
      : this.firstYear + index;
    return daysFromCivil(year, this.month, this.dayOfMonth);
  }

  firstIndexOnOrAfter(day: number): number {
    if (day <= this.startDay) return 0;
    const [year, month, date] = civilFromDays(day);
    const notYetThisYear = month < this.month || (month === this.month && date <= this.dayOfMonth);
    return this.indexBefore(notYetThisYear ? year : year + 1);
  }

  fallsOn(day: number): boolean {
    const [, month, date] = civilFromDays(day);
    return month === this.month && date === this.dayOfMonth;
  }
}

// ---- A rule, compiled once per call ------------------------------------------------------------------

interface CompiledRule {
  startDay: number;
  startMinutes: number;
  endMinutes: number;
  /** Days from an occurrence's start date to its end date. */
  spanDays: number;
  cadence: Cadence;
  /** How many occurrences the rule generates (Infinity: never ends). */
  count: number;
}

function compileRule(rule: RecurrenceRule): CompiledRule {
  const startDay = parseLocalDate(rule.startDate);
  const startMinutes = parseTimeOfDay(rule.startTime);
  const endMinutes = parseTimeOfDay(rule.endTime);
  const spanDays = rule.endDate !== null ? parseLocalDate(rule.endDate) - startDay : endMinutes <= startMinutes ? 1 : 0;
  const cadence =
    rule.recurrencePattern === 'WEEKLY'
      ? new WeeklyCadence(startDay, rule.recurrenceDaysOfWeek)
      : rule.recurrencePattern === 'MONTHLY'
        ? new MonthlyCadence(startDay)
        : rule.recurrencePattern === 'YEARLY'
          ? new YearlyCadence(startDay)
          : new SingleCadence(startDay);
  let count = Number.POSITIVE_INFINITY;
  if (rule.recurrencePattern === 'NONE') count = 1;
  else if (rule.recurrenceEndType === 'AFTER_OCCURRENCES' && rule.maxOccurrences !== null)
    count = Math.max(0, rule.maxOccurrences);
  else if (rule.recurrenceEndType === 'ON_DATE' && rule.recurrenceEndDate !== null) {
    count = cadence.firstIndexOnOrAfter(parseLocalDate(rule.recurrenceEndDate) + 1);
  }
  return { startDay, startMinutes, endMinutes, spanDays, cadence, count };
}

interface Span {
  start: number;
  end: number;
}

/** The occurrence the rule places on a local day. */
function occurrenceOn(compiled: CompiledRule, day: number): Span {
  const start = zonedMs(day, compiled.startMinutes);
  // An end that a spring gap would put before its start (02:30–03:15 that night) ends when it starts.
  return { start, end: Math.max(start, zonedMs(day + compiled.spanDays, compiled.endMinutes)) };
}

/** The index of the rule's occurrence on this local day, or -1 when it has none. */
function indexOnDay(compiled: CompiledRule, day: number): number {
  if (day < compiled.startDay || !compiled.cadence.fallsOn(day)) return -1;
  const index = compiled.cadence.firstIndexOnOrAfter(day);
  return index < compiled.count ? index : -1;
}

function generatedAt(compiled: CompiledRule, ms: number): boolean {
  const day = localDayOf(ms);
  return indexOnDay(compiled, day) >= 0 && zonedMs(day, compiled.startMinutes) === ms;
}

/** The index of the first occurrence that may end after the instant (a start-of-iteration bound). */
function firstIndexEndingAfter(compiled: CompiledRule, ms: number, localDay?: number): number {
  if (!Number.isFinite(ms)) return 0;
  // An occurrence starting more than spanDays + 1 local days before the instant has ended by then.
  return compiled.cadence.firstIndexOnOrAfter((localDay ?? localDayOf(ms)) - compiled.spanDays - 1);
}

/** The rule's occurrences overlapping [from, to), by increasing start. */
function ruleSpans(compiled: CompiledRule, window: ParsedWindow): Span[] {
  const spans: Span[] = [];
  const { from, to } = window;
  if (!(to > from)) return spans;
  for (let index = firstIndexEndingAfter(compiled, from, window.fromDay); index < compiled.count; index += 1) {
    const day = compiled.cadence.dayOfIndex(index);
    if (day > window.toDay) break;
    const span = occurrenceOn(compiled, day);
    if (span.start < to && span.end > from) spans.push(span);
  }
  return spans;
}

// ---- Rows ------------------------------------------------------------------------------------------------

interface PlacedOccurrence extends Span {
  original: number;
  rowId: number | null;
  title: string | null;
}

interface ClassifiedRows {
  /** Keys of rule occurrences a row hides (SKIP) or places elsewhere (UPDATE). */
  hidden: Set<number>;
  skips: number;
  /** UPDATE rows (and CREATE rows on a key the rule generates, which act as one) with their placement. */
  moved: PlacedOccurrence[];
  /** CREATE rows: occurrences outside the rule. */
  added: PlacedOccurrence[];
}

/**
 * Rows that do not fit the rule are ignored rather than trusted: a SKIP or UPDATE for an instant the rule
 * does not generate (the writer refuses those; a stale one must not hide or add anything), an UPDATE or
 * CREATE without instants.
 */
function classifyRows(compiled: CompiledRule, rows: readonly OutOfScheduleRow[]): ClassifiedRows {
  const classified: ClassifiedRows = { hidden: new Set(), skips: 0, moved: [], added: [] };
  for (const row of rows) {
    const original = parseInstant(row.originalStartsAt);
    const generated = generatedAt(compiled, original);
    if (row.action === 'SKIP') {
      if (generated && !classified.hidden.has(original)) {
        classified.hidden.add(original);
        classified.skips += 1;
      }
      continue;
    }
    if (row.startsAt === null || row.endsAt === null) continue;
    const placed: PlacedOccurrence = {
      start: parseInstant(row.startsAt),
      end: parseInstant(row.endsAt),
      original,
      rowId: row.id,
      title: row.eventTitle ?? null,
    };
    if (generated) {
      if (classified.hidden.has(original)) continue;
      classified.hidden.add(original);
      classified.moved.push(placed);
    } else if (row.action === 'CREATE') {
      classified.added.push(placed);
    }
  }
  return classified;
}

const byStartThenOriginal = (a: PlacedOccurrence, b: PlacedOccurrence) => a.start - b.start || a.original - b.original;

function fromRule(span: Span): PlacedOccurrence {
  return { start: span.start, end: span.end, original: span.start, rowId: null, title: null };
}

function toExpanded(placed: PlacedOccurrence): ExpandedOccurrence {
  const startsAt = formatInstant(placed.start);
  return {
    startsAt,
    endsAt: formatInstant(placed.end),
    originalStartsAt: placed.original === placed.start ? startsAt : formatInstant(placed.original),
    outOfScheduleEventId: placed.rowId,
    eventTitle: placed.title,
  };
}

function spanToExpanded(span: Span): ExpandedOccurrence {
  const startsAt = formatInstant(span.start);
  return {
    startsAt,
    endsAt: formatInstant(span.end),
    originalStartsAt: startsAt,
    outOfScheduleEventId: null,
    eventTitle: null,
  };
}

/** The occurrences of the rule alone (no rows) overlapping the window, sorted by start. */
export function ruleOccurrences(rule: RecurrenceRule, window: InstantWindow): { startsAt: string; endsAt: string }[] {
  return ruleSpans(compileRule(rule), parseWindow(window)).map((span) => ({
    startsAt: formatInstant(span.start),
    endsAt: formatInstant(span.end),
  }));
}

/** The occurrences of the series (rule + rows) overlapping the window, sorted by start. */
export function expandOccurrences(
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
  window: InstantWindow,
): ExpandedOccurrence[] {
  const parsed = parseWindow(window);
  const { from, to } = parsed;
  if (!(to > from)) return [];
  const compiled = compileRule(rule);
  const spans = ruleSpans(compiled, parsed);
  if (rows.length === 0) return spans.map(spanToExpanded);
  const classified = classifyRows(compiled, rows);
  const placed = spans.filter((span) => !classified.hidden.has(span.start)).map(fromRule);
  // A moved occurrence is placed by its row wherever its original is, in the window or not.
  for (const row of [...classified.moved, ...classified.added]) {
    if (row.start < to && row.end > from) placed.push(row);
  }
  return placed.sort(byStartThenOriginal).map(toExpanded);
}

/** Does the rule generate an occurrence starting at this instant? (SKIP/UPDATE rows must match one.) */
export function generatesOccurrenceAt(rule: RecurrenceRule, instant: string): boolean {
  return generatedAt(compileRule(rule), parseInstant(instant));
}

/** The series' next `limit` occurrences ending after the instant, by start; the cost is bounded by limit + rows. */
function nextPlaced(
  compiled: CompiledRule,
  classified: ClassifiedRows,
  after: number,
  limit: number,
): PlacedOccurrence[] {
  if (limit <= 0) return [];
  const placed = [...classified.moved, ...classified.added].filter((row) => row.end > after);
  let fromRuleCount = 0;
  for (
    let index = firstIndexEndingAfter(compiled, after);
    index < compiled.count && fromRuleCount < limit;
    index += 1
  ) {
    const span = occurrenceOn(compiled, compiled.cadence.dayOfIndex(index));
    if (span.end <= after || classified.hidden.has(span.start)) continue;
    placed.push(fromRule(span));
    fromRuleCount += 1;
  }
  return placed.sort(byStartThenOriginal).slice(0, limit);
}

/** The rule's occurrences from the last one backwards, skipping those rows hide; null when there is none. */
function lastVisibleRuleSpan(compiled: CompiledRule, hidden: Set<number>): Span | null {
  for (let index = compiled.count - 1; index >= 0 && index >= compiled.count - 1 - hidden.size; index -= 1) {
    const span = occurrenceOn(compiled, compiled.cadence.dayOfIndex(index));
    if (!hidden.has(span.start)) return span;
  }
  return null;
}

/**
 * The instants bounding every occurrence of the series, rows included: the first start and the last end
 * (null when the rule never ends). Stored as `first_starts_at` / `last_ends_at` for the window query.
 */
export function seriesBounds(
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
): { firstStartsAt: string; lastEndsAt: string | null } {
  const compiled = compileRule(rule);
  const classified = classifyRows(compiled, rows);
  // A series with no occurrence left (all skipped, or an ON_DATE before its first day) is bounded by its start.
  const fallback = occurrenceOn(compiled, compiled.count > 0 ? compiled.cadence.dayOfIndex(0) : compiled.startDay);
  const first = nextPlaced(compiled, classified, Number.NEGATIVE_INFINITY, 1)[0] ?? fallback;
  if (!Number.isFinite(compiled.count)) return { firstStartsAt: formatInstant(first.start), lastEndsAt: null };
  const ends = [...classified.moved, ...classified.added].map((row) => row.end);
  const lastFromRule = lastVisibleRuleSpan(compiled, classified.hidden);
  if (lastFromRule !== null) ends.push(lastFromRule.end);
  const lastEnd = ends.length > 0 ? Math.max(...ends) : fallback.end;
  return { firstStartsAt: formatInstant(first.start), lastEndsAt: formatInstant(lastEnd) };
}

/** `totalOccurrencesNumber`: rule occurrences − SKIPs + CREATEs; null when the rule never ends; 1 for NONE. */
export function countOccurrences(rule: RecurrenceRule, rows: readonly OutOfScheduleRow[]): number | null {
  if (rule.recurrencePattern === 'NONE') return 1;
  const compiled = compileRule(rule);
  if (!Number.isFinite(compiled.count)) return null;
  const classified = classifyRows(compiled, rows);
  return compiled.count - classified.skips + classified.added.length;
}

/** The next `limit` occurrences (rows applied) that end after `after`. Cost bounded by `limit`, not the series' age. */
export function nextOccurrences(
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
  after: string,
  limit: number,
): ExpandedOccurrence[] {
  const compiled = compileRule(rule);
  return nextPlaced(compiled, classifyRows(compiled, rows), parseInstant(after), limit).map(toExpanded);
}

/**
 * A THIS_AND_NEXT_OCCURRENCES split at an occurrence the rule generates (`originalStartsAt`):
 * `head` is the rule ending before it (null when it is the first occurrence: edit the whole series
 * instead), `tail` the rule of the rest, starting on that occurrence's local date, with the same end
 * (ON_DATE kept; AFTER_OCCURRENCES split into head count + tail count). Throws on an instant the rule
 * does not generate.
 */
export function splitRule(
  rule: RecurrenceRule,
  originalStartsAt: string,
): { head: RecurrenceRule | null; tail: RecurrenceRule } {
  const compiled = compileRule(rule);
  const ms = parseInstant(originalStartsAt);
  if (!generatedAt(compiled, ms)) throw new Error(EVENT_PROBLEMS.notAnOccurrence);
  const day = localDayOf(ms);
  const index = compiled.cadence.firstIndexOnOrAfter(day);
  const countedEnd = rule.recurrenceEndType === 'AFTER_OCCURRENCES';
  const head: RecurrenceRule | null =
    index === 0
      ? null
      : countedEnd
        ? { ...rule, maxOccurrences: index }
        : { ...rule, recurrenceEndType: 'ON_DATE', maxOccurrences: null, recurrenceEndDate: formatLocalDate(day - 1) };
  const tail: RecurrenceRule = {
    ...rule,
    startDate: formatLocalDate(day),
    endDate: rule.endDate === null ? null : formatLocalDate(day + compiled.spanDays),
    maxOccurrences: countedEnd && rule.maxOccurrences !== null ? rule.maxOccurrences - index : rule.maxOccurrences,
  };
  return { head, tail };
}

/**
 * After a rule changes (or a split hands rows to the tail): each SKIP/UPDATE row is re-keyed to the
 * occurrence the new rule generates on the same local date as its old key, or dropped when there is none;
 * CREATE rows stay. Returns the rows to keep (with new keys) and the ids of rows to remove.
 */
export function rekeyRows(
  _oldRule: RecurrenceRule,
  newRule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
): { kept: OutOfScheduleRow[]; removedIds: number[] } {
  // The old key's local date is the occurrence's day under the old rule (an occurrence belongs to the day
  // it starts), so the old rule itself is not needed to find it.
  const compiled = compileRule(newRule);
  const kept: OutOfScheduleRow[] = [];
  const removedIds: number[] = [];
  for (const row of rows) {
    if (row.action === 'CREATE') {
      kept.push(row);
      continue;
    }
    const day = localDayOf(parseInstant(row.originalStartsAt));
    if (indexOnDay(compiled, day) < 0) {
      removedIds.push(row.id);
      continue;
    }
    kept.push({ ...row, originalStartsAt: formatInstant(zonedMs(day, compiled.startMinutes)) });
  }
  return { kept, removedIds };
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

export function summarizeRule(rule: RecurrenceRule): RuleSummary {
  const startDay = parseLocalDate(rule.startDate);
  const [, month, dayOfMonth] = civilFromDays(startDay);
  const pattern = rule.recurrencePattern;
  const picked = WEEK_DAYS.filter((day) => rule.recurrenceDaysOfWeek.includes(day));
  const days = pattern !== 'WEEKLY' ? [] : picked.length > 0 ? picked : [WEEK_DAYS[isoWeekday(startDay) - 1]];
  const endType = rule.recurrenceEndType;
  return {
    pattern,
    days,
    dayOfMonth: pattern === 'MONTHLY' || pattern === 'YEARLY' ? dayOfMonth : null,
    month: pattern === 'YEARLY' ? month : null,
    startTime: rule.startTime,
    endTime: rule.endTime,
    endsNextDay: rule.endDate !== null ? rule.endDate > rule.startDate : rule.endTime <= rule.startTime,
    end: {
      type: endType,
      count: endType === 'AFTER_OCCURRENCES' ? rule.maxOccurrences : null,
      date: endType === 'ON_DATE' ? rule.recurrenceEndDate : null,
    },
  };
}
