import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { STATISTIC_METRICS, STATISTIC_SCOPES } from '../../../domain/statistics';
import { checkOneOf } from './columns';

/**
 * The statistics' daily roll-up (domain/statistics.ts, docs/statistics.md): one row per scope (the platform
 * with id 0, an establishment, a promoter group, an event), Europe/Zurich day and figure. Triggers of
 * migration 0016 add to it in the statement that records what happened (a widget view counted, a claim, a
 * redemption, an event published, a request decided), so a period's figures are a short index range whatever
 * the number of views, claims or events behind them; the occurrences held are added by the daily job
 * (server/services/statistics). Rows are history: deleting a record leaves its figures counted. No foreign
 * keys, for that reason. A figure is spread over up to sixteen rows (`shard`, by the writing connection, as
 * `row_counts` does: server/db/writeShards.ts): every published event's save added to the day's one PLATFORM row and held it until it
 * committed, so concurrent saves queued on it. Its value is the sum of its rows.
 */
export const dailyStatistics = pgTable(
  'daily_statistics',
  {
    scope: text('scope').notNull(),
    /** The establishment's, promoter group's or event's id; 0 for the platform. */
    scopeId: integer('scope_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    shard: integer('shard').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.scopeId, table.day, table.metric, table.shard] }),
    index('daily_statistics_day_idx').on(table.day),
    checkOneOf('daily_statistics_scope_check', table.scope, STATISTIC_SCOPES),
    checkOneOf('daily_statistics_metric_check', table.metric, STATISTIC_METRICS),
  ],
);
