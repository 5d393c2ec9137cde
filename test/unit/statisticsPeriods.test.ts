import { describe, expect, it } from 'vitest';
import {
  bucketDateOf,
  bucketOf,
  bucketStarts,
  DAILY_BUCKETS_UP_TO_DAYS,
  periodLength,
  periodOfPreset,
  previousPeriodOf,
  statisticsFilterSchema,
  zurichDateOf,
  zurichToday,
} from '../../domain/statistics';

/** The statistics' periods and buckets (domain/statistics.ts, docs/statistics.md "Periods and buckets"). */

describe('bucketStarts', () => {
  it('gives every day of a short period, both ends included', () => {
    expect(bucketStarts({ from: '2025-02-26', to: '2025-03-02' })).toEqual([
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(bucketStarts({ from: '2024-02-28', to: '2024-03-01' })).toHaveLength(3); // a leap year's 29 February
  });

  it('gives ISO weeks for a long period: `from` first, then each Monday up to `to`', () => {
    const period = { from: '2024-01-03', to: '2024-04-10' }; // a Wednesday to a Wednesday, 99 days
    const starts = bucketStarts(period);
    expect(bucketOf(period)).toBe('week');
    expect(starts[0]).toBe('2024-01-03');
    expect(starts.slice(1, 3)).toEqual(['2024-01-08', '2024-01-15']);
    expect(starts.at(-1)).toBe('2024-04-08');
    expect(starts).toHaveLength(15);
  });

  it('starts a weekly period that begins on a Monday on that Monday, once', () => {
    expect(bucketStarts({ from: '2024-01-01', to: '2024-01-21' }, 'week')).toEqual([
      '2024-01-01',
      '2024-01-08',
      '2024-01-15',
    ]);
  });

  it('is empty when `to` is before `from`', () => {
    expect(bucketStarts({ from: '2025-01-02', to: '2025-01-01' }, 'day')).toEqual([]);
  });
});

describe('bucketOf', () => {
  it(`is daily up to ${DAILY_BUCKETS_UP_TO_DAYS} days, weekly beyond`, () => {
    expect(bucketOf({ from: '2025-01-01', to: '2025-03-03' })).toBe('day'); // 62 days
    expect(bucketOf({ from: '2025-01-01', to: '2025-03-04' })).toBe('week'); // 63 days
  });
});

describe('bucketDateOf', () => {
  const period = { from: '2024-01-03', to: '2024-04-10' };
  it('puts a day in its own bucket, or in its week’s (the first week starting at `from`)', () => {
    expect(bucketDateOf('2024-01-20', period, 'day')).toBe('2024-01-20');
    expect(bucketDateOf('2024-01-03', period, 'week')).toBe('2024-01-03');
    expect(bucketDateOf('2024-01-07', period, 'week')).toBe('2024-01-03'); // Sunday of the first week
    expect(bucketDateOf('2024-01-08', period, 'week')).toBe('2024-01-08');
    expect(bucketDateOf('2024-01-14', period, 'week')).toBe('2024-01-08');
    expect(bucketDateOf('2024-04-10', period, 'week')).toBe('2024-04-08');
  });

  it('names only bucket starts', () => {
    const starts = new Set(bucketStarts(period));
    for (let day = 0; day < periodLength(period); day += 1) {
      const date = new Date(Date.UTC(2024, 0, 3 + day)).toISOString().slice(0, 10);
      expect(starts.has(bucketDateOf(date, period, 'week')), date).toBe(true);
    }
  });
});

describe('previousPeriodOf', () => {
  it('is as long and ends the day before', () => {
    expect(previousPeriodOf({ from: '2025-03-01', to: '2025-03-31' })).toEqual({
      from: '2025-01-29',
      to: '2025-02-28',
    });
    expect(previousPeriodOf({ from: '2024-03-01', to: '2024-03-01' })).toEqual({
      from: '2024-02-29',
      to: '2024-02-29',
    });
    const period = { from: '2024-01-03', to: '2024-04-10' };
    expect(periodLength(previousPeriodOf(period))).toBe(periodLength(period));
  });
});

describe('periodOfPreset', () => {
  it('ends today: 7, 30, 90 days, and this year from 1 January', () => {
    expect(periodOfPreset('last7', '2025-03-10')).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    expect(periodOfPreset('last30', '2025-03-10')).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(periodOfPreset('last90', '2025-03-10')).toEqual({ from: '2024-12-11', to: '2025-03-10' });
    expect(periodOfPreset('thisYear', '2025-03-10')).toEqual({ from: '2025-01-01', to: '2025-03-10' });
    expect(periodOfPreset('thisYear', '2025-01-01')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    for (const preset of ['last7', 'last30', 'last90'] as const)
      expect(periodLength(periodOfPreset(preset, '2025-03-10'))).toBe({ last7: 7, last30: 30, last90: 90 }[preset]);
  });
});

describe('Zurich days', () => {
  it('change at 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(zurichDateOf('2025-01-14T22:59:59Z')).toBe('2025-01-14');
    expect(zurichDateOf('2025-01-14T23:00:00Z')).toBe('2025-01-15');
    expect(zurichDateOf('2025-07-14T21:59:59Z')).toBe('2025-07-14');
    expect(zurichDateOf('2025-07-14T22:00:00Z')).toBe('2025-07-15');
    expect(zurichToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('statisticsFilterSchema', () => {
  const errorsOf = (value: unknown) => {
    const result = statisticsFilterSchema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };
  it('refuses two scopes, a `to` before `from`, a period too long and dates that do not exist, on the field', () => {
    expect(errorsOf({ establishmentId: 1, promoterGroupId: 2 })).toHaveProperty(
      'promoterGroupId',
      'statistics.oneScope',
    );
    expect(errorsOf({ from: '2025-02-02', to: '2025-02-01' })).toHaveProperty('to', 'statistics.toBeforeFrom');
    expect(errorsOf({ from: '2020-01-01', to: '2023-01-01' })).toHaveProperty('to', 'statistics.periodTooLong');
    expect(errorsOf({ from: '2025-02-30', to: '2025-03-01' })).toHaveProperty('from', 'validation.date');
    expect(errorsOf({ from: '2025-13-45', to: '9999-99-99' })).toMatchObject({
      from: 'validation.date',
      to: 'validation.date',
    });
    expect(errorsOf({ from: '2025-01-01', to: '2025-01-31', eventId: 3 })).toEqual({});
  });
});
