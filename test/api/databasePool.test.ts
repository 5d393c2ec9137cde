import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyTestDatabase } from './testDatabase';

/**
 * On PostgreSQL (TEST_DATABASE_URL), a connection the server ends while it sits idle in the pool must not
 * stop the process: the pool reports it and opens a new one. On PGlite (whose connections nobody ends) the query
 * still runs.
 */
describe('the database connection pool', () => {
  let database: Awaited<ReturnType<typeof openEmptyTestDatabase>>;
  beforeAll(async () => {
    database = await openEmptyTestDatabase('pool');
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
});
