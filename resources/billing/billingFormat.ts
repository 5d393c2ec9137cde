import { useGetManyAggregate, useLocaleState } from 'react-admin';
import type { Plan, PlanName, Subscription } from '../../domain/billing';
import { isLanguage } from '../../domain/languages';
import { formatDateInput } from '../shared/dateFormat';
import { formatCentimes } from '../shared/figureFormat';

/** A plan's name in the interface language (English when the language is unknown). */
export const planNameIn = (name: PlanName | undefined, locale: string): string =>
  name ? (isLanguage(locale) ? name[locale] : name.en) : '';

export const planLabelIn = (plan: Plan | undefined, locale: string): string => planNameIn(plan?.name, locale);

/**
 * A payment reference as printed on a QR-bill: a QR reference (27 digits) in blocks of five from the right
 * after the first two ("21 00000 00003 13947 14300 09017"), a creditor reference (RF…) in blocks of four.
 */
export const formatReference = (reference: string): string => {
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(compact)) return `${compact.slice(0, 2)} ${compact.slice(2).replace(/(\d{5})(?=\d)/g, '$1 ')}`;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
};

/** What the billing screens format in the interface language: amounts in CHF, days, plan names. */
export const useBillingFormat = () => {
  const [locale] = useLocaleState();
  return {
    locale,
    chf: (centimes: number) => formatCentimes(centimes, locale),
    day: (isoDate: string | null | undefined) => (isoDate ? formatDateInput(isoDate, locale) : '—'),
    period: (start: string | null | undefined, end: string | null | undefined) =>
      start && end ? `${formatDateInput(start, locale)} – ${formatDateInput(end, locale)}` : '—',
    planName: (plan: Plan | undefined) => planLabelIn(plan, locale),
  };
};

/** The current and the next plan of a subscription, read in one request with the page's other plan lookups. */
export const usePlansOf = (subscription: Pick<Subscription, 'planId' | 'nextPlanId'> | undefined): Plan[] => {
  const ids = subscription ? [subscription.planId, ...(subscription.nextPlanId ? [subscription.nextPlanId] : [])] : [];
  const { data } = useGetManyAggregate<Plan>('plans', { ids }, { enabled: ids.length > 0 });
  return data ?? [];
};
