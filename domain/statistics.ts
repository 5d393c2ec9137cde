import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { isInScope, ROLE_SCOPES, type RecordOwnership, type Viewer } from './access';
import { isRoleKey } from './roles';

/**
 * The statistics of a venue, a promoter group, an event or the whole platform (docs/statistics.md,
 * ARCHITECTURE.md §9): daily figures kept by the database as things happen (migration 0016, table
 * `daily_statistics`), read per period and compared with the period of equal length before it.
 */

/**
 * Every figure, as kept per scope and Europe/Zurich day. The first six are the contract's `totals`; the rest
 * extend it: occurrences of published events held that day, and the requests decided that day with the sum of
 * their waiting times (their average is `approvalSeconds / requestsDecided`, which adds up across days).
 */
export const STATISTIC_METRICS = [
  'widgetViews',
  'ticketClicks',
  'websiteClicks',
  'offerClaims',
  'promoCodeRedemptions',
  'eventsPublished',
  'occurrencesPublished',
  'requestsDecided',
  'approvalSeconds',
] as const;
export type StatisticMetric = (typeof STATISTIC_METRICS)[number];
export type StatisticFigures = Record<StatisticMetric, number>;

/** Whose figures: the platform (every partner), an establishment, a promoter group or one event. */
export const STATISTIC_SCOPES = ['PLATFORM', 'ESTABLISHMENT', 'PROMOTER_GROUP', 'EVENT'] as const;
export type StatisticScope = (typeof STATISTIC_SCOPES)[number];

/**
 * The figures a scope has at all. The widget is a venue's: its views and website clicks exist for a venue and
 * the platform only (an event's or a group's ticket clicks are counted through whichever venue's widget showed
 * them). Promo codes belong to partners, not to events.
 */
export const METRICS_OF_SCOPE: Readonly<Record<StatisticScope, readonly StatisticMetric[]>> = {
  PLATFORM: STATISTIC_METRICS,
  ESTABLISHMENT: STATISTIC_METRICS,
  PROMOTER_GROUP: STATISTIC_METRICS.filter((metric) => metric !== 'widgetViews' && metric !== 'websiteClicks'),
  EVENT: [
    'ticketClicks',
    'offerClaims',
    'eventsPublished',
    'occurrencesPublished',
    'requestsDecided',
    'approvalSeconds',
  ],
};

export const ZURICH = 'Europe/Zurich';

/** The longest period one request may ask for (a bit more than two years, so "this year" and its previous fit). */
export const MAX_PERIOD_DAYS = 800;
/** Periods up to this many days are shown per day; longer ones per ISO week (Monday to Sunday). */
export const DAILY_BUCKETS_UP_TO_DAYS = 62;

const isDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(isDate, 'validation.date');

const positiveId = z.number().int().positive().max(2_147_483_647);

/**
 * `GET /statistics?filter=…`: at most one of establishmentId, promoterGroupId, eventId (none: the viewer's own
 * venue or group, or the platform for the roles that see everything); `from` and `to` are Zurich dates, both
 * included (default: the last 30 days up to today).
 */
export const statisticsFilterSchema = z
  .object({
    establishmentId: positiveId.optional(),
    promoterGroupId: positiveId.optional(),
    eventId: positiveId.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .strict()
  .superRefine((filter, context) => {
    const scopes = (['establishmentId', 'promoterGroupId', 'eventId'] as const).filter(
      (key) => filter[key] !== undefined,
    );
    if (scopes.length > 1) {
      context.addIssue({ code: 'custom', path: [scopes[1]!], message: 'statistics.oneScope' });
    }
    // zod runs this after a field's refinement failed: only dates that exist are compared.
    if (filter.from !== undefined && filter.to !== undefined && isDate(filter.from) && isDate(filter.to)) {
      const days = periodLength({ from: filter.from, to: filter.to });
      if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'statistics.toBeforeFrom' });
      else if (days > MAX_PERIOD_DAYS)
        context.addIssue({ code: 'custom', path: ['to'], message: 'statistics.periodTooLong' });
    }
  });
export type StatisticsFilter = z.infer<typeof statisticsFilterSchema>;

/** A period of whole Zurich days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

export type Bucket = 'day' | 'week';

/** One bucket of the series: its first day (`date`) and its figures. */
export type StatisticsPoint = { date: string } & StatisticFigures;

export interface EmbeddingSiteViews {
  /** The origin of the page that embedded the widget; '' when the browser did not say. */
  origin: string;
  views: number;
}

export interface OfferClaimsAgainstSpots {
  id: number;
  title: string;
  offerType: 'EXCLUSIVE' | 'RECURRENT';
  /** Claims made in the period that are still live. */
  claims: number;
  /** Live claims now, and the spots the offer has (null: no limit). */
  claimedSpots: number;
  availableSpots: number | null;
}

/** The answer of `GET /statistics`. */
export interface StatisticsReply {
  scope: { kind: StatisticScope; id: number | null; name: string };
  /** The figures this scope has (METRICS_OF_SCOPE); the others are 0 and not worth showing. */
  metrics: readonly StatisticMetric[];
  period: Period;
  previousPeriod: Period;
  bucket: Bucket;
  totals: StatisticFigures;
  previous: StatisticFigures;
  series: StatisticsPoint[];
  /** Widget views per embedding site over the period, most first (venues only; at most 20). */
  embeddingSites: EmbeddingSiteViews[];
  /** The scope's offers with claims in the period, most claimed first (at most 20). */
  offers: OfferClaimsAgainstSpots[];
}

export const emptyFigures = (): StatisticFigures =>
  Object.fromEntries(STATISTIC_METRICS.map((metric) => [metric, 0])) as StatisticFigures;

const plain = (value: string) => Temporal.PlainDate.from(value);

/** Today's date in Zurich. */
export const zurichToday = (now: Date = new Date()): string =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(ZURICH).toPlainDate().toString();

/** The Zurich date of an instant. */
export const zurichDateOf = (instant: Date | string): string =>
  Temporal.Instant.from(typeof instant === 'string' ? instant : instant.toISOString())
    .toZonedDateTimeISO(ZURICH)
    .toPlainDate()
    .toString();

/** Days in a period, both ends included (0 or less when `to` is before `from`). */
export const periodLength = ({ from, to }: Period): number => plain(from).until(plain(to)).days + 1;

export const addDays = (date: string, days: number): string => plain(date).add({ days }).toString();

/** The period of equal length that ends the day before `period` starts. */
export function previousPeriodOf(period: Period): Period {
  const length = periodLength(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

export const bucketOf = (period: Period): Bucket => (periodLength(period) <= DAILY_BUCKETS_UP_TO_DAYS ? 'day' : 'week');

/** Monday of the ISO week of a date. */
export const weekStartOf = (date: string): string => {
  const day = plain(date);
  return day.subtract({ days: day.dayOfWeek - 1 }).toString();
};

/**
 * The first day of each bucket: every day, or the Monday of each week (the first bucket starting at `from`
 * when the period starts mid-week), in order.
 */
export function bucketStarts(period: Period, bucket: Bucket = bucketOf(period)): string[] {
  const starts: string[] = [];
  let current = bucket === 'day' ? period.from : weekStartOf(period.from);
  while (Temporal.PlainDate.compare(plain(current), plain(period.to)) <= 0) {
    starts.push(Temporal.PlainDate.compare(plain(current), plain(period.from)) < 0 ? period.from : current);
    current = addDays(current, bucket === 'day' ? 1 : 7);
  }
  return starts;
}

/** The bucket a day falls into. */
export const bucketDateOf = (date: string, period: Period, bucket: Bucket): string => {
  if (bucket === 'day') return date;
  const monday = weekStartOf(date);
  return Temporal.PlainDate.compare(plain(monday), plain(period.from)) < 0 ? period.from : monday;
};

/** The period presets of the page; `custom` takes the dates chosen. */
export const PERIOD_PRESETS = ['last7', 'last30', 'last90', 'thisYear', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The period of a preset, ending today (Zurich); `thisYear` runs from 1 January. */
export function periodOfPreset(preset: Exclude<PeriodPreset, 'custom'>, today: string = zurichToday()): Period {
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The default period of `GET /statistics`: the last 30 days. */
export const defaultPeriod = (today: string = zurichToday()): Period => periodOfPreset('last30', today);

/** Roles that may read the platform's figures: those that see every record. */
export const readsPlatformStatistics = (viewer: Viewer): boolean =>
  viewer.roleKeys.some((key) => isRoleKey(key) && ROLE_SCOPES[key] === 'all');

/**
 * May the viewer read the figures of a record with this ownership? Only within its own scope: an ADMIN may read
 * other venues' published events, but not their figures (hence the write scope).
 */
export const readsStatisticsOf = (viewer: Viewer, ownership: RecordOwnership): boolean =>
  isInScope(viewer, 'STATISTICS', ownership, 'write');
