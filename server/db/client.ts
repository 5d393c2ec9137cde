import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirectoryLock, type DirectoryLock } from './lock';
import { createDirectory } from '../config/dataDirectory';
import { checkConnection } from './connectionProblems';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pgliteWorker';

import { allowNamedStatements } from './prepared';
export { PGLITE_EXTENSIONS } from './pgliteExtensions';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine runs it. Inside a transaction use the `tx` handle only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `dataDir` undefined means an in-memory PGlite (tests, benchmarks). */
  | { dataDir?: string };

/** Beside this module: server/db/ in the sources; the build copies the folder beside the bundle (dist-server/). */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** A new PGlite database, initialised and migrated by the build beside the bundle (scripts/build.mjs); absent in the sources. */
const pgliteTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/** Connections of the pool, on either engine. On PGlite they take turns (pgliteQueue.ts), a transaction at a time. */
const POOL_SIZE = 10;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    await checkConnection(options.databaseUrl);
    // No JIT: a list's count over many rows crosses its cost threshold and spends ~15 ms compiling a plan
    // that runs in less; this server's queries are short, indexed ones.
    return poolHandle(new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE, options: '-c jit=off' }), {
      engine: 'postgres',
      onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
      afterEnd: async () => undefined,
    });
  }
  let lock: DirectoryLock | undefined;
  if (options.dataDir) {
    createDirectory(options.dataDir);
    lock = acquireDirectoryLock(options.dataDir);
  }
  try {
    const embedded = await startPgliteWorker(options.dataDir);
    const pool = new pg.Pool({
      host: embedded.socketDirectory,
      user: 'postgres',
      database: 'postgres',
      max: POOL_SIZE,
    });
    return poolHandle(pool, {
      engine: 'pglite',
      onIdleError: (error) => console.warn(`The embedded database closed a connection: ${error.message}`),
      afterEnd: async () => {
        await embedded.stop();
        lock?.release();
      },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function poolHandle(
  pool: pg.Pool,
  {
    engine,
    onIdleError,
    afterEnd,
  }: { engine: Engine; onIdleError: (error: Error) => void; afterEnd: () => Promise<void> },
): DatabaseHandle {
  // An idle connection the server ends (restart, failover, a dropped database) is reported here; without a
  // listener node-postgres would throw it as an uncaught exception and stop the process. The pool replaces it.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  if (engine === 'postgres') allowNamedStatements(db);
  return {
    db,
    engine,
    close: async () => {
      await pool.end();
      await afterEnd();
    },
  };
}

interface PgliteWorker {
  /** The directory of the socket `.s.PGSQL.5432`, which is how node-postgres is given a Unix socket. */
  socketDirectory: string;
  /** Closes the connections and PGlite (its files then consistent) and waits for the thread to end. */
  stop(): Promise<void>;
}

/** The socket's name: the one node-postgres derives from the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** Room for a socket path: 108 bytes on Linux, 104 on macOS and the BSDs, the terminating zero included. */
const MAX_SOCKET_PATH = 100;

/**
 * The socket lives in the data directory, private to the user who owns it and reachable from no network;
 * where that path is too long for a socket, or without a data directory, in a private temporary directory.
 */
function socketDirectoryFor(dataDir: string | undefined): { directory: string; temporary: boolean } {
  if (dataDir && Buffer.byteLength(path.join(path.resolve(dataDir), SOCKET_NAME)) <= MAX_SOCKET_PATH) {
    return { directory: path.resolve(dataDir), temporary: false };
  }
  return { directory: mkdtempSync(path.join(tmpdir(), 'backoffice-pglite-')), temporary: true };
}

/**
 * The built server runs `pgliteWorker.js` beside its bundle; from the sources (tsx, Vitest) a small JavaScript
 * file registers tsx in the thread first (pgliteWorkerFromSources.mjs).
 */
const workerEntry = (): URL =>
  new URL(import.meta.url.endsWith('.ts') ? './pgliteWorkerFromSources.mjs' : './pgliteWorker.js', import.meta.url);

async function startPgliteWorker(dataDir: string | undefined): Promise<PgliteWorker> {
  const socket = socketDirectoryFor(dataDir);
  const removeSocketDirectory = () => {
    if (socket.temporary) rmSync(socket.directory, { recursive: true, force: true });
  };
  const workerData: PgliteWorkerData = {
    dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
    socketPath: path.join(socket.directory, SOCKET_NAME),
    maxConnections: POOL_SIZE * 2,
    templateDir: pgliteTemplate,
  };
  const worker = new Worker(workerEntry(), { workerData });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: PgliteWorkerMessage) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(Object.assign(new Error(message.message), { stack: message.stack }));
      });
      void exited.then((code) =>
        reject(new Error(`The embedded database stopped while starting (exit code ${code}).`)),
      );
    });
  } catch (error) {
    await worker.terminate();
    removeSocketDirectory();
    throw error;
  }
  // After the start: a crash of the database thread is reported, never thrown into the server's event loop.
  worker.on('error', (error) => console.error('The embedded database failed:', error));
  return {
    socketDirectory: socket.directory,
    stop: async () => {
      worker.postMessage({ kind: 'close' });
      await exited;
      removeSocketDirectory();
    },
  };
}

/** Applies the checked-in SQL migrations; the same files serve both engines. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  // Drizzle's migrators for node-postgres and for PGlite are one function (the dialect's); the tests'
  // in-process PGlite handles (test/api/testDatabase.ts) go through it too.
  await migrate(handle.db as never, { migrationsFolder });
}
