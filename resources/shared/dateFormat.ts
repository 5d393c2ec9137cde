/**
 * Dates and times in the interface language, never the browser's: Swiss conventions per language
 * (en is British English) and a 24-hour clock in all four. Display and typed input share these rules, so
 * what a field shows is what it accepts.
 */

const INTL_LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-CH', de: 'de-CH', it: 'it-CH' };

export const intlLocaleOf = (locale: string): string => INTL_LOCALES[locale] ?? 'en-GB';

/** An instant as a short date and time, "25.11.2026, 23:58" in German. */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

export const formatDateTime = (instant: string | Date, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), DATE_TIME_OPTIONS).format(new Date(instant));

/** A `YYYY-MM-DD` local date at noon UTC, so that any zone shows the same calendar day. */
const dateAtNoon = (localDate: string): Date => new Date(`${localDate}T12:00:00Z`);

/** "Sat, 28 Nov 2026" for a `YYYY-MM-DD` local date. */
export const formatLocalDate = (localDate: string, locale: string, withWeekday = false): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    ...(withWeekday ? { weekday: 'short' as const } : {}),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateAtNoon(localDate));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether year, month and day name a real calendar day (no 30 February). */
const isCalendarDay = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The order and separator of day, month and year in the language ("31.12.2026", "31/12/2026"). */
const datePatternOf = (locale: string): { order: ('day' | 'month' | 'year')[]; separator: string } => {
  const parts = new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2026, 11, 31)));
  const order = parts
    .filter((part) => part.type === 'day' || part.type === 'month' || part.type === 'year')
    .map((part) => part.type as 'day' | 'month' | 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '.';
  return { order, separator };
};

/** A `YYYY-MM-DD` date as typed in the language: "31.12.2026" (de, fr, it), "31/12/2026" (en). */
export const formatDateInput = (isoDate: string, locale: string): string => {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const { order, separator } = datePatternOf(locale);
  const values = { day, month, year };
  return order.map((part) => values[part]).join(separator);
};

/**
 * What a user typed as a date, in the language's order with any of `.`, `/`, `-` or space between the
 * parts (a two-digit year is in this century), or as `YYYY-MM-DD`: the `YYYY-MM-DD` date, null when it is
 * not a real day.
 */
export const parseDateInput = (text: string, locale: string): string | null => {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) {
    const [year, month, day] = trimmed.split('-').map(Number) as [number, number, number];
    return isCalendarDay(year, month, day) ? trimmed : null;
  }
  const pieces = trimmed.split(/[./\-\s]+/);
  const { order } = datePatternOf(locale);
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d+$/.test(piece))) return null;
  const value = (part: 'day' | 'month' | 'year') => pieces[order.indexOf(part)] as string;
  const yearText = value('year');
  if (yearText.length !== 2 && yearText.length !== 4) return null;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const month = Number(value('month'));
  const day = Number(value('day'));
  return isCalendarDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
};

/** The hint shown in an empty date field: "TT.MM.JJJJ" in German, "JJ.MM.AAAA" in French. */
const DATE_LETTERS: Record<string, { day: string; month: string; year: string }> = {
  en: { day: 'DD', month: 'MM', year: 'YYYY' },
  fr: { day: 'JJ', month: 'MM', year: 'AAAA' },
  de: { day: 'TT', month: 'MM', year: 'JJJJ' },
  it: { day: 'GG', month: 'MM', year: 'AAAA' },
};

export const datePlaceholderOf = (locale: string): string => {
  const letters = DATE_LETTERS[locale] ?? DATE_LETTERS.en!;
  const { order, separator } = datePatternOf(locale);
  return order.map((part) => letters[part]).join(separator);
};

/** The hint shown in an empty time field, 24-hour in every language. */
export const TIME_PLACEHOLDER = 'HH:MM';

/** What a user typed as a time of day, 24-hour: "20:00", "20.00", "2000", "20" or "8:30" → `HH:mm`; null otherwise. */
export const parseTimeInput = (text: string): string | null => {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(trimmed);
  if (!match) return null;
  const time = `${pad(Number(match[1]))}:${match[2] ?? '00'}`;
  return TIME.test(time) ? time : null;
};
