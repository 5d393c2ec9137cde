import type { StatisticsPoint, StatisticsReply } from '../../domain/statistics';
import { toCsv, type CsvColumn } from '../shared/partner/csv';
import { averageApprovalSeconds, countedMetricsOf, hoursOf, showsApprovalTime } from './statisticsFormat';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The table of the series: one row per bucket, its first day, then one column per metric the scope has (the
 * approval seconds as the average approval time in hours). The page's table and its CSV export share it.
 */
export interface SeriesColumn extends CsvColumn<StatisticsPoint> {
  key: string;
}

export const seriesColumnsOf = (reply: StatisticsReply, translate: Translate): SeriesColumn[] => [
  {
    key: 'date',
    heading: translate(reply.bucket === 'day' ? 'statistics.table.dayColumn' : 'statistics.table.weekColumn'),
    value: (point) => point.date,
  },
  ...countedMetricsOf(reply).map((metric) => ({
    key: metric,
    heading: translate(`statistics.metrics.${metric}`),
    value: (point: StatisticsPoint) => point[metric],
  })),
  ...(showsApprovalTime(reply)
    ? [
        {
          key: 'averageApproval',
          heading: translate('statistics.metrics.averageApprovalHours'),
          value: (point: StatisticsPoint) => {
            const average = averageApprovalSeconds(point);
            return average === null ? null : hoursOf(average);
          },
        },
      ]
    : []),
];

/**
 * The CSV of the series: comma-separated (as every export of the app), CRLF lines, a translated header row;
 * dates as YYYY-MM-DD and numbers without grouping, with a decimal point, so that every spreadsheet reads them
 * as dates and numbers whatever its language. The download adds the UTF-8 byte order mark (Excel needs it).
 */
export const statisticsCsvOf = (reply: StatisticsReply, translate: Translate): string =>
  toCsv(reply.series, seriesColumnsOf(reply, translate));

export const UTF8_BOM = '\uFEFF';

/** Saves the text as a UTF-8 file with a byte order mark, through a temporary link (a real download). */
export const downloadCsvFile = (csv: string, fileName: string): void => {
  const blob = new Blob([UTF8_BOM, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.csv`;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** `statistics_<scope>_<from>_<to>`, the scope's name reduced to letters, digits and dashes. */
export const csvFileNameOf = (reply: StatisticsReply, translate: Translate): string => {
  const scopeName =
    reply.scope.kind === 'PLATFORM'
      ? translate('statistics.scope.platformName')
      : reply.scope.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = scopeName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return [translate('statistics.export.fileName'), slug, reply.period.from, reply.period.to]
    .filter((part) => part !== '')
    .join('_');
};
