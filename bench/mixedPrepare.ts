/**
 * Run by bench/mixed.ts with the working directory set to the checkout under test (`npx tsx <this file>`):
 * migrates and seeds a database with that checkout's own code, grows it with bench/scale.ts, and prints the
 * ids a load needs. Arguments: `postgres <url>` or `pglite <data directory>`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { scaleUp } from './scale';

const DEMO_PASSWORD = 'Demo-Backoffice-2026';

const [engine, target] = process.argv.slice(2);
const checkout = process.cwd();
const client = await import(path.join(checkout, 'server/db/client.ts'));
const seed = await import(path.join(checkout, 'server/seed/index.ts'));

/**
 * A platform's database has had its past days' occurrences counted by the statistics' daily job, one day at a
 * time, long before: a server that starts on it finds them done. On the copied rows nobody has counted them, and
 * a server started on them would count all 35 days (a scan of every event per day at this scale: it ran through
 * the whole measured load). Counted here instead, with the checkout's own job where it has one.
 */
async function countPastDays(db: unknown): Promise<void> {
  const job = path.join(checkout, 'server/services/statistics/occurrences.ts');
  if (!existsSync(job)) return;
  const { runDueOccurrenceJobs } = (await import(job)) as { runDueOccurrenceJobs: (db: unknown) => Promise<string[]> };
  await runDueOccurrenceJobs(db);
}

/**
 * A platform's tables have long been vacuumed: their pages are marked all-visible and their rows' hint bits set.
 * The rows just copied are not, and PostgreSQL's autovacuum came to the 100,000 events in the middle of a turn or
 * not at all (it visits each database once a minute). Vacuumed here, once, for both checkouts alike.
 *
 * Then a checkpoint: growing the database writes about a gigabyte of WAL, and the checkpoint that much WAL calls
 * for (max_wal_size) otherwise began in the turn that followed or not, as the preparation's WAL happened to fall;
 * every page first written after a checkpoint goes to the WAL whole. A turn's own writes may still call for one.
 */
async function settle(db: { execute(query: ReturnType<typeof sql>): Promise<unknown> }): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE)`);
  await db.execute(sql`CHECKPOINT`);
}

const handle = await client.openDatabase(engine === 'postgres' ? { databaseUrl: target } : { dataDir: target });
try {
  await client.migrateDatabase(handle);
  await seed.ensureRoles(handle.db);
  await seed.seedDemoData(handle.db, { demoPassword: DEMO_PASSWORD });
  await scaleUp(handle.db);
  await countPastDays(handle.db);
  await settle(handle.db);
  const first = async (query: ReturnType<typeof sql>) =>
    Number(((await handle.db.execute(query)) as { rows: { id: number }[] }).rows[0].id);
  const ids = {
    establishment: await first(sql`SELECT min(id) AS id FROM establishments`),
    eventType: await first(sql`SELECT min(id) AS id FROM event_types`),
    music: await first(sql`SELECT min(id) AS id FROM musics`),
    tag: await first(sql`SELECT min(id) AS id FROM tags`),
    maxEvent: await first(sql`SELECT max(id) AS id FROM events`),
  };
  console.log(`IDS ${JSON.stringify(ids)}`);
} finally {
  await handle.close();
}
