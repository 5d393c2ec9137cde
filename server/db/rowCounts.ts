import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './queryable';
import { rowCounts } from './schema/rowCounts';

/**
 * The exact number of rows of `table` as the database's triggers keep it (migration 0006), or undefined for a
 * table that is not counted: an unfiltered list reads its total here instead of counting every row.
 */
export async function storedRowCount(db: Queryable, table: PgTable): Promise<number | undefined> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${rowCounts.total})`, shards: sql<number>`count(*)::int` })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, getTableName(table)));
  return row.shards === 0 || row.total === null ? undefined : Number(row.total);
}
