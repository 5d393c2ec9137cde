import { useCallback } from 'react';
import { useLocaleState, useTranslate, type TranslateFunction as Translate } from 'react-admin';
import { summarizeRule, type RecurrenceRule, type RuleSummary } from '../../domain/recurrence';
import { formatDayOfYear, formatList, formatLocalDate, weekDayName } from './zurichFormat';

const WORDS = 'resources.events.ruleInWords';

const timesOf = (summary: RuleSummary): string => `${summary.startTime}–${summary.endTime}`;

/** English says 1st, 2nd, 3rd, 15th, French 1er; the other languages word the day of month in their sentence. */
const ENGLISH_ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const dayOfMonthWords = (day: number, locale: string): string => {
  if (locale === 'en')
    return `${day}${ENGLISH_ORDINAL_SUFFIXES[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)] ?? 'th'}`;
  if (locale === 'fr' && day === 1) return '1er';
  return String(day);
};

const repeatWords = (rule: RecurrenceRule, summary: RuleSummary, translate: Translate, locale: string): string => {
  const times = timesOf(summary);
  switch (summary.pattern) {
    case 'WEEKLY':
      return translate(`${WORDS}.weekly`, {
        days: formatList(
          summary.days.map((day) => weekDayName(day, locale)),
          locale,
        ),
        times,
      });
    case 'MONTHLY':
      return translate(`${WORDS}.monthly`, { day: dayOfMonthWords(summary.dayOfMonth ?? 1, locale), times });
    case 'YEARLY':
      return translate(`${WORDS}.yearly`, {
        date: formatDayOfYear(summary.month ?? 1, summary.dayOfMonth ?? 1, locale),
        times,
      });
    default:
      return translate(`${WORDS}.once`, { date: formatLocalDate(rule.startDate, locale, true), times });
  }
};

const endWords = (summary: RuleSummary, translate: Translate, locale: string): string | null => {
  if (summary.pattern === 'NONE') return null;
  if (summary.end.type === 'AFTER_OCCURRENCES' && summary.end.count !== null) {
    return translate(`${WORDS}.times`, { smart_count: summary.end.count });
  }
  if (summary.end.type === 'ON_DATE' && summary.end.date !== null) {
    return translate(`${WORDS}.until`, { date: formatLocalDate(summary.end.date, locale) });
  }
  return null;
};

/** The rule in words, in any language: "Every Saturday 22:00–04:00, 10 times". */
export const ruleInWords = (rule: RecurrenceRule, translate: Translate, locale: string): string => {
  const summary = summarizeRule(rule);
  const repeat = repeatWords(rule, summary, translate, locale);
  const end = endWords(summary, translate, locale);
  return end === null ? repeat : `${repeat}, ${end}`;
};

/**
 * `useRuleInWords()(rule)`: the rule in the UI language, weekday and month names from Intl
 * ("Every Tuesday and Thursday 19:30–22:00, until 31 Dec 2026"; "Jeden Samstag 22:00–04:00, 10-mal").
 */
export const useRuleInWords = (): ((rule: RecurrenceRule) => string) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback((rule: RecurrenceRule) => ruleInWords(rule, translate, locale), [translate, locale]);
};
