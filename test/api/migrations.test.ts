import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../server/db/client';
import { openEmptyTestDatabase, type TestDatabase } from './testDatabase';

/**
 * migrateDatabase on a database that already has migrations: it applies exactly the checked-in ones the
 * database lacks (the check that skips Drizzle's migrator must not skip a newer migration), and nothing twice.
 */

const migrationsFolder = path.resolve(import.meta.dirname, '../../server/db/migrations');
const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

interface Journal {
  entries: { tag: string; when: number }[];
}
const journal: Journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));

/** The migrations folder as an older release had it: all but the newest migration. */
function olderMigrationsFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const older: Journal = { ...journal, entries: journal.entries.slice(0, -1) };
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(older));
  return folder;
}

const recordedMigrations = async (database: TestDatabase) =>
  rowsOf(
    await database.handle.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
  ).map((row) => Number(row.created_at));

describe('migrateDatabase', () => {
  let database: TestDatabase;
  let older: string;
  beforeAll(async () => {
    database = await openEmptyTestDatabase('migrations');
    older = olderMigrationsFolder();
    await migrate(database.handle.db as never, { migrationsFolder: older });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
    rmSync(older, { recursive: true, force: true });
  });

  it('applies the migrations newer than those the database has, then nothing more', async () => {
    const newest = journal.entries.at(-1)!;
    expect(await recordedMigrations(database)).not.toContain(newest.when);

    await migrateDatabase(database.handle);
    expect(await recordedMigrations(database)).toEqual(journal.entries.map((entry) => entry.when));

    await migrateDatabase(database.handle);
    expect(await recordedMigrations(database)).toEqual(journal.entries.map((entry) => entry.when));
  });
});
