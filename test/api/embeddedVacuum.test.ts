import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../server/db/client';
import { vacuumWhereDue } from '../../server/db/embeddedVacuum';
import { buildTestApp } from './harness';
import { newEmptyPglite } from './testDatabase';

/**
 * The embedded database's autovacuum (PGlite has none): autovacuum's thresholds decide which tables are vacuumed or
 * analysed, and an API process on PGlite runs a pass on its own. Always PGlite, whichever engine the run tests: on
 * PostgreSQL the server's own autovacuum does this.
 */

let database: DatabaseHandle;
const root = mkdtempSync(path.join(tmpdir(), 'embedded-vacuum-'));

beforeAll(async () => {
  database = await openDatabase({ inProcess: await newEmptyPglite() });
  await migrateDatabase(database);
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const execute = (statement: string) => database.db.execute(sql.raw(statement));

interface TableStatistics {
  vacuums: number;
  analyses: number;
  deadRows: number;
}

async function statisticsOf(table: string): Promise<TableStatistics> {
  const result = await database.db.execute(sql`
    SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyses, n_dead_tup::int AS "deadRows"
    FROM pg_stat_user_tables WHERE relname = ${table}`);
  return (result as unknown as { rows: TableStatistics[] }).rows[0];
}

/** A pass once the session's counts of the writes before it are published (PostgreSQL publishes them when idle). */
async function passAfterWrites() {
  await execute('SELECT pg_stat_force_next_flush()');
  return vacuumWhereDue(database.db);
}

describe("the embedded database's vacuum", () => {
  it('vacuums a table once 1,000 rows and a fifth were inserted, then leaves it until it changes', async () => {
    await execute('CREATE TABLE inserted_rows (id serial PRIMARY KEY, value int)');
    await execute('INSERT INTO inserted_rows (value) SELECT n FROM generate_series(1, 999) n');
    const tooFew = await passAfterWrites();
    // 999 new rows: not yet a vacuum, but past the analysis threshold (50 + 10 % of a table never analysed).
    expect(tooFew.vacuumed).not.toContain('inserted_rows');
    expect(tooFew.analyzed).toContain('inserted_rows');

    await execute('INSERT INTO inserted_rows (value) SELECT n FROM generate_series(1, 1500) n');
    const due = await passAfterWrites();
    expect(due.vacuumed).toContain('inserted_rows');
    expect(await statisticsOf('inserted_rows')).toMatchObject({ vacuums: 1 });

    const quiet = await passAfterWrites();
    expect([...quiet.vacuumed, ...quiet.analyzed]).not.toContain('inserted_rows');
  });

  it('vacuums a table whose dead rows pass 50 and a fifth of its rows, and only analyses one with fewer', async () => {
    await execute('CREATE TABLE updated_rows (id serial PRIMARY KEY, value int)');
    await execute('INSERT INTO updated_rows (value) SELECT n FROM generate_series(1, 2000) n');
    await passAfterWrites();

    // 300 of 2,000 rows changed: 300 dead rows are under 50 + 400, the 300 changes over 50 + 200.
    await execute('UPDATE updated_rows SET value = value + 1 WHERE id <= 300');
    const analysed = await passAfterWrites();
    expect(analysed.vacuumed).not.toContain('updated_rows');
    expect(analysed.analyzed).toContain('updated_rows');
    expect((await statisticsOf('updated_rows')).deadRows).toBe(300);

    // 200 more: 500 dead rows, over 50 + 400.
    await execute('UPDATE updated_rows SET value = value + 1 WHERE id > 1800');
    const vacuumed = await passAfterWrites();
    expect(vacuumed.vacuumed).toContain('updated_rows');
    expect((await statisticsOf('updated_rows')).deadRows).toBe(0);
  });

  it('runs on its own in an API process on the embedded database', async () => {
    await execute('CREATE TABLE scheduled_rows (id serial PRIMARY KEY, value int)');
    await execute('INSERT INTO scheduled_rows (value) SELECT n FROM generate_series(1, 3000) n');
    await execute('SELECT pg_stat_force_next_flush()');
    const app = await buildTestApp(database, root, { embeddedVacuumMs: 50 });
    try {
      await app.ready();
      await vi.waitFor(async () => expect((await statisticsOf('scheduled_rows')).vacuums).toBe(1), {
        timeout: 10_000,
      });
    } finally {
      await app.close();
    }
  });
});
