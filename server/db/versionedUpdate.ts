import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './queryable';

/**
 * How a save that bumps its record's version itself writes the record's row, with nothing locked before: `set`
 * goes into its UPDATE of the row (`version = version + 1`, `updated_at = now()`), `where` into that UPDATE's
 * condition (the row still at the version the caller read), and when the UPDATE finds no row, `stale()` throws
 * what the row's state calls for (404 gone, 403 out of reach, else 409). The UPDATE is where the row is locked:
 * of two saves read at one version, the second waits for the first, finds the row changed and gets the 409.
 */
export interface VersionedRowUpdate {
  set: Record<string, unknown>;
  where: SQL;
  stale(): Promise<never>;
}

/**
 * The UPDATE of one row by id with `set`, and the save's version bump and guard when it has them: their miss
 * (no row at the version read) answers through `stale()`.
 */
export async function updateRowAtVersion(
  tx: Queryable,
  row: { table: PgTable; id: PgColumn; key: number },
  set: Record<string, unknown>,
  versioned: VersionedRowUpdate | undefined,
): Promise<void> {
  const updated = await tx
    .update(row.table)
    .set({ ...set, ...versioned?.set } as never)
    .where(and(eq(row.id, row.key), versioned?.where))
    .returning({ id: row.id });
  if (versioned && updated.length === 0) await versioned.stale();
}
