import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many rows the lists' tables hold, kept by the database's own triggers (migration 0006) on every insert
 * and delete, so that an unfiltered list answers its exact total without counting every row. Spread over a
 * few rows per table (by the writing connection), so that concurrent writers do not queue on one row; the
 * total is their sum.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    shard: integer('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.shard] })],
);
