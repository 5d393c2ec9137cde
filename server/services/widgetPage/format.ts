import { Temporal } from 'temporal-polyfill';
import type { Language } from '../../../domain/languages';
import { EVENT_TIME_ZONE } from '../../../domain/recurrence';
import { WIDGET_LOCALES } from './strings';

/**
 * Dates, times and prices in the page's language: Intl with Swiss conventions, a 24-hour clock and the venue's
 * zone. Intl's formatters are costly to make, so each is made once per language.
 */

interface Formatters {
  time: Intl.DateTimeFormat;
  weekdayShort: Intl.DateTimeFormat;
  dayLong: Intl.DateTimeFormat;
  dayShort: Intl.DateTimeFormat;
  monthShort: Intl.DateTimeFormat;
  monthYear: Intl.DateTimeFormat;
  price: Intl.NumberFormat;
  count: Intl.NumberFormat;
}

const made = new Map<Language, Formatters>();

function formattersOf(language: Language): Formatters {
  const known = made.get(language);
  if (known) return known;
  const locale = WIDGET_LOCALES[language];
  const zone = { timeZone: EVENT_TIME_ZONE } as const;
  const formatters: Formatters = {
    time: new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    weekdayShort: new Intl.DateTimeFormat(locale, { ...zone, weekday: 'short' }),
    dayLong: new Intl.DateTimeFormat(locale, { ...zone, weekday: 'long', day: 'numeric', month: 'long' }),
    dayShort: new Intl.DateTimeFormat(locale, { ...zone, weekday: 'short', day: 'numeric', month: 'short' }),
    monthShort: new Intl.DateTimeFormat(locale, { ...zone, month: 'short' }),
    monthYear: new Intl.DateTimeFormat(locale, { ...zone, month: 'long', year: 'numeric' }),
    price: new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }),
    count: new Intl.NumberFormat(locale),
  };
  made.set(language, formatters);
  return formatters;
}

/** `21:00` */
export const formatTime = (language: Language, instant: string) =>
  formattersOf(language).time.format(new Date(instant));
/** `Fr.` */
export const formatWeekdayShort = (language: Language, instant: string) =>
  formattersOf(language).weekdayShort.format(new Date(instant));
/** `Freitag, 1. Mai` */
export const formatDayLong = (language: Language, instant: string) =>
  formattersOf(language).dayLong.format(new Date(instant));
/** `Fr., 1. Mai` */
export const formatDayShort = (language: Language, instant: string) =>
  formattersOf(language).dayShort.format(new Date(instant));
/** `1’250` */
export const formatCount = (language: Language, count: number) => formattersOf(language).count.format(count);
/** `Mai` */
export const formatMonthShort = (language: Language, instant: string) =>
  formattersOf(language).monthShort.format(new Date(instant));
/** `Mai 2026` */
export const formatMonthYear = (language: Language, instant: string) =>
  formattersOf(language).monthYear.format(new Date(instant));

/** `CHF 15.00`, or a range `CHF 15.00–25.00`; null when there is no price. */
export function formatPrice(language: Language, min: number | null, max: number | null): string | null {
  const price = formattersOf(language).price;
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) return price.format((min ?? max) as number);
  return price.formatRange(min, max);
}

/** The local noon of a date as an instant, for formatting a date without its time slipping across midnight. */
export const noonOf = (date: Temporal.PlainDate): string =>
  date.toZonedDateTime({ timeZone: EVENT_TIME_ZONE, plainTime: '12:00' }).toInstant().toString();

/** `2026-05-01T21:00:00+02:00`: an instant with the venue's offset, as schema.org and `<time>` like it. */
export const zonedIso = (instant: string): string =>
  Temporal.Instant.from(instant).toZonedDateTimeISO(EVENT_TIME_ZONE).toString({ timeZoneName: 'never' });

/** The local date (Europe/Zurich) of an instant. */
export const localDate = (instant: string): Temporal.PlainDate =>
  Temporal.Instant.from(instant).toZonedDateTimeISO(EVENT_TIME_ZONE).toPlainDate();

const weekdays = new Map<string, string[]>();

/** Weekday names, Monday first (1 January 2024 was a Monday). */
export function weekdayNames(language: Language, style: 'short' | 'long'): string[] {
  const key = `${language}-${style}`;
  let names = weekdays.get(key);
  if (!names) {
    const format = new Intl.DateTimeFormat(WIDGET_LOCALES[language], { weekday: style, timeZone: 'UTC' });
    names = Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2024, 0, 1 + index, 12)));
    weekdays.set(key, names);
  }
  return names;
}
