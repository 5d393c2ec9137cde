import { Box, Card, CardContent, Skeleton, Typography, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsReply } from '../../domain/statistics';
import {
  averageApprovalSeconds,
  changeOf,
  countedMetricsOf,
  formatChange,
  formatDuration,
  formatNumber,
  showsApprovalTime,
} from './statisticsFormat';

/**
 * One tile per figure of the scope: the period's total, the previous period's and the change in percent,
 * green when it went the good way, red otherwise (the theme's tokens, a lighter shade in dark mode). The
 * approval time is the average waiting time of the requests decided (a shorter one is the good way).
 */

type Trend = 'better' | 'worse' | 'same';

const trendColor = (trend: Trend) => (theme: Theme) => {
  if (trend === 'same') return theme.palette.text.secondary;
  const palette = trend === 'better' ? theme.palette.success : theme.palette.error;
  return theme.palette.mode === 'dark' ? palette.light : palette.dark;
};

const trendOf = (change: number | null, lowerIsBetter: boolean): Trend => {
  if (change === null || change === 0) return 'same';
  return change > 0 !== lowerIsBetter ? 'better' : 'worse';
};

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
} as const;

interface TileProps {
  id: string;
  label: string;
  value: string;
  previous: string;
  change: number | null;
  lowerIsBetter?: boolean;
}

const Tile = ({ id, label, value, previous, change, lowerIsBetter = false }: TileProps) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const trend = trendOf(change, lowerIsBetter);
  return (
    <Card variant="outlined" component="section" aria-labelledby={`kpi-${id}`} data-testid={`kpi-${id}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography id={`kpi-${id}`} variant="body2" color="text.secondary" component="h3">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
          {value}
        </Typography>
        <Typography variant="body2" sx={{ color: trendColor(trend), fontWeight: 500 }}>
          {change === null
            ? translate('statistics.kpi.noComparison')
            : translate('statistics.kpi.change', { change: formatChange(change, locale) })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('statistics.kpi.previous', { value: previous })}
        </Typography>
      </CardContent>
    </Card>
  );
};

export const KpiTiles = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const average = averageApprovalSeconds(reply.totals);
  const previousAverage = averageApprovalSeconds(reply.previous);
  const none = translate('statistics.kpi.none');
  return (
    <Box sx={GRID}>
      {countedMetricsOf(reply).map((metric) => (
        <Tile
          key={metric}
          id={metric}
          label={translate(`statistics.metrics.${metric}`)}
          value={formatNumber(reply.totals[metric], locale)}
          previous={formatNumber(reply.previous[metric], locale)}
          change={changeOf(reply.totals[metric], reply.previous[metric])}
        />
      ))}
      {showsApprovalTime(reply) && (
        <Tile
          id="averageApproval"
          label={translate('statistics.metrics.averageApproval')}
          value={average === null ? none : formatDuration(average, locale)}
          previous={previousAverage === null ? none : formatDuration(previousAverage, locale)}
          change={average === null || previousAverage === null ? null : changeOf(average, previousAverage)}
          lowerIsBetter
        />
      )}
    </Box>
  );
};

export const KpiTilesSkeleton = () => (
  <Box sx={GRID} aria-hidden>
    {Array.from({ length: 6 }, (_, index) => (
      <Skeleton key={index} variant="rounded" height={118} />
    ))}
  </Box>
);
