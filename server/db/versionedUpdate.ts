import type { SQL } from 'drizzle-orm';

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

/** After the versioned UPDATE: its returned rows, none when the row was no longer at the version read. */
export async function requireRowUpdated(
  updated: readonly unknown[],
  versioned: VersionedRowUpdate | undefined,
): Promise<void> {
  if (versioned && updated.length === 0) await versioned.stale();
}
