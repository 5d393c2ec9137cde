import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { WEEK_DAYS, type WeekDay } from '../../domain/enums';
import {
  countOccurrences,
  EVENT_TIME_ZONE,
  expandOccurrences,
  generatesOccurrenceAt,
  nextOccurrences,
  ruleOccurrences,
  seriesBounds,
  splitRule,
  type ExpandedOccurrence,
  type InstantWindow,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';

/**
 * Properties of the engine against random rules, windows and rows. The rule alone is checked against a
 * reference written the slow, obvious way (day by day with Temporal.ZonedDateTime), so the engine's
 * arithmetic shortcuts and its cached offsets must agree with Temporal everywhere, DST nights included.
 */

const EPOCH = Temporal.PlainDate.from('2024-01-01');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ms = (instant: string) => Temporal.Instant.from(instant).epochMilliseconds;
const iso = (epochMs: number) => Temporal.Instant.fromEpochMilliseconds(epochMs).toString();

// ---- The reference: every day from the start date, Temporal for each wall-clock time ---------------------

function referenceOccurrences(rule: RecurrenceRule, untilDate: Temporal.PlainDate): { start: number; end: number }[] {
  const start = Temporal.PlainDate.from(rule.startDate);
  const span =
    rule.endDate !== null
      ? start.until(Temporal.PlainDate.from(rule.endDate)).days
      : rule.endTime <= rule.startTime
        ? 1
        : 0;
  const weekdays =
    rule.recurrenceDaysOfWeek.length > 0
      ? rule.recurrenceDaysOfWeek.map((day) => WEEK_DAYS.indexOf(day) + 1)
      : [start.dayOfWeek];
  const lastDate =
    rule.recurrenceEndType === 'ON_DATE' && rule.recurrenceEndDate !== null
      ? Temporal.PlainDate.from(rule.recurrenceEndDate)
      : null;
  const limit =
    rule.recurrencePattern === 'NONE'
      ? 1
      : rule.recurrenceEndType === 'AFTER_OCCURRENCES'
        ? (rule.maxOccurrences ?? Infinity)
        : Infinity;
  const matches = (date: Temporal.PlainDate) => {
    switch (rule.recurrencePattern) {
      case 'NONE':
        return date.equals(start);
      case 'WEEKLY':
        return weekdays.includes(date.dayOfWeek);
      case 'MONTHLY':
        return date.day === start.day;
      case 'YEARLY':
        return date.month === start.month && date.day === start.day;
    }
  };
  const wallClock = (date: Temporal.PlainDate, time: string) =>
    date.toZonedDateTime({ timeZone: EVENT_TIME_ZONE, plainTime: Temporal.PlainTime.from(time) }).epochMilliseconds;
  const found: { start: number; end: number }[] = [];
  for (
    let date = start;
    found.length < limit && Temporal.PlainDate.compare(date, untilDate) <= 0;
    date = date.add({ days: 1 })
  ) {
    if (lastDate !== null && Temporal.PlainDate.compare(date, lastDate) > 0) break;
    if (rule.recurrencePattern === 'NONE' && !date.equals(start)) break;
    if (!matches(date)) continue;
    const begin = wallClock(date, rule.startTime);
    found.push({ start: begin, end: Math.max(begin, wallClock(date.add({ days: span }), rule.endTime)) });
  }
  return found;
}

// ---- Arbitraries ----------------------------------------------------------------------------------------

const dateArbitrary = fc.oneof(
  fc.integer({ min: 0, max: 1200 }).map((days) => EPOCH.add({ days }).toString()),
  // Days that stress the calendar and the clock changes: month ends, leap day, the DST Sundays and Saturdays.
  fc.constantFrom(
    '2024-02-29',
    '2024-01-31',
    '2025-01-30',
    '2024-03-31',
    '2024-10-27',
    '2025-03-29',
    '2025-10-25',
    '2026-03-28',
  ),
);
const timeArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
const weekDaysArbitrary = fc.subarray([...WEEK_DAYS] as WeekDay[]);

const ruleArbitrary: fc.Arbitrary<RecurrenceRule> = fc
  .record({
    startDate: dateArbitrary,
    startTime: timeArbitrary,
    endTime: timeArbitrary,
    explicitEndDate: fc.boolean(),
    pattern: fc.constantFrom('NONE', 'WEEKLY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    days: weekDaysArbitrary,
    endType: fc.constantFrom('NEVER', 'ON_DATE', 'AFTER_OCCURRENCES'),
    endAfterDays: fc.integer({ min: 0, max: 900 }),
    count: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ startDate, startTime, endTime, explicitEndDate, pattern, days, endType, endAfterDays, count }) => {
    const repeating = pattern !== 'NONE';
    const nextDay = endTime <= startTime;
    return {
      startDate,
      endDate: explicitEndDate
        ? Temporal.PlainDate.from(startDate)
            .add({ days: nextDay ? 1 : 0 })
            .toString()
        : null,
      startTime,
      endTime,
      recurrencePattern: pattern,
      recurrenceDaysOfWeek: pattern === 'WEEKLY' ? days : [],
      recurrenceEndType: repeating ? endType : 'NEVER',
      maxOccurrences: repeating && endType === 'AFTER_OCCURRENCES' ? count : null,
      recurrenceEndDate:
        repeating && endType === 'ON_DATE'
          ? Temporal.PlainDate.from(startDate).add({ days: endAfterDays }).toString()
          : null,
    };
  });

/** A window of one hour to two months, whole minutes, around the rules' years. */
const windowArbitrary = fc
  .tuple(fc.integer({ min: -60 * 24, max: 1500 * 24 * 60 }), fc.integer({ min: 60, max: 60 * 24 * 62 }))
  .map(([startMinute, lengthMinutes]) => {
    const from = EPOCH.toZonedDateTime({ timeZone: 'UTC' }).epochMilliseconds + startMinute * 60_000;
    return { from: iso(from), to: iso(from + lengthMinutes * 60_000) };
  });

/** Rows over a rule's occurrences of 2024–2027: skips, moves up to three days away, additions between. */
function rowsArbitrary(rule: RecurrenceRule): fc.Arbitrary<OutOfScheduleRow[]> {
  const generated = ruleOccurrences(rule, { from: '2023-12-01T00:00:00Z', to: '2028-06-01T00:00:00Z' }).slice(0, 200);
  const onGenerated =
    generated.length === 0
      ? fc.constant([])
      : fc.uniqueArray(
          fc.record({
            index: fc.integer({ min: 0, max: generated.length - 1 }),
            skip: fc.boolean(),
            shiftMinutes: fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
            lengthMinutes: fc.integer({ min: 30, max: 8 * 60 }),
          }),
          { selector: (row) => row.index, maxLength: 8 },
        );
  const additions = fc.uniqueArray(
    fc.tuple(fc.integer({ min: 0, max: 1500 * 24 * 4 }), fc.integer({ min: 30, max: 8 * 60 })),
    { selector: ([quarter]) => quarter, maxLength: 4 },
  );
  return fc.tuple(onGenerated, additions).map(([changes, added]) => {
    const rows: OutOfScheduleRow[] = changes.map((change, position) => {
      const original = generated[change.index].startsAt;
      if (change.skip)
        return { id: position + 1, action: 'SKIP', originalStartsAt: original, startsAt: null, endsAt: null };
      const start = ms(original) + change.shiftMinutes * 60_000;
      return {
        id: position + 1,
        action: 'UPDATE',
        originalStartsAt: original,
        startsAt: iso(start),
        endsAt: iso(start + change.lengthMinutes * 60_000),
        eventTitle: `moved ${position}`,
      };
    });
    for (const [quarter, lengthMinutes] of added) {
      const start = ms('2024-01-01T00:00:00Z') + quarter * 15 * 60_000;
      if (generatesOccurrenceAt(rule, iso(start))) continue;
      rows.push({
        id: 100 + rows.length,
        action: 'CREATE',
        originalStartsAt: iso(start),
        startsAt: iso(start),
        endsAt: iso(start + lengthMinutes * 60_000),
      });
    }
    return rows;
  });
}

const seriesArbitrary = ruleArbitrary.chain((rule) =>
  fc.tuple(fc.constant(rule), rowsArbitrary(rule), windowArbitrary),
);

const overlaps = (occurrence: { startsAt: string; endsAt: string }, window: InstantWindow) =>
  ms(occurrence.startsAt) < ms(window.to) && ms(occurrence.endsAt) > ms(window.from);
const keyOf = (occurrence: ExpandedOccurrence) => occurrence.originalStartsAt;
const RUNS = { numRuns: 100 };

// Generous: fast-check runs hundreds of cases, and CI shares two cores with the other suites.
describe('recurrence engine properties', { timeout: 30_000 }, () => {
  it('agrees with a day-by-day Temporal reference on every rule and window', () => {
    fc.assert(
      fc.property(ruleArbitrary, windowArbitrary, (rule, window) => {
        const untilDate = Temporal.Instant.from(window.to)
          .toZonedDateTimeISO(EVENT_TIME_ZONE)
          .toPlainDate()
          .add({ days: 1 });
        const expected = referenceOccurrences(rule, untilDate)
          .filter((occurrence) => occurrence.start < ms(window.to) && occurrence.end > ms(window.from))
          .map((occurrence) => ({ startsAt: iso(occurrence.start), endsAt: iso(occurrence.end) }));
        expect(ruleOccurrences(rule, window)).toEqual(expected);
        for (const occurrence of expected) {
          expect(generatesOccurrenceAt(rule, occurrence.startsAt)).toBe(true);
          expect(generatesOccurrenceAt(rule, iso(ms(occurrence.startsAt) + HOUR_MS))).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('lists occurrences that overlap the window, once each, sorted by start then original start', () => {
    fc.assert(
      fc.property(seriesArbitrary, ([rule, rows, window]) => {
        const listed = expandOccurrences(rule, rows, window);
        for (const occurrence of listed) expect(overlaps(occurrence, window)).toBe(true);
        expect(new Set(listed.map(keyOf)).size).toBe(listed.length);
        const sorted = [...listed].sort(
          (a, b) => ms(a.startsAt) - ms(b.startsAt) || ms(a.originalStartsAt) - ms(b.originalStartsAt),
        );
        expect(listed).toEqual(sorted);
      }),
      RUNS,
    );
  });

  it('hides exactly the skipped occurrence, and un-skipping it gives the same set back', () => {
    fc.assert(
      fc.property(seriesArbitrary, fc.nat(), ([rule, rows, window], pick) => {
        const before = expandOccurrences(rule, rows, window);
        const rowKeys = new Set(rows.map((row) => row.originalStartsAt));
        const free = before.filter(
          (occurrence) => occurrence.outOfScheduleEventId === null && !rowKeys.has(occurrence.originalStartsAt),
        );
        if (free.length === 0) return;
        const skipped = free[pick % free.length];
        const skip: OutOfScheduleRow = {
          id: 999,
          action: 'SKIP',
          originalStartsAt: skipped.originalStartsAt,
          startsAt: null,
          endsAt: null,
        };
        const withSkip = expandOccurrences(rule, [...rows, skip], window);
        expect(withSkip).toEqual(before.filter((occurrence) => occurrence !== skipped));
        expect(
          expandOccurrences(
            rule,
            [...rows, skip].filter((row) => row.id !== 999),
            window,
          ),
        ).toEqual(before);
      }),
      RUNS,
    );
  });

  it('expands [a, c) as [a, b) and [b, c) put together without duplicates', () => {
    fc.assert(
      fc.property(seriesArbitrary, fc.double({ min: 0, max: 1, noNaN: true }), ([rule, rows, window], fraction) => {
        const from = ms(window.from);
        const middle = iso(from + Math.floor(((ms(window.to) - from) * fraction) / 60_000) * 60_000);
        const whole = expandOccurrences(rule, rows, window);
        const merged = new Map<string, ExpandedOccurrence>();
        for (const occurrence of [
          ...expandOccurrences(rule, rows, { from: window.from, to: middle }),
          ...expandOccurrences(rule, rows, { from: middle, to: window.to }),
        ]) {
          merged.set(keyOf(occurrence), occurrence);
        }
        expect(
          [...merged.values()].sort(
            (a, b) => ms(a.startsAt) - ms(b.startsAt) || ms(a.originalStartsAt) - ms(b.originalStartsAt),
          ),
        ).toEqual(whole);
      }),
      RUNS,
    );
  });

  it('counts and bounds what the expansion lists, and lists next what follows an instant', () => {
    fc.assert(
      fc.property(seriesArbitrary, fc.integer({ min: 1, max: 5 }), ([rule, rows, window], limit) => {
        const horizon = { from: '2020-01-01T00:00:00Z', to: '2034-01-01T00:00:00Z' };
        const all = expandOccurrences(rule, rows, horizon);
        const count = countOccurrences(rule, rows);
        const bounds = seriesBounds(rule, rows);
        if (count !== null && bounds.lastEndsAt !== null && ms(bounds.lastEndsAt) < ms(horizon.to)) {
          expect(count).toBe(rule.recurrencePattern === 'NONE' ? 1 : all.length);
          if (all.length > 0)
            expect(bounds.lastEndsAt).toBe(iso(Math.max(...all.map((occurrence) => ms(occurrence.endsAt)))));
        }
        expect(count === null).toBe(bounds.lastEndsAt === null);
        if (all.length > 0) expect(bounds.firstStartsAt).toBe(all[0].startsAt);
        const after = window.from;
        const expectedNext = expandOccurrences(rule, rows, { from: after, to: horizon.to }).slice(0, limit);
        const next = nextOccurrences(rule, rows, after, limit);
        // Beyond the horizon (a leap-day series), next may list more than the expansion up to it.
        expect(next.slice(0, expectedNext.length)).toEqual(expectedNext);
        expect(next.slice(expectedNext.length).every((occurrence) => ms(occurrence.startsAt) >= ms(horizon.to))).toBe(
          true,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('splits a series into a head and a tail whose occurrences are the series', () => {
    fc.assert(
      fc.property(ruleArbitrary, fc.nat(), (rule, pick) => {
        const horizon = { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' };
        const occurrences = ruleOccurrences(rule, horizon);
        if (occurrences.length === 0) return;
        const at = occurrences[pick % Math.min(occurrences.length, 40)];
        const { head, tail } = splitRule(rule, at.startsAt);
        const headOccurrences = head === null ? [] : ruleOccurrences(head, horizon);
        expect(headOccurrences.every((occurrence) => ms(occurrence.startsAt) < ms(at.startsAt))).toBe(true);
        expect(ruleOccurrences(tail, horizon)[0]).toEqual(at);
        expect([...headOccurrences, ...ruleOccurrences(tail, horizon)]).toEqual(occurrences);
        expect(head === null).toBe(at === occurrences[0]);
        expect(() => splitRule(rule, iso(ms(at.startsAt) + DAY_MS / 2))).toThrow();
      }),
      RUNS,
    );
  });
});
