import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_SIZE } from '../../server/db/embedded';
import { openSeededTestDatabase } from './testDatabase';

/**
 * On PostgreSQL (TEST_DATABASE_URL), a connection the server ends while it sits idle in the pool must not
 * stop the process: the pool reports it and opens a new one. On PGlite (whose connections nobody ends) the query
 * still runs.
 */
describe('the database connection pool', () => {
  let database: Awaited<ReturnType<typeof openSeededTestDatabase>>;
  beforeAll(async () => {
    database = await openSeededTestDatabase('pool');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps answering after the server ends an idle connection', async () => {
    const { db, engine } = database.handle;
    // Two queries at once leave two idle connections in the pool.
    await Promise.all([db.execute(sql`SELECT pg_sleep(0.05)`), db.execute(sql`SELECT pg_sleep(0.05)`)]);
    if (engine === 'postgres') {
      await db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const result = await db.execute(sql`SELECT 1 AS one`);
    expect(JSON.stringify(result)).toContain('"one":1');
  });

  it('gives each connection writing at once a shard of its own, and its shard back to the next connection', async () => {
    const { db, engine } = database.handle;
    const shardsOfConcurrentTransactions = async (count: number) => {
      let arrived = 0;
      let release: () => void = () => undefined;
      const allThere = new Promise<void>((resolve) => (release = resolve));
      return Promise.all(
        Array.from({ length: count }, () =>
          db.transaction(async (tx) => {
            const result = await tx.execute(sql`SELECT write_shard(16) AS shard`);
            // Each transaction keeps its connection until all of them have read theirs.
            arrived += 1;
            if (arrived === count) release();
            await allThere;
            return Number((result as unknown as { rows: { shard: number }[] }).rows[0].shard);
          }),
        ),
      );
    };
    if (engine !== 'postgres') {
      // One session runs one transaction at a time: nothing is written at once, any shard will do.
      const [only] = await shardsOfConcurrentTransactions(1);
      expect(only).toBeGreaterThanOrEqual(0);
      expect(only).toBeLessThan(16);
      return;
    }
    const shards = await shardsOfConcurrentTransactions(POOL_SIZE);
    expect([...shards].sort((a, b) => a - b)).toEqual(Array.from({ length: POOL_SIZE }, (_, index) => index));
    // A connection the server ends frees its shard for the one the pool opens in its place.
    await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await shardsOfConcurrentTransactions(POOL_SIZE);
    expect([...again].sort((a, b) => a - b)).toEqual(Array.from({ length: POOL_SIZE }, (_, index) => index));
  });
});
