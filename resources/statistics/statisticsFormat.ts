import type { StatisticFigures, StatisticMetric, StatisticsReply } from '../../domain/statistics';
import { intlLocaleOf } from '../shared/dateFormat';

export { changeOf, formatChange, formatNumber, formatShare } from '../shared/figureFormat';

/** Numbers, dates and durations of the statistics page in the interface language (Swiss conventions). */

const dateOf = (isoDate: string): Date => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
};

/** A Zurich day as a calendar date ("27.11.2026" in German); formatted in UTC, so never shifted a day. */
export const formatDay = (isoDate: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(dateOf(isoDate));

/** A chart's axis label: day and short month ("27 Nov", "27. Nov."). */
export const formatAxisDay = (isoDate: string, locale: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    dateOf(isoDate),
  );

/** The average waiting time of decided requests in seconds; null when none was decided. */
export const averageApprovalSeconds = (figures: Pick<StatisticFigures, 'approvalSeconds' | 'requestsDecided'>) =>
  figures.requestsDecided > 0 ? figures.approvalSeconds / figures.requestsDecided : null;

/** The average in hours (with one decimal), the unit of the table's and the export's column. */
export const hoursOf = (seconds: number): number => Math.round((seconds / 3600) * 10) / 10;

/** A duration in hours up to two days, in days beyond ("5.5 h", "3 Tage"). */
export const formatDuration = (seconds: number, locale: string): string => {
  const hours = seconds / 3600;
  const [value, unit] = hours < 48 ? [hours, 'hour'] : [hours / 24, 'day'];
  return new Intl.NumberFormat(intlLocaleOf(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
};

/** The change from the previous period as a ratio; null when the previous period had nothing to compare with. */
/** The metrics the page shows as counts: the reply's, but the approval seconds (shown as an average). */
export const countedMetricsOf = (reply: Pick<StatisticsReply, 'metrics'>): StatisticMetric[] =>
  reply.metrics.filter((metric) => metric !== 'approvalSeconds');

export const showsApprovalTime = (reply: Pick<StatisticsReply, 'metrics'>): boolean =>
  reply.metrics.includes('approvalSeconds') && reply.metrics.includes('requestsDecided');

/** Whether nothing at all was recorded in the period (every figure 0, no site, no offer). */
export const isEmptyReply = (reply: StatisticsReply): boolean =>
  reply.metrics.every((metric) => reply.totals[metric] === 0) &&
  reply.embeddingSites.length === 0 &&
  reply.offers.length === 0;
