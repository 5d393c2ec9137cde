import { Temporal } from 'temporal-polyfill';
import { EVENT_TIME_ZONE, localDateOf, localTimeOf } from '../../domain/recurrence';
import { WEEK_DAYS, type WeekDay } from '../../domain/enums';

/**
 * Dates and times as the events screens show them: wall-clock in Europe/Zurich, in
 * the UI language with Swiss conventions (en is British English: "31 Dec 2026", not "Dec 31, 2026").
 * Display only: arithmetic on wall-clock times is the recurrence engine's (Temporal).
 */

import { intlLocaleOf } from '../shared/dateFormat';

export { formatLocalDate, intlLocaleOf } from '../shared/dateFormat';

/** "14 August": a month (1–12) and day, without a year. */
export const formatDayOfYear = (month: number, day: number, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, day, 12)),
  );

/** 2024-01-01 was a Monday: WEEK_DAYS[i] is that date plus i days. */
export const weekDayName = (day: WeekDay, locale: string, width: 'long' | 'short' = 'long'): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day), 12)),
  );

/** "a, b and c" in the UI language. */
export const formatList = (items: readonly string[], locale: string): string =>
  new Intl.ListFormat(intlLocaleOf(locale), { type: 'conjunction' }).format(items);

/** An instant's local date and time in Zurich: "Sat, 28 Nov 2026, 22:00". */
export const formatInstant = (instant: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(instant));

/** An instant's wall-clock time in Zurich, "04:00". */
export const formatTime = (instant: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(instant));

/**
 * True when the end's time alone says which day it is: the start's day, or the next morning for an end
 * time before the start time (a night). 24 hours or more, or a festival's later day, is not.
 */
const endTimeTellsItsDay = (startsAt: string, endsAt: string): boolean => {
  const days = Temporal.PlainDate.from(localDateOf(startsAt)).until(localDateOf(endsAt), { largestUnit: 'days' }).days;
  return days === 0 || (days === 1 && localTimeOf(endsAt) < localTimeOf(startsAt));
};

/**
 * An occurrence: "Sat, 28 Nov 2026, 22:00–04:00" for an evening or a night; with the end's own date where
 * its time alone would mislead ("Sat, 28 Nov 2026, 20:00 – Sun, 29 Nov 2026, 20:00", not "20:00–20:00").
 */
export const formatOccurrenceSpan = (startsAt: string, endsAt: string, locale: string): string =>
  endTimeTellsItsDay(startsAt, endsAt)
    ? `${formatInstant(startsAt, locale)}–${formatTime(endsAt, locale)}`
    : `${formatInstant(startsAt, locale)} – ${formatInstant(endsAt, locale)}`;
