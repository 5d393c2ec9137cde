import { downloadCSV, type DataProvider, type Identifier } from 'react-admin';
import type { WeekDay } from '../../../domain/enums';
import { WEEK_DAYS } from '../../../domain/enums';
import type { Language } from '../../../domain/languages';
import {
  referenceLabel,
  referenceResourceOf,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../../domain/reference';
import type { HappyHour, WorkSchedules } from '../../../domain/schedule';

/**
 * CSV export of partner lists: flat columns with headings in the reader's language, labels instead of
 * reference ids, times as text, no HTML. Cells that a spreadsheet would run as a formula are quoted as text.
 */

export interface CsvColumn<Row> {
  heading: string;
  value: (row: Row) => string | number | null | undefined;
}

/** A leading =, +, -, @ (or tab/CR) makes Excel and LibreOffice evaluate the cell (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const cellOf = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = <Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string =>
  [
    columns.map((column) => cellOf(column.heading)),
    ...rows.map((row) => columns.map((column) => cellOf(column.value(row)))),
  ]
    .map((cells) => cells.join(','))
    .join('\r\n');

export const downloadCsv = (csv: string, fileName: string) => downloadCSV(csv, fileName);

/** The plain text of rich-text HTML (the export never carries markup). */
export const plainTextOf = (html: string | null | undefined): string => {
  if (!html) return '';
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
};

/** Short week-day names in the reader's language, from the calendar (5 January 2026 is a Monday). */
export const weekDayNames = (locale: string): Record<WeekDay, string> => {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Object.fromEntries(
    WEEK_DAYS.map((day, index) => [day, format.format(Date.UTC(2026, 0, 5 + index))]),
  ) as Record<WeekDay, string>;
};

/** "Mon 18:00–02:00; Fri 22:00–04:00": open days only. */
export const workSchedulesText = (schedules: WorkSchedules | null | undefined, locale: string): string => {
  if (!schedules) return '';
  const names = weekDayNames(locale);
  return WEEK_DAYS.filter((day) => schedules[day]?.isActive)
    .map((day) => `${names[day]} ${schedules[day].startTime ?? ''}–${schedules[day].endTime ?? ''}`)
    .join('; ');
};

/** "Apéro: Mon, Tue 17:00–19:00". */
export const happyHoursText = (happyHours: readonly HappyHour[] | null | undefined, locale: string): string => {
  if (!happyHours?.length) return '';
  const names = weekDayNames(locale);
  return happyHours
    .map((hour) => `${hour.title}: ${hour.days.map((day) => names[day]).join(', ')} ${hour.startTime}–${hour.endTime}`)
    .join('; ');
};

/** id → label of the reference values the rows use, in one request per kind. */
export const fetchReferenceLabels = async (
  dataProvider: DataProvider,
  kind: ReferenceKind,
  ids: Iterable<Identifier | null | undefined>,
  language: Language,
): Promise<Map<string, string>> => {
  const wanted = [...new Set([...ids].filter((id): id is Identifier => id !== null && id !== undefined))];
  if (wanted.length === 0) return new Map();
  const { data } = await dataProvider.getMany<{ id: Identifier; label: ReferenceRecord['label'] }>(
    referenceResourceOf(kind),
    { ids: wanted },
  );
  return new Map(data.map((record) => [String(record.id), referenceLabel(record, language)]));
};

/** Labels of a list of ids, joined; an id without a label (retired, unreadable) shows as #id. */
export const labelsText = (labels: Map<string, string>, ids: readonly Identifier[] | null | undefined): string =>
  (ids ?? []).map((id) => labels.get(String(id)) ?? `#${String(id)}`).join(', ');
