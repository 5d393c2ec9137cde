import {
  MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  periodLength,
  periodOfPreset,
  zurichToday,
  type Period,
  type PeriodPreset,
  type StatisticsFilter,
} from '../../domain/statistics';

/**
 * What the statistics page shows, as its address says (`/statistics?…`, so that a dashboard card can link to
 * it and a reload keeps it). The parameters are the API filter's names:
 * - `establishmentId`, `promoterGroupId` or `eventId` (at most one; none: the viewer's own venue or group, the
 *   platform for the roles that see every partner);
 * - `preset`: one of PERIOD_PRESETS (default `last30`); `custom` (or no preset) with `from` and `to`
 *   (YYYY-MM-DD Zurich days, both included) for any other period.
 * `/statistics?establishmentId=3&preset=last7`, `/statistics?eventId=24&from=2026-01-01&to=2026-03-31`.
 */

export const SCOPE_PARAMETERS = ['establishmentId', 'promoterGroupId', 'eventId'] as const;
export type ScopeParameter = (typeof SCOPE_PARAMETERS)[number];

export interface StatisticsView {
  /** The scope asked for; null: the viewer's default one. */
  scope: { parameter: ScopeParameter; id: number } | null;
  preset: PeriodPreset;
  period: Period;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const positiveIdOf = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

const isPreset = (value: string | null): value is PeriodPreset =>
  value !== null && (PERIOD_PRESETS as readonly string[]).includes(value);

/** Why a custom period cannot be asked for, as a message key; null when it can. */
export const periodProblemOf = (period: Period): string | null => {
  if (!ISO_DATE.test(period.from) || !ISO_DATE.test(period.to)) return 'statistics.period.invalidDate';
  const days = periodLength(period);
  if (days < 1) return 'statistics.toBeforeFrom';
  if (days > MAX_PERIOD_DAYS) return 'statistics.periodTooLong';
  return null;
};

/** The page's view from its address: anything malformed falls back to the default (own scope, last 30 days). */
export const viewOf = (search: string, today: string = zurichToday()): StatisticsView => {
  const query = new URLSearchParams(search);
  let scope: StatisticsView['scope'] = null;
  for (const parameter of SCOPE_PARAMETERS) {
    const id = positiveIdOf(query.get(parameter));
    if (id !== null) {
      scope = { parameter, id };
      break;
    }
  }
  const preset = query.get('preset');
  const from = query.get('from');
  const to = query.get('to');
  if ((preset === 'custom' || preset === null) && from !== null && to !== null) {
    const period = { from, to };
    try {
      if (periodProblemOf(period) === null) return { scope, preset: 'custom', period };
    } catch {
      // Not a real day (30 February): the default period.
    }
  }
  const known = isPreset(preset) && preset !== 'custom' ? preset : 'last30';
  return { scope, preset: known, period: periodOfPreset(known, today) };
};

/** The address's query of a view: the preset alone, or `from`/`to` for a custom period. */
export const searchOf = (view: StatisticsView): string => {
  const query = new URLSearchParams();
  if (view.scope) query.set(view.scope.parameter, String(view.scope.id));
  query.set('preset', view.preset);
  if (view.preset === 'custom') {
    query.set('from', view.period.from);
    query.set('to', view.period.to);
  }
  return `?${query.toString()}`;
};

/** The `filter` of `GET /statistics`: the scope asked for and always the period's both ends. */
export const filterOf = (view: StatisticsView): StatisticsFilter => ({
  ...(view.scope ? { [view.scope.parameter]: view.scope.id } : {}),
  from: view.period.from,
  to: view.period.to,
});
