import { eq, sql, type SQL } from 'drizzle-orm';
import { eventOwnership, ROLE_SCOPES, type RecordOwnership, type Viewer } from '../../../domain/access';
import { EVENT_LIMITS } from '../../../domain/event';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { zonedInstant } from '../../../domain/recurrence';
import { isRoleKey } from '../../../domain/roles';
import {
  addDays,
  bucketDateOf,
  bucketOf,
  bucketStarts,
  emptyFigures,
  MAX_PERIOD_DAYS,
  METRICS_OF_SCOPE,
  periodLength,
  previousPeriodOf,
  readsPlatformStatistics,
  readsStatisticsOf,
  zurichToday,
  type EmbeddingSiteViews,
  type OfferClaimsAgainstSpots,
  type Period,
  type StatisticMetric,
  type StatisticScope,
  type StatisticsPoint,
  type StatisticsFilter,
  type StatisticsReply,
} from '../../../domain/statistics';
import { ApiError, INVALID_INPUT } from '../../errors';
import type { Queryable } from '../../db/queryable';
import { establishments } from '../../db/schema/establishments';
import { events } from '../../db/schema/events';
import { promoterGroups } from '../../db/schema/promoterGroups';

/**
 * `GET /statistics` (docs/statistics.md, ARCHITECTURE.md §9): the figures of one scope over a period of Zurich
 * days, read from the daily roll-up `daily_statistics` (migration 0016) in one index range of its primary key
 * (scope, scope_id, day) that covers the previous period and the period; the embedding sites from
 * `widget_daily_views` (its primary key: the widget, then the day) and the offers from `offer_claims`.
 */

/** How many embedding sites and offers the answer lists, most first. */
export const STATISTICS_TOP = 20;

/** The scope a request reads: its kind, the record's id (0 for the platform, as stored) and name. */
export interface ResolvedScope {
  kind: StatisticScope;
  id: number;
  name: string;
}

const notFound = () => new ApiError(404, RESOURCE_ERROR_CODES.notFound);
const filterError = (field: string, problem: string) =>
  new ApiError(400, INVALID_INPUT, { [`filter.${field}`]: problem });

/**
 * The scope of a filter for a viewer: the record named (404 when it does not exist or lies outside the
 * viewer's own scope, as a record outside one's scope does everywhere), else the viewer's own.
 */
export async function resolveScope(db: Queryable, viewer: Viewer, filter: StatisticsFilter): Promise<ResolvedScope> {
  const platform = readsPlatformStatistics(viewer);
  const allowed = (ownership: RecordOwnership) => platform || readsStatisticsOf(viewer, ownership);
  if (filter.establishmentId !== undefined) {
    const [row] = await db
      .select({ id: establishments.id, name: establishments.name })
      .from(establishments)
      .where(eq(establishments.id, filter.establishmentId));
    if (!row || !allowed({ establishmentIds: [row.id] })) throw notFound();
    return { kind: 'ESTABLISHMENT', id: row.id, name: row.name };
  }
  if (filter.promoterGroupId !== undefined) {
    const [row] = await db
      .select({ id: promoterGroups.id, name: promoterGroups.name })
      .from(promoterGroups)
      .where(eq(promoterGroups.id, filter.promoterGroupId));
    if (!row || !allowed({ promoterGroupIds: [row.id] })) throw notFound();
    return { kind: 'PROMOTER_GROUP', id: row.id, name: row.name };
  }
  if (filter.eventId !== undefined) {
    const [row] = await db
      .select({
        id: events.id,
        title: events.title,
        establishmentId: events.establishmentId,
        promoterGroupId: events.promoterGroupId,
      })
      .from(events)
      .where(eq(events.id, filter.eventId));
    if (!row || !allowed(eventOwnership(row))) throw notFound();
    return { kind: 'EVENT', id: row.id, name: row.title };
  }
  if (platform) return { kind: 'PLATFORM', id: 0, name: '' };
  // The viewer's own venue or group, by the scope of its role.
  const kinds = viewer.roleKeys.filter(isRoleKey).map((role) => ROLE_SCOPES[role]);
  if (kinds.includes('establishment') && viewer.establishmentId !== null)
    return resolveScope(db, viewer, { establishmentId: viewer.establishmentId });
  if (kinds.includes('promoterGroup') && viewer.promoterGroupId !== null)
    return resolveScope(db, viewer, { promoterGroupId: viewer.promoterGroupId });
  // A partner account without a venue or group: it has no figures of its own.
  throw notFound();
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * The period of a filter: `from` and `to` as given, `to` defaulting to today and `from` to 29 days before
 * `to` (the last 30 days). The schema checks both when both are given; here the defaults are checked too.
 */
export function periodOfFilter(filter: StatisticsFilter, today: string = zurichToday()): Period {
  const to = filter.to ?? today;
  const period = { from: filter.from ?? addDays(to, -29), to };
  // Previous periods reach back as far again: keep both within the years dates have everywhere.
  if (yearOf(period.from) < EVENT_LIMITS.firstYear + 3) throw filterError('from', 'validation.date');
  if (yearOf(period.to) > EVENT_LIMITS.lastYear) throw filterError('to', 'validation.date');
  const days = periodLength(period);
  if (days < 1) throw filterError(filter.to === undefined ? 'from' : 'to', 'statistics.toBeforeFrom');
  if (days > MAX_PERIOD_DAYS) throw filterError(filter.to === undefined ? 'from' : 'to', 'statistics.periodTooLong');
  return period;
}

/** `execute` answers `{ rows }` on both engines. */
async function rowsOf<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The first instant of a Zurich day. */
const dayStart = (date: string) => new Date(zonedInstant(date, '00:00'));

/** The figures of both periods and the series, from one range of the roll-up. */
async function readFigures(
  db: Queryable,
  scope: ResolvedScope,
  period: Period,
  previousPeriod: Period,
  metrics: readonly StatisticMetric[],
): Promise<Pick<StatisticsReply, 'totals' | 'previous' | 'series' | 'bucket'>> {
  const rows = await rowsOf<{ day: string; metric: string; value: string | number }>(
    db,
    sql`SELECT day::text AS day, metric, value FROM daily_statistics
        WHERE scope = ${scope.kind} AND scope_id = ${scope.id}
          AND day BETWEEN ${previousPeriod.from}::date AND ${period.to}::date`,
  );
  const bucket = bucketOf(period);
  const starts = bucketStarts(period, bucket);
  const series = starts.map((date) => ({ date, ...emptyFigures() }));
  // Each day of the period's point, worked out once per day rather than per row (a year is 3,000 rows and more).
  const pointOfStart = new Map(series.map((point) => [point.date, point]));
  const pointOfDay = new Map<string, StatisticsPoint>();
  for (let offset = 0; offset < periodLength(period); offset += 1) {
    const day = addDays(period.from, offset);
    const point = pointOfStart.get(bucketDateOf(day, period, bucket));
    if (point) pointOfDay.set(day, point);
  }
  const totals = emptyFigures();
  const previous = emptyFigures();
  const kept = new Set<string>(metrics);
  for (const row of rows) {
    if (!kept.has(row.metric)) continue;
    const metric = row.metric as StatisticMetric;
    const value = Number(row.value);
    const point = pointOfDay.get(row.day);
    // The range holds both periods: a day outside this one's points is the previous period's.
    if (!point) {
      previous[metric] += value;
      continue;
    }
    totals[metric] += value;
    point[metric] += value;
  }
  return { bucket, totals, previous, series };
}

/** Widget views per embedding site of the venue's widget over the period, most first. */
async function readEmbeddingSites(
  db: Queryable,
  establishmentId: number,
  period: Period,
): Promise<EmbeddingSiteViews[]> {
  const rows = await rowsOf<{ origin: string; views: string | number }>(
    db,
    sql`SELECT counted.embedding_origin AS origin, sum(counted.views) AS views
        FROM widget_daily_views counted
        WHERE counted.widget_settings_id IN (SELECT id FROM widget_settings WHERE establishment_id = ${establishmentId})
          AND counted.day BETWEEN ${period.from}::date AND ${period.to}::date
        GROUP BY counted.embedding_origin
        HAVING sum(counted.views) > 0
        ORDER BY sum(counted.views) DESC, counted.embedding_origin
        LIMIT ${STATISTICS_TOP}`,
  );
  return rows.map((row) => ({ origin: row.origin, views: Number(row.views) }));
}

/**
 * The claims of the scope's offers, by the offer's owners as the roll-up's trigger counts them: a venue's,
 * group's or event's offers first (their claims through `offer_claims_offer_idx`), the platform's every claim
 * of the period (through `offer_claims_created_idx`).
 */
function claimsOfScope(scope: ResolvedScope): SQL {
  const owner =
    scope.kind === 'ESTABLISHMENT'
      ? sql`establishment_id`
      : scope.kind === 'PROMOTER_GROUP'
        ? sql`promoter_group_id`
        : scope.kind === 'EVENT'
          ? sql`event_id`
          : null;
  return owner === null ? sql`` : sql`AND claim.offer_id IN (SELECT id FROM offers WHERE ${owner} = ${scope.id})`;
}

/** The scope's offers with live claims made in the period, most claimed first. */
async function readOffers(db: Queryable, scope: ResolvedScope, period: Period): Promise<OfferClaimsAgainstSpots[]> {
  const rows = await rowsOf<{
    id: number;
    title: string | null;
    kind: string;
    claims: string | number;
    claimed_spots: number;
    available_spots: number | null;
  }>(
    db,
    sql`SELECT offer.id, template.short_title AS title, offer.kind, counted.claims, offer.claimed_spots,
               offer.available_spots
        FROM (SELECT claim.offer_id, count(*) AS claims FROM offer_claims claim
              WHERE claim.created_at >= ${dayStart(period.from)} AND claim.created_at < ${dayStart(addDays(period.to, 1))}
                AND claim.cancelled_at IS NULL ${claimsOfScope(scope)}
              GROUP BY claim.offer_id) counted
        JOIN offers offer ON offer.id = counted.offer_id
        LEFT JOIN offer_templates template ON template.id = offer.template_id
        ORDER BY counted.claims DESC, offer.id
        LIMIT ${STATISTICS_TOP}`,
  );
  return rows.map((row) => ({
    id: row.id,
    // The offers list names an offer by its template's short title; one whose template is gone by its id.
    title: row.title ?? `#${row.id}`,
    offerType: row.kind === 'RECURRENT' ? 'RECURRENT' : 'EXCLUSIVE',
    claims: Number(row.claims),
    claimedSpots: row.claimed_spots,
    availableSpots: row.available_spots,
  }));
}

/** The whole answer of `GET /statistics` for a viewer (who has the STATISTICS permission). */
export async function readStatistics(
  db: Queryable,
  viewer: Viewer,
  filter: StatisticsFilter,
  today: string = zurichToday(),
): Promise<StatisticsReply> {
  const period = periodOfFilter(filter, today);
  const scope = await resolveScope(db, viewer, filter);
  const previousPeriod = previousPeriodOf(period);
  const metrics = METRICS_OF_SCOPE[scope.kind];
  const [figures, embeddingSites, offers] = await Promise.all([
    readFigures(db, scope, period, previousPeriod, metrics),
    scope.kind === 'ESTABLISHMENT' ? readEmbeddingSites(db, scope.id, period) : Promise.resolve([]),
    readOffers(db, scope, period),
  ]);
  return {
    scope: { kind: scope.kind, id: scope.kind === 'PLATFORM' ? null : scope.id, name: scope.name },
    metrics,
    period,
    previousPeriod,
    bucket: figures.bucket,
    totals: figures.totals,
    previous: figures.previous,
    series: figures.series,
    embeddingSites,
    offers,
  };
}
