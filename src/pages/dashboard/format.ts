import { intlLocaleOf } from '../../../resources/shared/dateFormat';

/**
 * The dashboard's figures in the interface language (Swiss conventions per language, 24-hour clock), times in
 * Europe/Zurich whatever the browser's zone.
 */

const ZURICH = 'Europe/Zurich';

/** "1’234" (de-CH), "1 234" (fr-CH), "1,234" (en-GB). */
export const formatCount = (value: number, locale: string): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), { maximumFractionDigits: 0 }).format(value);

/**
 * The change from `previous` to `current` as a signed percentage ("+12 %", "−40 %", "0 %"), or null when there
 * is nothing to compare with (no previous figure).
 */
export const changeOf = (current: number, previous: number): number | null =>
  previous > 0 ? (current - previous) / previous : null;

export const formatChange = (change: number, locale: string): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(change);

/** An instant's date and time in Zurich: "Sat, 28 Nov, 22:00". */
export const formatWhen = (instant: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: ZURICH,
  }).format(new Date(instant));

/** An instant's date in Zurich: "28 Nov 2026". */
export const formatDay = (instant: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: ZURICH,
  }).format(new Date(instant));

/** A `YYYY-MM-DD` calendar date: "28 Nov 2026" (read at noon UTC, so every zone shows that day). */
export const formatLocalDate = (date: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date.slice(0, 10)}T12:00:00Z`));

/** A `YYYY-MM-DD` calendar date without its year: "28 Nov". */
export const formatShortDate = (date: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T12:00:00Z`),
  );
