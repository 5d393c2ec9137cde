import { eq, sql } from 'drizzle-orm';
import type { Queryable } from './queryable';
import { rowCounts } from './schema/rowCounts';

/**
 * The exact count a counter holds, as the database's triggers keep it (migration 0006): a table's rows
 * (`events`) or its rows of one visibility (`events:PUBLISHED`); undefined for a counter that is not kept. An
 * unfiltered list reads its total here instead of counting every row.
 */
export async function storedRowCount(db: Queryable, counter: string): Promise<number | undefined> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${rowCounts.total})`, shards: sql<number>`count(*)::int` })
    .from(rowCounts)
    .where(eq(rowCounts.counter, counter));
  return row.shards === 0 || row.total === null ? undefined : Number(row.total);
}
