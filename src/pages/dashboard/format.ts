import { intlLocaleOf } from '../../../resources/shared/dateFormat';

export { formatLocalDate } from '../../../resources/shared/dateFormat';
export { changeOf, formatChange, formatNumber as formatCount } from '../../../resources/shared/figureFormat';

/**
 * The dashboard's figures in the interface language (Swiss conventions per language, 24-hour clock), times in
 * Europe/Zurich whatever the browser's zone.
 */

const ZURICH = 'Europe/Zurich';

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

/** A `YYYY-MM-DD` calendar date without its year: "28 Nov". */
export const formatShortDate = (date: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T12:00:00Z`),
  );
