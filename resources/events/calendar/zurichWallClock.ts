import { Temporal } from 'temporal-polyfill';
import type { InstantWindow } from '../../../domain/recurrence';
import { EVENT_TIME_ZONE } from '../../../domain/recurrence';

/**
 * The calendar shows Europe/Zurich whatever the browser's zone. FullCalendar runs in its UTC mode, where
 * a date-time without offset is displayed exactly as written: each instant from the API is turned into
 * its Zurich wall-clock ("floating") date-time, and the visible days back into Zurich instants. The API
 * keeps exact instants; only the display is floating.
 */

/** `2026-11-28T21:00:00Z` → `2026-11-28T22:00:00` (Zurich wall-clock, no offset). */
export const zurichWallClock = (instant: string): string =>
  Temporal.Instant.from(instant)
    .toZonedDateTimeISO(EVENT_TIME_ZONE)
    .toPlainDateTime()
    .toString({ smallestUnit: 'second' });

/** `HH:mm` in Zurich. */
export const zurichTime = (instant: string): string => zurichWallClock(instant).slice(11, 16);

/** Zurich midnight of a local date, as an instant. */
const zurichMidnight = (localDate: string): string =>
  Temporal.PlainDate.from(localDate).toZonedDateTime({ timeZone: EVENT_TIME_ZONE }).toInstant().toString();

/**
 * The visible days (FullCalendar's range in its UTC mode: first day, and the day after the last) as the
 * instants of GET /occurrences: from the first day's Zurich midnight to the Zurich midnight that ends the last.
 */
export const zurichWindowOfDays = (firstDay: Date, dayAfterLast: Date): InstantWindow => ({
  from: zurichMidnight(firstDay.toISOString().slice(0, 10)),
  to: zurichMidnight(dayAfterLast.toISOString().slice(0, 10)),
});

/** Now, as Zurich wall-clock: FullCalendar's "today" and its now line follow Zurich, not the browser. */
export const zurichNow = (): string =>
  Temporal.Now.zonedDateTimeISO(EVENT_TIME_ZONE).toPlainDateTime().toString({ smallestUnit: 'second' });
