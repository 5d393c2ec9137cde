import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { Title, useDataProvider, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  bucketOf,
  periodOfPreset,
  previousPeriodOf,
  readsPlatformStatistics,
  type Period,
  type PeriodPreset,
  type StatisticsReply,
} from '../../domain/statistics';
import { useSessionUser } from '../../providers/appContexts';
import type { AppDataProvider } from '../../providers/dataProvider';
import { KpiTiles, KpiTilesSkeleton } from './KpiTiles';
import { PeriodPicker } from './PeriodPicker';
import { KIND_OF_PARAMETER, ScopePicker, type ScopeKind } from './ScopePicker';
import { EmbeddingSitesTable, OffersTable, SeriesTable } from './StatisticsTables';
import { formatDay, isEmptyReply } from './statisticsFormat';
import { filterOf, searchOf, viewOf, type ScopeParameter, type StatisticsView } from './statisticsQuery';

/**
 * `/statistics`: the figures of the viewer's scope (its venue or group, one of its events, or for the roles
 * that see every partner the platform or any partner) over a period, compared with the period of equal length
 * before it (`GET /statistics`, ARCHITECTURE.md §9). Scope and period live in the address (statisticsQuery.ts).
 */

/** The charts' code (@mui/x-charts) is a chunk of its own, loaded with the first figures. */
const StatisticsCharts = lazy(() =>
  import('./StatisticsCharts').then((module) => ({ default: module.StatisticsCharts })),
);

const NO_ROLES: readonly string[] = [];

const ChartSkeleton = () => <Skeleton variant="rounded" height={280} aria-hidden />;

const useStatistics = (view: StatisticsView) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const filter = filterOf(view);
  return useQuery({
    queryKey: ['statistics', filter],
    queryFn: async () =>
      (await dataProvider.getPath(
        `/statistics?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`,
      )) as StatisticsReply,
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/** "1.11.2026 – 30.11.2026, compared with 2.10.2026 – 31.10.2026 · Daily figures". */
const PeriodSummary = ({ period, previous, bucket }: { period: Period; previous: Period; bucket: 'day' | 'week' }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const range = (of: Period) => ({ from: formatDay(of.from, locale), to: formatDay(of.to, locale) });
  return (
    <Typography variant="body2" color="text.secondary" data-testid="period-summary">
      <Box component="strong" sx={{ color: 'text.primary' }}>
        {translate('statistics.period.range', range(period))}
      </Box>
      {', '}
      {translate('statistics.period.comparedWith', range(previous))}
      {' · '}
      {translate(`statistics.period.${bucket}`)}
    </Typography>
  );
};

const LoadingState = () => (
  <Stack spacing={3} data-testid="statistics-loading">
    <KpiTilesSkeleton />
    <ChartSkeleton />
    <Skeleton variant="rounded" height={240} aria-hidden />
  </Stack>
);

const Figures = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <KpiTiles reply={reply} />
      {isEmptyReply(reply) ? (
        <Alert severity="info" variant="outlined">
          {translate('statistics.empty')}
        </Alert>
      ) : (
        <>
          <Card component="section" aria-label={translate('statistics.charts.title')}>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('statistics.charts.title')}
              </Typography>
              <Suspense fallback={<ChartSkeleton />}>
                <StatisticsCharts reply={reply} />
              </Suspense>
            </CardContent>
          </Card>
          <SeriesTable reply={reply} />
          {reply.scope.kind === 'ESTABLISHMENT' && <EmbeddingSitesTable reply={reply} />}
          {reply.metrics.includes('offerClaims') && <OffersTable reply={reply} />}
        </>
      )}
    </Stack>
  );
};

export const StatisticsPage = () => {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { permissions } = usePermissions<string[]>();
  const roleKeys = Array.isArray(permissions) ? permissions : NO_ROLES;
  const platform = readsPlatformStatistics({
    userId: user?.id ?? 0,
    roleKeys,
    establishmentId: user?.establishmentId ?? null,
    promoterGroupId: user?.promoterGroupId ?? null,
  });
  const ownKind = platform
    ? null
    : user?.establishmentId
      ? ('ESTABLISHMENT' as const)
      : user?.promoterGroupId
        ? ('PROMOTER_GROUP' as const)
        : null;
  const ownEventFilter =
    ownKind === 'ESTABLISHMENT'
      ? { establishmentId: user?.establishmentId }
      : ownKind === 'PROMOTER_GROUP'
        ? { promoterGroupId: user?.promoterGroupId }
        : {};

  const view = viewOf(location.search);
  const { data: reply, error, isPending, isFetching, refetch } = useStatistics(view);

  /** The kind chosen before its record is (the figures shown stay those of the address until then). */
  const [pendingKind, setPendingKind] = useState<ScopeKind | null>(null);
  const addressKind: ScopeKind = view.scope ? KIND_OF_PARAMETER[view.scope.parameter] : platform ? 'PLATFORM' : 'OWN';
  const kind = pendingKind ?? addressKind;

  const show = (next: StatisticsView) => navigate({ search: searchOf(next) });
  const onKindChange = (chosen: ScopeKind) => {
    if (chosen === 'PLATFORM' || chosen === 'OWN') {
      setPendingKind(null);
      if (view.scope) show({ ...view, scope: null });
    } else setPendingKind(chosen === addressKind ? null : chosen);
  };
  const onRecordChange = (parameter: ScopeParameter, id: number) => {
    setPendingKind(null);
    show({ ...view, scope: { parameter, id } });
  };
  const onPresetChange = (preset: PeriodPreset) =>
    show({ ...view, preset, period: preset === 'custom' ? view.period : periodOfPreset(preset) });
  const onCustomPeriod = (period: Period) => show({ ...view, preset: 'custom', period });

  const period = reply && !isFetching ? reply.period : view.period;
  const previous = reply && !isFetching ? reply.previousPeriod : previousPeriodOf(view.period);
  const bucket = reply && !isFetching ? reply.bucket : bucketOf(view.period);
  const waitingForRecord = pendingKind !== null;
  const recordId = pendingKind === null && view.scope ? view.scope.id : null;

  return (
    // Width 0 at least the layout's: the wide table and the charts scroll or shrink within the page instead of
    // widening the layout (and, the charts following their container, the page) beyond the screen.
    <Box sx={{ mt: 2, mb: 4, width: 0, minWidth: '100%' }}>
      <Title title="statistics.title" />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {reply && !waitingForRecord
                ? reply.scope.kind === 'PLATFORM'
                  ? translate('statistics.scope.platformName')
                  : reply.scope.name
                : translate('statistics.title')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <ScopePicker
                platform={platform}
                ownKind={ownKind}
                ownEventFilter={ownEventFilter}
                kind={kind}
                id={recordId}
                onKindChange={onKindChange}
                onRecordChange={onRecordChange}
              />
              <PeriodPicker
                preset={view.preset}
                period={view.period}
                onPresetChange={onPresetChange}
                onCustomPeriod={onCustomPeriod}
              />
            </Stack>
            {waitingForRecord && (
              <Typography variant="body2" color="text.secondary">
                {translate('statistics.scope.pick')}
              </Typography>
            )}
            <PeriodSummary period={period} previous={previous} bucket={bucket} />
          </Stack>
        </CardContent>
        {isFetching && !isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      </Card>
      {error && !isFetching ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('statistics.retry')}
            </Button>
          }
        >
          {translate('statistics.loadFailed')}
        </Alert>
      ) : isPending || !reply ? (
        <LoadingState />
      ) : (
        <Figures reply={reply} />
      )}
    </Box>
  );
};
