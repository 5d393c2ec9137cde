import { and, between, eq, sql } from 'drizzle-orm';
import type { StatisticMetric, StatisticScope } from '../../../domain/statistics';
import type { Queryable } from '../../db/queryable';
import { dailyStatistics } from '../../db/schema/statistics';
import { daysBetween, type DashboardScope } from './scope';

/**
 * The figures the daily roll-up keeps (`daily_statistics`, migration 0016) for a dashboard scope: one range of
 * its primary key (scope, scope id, day), whatever the number of views or redemptions behind it.
 */

/** The roll-up's row key of a scope; null for a scope it does not keep (empty, or a customer's). */
export function rollupKeyOf(scope: DashboardScope): { scope: StatisticScope; scopeId: number } | null {
  switch (scope.kind) {
    case 'PLATFORM':
      return { scope: 'PLATFORM', scopeId: 0 };
    case 'ESTABLISHMENT':
    case 'PROMOTER_GROUP':
      return scope.id === null ? null : { scope: scope.kind, scopeId: scope.id };
    case 'CUSTOMER':
      return null;
  }
}

/** A metric per Zurich day from `from` to `to` (both included), zero on the days without a row. */
export async function dailyFigures(
  db: Queryable,
  scope: DashboardScope,
  metric: StatisticMetric,
  from: string,
  to: string,
): Promise<{ date: string; value: number }[]> {
  const key = rollupKeyOf(scope);
  const byDay = new Map<string, number>();
  if (key) {
    const rows = await db
      .select({ day: dailyStatistics.day, value: sql<string>`${dailyStatistics.value}` })
      .from(dailyStatistics)
      .where(
        and(
          eq(dailyStatistics.scope, key.scope),
          eq(dailyStatistics.scopeId, key.scopeId),
          between(dailyStatistics.day, from, to),
          eq(dailyStatistics.metric, metric),
        ),
      );
    // A figure may be spread over several rows (`shard`): its value is their sum.
    for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + Number(row.value));
  }
  return daysBetween(from, to).map((date) => ({ date, value: byDay.get(date) ?? 0 }));
}

export const sumOf = (figures: readonly { value: number }[]): number =>
  figures.reduce((total, figure) => total + figure.value, 0);
