import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many rows the lists' tables hold, kept by the database's own triggers (migration 0006) on every insert,
 * delete and change of visibility, so that an unfiltered list answers its exact total without counting every
 * row. A counter is a table (`events`) or a table's rows of one visibility (`events:PUBLISHED`). Each is spread
 * over a few rows (by the writing connection), so that concurrent writers do not queue on one row; the count
 * is their sum.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    counter: text('counter').notNull(),
    shard: integer('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.counter, table.shard] })],
);
