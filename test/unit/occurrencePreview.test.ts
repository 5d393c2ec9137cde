import { describe, expect, it } from 'vitest';
import type { EventInput } from '../../domain/event';
import { nextOccurrences, splitRule, type OutOfScheduleRow, type RecurrenceRule } from '../../domain/recurrence';
import { editedTailRule, previewFromOccurrence, remainingCountFrom } from '../../resources/events/occurrence';
import { formatOccurrenceSpan } from '../../resources/events/zurichFormat';
import { editedTailRule as serverEditedTailRule } from '../../server/services/events/occurrenceEdits';

/**
 * The date step's preview of an occurrence edit says what the server will make of it: these tests pin the
 * browser's copy of the server's tail rule to the server's own, and the remaining count to splitRule's.
 */

/** Saturdays 22:00–04:00 from Saturday 30 November 2030, ten times: the 5th is 28 Dec, the 7th 11 Jan 2031. */
const series = (overrides: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
  startDate: '2030-11-30',
  endDate: null,
  startTime: '22:00',
  endTime: '04:00',
  recurrencePattern: 'WEEKLY',
  recurrenceDaysOfWeek: ['SATURDAY'],
  recurrenceEndType: 'AFTER_OCCURRENCES',
  maxOccurrences: 10,
  recurrenceEndDate: null,
  ...overrides,
});
const FIFTH = '2030-12-28T21:00:00Z';
const SEVENTH = '2031-01-11T21:00:00Z';

const row = (
  id: number,
  action: OutOfScheduleRow['action'],
  originalStartsAt: string,
  startsAt: string | null = null,
  endsAt: string | null = null,
): OutOfScheduleRow => ({
  id,
  action,
  originalStartsAt,
  startsAt,
  endsAt,
});

/** The form's date step as the server's input reads it. */
const inputDates = (rule: RecurrenceRule) =>
  ({ ...rule, recurrenceDaysOfWeek: [...rule.recurrenceDaysOfWeek] }) as unknown as EventInput['dateAndCalendar'];

describe('the remaining count from an occurrence on', () => {
  it('is the count left from that occurrence on, itself included, as splitRule gives the tail', () => {
    expect(remainingCountFrom(series(), FIFTH)).toBe(6);
    expect(remainingCountFrom(series(), SEVENTH)).toBe(4);
    expect(remainingCountFrom(series(), '2030-11-30T21:00:00.000Z')).toBe(10);
    expect(remainingCountFrom(series(), FIFTH)).toBe(splitRule(series(), FIFTH).tail.maxOccurrences);
  });

  it('is null when the series does not end after a count, or the rule has no occurrence there', () => {
    expect(remainingCountFrom(series({ recurrenceEndType: 'NEVER', maxOccurrences: null }), FIFTH)).toBeNull();
    expect(
      remainingCountFrom(
        series({ recurrenceEndType: 'ON_DATE', maxOccurrences: null, recurrenceEndDate: '2031-03-01' }),
        FIFTH,
      ),
    ).toBeNull();
    // A Wednesday, added by hand: no occurrence of the rule.
    expect(remainingCountFrom(series(), '2031-01-08T21:00:00Z')).toBeNull();
  });
});

describe("the browser's tail rule", () => {
  const cases: [string, RecurrenceRule][] = [
    ['the end kept as the series has it', series({ startDate: '2031-01-11', startTime: '23:00' })],
    ['the remaining count the form starts with', series({ startDate: '2031-01-11', maxOccurrences: 4 })],
    ['another count', series({ startDate: '2031-01-11', maxOccurrences: 2 })],
    [
      'another end',
      series({
        startDate: '2031-01-11',
        recurrenceEndType: 'ON_DATE',
        maxOccurrences: null,
        recurrenceEndDate: '2031-02-28',
      }),
    ],
    ['another weekday', series({ startDate: '2031-01-12', recurrenceDaysOfWeek: ['SUNDAY'] })],
    [
      'a one-off',
      series({
        startDate: '2031-01-11',
        recurrencePattern: 'NONE',
        recurrenceDaysOfWeek: [],
        recurrenceEndType: 'NEVER',
        maxOccurrences: null,
      }),
    ],
  ];
  it.each(cases)("is the server's with %s", (_name, form) => {
    const { tail } = splitRule(series(), SEVENTH);
    expect(editedTailRule(series(), tail, form)).toEqual(serverEditedTailRule(series(), tail, inputDates(form)));
  });
});

describe('the preview of an occurrence edit', () => {
  const starts = (rule: RecurrenceRule, rows: OutOfScheduleRow[], after: string) =>
    nextOccurrences(rule, rows, after, 20).map((occurrence) => occurrence.startsAt);

  it('lists the tail from the edited occurrence on, with the rows after it and without those before or its own', () => {
    const rows = [
      row(1, 'SKIP', '2030-12-07T21:00:00Z'),
      row(2, 'UPDATE', SEVENTH, '2031-01-11T22:00:00Z', '2031-01-12T03:00:00Z'),
      row(3, 'SKIP', '2031-01-25T21:00:00Z'),
      row(4, 'CREATE', '2031-01-29T19:00:00Z', '2031-01-29T19:00:00Z', '2031-01-29T22:00:00Z'),
    ];
    const form = series({ startDate: '2031-01-11', maxOccurrences: 4 });
    const preview = previewFromOccurrence({ rule: series(), rows, originalStartsAt: SEVENTH }, form);
    expect(preview.rule).toMatchObject({ startDate: '2031-01-11', maxOccurrences: 4 });
    expect(preview.rows.map((kept) => kept.id)).toEqual([3, 4]);
    expect(preview.listAfter).toBe('2031-01-10T23:00:00Z');
    expect(starts(preview.rule, preview.rows, preview.listAfter)).toEqual([
      '2031-01-11T21:00:00Z',
      '2031-01-18T21:00:00Z',
      '2031-01-29T19:00:00Z',
      '2031-02-01T21:00:00Z',
    ]);
  });

  it('is the whole series on its first occurrence, and a one-off for an occurrence added by hand', () => {
    const added = row(5, 'CREATE', '2031-01-08T21:00:00Z', '2031-01-08T21:00:00Z', '2031-01-09T03:00:00Z');
    const first = previewFromOccurrence(
      { rule: series(), rows: [added], originalStartsAt: '2030-11-30T21:00:00Z' },
      series({ startTime: '23:00' }),
    );
    expect(first.rule).toEqual(series({ startTime: '23:00' }));
    expect(first.rows).toEqual([added]);

    const alone = previewFromOccurrence(
      { rule: series(), rows: [added], originalStartsAt: added.originalStartsAt },
      series({ startDate: '2031-01-08' }),
    );
    expect(alone.rule).toMatchObject({ startDate: '2031-01-08', recurrencePattern: 'NONE', maxOccurrences: null });
    expect(starts(alone.rule, alone.rows, alone.listAfter)).toEqual(['2031-01-08T21:00:00Z']);
  });
});

describe('an occurrence written as a span', () => {
  it("writes the end's time alone for an evening or a night, and its date when the time alone would mislead", () => {
    expect(formatOccurrenceSpan('2030-11-30T19:00:00Z', '2030-11-30T22:00:00Z', 'en')).toBe(
      'Sat, 30 Nov 2030, 20:00–23:00',
    );
    expect(formatOccurrenceSpan('2030-11-30T21:00:00Z', '2030-12-01T03:00:00Z', 'en')).toBe(
      'Sat, 30 Nov 2030, 22:00–04:00',
    );
    // 24 hours: not "20:00–20:00".
    expect(formatOccurrenceSpan('2030-11-30T19:00:00Z', '2030-12-01T19:00:00Z', 'en')).toBe(
      'Sat, 30 Nov 2030, 20:00 – Sun, 1 Dec 2030, 20:00',
    );
    // A festival ending two nights later, before its start time: not "18:00–02:00".
    expect(formatOccurrenceSpan('2030-11-28T17:00:00Z', '2030-12-01T01:00:00Z', 'de')).toBe(
      'Do., 28. Nov. 2030, 18:00 – So., 1. Dez. 2030, 02:00',
    );
  });
});
