import { Box, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticMetric, StatisticsReply } from '../../domain/statistics';
import { formatAxisDay, formatDay, formatNumber } from './statisticsFormat';

/**
 * The page's charts (@mui/x-charts, MIT; this module is its own chunk, loaded by StatisticsPage through
 * React.lazy): views and clicks as lines, claims, redemptions and publications as bars, one point per bucket.
 * The MUI theme colours them (dark mode included); dates and numbers are in the interface language.
 */

const AUDIENCE: readonly StatisticMetric[] = ['widgetViews', 'ticketClicks', 'websiteClicks'];
const ACTIVITY: readonly StatisticMetric[] = ['offerClaims', 'promoCodeRedemptions', 'eventsPublished'];

const HEIGHT = 280;
/** Room for the last date under a line's last point and for the top value's label. */
const MARGIN = { top: 12, right: 28 };

export const StatisticsCharts = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dates = reply.series.map((point) => point.date);
  const xAxis = [
    {
      data: dates,
      scaleType: 'band' as const,
      // Sized to its labels: the default 25 px leaves no room for the theme's text, and the labels would go.
      height: 'auto' as const,
      valueFormatter: (date: string, context: { location: string }) =>
        context.location === 'tooltip' ? formatDay(date, locale) : formatAxisDay(date, locale),
    },
  ];
  const seriesOf = (metrics: readonly StatisticMetric[]) =>
    metrics
      .filter((metric) => reply.metrics.includes(metric))
      .map((metric) => ({
        id: metric,
        label: translate(`statistics.metrics.${metric}`),
        data: reply.series.map((point) => point[metric]),
        valueFormatter: (value: number | null) => (value === null ? '' : formatNumber(value, locale)),
      }));
  const audience = seriesOf(AUDIENCE);
  const activity = seriesOf(ACTIVITY);
  const yAxis = [{ valueFormatter: (value: number) => formatNumber(value, locale), width: 'auto' as const }];

  return (
    <ChartsLocalizationProvider
      localeText={{ loading: translate('statistics.charts.loading'), noData: translate('statistics.charts.noData') }}
    >
      <Stack spacing={3}>
        {audience.length > 0 && (
          <Box component="figure" sx={{ m: 0 }} aria-label={translate('statistics.charts.audience')}>
            <Typography component="figcaption" variant="subtitle2" color="text.secondary">
              {translate('statistics.charts.audience')}
            </Typography>
            <LineChart
              height={HEIGHT}
              margin={MARGIN}
              xAxis={[{ ...xAxis[0]!, scaleType: 'point' as const }]}
              yAxis={yAxis}
              series={audience.map((series) => ({ ...series, showMark: reply.series.length <= 31 }))}
              grid={{ horizontal: true }}
            />
          </Box>
        )}
        {activity.length > 0 && (
          <Box component="figure" sx={{ m: 0 }} aria-label={translate('statistics.charts.activity')}>
            <Typography component="figcaption" variant="subtitle2" color="text.secondary">
              {translate('statistics.charts.activity')}
            </Typography>
            <BarChart
              height={HEIGHT}
              margin={MARGIN}
              xAxis={xAxis}
              yAxis={yAxis}
              series={activity}
              grid={{ horizontal: true }}
            />
          </Box>
        )}
      </Stack>
    </ChartsLocalizationProvider>
  );
};
