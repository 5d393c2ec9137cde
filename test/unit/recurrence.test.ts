import { describe, expect, it } from 'vitest';
import { EVENT_PROBLEMS } from '../../domain/event';
import {
  countOccurrences,
  expandOccurrences,
  generatesOccurrenceAt,
  localDateOf,
  localTimeOf,
  nextOccurrences,
  rekeyRows,
  ruleOccurrences,
  seriesBounds,
  splitRule,
  summarizeRule,
  zonedInstant,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';

/** A Saturday-night series, 22:00–04:00 from Saturday 3 January 2026, never ending: tests override fields. */
const rule = (overrides: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
  startDate: '2026-01-03',
  endDate: null,
  startTime: '22:00',
  endTime: '04:00',
  recurrencePattern: 'WEEKLY',
  recurrenceDaysOfWeek: [],
  recurrenceEndType: 'NEVER',
  maxOccurrences: null,
  recurrenceEndDate: null,
  ...overrides,
});

const starts = (occurrences: { startsAt: string }[]) => occurrences.map((occurrence) => occurrence.startsAt);
const everything = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

describe('wall clock in Europe/Zurich', () => {
  it('converts local date and time to UTC with the offset of that day', () => {
    expect(zonedInstant('2026-01-17', '22:00')).toBe('2026-01-17T21:00:00Z');
    expect(zonedInstant('2026-07-04', '22:00')).toBe('2026-07-04T20:00:00Z');
  });

  it('moves a start in the spring gap forward and takes the first instance of an autumn overlap', () => {
    expect(zonedInstant('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00Z');
    expect(localTimeOf('2026-03-29T01:30:00Z')).toBe('03:30');
    expect(zonedInstant('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00Z');
    expect(localTimeOf('2026-10-25T00:30:00Z')).toBe('02:30');
    // The second 02:30 of that night exists too, one hour later, and is still that local date.
    expect(localTimeOf('2026-10-25T01:30:00Z')).toBe('02:30');
  });

  it('gives the local date of an instant, which differs from the UTC date around midnight', () => {
    expect(localDateOf('2026-01-17T23:30:00Z')).toBe('2026-01-18');
    expect(localDateOf('2026-07-04T21:59:00Z')).toBe('2026-07-04');
    expect(localDateOf('2026-07-04T22:00:00Z')).toBe('2026-07-05');
    expect(localTimeOf('2026-07-04T22:00:00+00:00')).toBe('00:00');
  });
});

describe('a weekly Saturday 22:00–04:00 across the clock changes', () => {
  it('keeps 22:00 and 04:00 on the wall clock the night of 2026-03-29 (UTC shifts by an hour)', () => {
    const nights = ruleOccurrences(rule(), { from: '2026-03-21T00:00:00Z', to: '2026-04-05T00:00:00Z' });
    expect(nights).toEqual([
      { startsAt: '2026-03-21T21:00:00Z', endsAt: '2026-03-22T03:00:00Z' },
      { startsAt: '2026-03-28T21:00:00Z', endsAt: '2026-03-29T02:00:00Z' },
      { startsAt: '2026-04-04T20:00:00Z', endsAt: '2026-04-05T02:00:00Z' },
    ]);
  });

  it('keeps 22:00 and 04:00 on the wall clock the night of 2026-10-25 (a seven-hour night)', () => {
    const nights = ruleOccurrences(rule(), { from: '2026-10-17T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(nights).toEqual([
      { startsAt: '2026-10-17T20:00:00Z', endsAt: '2026-10-18T02:00:00Z' },
      { startsAt: '2026-10-24T20:00:00Z', endsAt: '2026-10-25T03:00:00Z' },
      { startsAt: '2026-10-31T21:00:00Z', endsAt: '2026-11-01T03:00:00Z' },
    ]);
  });

  it('generates a Sunday 02:30 start at 03:30 in spring and at the first 02:30 in autumn', () => {
    const sundays = rule({ startDate: '2026-03-22', startTime: '02:30', endTime: '05:00' });
    expect(ruleOccurrences(sundays, { from: '2026-03-21T00:00:00Z', to: '2026-04-06T00:00:00Z' })).toEqual([
      { startsAt: '2026-03-22T01:30:00Z', endsAt: '2026-03-22T04:00:00Z' },
      { startsAt: '2026-03-29T01:30:00Z', endsAt: '2026-03-29T03:00:00Z' },
      { startsAt: '2026-04-05T00:30:00Z', endsAt: '2026-04-05T03:00:00Z' },
    ]);
    expect(starts(ruleOccurrences(sundays, { from: '2026-10-24T00:00:00Z', to: '2026-10-26T00:00:00Z' }))).toEqual([
      '2026-10-25T00:30:00Z',
    ]);
    expect(generatesOccurrenceAt(sundays, '2026-03-29T01:30:00Z')).toBe(true);
    expect(generatesOccurrenceAt(sundays, '2026-03-29T00:30:00Z')).toBe(false);
    expect(generatesOccurrenceAt(sundays, '2026-10-25T00:30:00Z')).toBe(true);
    expect(generatesOccurrenceAt(sundays, '2026-10-25T01:30:00Z')).toBe(false);
  });

  it('places a one-off event that starts in the gap like the series does', () => {
    const oneOff = rule({ recurrencePattern: 'NONE', startDate: '2026-03-29', startTime: '02:30', endTime: '06:00' });
    expect(ruleOccurrences(oneOff, everything)).toEqual([
      { startsAt: '2026-03-29T01:30:00Z', endsAt: '2026-03-29T04:00:00Z' },
    ]);
  });
});

describe('patterns', () => {
  it('repeats weekly on the picked days from the first picked day on or after the start date', () => {
    // Wednesday 7 January 2026; Mondays and Fridays: the first is Friday 9.
    const picked = rule({
      startDate: '2026-01-07',
      startTime: '20:00',
      endTime: '23:00',
      recurrenceDaysOfWeek: ['FRIDAY', 'MONDAY'],
    });
    expect(starts(ruleOccurrences(picked, { from: '2026-01-01T00:00:00Z', to: '2026-01-20T00:00:00Z' }))).toEqual([
      '2026-01-09T19:00:00Z',
      '2026-01-12T19:00:00Z',
      '2026-01-16T19:00:00Z',
      '2026-01-19T19:00:00Z',
    ]);
  });

  it('repeats monthly on the 31st only in the months that have one', () => {
    const lastDay = rule({ startDate: '2026-01-31', endTime: '23:00', recurrencePattern: 'MONTHLY' });
    expect(starts(ruleOccurrences(lastDay, { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }))).toEqual([
      '2026-01-31T21:00:00Z',
      '2026-03-31T20:00:00Z',
      '2026-05-31T20:00:00Z',
      '2026-07-31T20:00:00Z',
      '2026-08-31T20:00:00Z',
      '2026-10-31T21:00:00Z',
      '2026-12-31T21:00:00Z',
    ]);
  });

  it('counts the 31st-of-month occurrences without iterating from the start (AFTER_OCCURRENCES)', () => {
    const fiveTimes = rule({
      startDate: '2026-01-31',
      endTime: '23:00',
      recurrencePattern: 'MONTHLY',
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 5,
    });
    expect(starts(ruleOccurrences(fiveTimes, everything)).at(-1)).toBe('2026-08-31T20:00:00Z');
    expect(seriesBounds(fiveTimes, [])).toEqual({
      firstStartsAt: '2026-01-31T21:00:00Z',
      lastEndsAt: '2026-08-31T21:00:00Z',
    });
    expect(countOccurrences(fiveTimes, [])).toBe(5);
  });

  it('repeats on the 29th of the month, skipping February outside leap years', () => {
    const twentyNinth = rule({ startDate: '2027-01-29', endTime: '23:00', recurrencePattern: 'MONTHLY' });
    expect(starts(ruleOccurrences(twentyNinth, { from: '2027-01-01T00:00:00Z', to: '2027-04-01T00:00:00Z' }))).toEqual([
      '2027-01-29T21:00:00Z',
      '2027-03-29T20:00:00Z',
    ]);
    expect(starts(ruleOccurrences(twentyNinth, { from: '2028-02-01T00:00:00Z', to: '2028-03-01T00:00:00Z' }))).toEqual([
      '2028-02-29T21:00:00Z',
    ]);
  });

  it('repeats yearly on 29 February only in leap years', () => {
    const leapDay = rule({ startDate: '2024-02-29', endTime: '23:00', recurrencePattern: 'YEARLY' });
    expect(starts(ruleOccurrences(leapDay, { from: '2024-01-01T00:00:00Z', to: '2033-01-01T00:00:00Z' }))).toEqual([
      '2024-02-29T21:00:00Z',
      '2028-02-29T21:00:00Z',
      '2032-02-29T21:00:00Z',
    ]);
    expect(starts(nextOccurrences(leapDay, [], '2024-03-01T00:00:00Z', 1))).toEqual(['2028-02-29T21:00:00Z']);
    // 2100 is not a leap year: 2096 then 2104.
    expect(starts(nextOccurrences(leapDay, [], '2096-03-01T00:00:00Z', 1))).toEqual(['2104-02-29T21:00:00Z']);
    const threeTimes = { ...leapDay, recurrenceEndType: 'AFTER_OCCURRENCES' as const, maxOccurrences: 3 };
    expect(seriesBounds(threeTimes, []).lastEndsAt).toBe('2032-02-29T22:00:00Z');
  });

  it('repeats yearly on an ordinary day every year', () => {
    const newYearsEve = rule({
      startDate: '2026-12-31',
      startTime: '23:00',
      endTime: '05:00',
      recurrencePattern: 'YEARLY',
    });
    expect(ruleOccurrences(newYearsEve, { from: '2027-12-31T00:00:00Z', to: '2028-01-02T00:00:00Z' })).toEqual([
      { startsAt: '2027-12-31T22:00:00Z', endsAt: '2028-01-01T04:00:00Z' },
    ]);
  });

  it('gives a one-off event one occurrence, with its own end date (a festival over days)', () => {
    const festival = rule({
      recurrencePattern: 'NONE',
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      startTime: '16:00',
      endTime: '02:00',
    });
    expect(ruleOccurrences(festival, everything)).toEqual([
      { startsAt: '2026-07-10T14:00:00Z', endsAt: '2026-07-12T00:00:00Z' },
    ]);
    expect(countOccurrences(festival, [])).toBe(1);
    expect(seriesBounds(festival, [])).toEqual({
      firstStartsAt: '2026-07-10T14:00:00Z',
      lastEndsAt: '2026-07-12T00:00:00Z',
    });
  });

  it('ends each occurrence on the same day offset as the first when endDate is given', () => {
    const sameDay = rule({ endDate: '2026-01-03', startTime: '18:00', endTime: '23:00' });
    expect(ruleOccurrences(sameDay, { from: '2026-01-09T00:00:00Z', to: '2026-01-11T00:00:00Z' })).toEqual([
      { startsAt: '2026-01-10T17:00:00Z', endsAt: '2026-01-10T22:00:00Z' },
    ]);
  });
});

describe('the end of a series', () => {
  it('includes an occurrence starting on the ON_DATE day, even though it ends the next day', () => {
    const untilJan31 = rule({ recurrenceEndType: 'ON_DATE', recurrenceEndDate: '2026-01-31' });
    const all = ruleOccurrences(untilJan31, everything);
    expect(all).toHaveLength(5);
    expect(all.at(-1)).toEqual({ startsAt: '2026-01-31T21:00:00Z', endsAt: '2026-02-01T03:00:00Z' });
    expect(countOccurrences(untilJan31, [])).toBe(5);
    expect(countOccurrences({ ...untilJan31, recurrenceEndDate: '2026-01-30' }, [])).toBe(4);
    expect(generatesOccurrenceAt(untilJan31, '2026-01-31T21:00:00Z')).toBe(true);
    expect(generatesOccurrenceAt(untilJan31, '2026-02-07T21:00:00Z')).toBe(false);
  });

  it('counts generated occurrences before exclusions: 10 generated, 1 SKIP, 1 CREATE → 10, the last not moved', () => {
    const tenTimes = rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 10 });
    const rows: OutOfScheduleRow[] = [
      { id: 1, action: 'SKIP', originalStartsAt: '2026-01-17T21:00:00Z', startsAt: null, endsAt: null },
      {
        id: 2,
        action: 'CREATE',
        originalStartsAt: '2026-01-21T19:00:00Z',
        startsAt: '2026-01-21T19:00:00Z',
        endsAt: '2026-01-21T23:00:00Z',
        eventTitle: 'Wednesday special',
      },
    ];
    const all = expandOccurrences(tenTimes, rows, everything);
    expect(all).toHaveLength(10);
    expect(all.map((occurrence) => occurrence.originalStartsAt)).not.toContain('2026-01-17T21:00:00Z');
    expect(all.find((occurrence) => occurrence.outOfScheduleEventId === 2)).toEqual({
      startsAt: '2026-01-21T19:00:00Z',
      endsAt: '2026-01-21T23:00:00Z',
      originalStartsAt: '2026-01-21T19:00:00Z',
      outOfScheduleEventId: 2,
      eventTitle: 'Wednesday special',
    });
    expect(all.at(-1)?.startsAt).toBe('2026-03-07T21:00:00Z');
    expect(countOccurrences(tenTimes, rows)).toBe(10);
    expect(seriesBounds(tenTimes, rows)).toEqual({
      firstStartsAt: '2026-01-03T21:00:00Z',
      lastEndsAt: '2026-03-08T03:00:00Z',
    });
    expect(generatesOccurrenceAt(tenTimes, '2026-03-14T21:00:00Z')).toBe(false);
  });

  it('has no count and no last end when it never ends', () => {
    expect(countOccurrences(rule(), [])).toBeNull();
    expect(seriesBounds(rule(), [])).toEqual({ firstStartsAt: '2026-01-03T21:00:00Z', lastEndsAt: null });
  });
});

describe('a series started years ago', () => {
  const since2015 = rule({ startDate: '2015-01-03' });
  const november2026 = { from: '2026-10-31T23:00:00Z', to: '2026-11-30T23:00:00Z' };

  it('expands a 2026 window of a NEVER series from 2015 (the night of 31 October overlaps 1 November)', () => {
    expect(starts(ruleOccurrences(since2015, november2026))).toEqual([
      '2026-10-31T21:00:00Z',
      '2026-11-07T21:00:00Z',
      '2026-11-14T21:00:00Z',
      '2026-11-21T21:00:00Z',
      '2026-11-28T21:00:00Z',
    ]);
  });

  it('costs about the same as a series started last week', () => {
    // The best of five batches: a shared CI machine can pause any one of them.
    const timeOf = (series: RecurrenceRule) => {
      let best = Number.POSITIVE_INFINITY;
      for (let batch = 0; batch < 5; batch += 1) {
        const begin = performance.now();
        for (let round = 0; round < 200; round += 1) ruleOccurrences(series, november2026);
        best = Math.min(best, performance.now() - begin);
      }
      return best;
    };
    timeOf(since2015); // warm up the offset cache and the JIT
    const old = timeOf(since2015);
    const recent = timeOf(rule({ startDate: '2026-10-24' }));
    // Iterating from 2015 would take ~600 steps per call instead of ~6: a factor far above this bound.
    expect(old).toBeLessThan(recent * 5 + 20);
  });

  it('finds the end of an AFTER_OCCURRENCES series on several weekdays by arithmetic', () => {
    // Wednesday 1 January 2020, Mondays/Wednesdays/Fridays, 1000 times: 333 full weeks + 1 → Wednesday 2026-05-20.
    const thrice = rule({
      startDate: '2020-01-01',
      startTime: '19:00',
      endTime: '21:00',
      recurrenceDaysOfWeek: ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 1000,
    });
    expect(seriesBounds(thrice, []).lastEndsAt).toBe('2026-05-20T19:00:00Z');
    expect(starts(ruleOccurrences(thrice, { from: '2026-05-18T00:00:00Z', to: '2026-05-25T00:00:00Z' }))).toEqual([
      '2026-05-18T17:00:00Z',
      '2026-05-20T17:00:00Z',
    ]);
  });
});

describe('out-of-schedule rows in a window', () => {
  const moved: OutOfScheduleRow = {
    id: 7,
    action: 'UPDATE',
    originalStartsAt: '2026-01-17T21:00:00Z',
    startsAt: '2026-02-02T19:00:00Z',
    endsAt: '2026-02-02T22:00:00Z',
    eventTitle: 'Moved to Monday',
  };

  it('shows an occurrence moved into a window its original is outside of, keyed by its original start', () => {
    expect(expandOccurrences(rule(), [moved], { from: '2026-02-01T04:00:00Z', to: '2026-02-05T00:00:00Z' })).toEqual([
      {
        startsAt: '2026-02-02T19:00:00Z',
        endsAt: '2026-02-02T22:00:00Z',
        originalStartsAt: '2026-01-17T21:00:00Z',
        outOfScheduleEventId: 7,
        eventTitle: 'Moved to Monday',
      },
    ]);
  });

  it('hides the original of an occurrence moved out of the window', () => {
    expect(expandOccurrences(rule(), [moved], { from: '2026-01-15T00:00:00Z', to: '2026-01-20T00:00:00Z' })).toEqual(
      [],
    );
  });

  it('ignores a SKIP or UPDATE whose key the rule does not generate (a stale row hides nothing)', () => {
    const stale: OutOfScheduleRow[] = [
      { id: 1, action: 'SKIP', originalStartsAt: '2026-01-17T20:00:00Z', startsAt: null, endsAt: null },
      {
        id: 2,
        action: 'UPDATE',
        originalStartsAt: '2026-01-18T21:00:00Z',
        startsAt: '2026-01-19T21:00:00Z',
        endsAt: '2026-01-19T23:00:00Z',
      },
    ];
    expect(
      starts(expandOccurrences(rule(), stale, { from: '2026-01-15T00:00:00Z', to: '2026-01-21T00:00:00Z' })),
    ).toEqual(['2026-01-17T21:00:00Z']);
  });

  it('sorts by start, then by original start', () => {
    const swapped: OutOfScheduleRow[] = [
      {
        id: 1,
        action: 'UPDATE',
        originalStartsAt: '2026-01-10T21:00:00Z',
        startsAt: '2026-01-20T18:00:00Z',
        endsAt: '2026-01-20T20:00:00Z',
      },
      {
        id: 2,
        action: 'UPDATE',
        originalStartsAt: '2026-01-03T21:00:00Z',
        startsAt: '2026-01-20T18:00:00Z',
        endsAt: '2026-01-20T19:00:00Z',
      },
    ];
    const listed = expandOccurrences(rule(), swapped, { from: '2026-01-01T00:00:00Z', to: '2026-01-21T00:00:00Z' });
    expect(listed.map((occurrence) => [occurrence.startsAt, occurrence.originalStartsAt])).toEqual([
      ['2026-01-17T21:00:00Z', '2026-01-17T21:00:00Z'],
      ['2026-01-20T18:00:00Z', '2026-01-03T21:00:00Z'],
      ['2026-01-20T18:00:00Z', '2026-01-10T21:00:00Z'],
    ]);
  });
});

describe('series bounds and the next occurrences', () => {
  it('starts at the first occurrence left: after a skipped first one, or at one moved earlier', () => {
    const skipFirst: OutOfScheduleRow = {
      id: 1,
      action: 'SKIP',
      originalStartsAt: '2026-01-03T21:00:00Z',
      startsAt: null,
      endsAt: null,
    };
    expect(seriesBounds(rule(), [skipFirst]).firstStartsAt).toBe('2026-01-10T21:00:00Z');
    const movedEarlier: OutOfScheduleRow = {
      id: 2,
      action: 'UPDATE',
      originalStartsAt: '2026-01-10T21:00:00Z',
      startsAt: '2025-12-31T22:00:00Z',
      endsAt: '2026-01-01T04:00:00Z',
    };
    expect(seriesBounds(rule(), [movedEarlier]).firstStartsAt).toBe('2025-12-31T22:00:00Z');
  });

  it('ends at the last occurrence left, or at one moved later', () => {
    const twice = rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 2 });
    const skipLast: OutOfScheduleRow = {
      id: 1,
      action: 'SKIP',
      originalStartsAt: '2026-01-10T21:00:00Z',
      startsAt: null,
      endsAt: null,
    };
    expect(seriesBounds(twice, [skipLast]).lastEndsAt).toBe('2026-01-04T03:00:00Z');
    const movedLater: OutOfScheduleRow = {
      id: 2,
      action: 'UPDATE',
      originalStartsAt: '2026-01-03T21:00:00Z',
      startsAt: '2026-02-01T20:00:00Z',
      endsAt: '2026-02-01T23:00:00Z',
    };
    expect(seriesBounds(twice, [movedLater])).toEqual({
      firstStartsAt: '2026-01-10T21:00:00Z',
      lastEndsAt: '2026-02-01T23:00:00Z',
    });
  });

  it('lists the next occurrences, the one in progress included, skips applied, for an old series', () => {
    const since2015 = rule({ startDate: '2015-01-03' });
    const skip: OutOfScheduleRow = {
      id: 1,
      action: 'SKIP',
      originalStartsAt: '2026-11-07T21:00:00Z',
      startsAt: null,
      endsAt: null,
    };
    // Sunday 1 November 01:00 local: the Saturday night is still going on.
    expect(starts(nextOccurrences(since2015, [skip], '2026-11-01T00:00:00Z', 3))).toEqual([
      '2026-10-31T21:00:00Z',
      '2026-11-14T21:00:00Z',
      '2026-11-21T21:00:00Z',
    ]);
    expect(nextOccurrences(since2015, [], '2026-11-01T00:00:00Z', 0)).toEqual([]);
  });

  it('stops at the end of a finite series', () => {
    const twice = rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 2 });
    expect(starts(nextOccurrences(twice, [], '2026-01-01T00:00:00Z', 5))).toEqual([
      '2026-01-03T21:00:00Z',
      '2026-01-10T21:00:00Z',
    ]);
  });
});

describe('splitting a series (THIS_AND_NEXT_OCCURRENCES)', () => {
  it('splits a counted series into head count and tail count that add up', () => {
    const tenTimes = rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 10 });
    const { head, tail } = splitRule(tenTimes, '2026-01-24T21:00:00Z');
    expect(head).toEqual({ ...tenTimes, maxOccurrences: 3 });
    expect(tail).toEqual({ ...tenTimes, startDate: '2026-01-24', maxOccurrences: 7 });
    const joined = [...ruleOccurrences(head!, everything), ...ruleOccurrences(tail, everything)];
    expect(joined).toEqual(ruleOccurrences(tenTimes, everything));
  });

  it('ends a never-ending head on the day before the occurrence and keeps the tail never-ending', () => {
    const { head, tail } = splitRule(rule({ endDate: '2026-01-04' }), '2026-01-24T21:00:00Z');
    expect(head).toMatchObject({
      recurrenceEndType: 'ON_DATE',
      recurrenceEndDate: '2026-01-23',
      maxOccurrences: null,
      startDate: '2026-01-03',
    });
    expect(tail).toMatchObject({ recurrenceEndType: 'NEVER', startDate: '2026-01-24', endDate: '2026-01-25' });
  });

  it('keeps the ON_DATE of the tail and ends the head the day before', () => {
    const untilMarch = rule({ recurrenceEndType: 'ON_DATE', recurrenceEndDate: '2026-03-31' });
    const { head, tail } = splitRule(untilMarch, '2026-02-07T21:00:00Z');
    expect(head?.recurrenceEndDate).toBe('2026-02-06');
    expect(tail).toMatchObject({
      startDate: '2026-02-07',
      recurrenceEndType: 'ON_DATE',
      recurrenceEndDate: '2026-03-31',
    });
  });

  it('has no head at the first occurrence, and refuses an instant the rule does not generate', () => {
    expect(splitRule(rule(), '2026-01-03T21:00:00Z')).toEqual({ head: null, tail: rule() });
    expect(() => splitRule(rule(), '2026-01-03T22:00:00Z')).toThrow(EVENT_PROBLEMS.notAnOccurrence);
    expect(() =>
      splitRule(rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 2 }), '2026-01-17T21:00:00Z'),
    ).toThrow(EVENT_PROBLEMS.notAnOccurrence);
  });

  it('splits a monthly series on the 31st counting only the months that have one', () => {
    const monthly = rule({
      startDate: '2026-01-31',
      endTime: '23:00',
      recurrencePattern: 'MONTHLY',
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 6,
    });
    const { head, tail } = splitRule(monthly, '2026-07-31T20:00:00Z');
    expect(head?.maxOccurrences).toBe(3);
    expect(tail).toMatchObject({ startDate: '2026-07-31', maxOccurrences: 3 });
    expect(starts(ruleOccurrences(tail, everything))).toEqual([
      '2026-07-31T20:00:00Z',
      '2026-08-31T20:00:00Z',
      '2026-10-31T21:00:00Z',
    ]);
  });
});

describe('re-keying rows after a rule change', () => {
  const rows: OutOfScheduleRow[] = [
    { id: 1, action: 'SKIP', originalStartsAt: '2026-01-17T21:00:00Z', startsAt: null, endsAt: null },
    {
      id: 2,
      action: 'UPDATE',
      originalStartsAt: '2026-01-24T21:00:00Z',
      startsAt: '2026-01-24T22:00:00Z',
      endsAt: '2026-01-25T04:00:00Z',
      eventTitle: 'Late',
    },
    {
      id: 3,
      action: 'CREATE',
      originalStartsAt: '2026-01-21T19:00:00Z',
      startsAt: '2026-01-21T19:00:00Z',
      endsAt: '2026-01-21T22:00:00Z',
    },
  ];

  it('moves SKIP and UPDATE keys to the new start time on the same date; the UPDATE keeps its own instants', () => {
    const { kept, removedIds } = rekeyRows(rule(), rule({ startTime: '21:00' }), rows);
    expect(removedIds).toEqual([]);
    expect(kept).toEqual([
      { ...rows[0], originalStartsAt: '2026-01-17T20:00:00Z' },
      { ...rows[1], originalStartsAt: '2026-01-24T20:00:00Z' },
      rows[2],
    ]);
  });

  it('drops rows whose date the new rule does not repeat on, and keeps CREATE rows', () => {
    const fridays = rule({ recurrenceDaysOfWeek: ['FRIDAY'] });
    expect(rekeyRows(rule(), fridays, rows)).toEqual({ kept: [rows[2]], removedIds: [1, 2] });
  });

  it('hands a split tail the rows on or after its first date and the head the others', () => {
    const { head, tail } = splitRule(rule(), '2026-01-24T21:00:00Z');
    expect(rekeyRows(rule(), tail, rows).removedIds).toEqual([1]);
    expect(rekeyRows(rule(), head!, rows).removedIds).toEqual([2]);
  });
});

describe('the rule in words', () => {
  it('summarizes a weekly rule with its start weekday when no day was picked', () => {
    expect(summarizeRule(rule({ recurrenceEndType: 'AFTER_OCCURRENCES', maxOccurrences: 10 }))).toEqual({
      pattern: 'WEEKLY',
      days: ['SATURDAY'],
      dayOfMonth: null,
      month: null,
      startTime: '22:00',
      endTime: '04:00',
      endsNextDay: true,
      end: { type: 'AFTER_OCCURRENCES', count: 10, date: null },
    });
  });

  it('orders picked days Monday first and describes monthly and yearly rules by their day', () => {
    expect(summarizeRule(rule({ recurrenceDaysOfWeek: ['SUNDAY', 'FRIDAY', 'MONDAY'] })).days).toEqual([
      'MONDAY',
      'FRIDAY',
      'SUNDAY',
    ]);
    expect(
      summarizeRule(
        rule({
          startDate: '2026-01-31',
          recurrencePattern: 'MONTHLY',
          recurrenceEndType: 'ON_DATE',
          recurrenceEndDate: '2026-12-31',
        }),
      ),
    ).toMatchObject({
      days: [],
      dayOfMonth: 31,
      month: null,
      end: { type: 'ON_DATE', count: null, date: '2026-12-31' },
    });
    expect(
      summarizeRule(
        rule({ startDate: '2024-02-29', startTime: '18:00', endTime: '23:00', recurrencePattern: 'YEARLY' }),
      ),
    ).toMatchObject({
      dayOfMonth: 29,
      month: 2,
      endsNextDay: false,
    });
  });
});
