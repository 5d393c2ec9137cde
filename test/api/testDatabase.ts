import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database, and drops it when it was made on a PostgreSQL server. */
  dispose(): Promise<void>;
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named database on the PostgreSQL server of `serverUrl` (not yet migrated), dropped by
 * `dispose`. The API tests make one per file; the occurrences benchmark one per run.
 */
export async function openServerTestDatabase(serverUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** An in-memory PGlite (not yet migrated). */
export async function openInMemoryTestDatabase(): Promise<TestDatabase> {
  const handle = await openDatabase({});
  return { handle, dispose: () => handle.close() };
}

/**
 * An empty database for one test file (not yet migrated): with TEST_DATABASE_URL (a PostgreSQL server) a fresh,
 * uniquely named database on that server, dropped by `dispose`; otherwise an in-memory PGlite.
 */
export async function openEmptyTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? openServerTestDatabase(serverUrl, prefix) : openInMemoryTestDatabase();
}
