import { createContext } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { Event } from '../../domain/event';
import {
  expandOccurrences,
  generatesOccurrenceAt,
  localDateOf,
  localTimeOf,
  rekeyRows,
  ruleOf,
  splitRule,
  zonedInstant,
  type ExpandedOccurrence,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../../domain/recurrence';

/** How far around its original start a moved occurrence is looked for (a move rarely goes further than a year). */
const SEARCH_DAYS = 400;

export const ruleOfRecord = (record: Event): RecurrenceRule => ruleOf(record.dateAndCalendar);

/** The `?occurrence=` value as the API's instant (`…T21:00:00Z`), or null when it is not an instant. */
export const normaliseInstant = (value: string): string | null => {
  try {
    return Temporal.Instant.from(value).toString();
  } catch {
    return null;
  }
};

/**
 * The occurrence of the series whose original start (the row key) is `originalStartsAt`, where it is now
 * (rule and out-of-schedule rows applied); null when the series has no such occurrence (skipped, or the
 * link is stale).
 */
export const findOccurrence = (record: Event, originalStartsAt: string): ExpandedOccurrence | null => {
  const key = normaliseInstant(originalStartsAt);
  if (!key) return null;
  const instant = Temporal.Instant.from(key);
  const window = {
    from: instant.subtract({ hours: 24 * SEARCH_DAYS }).toString(),
    to: instant.add({ hours: 24 * SEARCH_DAYS }).toString(),
  };
  try {
    const occurrences = expandOccurrences(ruleOfRecord(record), record.dateAndCalendar.outOfScheduleEvents, window);
    return occurrences.find((occurrence) => occurrence.originalStartsAt === key) ?? null;
  } catch {
    return null;
  }
};

/**
 * The form's values for editing a whole series. A repeating occurrence lasts at most one night, so its
 * end date follows from the times: it is left to the server (null), and the date step does not show it.
 * Kept, a stale end date would refuse a new start date on a field the user cannot see.
 */
export const seriesFormRecord = (record: Event): Event =>
  record.dateAndCalendar.recurrencePattern === 'NONE'
    ? record
    : { ...record, dateAndCalendar: { ...record.dateAndCalendar, endDate: null as unknown as string } };

/**
 * The record with an occurrence's own values (its row's `changes`, by record path such as
 * `generalInfos.tarifMax`) put in place of the series' ones. A path whose section the record does not
 * have is left out: the form has no field for it.
 */
const withOccurrenceChanges = (record: Event, changes: Record<string, unknown>): Event => {
  const sections = { ...record } as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const [section, field, ...deeper] = path.split('.');
    const values = sections[section];
    if (!field || deeper.length > 0 || typeof values !== 'object' || values === null) continue;
    sections[section] = { ...values, [field]: value };
  }
  return sections as unknown as Event;
};

/**
 * The form's values for editing one occurrence: the series with that occurrence's date, times, title and
 * other values of its own (its row's changes). Saved with an update scope, the server reads them as the
 * occurrence's new place and values (this one only) or as the rule of the rest of the series from it on
 * (this and the next). Without its own values the form would show the series' ones, and a second "this
 * occurrence only" save would silently drop them.
 */
export const occurrenceFormRecord = (record: Event, occurrence: ExpandedOccurrence): Event => {
  const row = record.dateAndCalendar.outOfScheduleEvents.find(
    (candidate) => candidate.id === occurrence.outOfScheduleEventId,
  );
  const own = withOccurrenceChanges(record, row?.changes ?? {});
  const remaining = remainingCountFrom(ruleOfRecord(record), occurrence.originalStartsAt);
  return {
    ...own,
    generalInfos: { ...own.generalInfos, eventTitle: occurrence.eventTitle ?? record.generalInfos.eventTitle },
    dateAndCalendar: {
      ...record.dateAndCalendar,
      startDate: localDateOf(occurrence.startsAt),
      startTime: localTimeOf(occurrence.startsAt),
      endTime: localTimeOf(occurrence.endsAt),
      // Derived from the times: the occurrence's own end date (the series' first end date would not fit it).
      endDate: null as unknown as string,
      // From this occurrence on, only the rest of the count remains (what "this and the next" gives the tail).
      ...(remaining === null ? {} : { maxOccurrences: remaining }),
    },
  };
};

/**
 * How many occurrences an AFTER_OCCURRENCES series has from the one keyed `originalStartsAt` on, that one
 * included, counted as the server splits it (domain/recurrence.ts splitRule: generated occurrences,
 * before exclusions, so a series of 10 has 6 from its 5th on). Null for other ends, or for an occurrence
 * the rule does not generate (one added by hand).
 */
export const remainingCountFrom = (rule: RecurrenceRule, originalStartsAt: string): number | null => {
  if (rule.recurrencePattern === 'NONE' || rule.recurrenceEndType !== 'AFTER_OCCURRENCES') return null;
  const key = normaliseInstant(originalStartsAt);
  if (key === null || !generatesOccurrenceAt(rule, key)) return null;
  return splitRule(rule, key).tail.maxOccurrences;
};

// ---- what an occurrence's edit gives from that occurrence on (the date step's preview) ----------------

/** The series an occurrence edit belongs to, as stored: its rule, its rows and the edited occurrence's key. */
export interface EditedSeries {
  rule: RecurrenceRule;
  rows: readonly OutOfScheduleRow[];
  originalStartsAt: string;
}

/** The series of the occurrence being edited (EventStepper provides it; null for a new event or a whole series). */
export const EditedSeriesContext = createContext<EditedSeries | null>(null);

/** What the preview shows: a rule, its rows, and the instant its listed occurrences end after. */
export interface PreviewedSeries {
  rule: RecurrenceRule;
  rows: OutOfScheduleRow[];
  listAfter: string;
}

const sameDays = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((day) => right.includes(day));

/**
 * The tail's rule as the server writes it (server/services/events/occurrenceEdits.ts editedTailRule, kept
 * in step by test/unit/occurrencePreview.test.ts): splitRule's tail moved to the form's date and times,
 * with the form's pattern and end where the user changed them from the series'.
 */
export const editedTailRule = (
  series: RecurrenceRule,
  tailAsSplit: RecurrenceRule,
  form: RecurrenceRule,
): RecurrenceRule => {
  const patternChanged =
    form.recurrencePattern !== series.recurrencePattern ||
    !sameDays(form.recurrenceDaysOfWeek, series.recurrenceDaysOfWeek);
  const endChanged =
    form.recurrenceEndType !== series.recurrenceEndType ||
    form.maxOccurrences !== series.maxOccurrences ||
    form.recurrenceEndDate !== series.recurrenceEndDate;
  return {
    ...tailAsSplit,
    startDate: form.startDate,
    endDate: form.endDate,
    startTime: form.startTime,
    endTime: form.endTime,
    ...(patternChanged
      ? { recurrencePattern: form.recurrencePattern, recurrenceDaysOfWeek: form.recurrenceDaysOfWeek }
      : {}),
    ...(endChanged
      ? {
          recurrenceEndType: form.recurrenceEndType,
          maxOccurrences: form.maxOccurrences,
          recurrenceEndDate: form.recurrenceEndDate,
        }
      : {}),
    ...(form.recurrencePattern === 'NONE'
      ? { recurrenceEndType: 'NEVER', maxOccurrences: null, recurrenceEndDate: null }
      : {}),
  };
};

const isAtOrAfter = (instant: string, boundary: string) => Temporal.Instant.compare(instant, boundary) >= 0;
const sameInstant = (left: string, right: string) => Temporal.Instant.compare(left, right) === 0;

/**
 * The rows a split hands to the tail, as the server does: SKIP and UPDATE keyed from the occurrence on
 * (the edited occurrence's own row excepted: the edit replaces it), CREATE where it takes place.
 */
const tailRows = (rows: readonly OutOfScheduleRow[], key: string): OutOfScheduleRow[] =>
  rows.filter((row) =>
    row.action === 'CREATE'
      ? isAtOrAfter(row.startsAt ?? row.originalStartsAt, key)
      : isAtOrAfter(row.originalStartsAt, key) && !sameInstant(row.originalStartsAt, key),
  );

/**
 * What saving the form as "this and the next occurrences" gives from the edited occurrence on: on the
 * series' first occurrence the whole series with the form's rule; later, the tail segment the server
 * splits off (its own count, its rows). An occurrence added by hand can only change alone: a one-off.
 * Listed from the edited occurrence's day, whether it lies ahead or not.
 */
export const previewFromOccurrence = (series: EditedSeries, form: RecurrenceRule): PreviewedSeries => {
  const listAfter = zonedInstant(form.startDate, '00:00');
  const key = normaliseInstant(series.originalStartsAt);
  if (key === null || !generatesOccurrenceAt(series.rule, key)) {
    const oneOff: RecurrenceRule = {
      ...form,
      recurrencePattern: 'NONE',
      recurrenceDaysOfWeek: [],
      recurrenceEndType: 'NEVER',
      maxOccurrences: null,
      recurrenceEndDate: null,
    };
    return { rule: oneOff, rows: [], listAfter };
  }
  const { head, tail } = splitRule(series.rule, key);
  if (head === null) return { rule: form, rows: rekeyRows(series.rule, form, series.rows).kept, listAfter };
  const rule = editedTailRule(series.rule, tail, form);
  return { rule, rows: rekeyRows(tail, rule, tailRows(series.rows, key)).kept, listAfter };
};
