import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../../server/db/client';
import { pgliteDirectoryOf } from '../../server/db/embedded';
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
 * uniquely named database on that server, dropped by `dispose`; otherwise an in-memory PGlite as initialised
 * (a copy of the global set-up's image of one).
 */
export async function openEmptyTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const image: SeededDatabaseImage = inject('seededDatabaseImage');
  if (image.engine === 'postgres') return openServerTestDatabase(image.serverUrl, prefix);
  return openPgliteCopy(image.emptyDumpFile);
}

const dumps = new Map<string, Promise<Blob>>();

/**
 * A dump of the global set-up, read once per worker (its files share the module). PGlite reads a dump only through
 * `arrayBuffer()`, and Node's Blob answers that by streaming its tens of megabytes in small chunks and joining them,
 * about half a second per file; this one hands over the bytes it already holds. PGlite copies them into its own
 * file system, so every file may have the same bytes.
 */
function dumpOf(dumpFile: string): Promise<Blob> {
  let dump = dumps.get(dumpFile);
  if (!dump) {
    dump = readFile(dumpFile).then((bytes) => new HeldBlob(bytes));
    dumps.set(dumpFile, dump);
  }
  return dump;
}

/** A Blob over bytes in memory whose `arrayBuffer()` hands them over as they are. */
class HeldBlob extends Blob {
  private readonly held: ArrayBuffer;
  constructor(bytes: Uint8Array) {
    super([]);
    this.held = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override get size(): number {
    return this.held.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held);
  }
}

/**
 * A database for one test file, already migrated and seeded with the demo data: a copy of the image the
 * API project's global set-up made once for the whole run (test/api/seededImage.ts). Copying is several
 * times faster than migrating and seeding, which every file did before.
 */
export async function openSeededTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const image: SeededDatabaseImage = inject('seededDatabaseImage');
  if (image.engine === 'postgres') return openServerTestDatabase(image.serverUrl, prefix, image.templateName);
  return openPgliteCopy(image.dumpFile);
}

/**
 * PostgreSQL's default 128 MB of shared buffers are zeroed at every start, about half of a PGlite's start from a
 * dump; a test's database is a few megabytes.
 */
export const TEST_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Gives `dataDir` an embedded database initialised but empty, as the built server's template gives a new data
 * directory (scripts/build.mjs): the global set-up's image of one, written where the server keeps it. PGlite's
 * initdb takes seconds, this a fraction of that. On a PostgreSQL run there is no such image and the directory
 * stays empty, so the server initialises it there: both ways of starting are exercised.
 */
export async function initialiseDataDirectory(dataDir: string): Promise<void> {
  const image: SeededDatabaseImage = inject('seededDatabaseImage');
  if (image.engine !== 'pglite') return;
  const pglite = await PGlite.create({
    dataDir: pgliteDirectoryOf(dataDir),
    loadDataDir: await dumpOf(image.emptyDumpFile),
    startParams: TEST_START_PARAMS,
  });
  await pglite.close();
}

/** A new PGlite in memory, as initialised: the global set-up's image of one, else (a PostgreSQL run) PGlite's initdb. */
export async function newEmptyPglite(): Promise<PGlite> {
  const image: SeededDatabaseImage = inject('seededDatabaseImage');
  return PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    startParams: TEST_START_PARAMS,
    ...(image.engine === 'pglite' ? { loadDataDir: await dumpOf(image.emptyDumpFile) } : {}),
  });
}

async function openPgliteCopy(dumpFile: string): Promise<TestDatabase> {
  const pglite = await PGlite.create({
    loadDataDir: await dumpOf(dumpFile),
    extensions: PGLITE_EXTENSIONS,
    startParams: TEST_START_PARAMS,
  });
  const handle = await openDatabase({ inProcess: pglite });
  return { handle, dispose: () => handle.close() };
}
