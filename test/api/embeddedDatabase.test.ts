import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { buildTestApp } from './harness';
import { initialiseDataDirectory, newEmptyPglite } from './testDatabase';

/**
 * The embedded database as the server opens it (openDatabase with a DATA_DIR): PGlite in a thread of its
 * own, reached through node-postgres' pool over a Unix socket in the data directory. Always PGlite: on
 * PostgreSQL none of this applies.
 */

const root = mkdtempSync(path.join(tmpdir(), 'pglite-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const freshDataDir = () => mkdtempSync(path.join(root, 'data-'));
/** A data directory as a new server finds it after the build's template: its database initialised, empty. */
const initialisedDataDir = async () => {
  const dataDir = freshDataDir();
  await initialiseDataDirectory(dataDir);
  return dataDir;
};

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** The same named statement, "echo", on whichever connection runs it. */
const echo = async (client: Pick<pg.ClientBase, 'query'>, value: number): Promise<number> =>
  (await client.query<{ value: number }>({ name: 'echo', text: 'SELECT $1::int AS value', values: [value] })).rows[0]
    .value;
/** How many "echo" statements the one PGlite session holds, each under its connection's prefix. */
const PREPARED_ECHOES = "SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE '%\\_echo'";

describe('the embedded database', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    dataDir = freshDataDir();
    database = await openDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('answers HTTP requests while a long query runs', async () => {
    await migrateDatabase(database);
    const app = await buildTestApp(database, dataDir, { staticRoot: root, sweepOrphanUploads: false });
    try {
      await app.ready();
      let queryDone = false;
      const longQuery = database.db.execute(sql`SELECT pg_sleep(3)`).then(() => (queryDone = true));
      // A request that needs no database: before, PGlite ran on this event loop and held it for the 3 s.
      const response = await app.inject({ method: 'GET', url: '/api/v1/auth/me' });
      expect(response.statusCode).toBe(401);
      expect(queryDone).toBe(false);
      await longQuery;
      expect(queryDone).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('runs concurrent transactions one after the other: no version-checked update is lost', async () => {
    const { db } = database;
    await db.execute(sql`CREATE TABLE counters (id int PRIMARY KEY, version int NOT NULL, writers text NOT NULL)`);
    await db.execute(sql`INSERT INTO counters VALUES (1, 0, '')`);
    const writers = Array.from({ length: 12 }, (_, index) => index);
    const outcomes = await Promise.all(writers.map((writer) => bumpCounter(db, writer)));
    // Each transaction read the version and wrote it back one higher after a pause in which the others ran
    // theirs: had two transactions interleaved, the second would find its version gone.
    expect(outcomes).toEqual(writers.map(() => 1));
    const [counter] = rowsOf(await db.execute(sql`SELECT version, writers FROM counters WHERE id = 1`));
    expect(counter.version).toBe(writers.length);
    expect(
      String(counter.writers)
        .split(',')
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(writers);
  }, 60_000);

  it('keeps an exchange whole when its message spans several socket reads', async () => {
    const { db } = database;
    // A parameter of 2 MB arrives in many reads; the small queries of the other connections wait meanwhile.
    const large = 'x'.repeat(2_000_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 5 === 0
          ? db.execute(sql`SELECT length(${large}::text) AS size, ${index}::int AS index`)
          : db.execute(sql`SELECT ${index}::int AS index`),
      ),
    );
    answers.forEach((answer, index) => {
      const [row] = rowsOf(answer);
      expect(row.index).toBe(index);
      if (index % 5 === 0) expect(row.size).toBe(large.length);
    });
  }, 60_000);

  it('delivers the notifications committed on any pool connection to a listener, and none of a rollback', async () => {
    const { db } = database;
    const received: string[] = [];
    const stop = await database.listen('pool_changes', (payload) => received.push(payload));
    await Promise.all([
      db.execute(sql`SELECT pg_notify('pool_changes', 'one')`),
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('pool_changes', 'two')`);
      }),
      db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_notify('pool_changes', 'never')`);
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    ]);
    await db.execute(sql`SELECT pg_notify('pool_changes', 'last')`);
    await stop();
    await db.execute(sql`SELECT pg_notify('pool_changes', 'after stopping')`);
    expect([...received].sort()).toEqual(['last', 'one', 'two']);
  }, 60_000);

  it('rolls back a failed transaction and goes on serving the other connections', async () => {
    const { db } = database;
    await db.execute(sql`CREATE TABLE notes (body text NOT NULL)`);
    const failing = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES ('never kept')`);
      await tx.execute(sql`INSERT INTO notes VALUES (NULL)`);
    });
    const other = db.execute(sql`INSERT INTO notes VALUES ('kept')`);
    await expect(failing).rejects.toThrow();
    await other;
    expect(rowsOf(await db.execute(sql`SELECT body FROM notes`))).toEqual([{ body: 'kept' }]);
  }, 60_000);

  it('keeps the named statements of each connection apart, and deallocates them when the connection goes', async () => {
    const connect = async () => {
      const client = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
      await client.connect();
      return client;
    };
    const clients = await Promise.all([connect(), connect(), connect()]);
    const preparedEchoes = async () => (await clients[0].query<{ count: number }>(PREPARED_ECHOES)).rows[0].count;
    try {
      // The one session has a statement "echo" per connection: a second Parse of one name would fail.
      const answered = await Promise.all(
        clients.map(async (client, index) => {
          const values: number[] = [];
          for (const run of [1, 2, 3]) values.push(await echo(client, index * 10 + run));
          return values;
        }),
      );
      expect(answered).toEqual([
        [1, 2, 3],
        [11, 12, 13],
        [21, 22, 23],
      ]);
      expect(await preparedEchoes()).toBe(3);
      await Promise.all([clients[1].end(), clients[2].end()]);
      await vi.waitFor(async () => expect(await preparedEchoes()).toBe(1), { timeout: 5_000 });
      expect(await echo(clients[0], 7)).toBe(7);
    } finally {
      await clients[0].end();
    }
  }, 60_000);

  it('rolls back the transaction of a connection that vanished, and serves the others', async () => {
    const { db } = database;
    await db.execute(sql`CREATE TABLE drafts (body text NOT NULL)`);
    const vanishing = new pg.Client({ host: dataDir, user: 'postgres', database: 'postgres' });
    await vanishing.connect();
    vanishing.on('error', () => undefined);
    await vanishing.query('BEGIN');
    await vanishing.query("INSERT INTO drafts VALUES ('never committed')");
    // Killed mid-transaction: while it held PGlite, every other connection waited for it.
    (vanishing as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await db.execute(sql`INSERT INTO drafts VALUES ('committed')`);
    expect(rowsOf(await db.execute(sql`SELECT body FROM drafts`))).toEqual([{ body: 'committed' }]);
  }, 60_000);
});

/** Reads the counter's version, pauses, and writes it back one higher if nobody changed it: the rows updated. */
async function bumpCounter(db: Database, writer: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf(await tx.execute(sql`SELECT version FROM counters WHERE id = 1`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await tx.execute(
      sql`UPDATE counters SET version = version + 1, writers = writers || ${`${writer},`}
          WHERE id = 1 AND version = ${row.version as number}`,
    );
    return (updated as unknown as { rowCount: number }).rowCount;
  });
}

describe('closing the embedded database', () => {
  it('leaves a directory that opens again with its data, without lock or socket', async () => {
    const dataDir = await initialisedDataDir();
    const first = await openDatabase({ dataDir });
    expect(readdirSync(dataDir)).toContain('.s.PGSQL.5432');
    await first.db.execute(sql`CREATE TABLE kept (value text)`);
    await first.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is already open in this process/);
    await first.close();
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, '.s.PGSQL.5432'))).toBe(false);

    const again = await openDatabase({ dataDir });
    try {
      expect(rowsOf(await again.db.execute(sql`SELECT value FROM kept`))).toEqual([{ value: 'still here' }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('opens in memory without a data directory, and leaves no socket behind', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('backoffice-pglite-'));
    const memory = await openDatabase({});
    expect(rowsOf(await memory.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    await memory.close();
    const after = readdirSync(tmpdir()).filter((name) => name.startsWith('backoffice-pglite-'));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
  }, 60_000);
});

describe("a PGlite on this process's own event loop (the tests' databases)", () => {
  it('is reached through node-postgres and the same queue: each connection keeps its own named statements', async () => {
    const pglite = await newEmptyPglite();
    const handle = await openDatabase({ inProcess: pglite });
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const preparedEchoes = async () => (await pglite.query<{ count: number }>(PREPARED_ECHOES)).rows[0].count;
    try {
      const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      const answered = await Promise.all(
        clients.map(async (client, index) => {
          const values: number[] = [];
          for (const run of [1, 2]) values.push(await echo(client, index * 10 + run));
          return values;
        }),
      );
      expect(answered).toEqual([
        [1, 2],
        [11, 12],
        [21, 22],
      ]);
      expect(await preparedEchoes()).toBe(3);
      // A connection the pool ends closes both ends of its socket: its statement is deallocated.
      clients[1].release(true);
      clients[2].release(true);
      await vi.waitFor(async () => expect(await preparedEchoes()).toBe(1), { timeout: 5_000 });
      clients[0].release();
    } finally {
      await handle.close();
    }
    expect(pglite.closed).toBe(true);
  }, 60_000);
});
