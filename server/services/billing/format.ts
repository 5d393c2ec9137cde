import type { Language } from '../../../domain/languages';

/** Amounts and dates on invoices and in their mails, the same in every process (no dependence on ICU data). */

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Group and decimal separators of each language, Swiss conventions: 1’234.50, 1 234,50 (fr), 1,234.50 (en). */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  fr: { group: '\u00a0', decimal: ',' },
  de: { group: '’', decimal: '.' },
  it: { group: '’', decimal: '.' },
};

/** Centimes as a figure with two decimals in the language's format ("1’234.50"), by integer arithmetic only. */
export function formatCentimes(centimes: number, language: Language): string {
  const { group, decimal } = SEPARATORS[language];
  const absolute = Math.abs(centimes);
  const francs = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${centimes < 0 ? '-' : ''}${francs}${decimal}${rest}`;
}

/** "CHF 1’234.50". */
export const formatChf = (centimes: number, language: Language): string => `CHF ${formatCentimes(centimes, language)}`;

/** A `YYYY-MM-DD` day: dd.mm.yyyy in German, French and Italian; "27 November 2026" in English. */
export function formatInvoiceDate(day: string, language: Language): string {
  const [year, month, date] = day.split('-');
  if (language === 'en') return `${Number(date)} ${ENGLISH_MONTHS[Number(month) - 1]} ${year}`;
  return `${date}.${month}.${year}`;
}

/** The VAT rate as a percentage in the language's format (8.1, 8,1 in French). */
export const formatRate = (rate: number, language: Language): string =>
  String(rate).replace('.', SEPARATORS[language].decimal);
