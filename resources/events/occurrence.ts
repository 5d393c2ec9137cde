import { Temporal } from 'temporal-polyfill';
import type { Event } from '../../domain/event';
import { expandOccurrences, localDateOf, localTimeOf, type ExpandedOccurrence, type RecurrenceRule } from '../../domain/recurrence';

/** How far around its original start a moved occurrence is looked for (a move rarely goes further than a year). */
const SEARCH_DAYS = 400;

export const ruleOfRecord = (record: Event): RecurrenceRule => {
  const dates = record.dateAndCalendar;
  return {
    startDate: dates.startDate,
    endDate: dates.endDate,
    startTime: dates.startTime,
    endTime: dates.endTime,
    recurrencePattern: dates.recurrencePattern,
    recurrenceDaysOfWeek: dates.recurrenceDaysOfWeek,
    recurrenceEndType: dates.recurrenceEndType,
    maxOccurrences: dates.maxOccurrences,
    recurrenceEndDate: dates.recurrenceEndDate,
  };
};

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
  const row = record.dateAndCalendar.outOfScheduleEvents.find((candidate) => candidate.id === occurrence.outOfScheduleEventId);
  const own = withOccurrenceChanges(record, row?.changes ?? {});
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
    },
  };
};
