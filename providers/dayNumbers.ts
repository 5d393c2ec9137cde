/**
 * What a sentence must change around a day of the month once a date is put into it, which no catalogue text can
 * say in advance because it depends on the day:
 * - Italian elides the article before a number said with a vowel (otto, undici, ottanta…): "l'8 agosto",
 *   "dall'11", "dell'80"; and writes the first of a month as an ordinal, "il 1º agosto";
 * - French writes the first of a month as "1er août".
 */

const monthNames = (locale: string): string[] => {
  const names = new Set<string>();
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2024, month, 1, 12));
    for (const width of ['long', 'short'] as const) {
      names.add(new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(date).toLowerCase());
    }
  }
  return [...names];
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "1 août", "1 ago" (a day number 1 followed by a month name, long or short). */
const firstOfMonth = (locale: string) =>
  new RegExp(`(^|[^\\d.,])1 (?=(?:${monthNames(locale).map(escape).join('|')})(?![\\p{L}]))`, 'giu');

/** Italian numbers said with a vowel: 8, 80–89, 800–899, 8000…, 11, 11 000–11 999. */
const VOWEL_NUMBER = '(?:8\\d*|11(?:\\d{3})?)(?![\\d])';
/** Italian articled prepositions before a number, and their elided forms. */
const ITALIAN_ELISIONS: Record<string, string> = {
  il: "l'",
  al: "all'",
  del: "dell'",
  dal: "dall'",
  nel: "nell'",
  sul: "sull'",
};
const ITALIAN_ARTICLE_BEFORE_VOWEL_NUMBER = new RegExp(`\\b(il|al|del|dal|nel|sul) (?=${VOWEL_NUMBER})`, 'giu');

const matchCase = (replacement: string, original: string) =>
  original[0] === original[0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;

const patterns = new Map<string, RegExp>();
const firstOfMonthIn = (locale: string): RegExp => {
  if (!patterns.has(locale)) patterns.set(locale, firstOfMonth(locale));
  return patterns.get(locale) as RegExp;
};

export const fixDayNumbers = (text: string, locale: string): string => {
  if (locale === 'it') {
    return text
      .replace(firstOfMonthIn('it'), '$11º ')
      .replace(ITALIAN_ARTICLE_BEFORE_VOWEL_NUMBER, (_article: string, word: string) =>
        matchCase(ITALIAN_ELISIONS[word.toLowerCase()] ?? `${word} `, word),
      );
  }
  if (locale === 'fr') return text.replace(firstOfMonthIn('fr'), '$11er ');
  return text;
};
