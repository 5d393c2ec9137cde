import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema';
import { checkConnection } from './connectionProblems';
import { POOL_SIZE, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import { memorySocketPair } from './memorySocket';
import { servePgliteConnections } from './pgliteConnections';
import { clientClassWithWriteShards } from './writeShards';

export { PGLITE_EXTENSIONS } from './pgliteExtensions';
export { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine runs it. Inside a transaction use the `tx` handle only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  close(): Promise<void>;
  /**
   * Calls `onNotification` with the payload of every NOTIFY on `channel` committed by any process, and `onGap`
   * when some may have been missed (the listening connection was lost and is back). Resolves once listening;
   * its result stops it.
   */
  listen(channel: string, onNotification: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * As `listen`, but heard on every connection of the pool, so that a notification committed through this
   * handle is heard before that COMMIT returns: PostgreSQL hands a session its own notifications before it is
   * ready for the next statement. Other processes' are heard as soon as a connection is idle. `onGap` when a
   * listening connection ends (what was queued for it is lost). Call at start-up, before the pool serves: a
   * connection already open takes its LISTEN then, which inside a transaction would go with its rollback.
   */
  listenOnEveryConnection(
    channel: string,
    onNotification: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
}

/** How long a lost listening connection to PostgreSQL waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

export type DatabaseOptions =
  | { databaseUrl: string }
  /** `dataDir` undefined means an in-memory PGlite (tests, benchmarks). */
  | { dataDir?: string }
  /** An embedded database already started (startEmbeddedDatabase); closing the handle stops it. */
  | { embedded: EmbeddedDatabase }
  /**
   * A PGlite this process runs on its own event loop (tests): spoken to through the same driver, queue and
   * statement names as the embedded database's thread, over sockets in memory. Closing the handle closes it.
   */
  | { inProcess: PGlite };

/** Beside this module: server/db/ in the sources; the build copies the folder beside the bundle (dist-server/). */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    await checkConnection(options.databaseUrl);
    // No JIT: a list's count over many rows crosses its cost threshold and spends ~15 ms compiling a plan
    // that runs in less; this server's queries are short, indexed ones.
    const databaseUrl = options.databaseUrl;
    const everyConnection = new PoolListeners();
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL_SIZE,
      options: '-c jit=off',
      Client: clientClassWithWriteShards(),
      onConnect: everyConnection.connected,
    });
    return poolHandle(pool, {
      engine: 'postgres',
      onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
      afterEnd: async () => undefined,
      listen: (channel, onNotification, onGap) => listenOnOwnConnection(databaseUrl, channel, onNotification, onGap),
      listenOnEveryConnection: everyConnection.listen,
    });
  }
  if ('inProcess' in options) return inProcessHandle(options.inProcess);
  const embedded = 'embedded' in options ? options.embedded : await startEmbeddedDatabase(options.dataDir);
  const pool = new pg.Pool({ host: embedded.socketDirectory, user: 'postgres', database: 'postgres', max: POOL_SIZE });
  return pgliteHandle(pool, () => embedded.stop());
}

function inProcessHandle(pglite: PGlite): DatabaseHandle {
  const connections = servePgliteConnections(pglite, POOL_SIZE * 2);
  const stream = () => {
    const [client, server] = memorySocketPair();
    connections.accept(server);
    return client;
  };
  const pool = new pg.Pool({ stream, user: 'postgres', database: 'postgres', max: POOL_SIZE });
  return pgliteHandle(pool, async () => {
    await connections.closeAll();
    await pglite.close();
  });
}

function pgliteHandle(pool: pg.Pool, afterEnd: () => Promise<void>): DatabaseHandle {
  // PGlite has one session for every connection: a LISTEN through any of them holds for all, and a
  // notification comes back on the connection whose transaction committed it. So every pool connection passes
  // its notifications on.
  const notifications = new EventEmitter();
  pool.on('connect', (client) =>
    client.on('notification', (message) => notifications.emit(message.channel, message.payload ?? '')),
  );
  const listen: DatabaseHandle['listen'] = async (channel, onNotification) => {
    notifications.on(channel, onNotification);
    await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => void notifications.off(channel, onNotification);
  };
  return poolHandle(pool, {
    engine: 'pglite',
    onIdleError: (error) => console.warn(`The embedded database closed a connection: ${error.message}`),
    afterEnd,
    listen,
    // One session: what it listens to, every connection hears, its own commits included.
    listenOnEveryConnection: listen,
  });
}

/**
 * LISTEN on every connection of a PostgreSQL pool. Each connection the pool opens listens to the registered
 * channels before the pool hands it out (`connected`, the pool's `onConnect`); a channel registered later is
 * LISTENed on the connections already open, which is safe only while none is in use (at start-up).
 */
class PoolListeners {
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #gapListeners = new Set<() => void>();
  readonly #listening = new Set<pg.ClientBase>();

  /** The pool's `onConnect`: a connection that cannot LISTEN fails, and the pool ends it. */
  readonly connected = async (client: pg.ClientBase): Promise<void> => {
    client.on('notification', (message) => this.#tell(message.channel, message.payload ?? ''));
    client.once('end', () => this.#forget(client));
    // Until it counts as listening, a channel registered meanwhile is this connection's to LISTEN on.
    const heard = new Set<string>();
    for (let unheard = this.#channelsBut(heard); unheard.length > 0; unheard = this.#channelsBut(heard)) {
      await this.#listenOn(client, unheard);
      for (const channel of unheard) heard.add(channel);
    }
    this.#listening.add(client);
  };

  readonly listen: DatabaseHandle['listenOnEveryConnection'] = async (channel, onNotification, onGap) => {
    let ofChannel = this.#listeners.get(channel);
    if (!ofChannel) {
      ofChannel = new Set();
      this.#listeners.set(channel, ofChannel);
      await Promise.all([...this.#listening].map((client) => this.#listenOn(client, [channel])));
    }
    ofChannel.add(onNotification);
    if (onGap) this.#gapListeners.add(onGap);
    return async () => {
      ofChannel.delete(onNotification);
      if (onGap) this.#gapListeners.delete(onGap);
    };
  };

  async #listenOn(client: pg.ClientBase, channels: readonly string[]): Promise<void> {
    for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  #channelsBut(heard: ReadonlySet<string>): string[] {
    return [...this.#listeners.keys()].filter((channel) => !heard.has(channel));
  }

  #tell(channel: string, payload: string): void {
    for (const onNotification of this.#listeners.get(channel) ?? []) onNotification(payload);
  }

  /**
   * A listening connection gone: what was queued for it is lost (a connection inside a transaction holds
   * other sessions' notifications back until it ends), so the listeners may have missed some.
   */
  #forget(client: pg.ClientBase): void {
    if (!this.#listening.delete(client)) return;
    for (const onGap of this.#gapListeners) onGap();
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool), connected again after a loss;
 * `onGap` then tells that notifications may have been missed meanwhile.
 */
async function listenOnOwnConnection(
  databaseUrl: string,
  channel: string,
  onNotification: (payload: string) => void,
  onGap: () => void = () => undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
      retry.unref();
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };
  const reconnect = () => {
    connect().then(onGap, (error: unknown) => {
      console.warn(`Listening for database notifications failed: ${(error as Error).message}`);
      void client?.end().catch(() => undefined);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

function poolHandle(
  pool: pg.Pool,
  {
    engine,
    onIdleError,
    afterEnd,
    listen,
    listenOnEveryConnection,
  }: {
    engine: Engine;
    onIdleError: (error: Error) => void;
    afterEnd: () => Promise<void>;
    listen: DatabaseHandle['listen'];
    listenOnEveryConnection: DatabaseHandle['listenOnEveryConnection'];
  },
): DatabaseHandle {
  // An idle connection the server ends (restart, failover, a dropped database) is reported here; without a
  // listener node-postgres would throw it as an uncaught exception and stop the process. The pool replaces it.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine,
    listen,
    listenOnEveryConnection,
    close: async () => {
      await pool.end();
      await afterEnd();
    },
  };
}

/** Applies the checked-in SQL migrations; the same files serve both engines. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (await hasEveryMigration(handle.db)) return;
  await migrate(handle.db as never, { migrationsFolder });
}

/**
 * Whether the newest migration recorded in the database is at least as new as the newest checked-in one,
 * which is when Drizzle's migrator would apply nothing (it applies each migration newer than the last
 * recorded). One or two short queries: the migrator itself creates its schema and table if missing, opens a
 * transaction and reads and hashes every migration file, which took a second of every start on PGlite.
 */
async function hasEveryMigration(db: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const [table] = rowsOf<{ exists: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`),
  );
  if (!table?.exists) return false;
  const [last] = rowsOf<{ created_at: string | number | null }>(
    await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  return last?.created_at != null && Number(last.created_at) >= newest;
}

/** The rows of `execute`'s result: node-postgres's and PGlite's both carry them in `rows`. */
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
