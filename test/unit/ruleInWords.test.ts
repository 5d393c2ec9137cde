import { describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../../domain/recurrence';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { ruleInWords } from '../../resources/events/ruleInWords';

const monthly: RecurrenceRule = {
  startDate: '2026-01-01',
  endDate: null,
  startTime: '20:00',
  endTime: '23:00',
  recurrencePattern: 'MONTHLY',
  recurrenceDaysOfWeek: [],
  recurrenceEndType: 'NEVER',
  maxOccurrences: null,
  recurrenceEndDate: null,
};
const yearlyOn = (startDate: string, extra: Partial<RecurrenceRule> = {}): RecurrenceRule => ({
  ...monthly,
  startDate,
  recurrencePattern: 'YEARLY',
  ...extra,
});

const sayIn = async (locale: string) => {
  const provider = createI18nProvider({ catalogues });
  await provider.changeLocale(locale);
  return (rule: RecurrenceRule) => ruleInWords(rule, provider.translate, locale);
};

describe('the rule in words puts the date into the sentence as the language writes it', () => {
  it('elides the Italian article before 8 and 11 and writes the first as 1º', async () => {
    const say = await sayIn('it');
    expect(say(yearlyOn('2026-08-08'))).toBe("Ogni anno l'8 agosto 20:00–23:00");
    expect(say(yearlyOn('2026-11-11'))).toBe("Ogni anno l'11 novembre 20:00–23:00");
    expect(say(yearlyOn('2026-08-01'))).toBe('Ogni anno il 1º agosto 20:00–23:00');
    expect(say(yearlyOn('2026-08-14'))).toBe('Ogni anno il 14 agosto 20:00–23:00');
    expect(say(yearlyOn('2026-08-14', { recurrenceEndType: 'ON_DATE', recurrenceEndDate: '2030-08-08' }))).toMatch(
      /, fino all'8 ago 2030$/,
    );
  });

  it('writes the French first of a month as 1er', async () => {
    const say = await sayIn('fr');
    expect(say(yearlyOn('2026-08-01'))).toBe('Chaque année le 1er août 20:00–23:00');
    expect(say(monthly)).toBe('Chaque mois le 1er 20:00–23:00');
    expect(say(yearlyOn('2026-08-08'))).toBe('Chaque année le 8 août 20:00–23:00');
  });
});
