import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../../server/db/client';
import type { SeededDatabaseImage } from './seededImage';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database, and drops it when it was made on a PostgreSQL server. */
  dispose(): Promise<void>;
}

export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, uniquely named database on the PostgreSQL server of `serverUrl`, dropped by `dispose`: empty (not yet
 * migrated), or a copy of `template`. The API tests make one per file; the occurrences benchmark one per run.
 */
export async function openServerTestDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<TestDatabase> {
  const name = uniqueDatabaseName(prefix);
  await runOnServer(
    serverUrl,
    template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`,
  );
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

export const uniqueDatabaseName = (prefix: string): string =>
  `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

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

/**
 * A database for one test file, already migrated and seeded with the demo data: a copy of the image the
 * API project's global set-up made once for the whole run (test/api/seededImage.ts). Copying is several
 * times faster than migrating and seeding, which every file did before.
 */
export async function openSeededTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const image: SeededDatabaseImage = inject('seededDatabaseImage');
  if (image.engine === 'postgres') return openServerTestDatabase(image.serverUrl, prefix, image.templateName);
  const pglite = await PGlite.create({
    loadDataDir: new Blob([await readFile(image.dumpFile)]),
    extensions: PGLITE_EXTENSIONS,
  });
  const handle = await openDatabase({ inProcess: pglite });
  return { handle, dispose: () => handle.close() };
}
