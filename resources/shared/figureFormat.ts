import { intlLocaleOf } from './dateFormat';

/** Figures (counts, changes, shares) in the interface language, with its Swiss conventions ("1’234" in German). */

export const formatNumber = (value: number, locale: string, maximumFractionDigits = 0): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), { maximumFractionDigits }).format(value);

/** The change from `previous` to `current` as a ratio; null when there is nothing to compare with. */
export const changeOf = (current: number, previous: number): number | null =>
  previous === 0 ? null : (current - previous) / previous;

/** A ratio as a signed percentage ("+12 %", "−4.5 %"), none for zero; a decimal below ten per cent. */
export const formatChange = (ratio: number, locale: string): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: Math.abs(ratio) < 0.1 ? 1 : 0,
  }).format(ratio);

/** A share of a whole ("80.4 %"). */
export const formatShare = (ratio: number, locale: string): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

/** An amount in centimes as Swiss francs in the interface language ("CHF 1’234.50" in German). */
export const formatCentimes = (centimes: number, locale: string): string =>
  new Intl.NumberFormat(intlLocaleOf(locale), {
    style: 'currency',
    currency: 'CHF',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(centimes / 100);
