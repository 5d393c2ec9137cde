import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirectoryLock, type DirectoryLock } from './lock';
import { createDirectory } from '../config/dataDirectory';
import { checkConnection } from './connectionProblems';

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
  /** `dataDir` undefined means an in-memory PGlite (tests). */
  | { dataDir?: string };

/** The extensions the migrations create: trigram indexes serve the lists' free-text search. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Beside this module: server/db/ in the sources; the build copies the folder beside the bundle (dist-server/). */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    await checkConnection(options.databaseUrl);
    // No JIT: a list's count over many rows crosses its cost threshold and spends ~15 ms compiling a plan
    // that runs in less; this server's queries are short, indexed ones.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (restart, failover, a dropped database) is reported here; without a
    // listener node-postgres would throw it as an uncaught exception and stop the process. The pool replaces it.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  let lock: DirectoryLock | undefined;
  let pgliteDir: string | undefined;
  if (options.dataDir) {
    createDirectory(options.dataDir);
    lock = acquireDirectoryLock(options.dataDir);
    pgliteDir = path.join(options.dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create({ ...(pgliteDir ? { dataDir: pgliteDir } : {}), extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      engine: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Applies the checked-in SQL migrations; the same files serve both engines. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    await migratePg(handle.db as never, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}
