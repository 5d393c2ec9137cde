/**
 * `npm run bench:lists`: every list the browser shows, at the scale of a platform with years behind it
 * (bench/scale.ts: 100,000 events, 10,000 establishments and users), served by the product over real HTTP
 * at 10 connections, next to a bare baseline: the same page and total written by hand as the simplest
 * indexed SQL, run through `pg` in a minimal `node:http` handler. The two are measured in turns (baseline,
 * product, baseline, product) so that the machine's noise hits both; the report gives their ratio.
 *
 * Needs a PostgreSQL server for the baseline (and for the PostgreSQL run): BENCH_DATABASE_URL, e.g.
 * postgres://postgres@127.0.0.1:55433/postgres; a database `lists_bench` is created and dropped there.
 *   npx tsx bench/lists.ts [postgres|pglite|both] [seconds per turn]
 */
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { Pool } from 'undici';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../server/db/client';
import { vacuumWhereDue } from '../server/db/embeddedVacuum';
import { seedDemoData } from '../server/seed';
import { DEMO_PASSWORD, listenOnLoopback, loadTurn, round, timedTurn, type Turn } from './server';
import { scaleUp } from './scale';

const CONNECTIONS = 10;
const PAGE = 25;
const engines = (process.argv[2] ?? 'both') === 'both' ? ['postgres', 'pglite'] : [process.argv[2]];
const turnSeconds = Number(process.argv[3] ?? 6);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed for the baseline');
const benchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = '/lists_bench';
  return url.toString();
})();

interface ListCase {
  name: string;
  account: string;
  /** The request the browser sends (path and query below /api/v1). */
  path: string;
  /** The same page and total as bare SQL: [page query, count query, parameters]. */
  baseline: [string, string, unknown[]];
}

const listQuery = (resource: string, sort: [string, string], filter: object = {}) =>
  `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify([0, PAGE - 1]))}&sort=${encodeURIComponent(JSON.stringify(sort))}`;

const bare = (table: string, where: string, order: string, parameters: unknown[] = []): ListCase['baseline'] => [
  `SELECT * FROM ${table} ${where ? `WHERE ${where}` : ''} ORDER BY ${order} LIMIT ${PAGE}`,
  `SELECT count(*) FROM ${table} ${where ? `WHERE ${where}` : ''}`,
  parameters,
];

async function one<T>(db: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows[0];
}

/** The cases, with values (a busy city, a venue, a search word) read from the scaled database. */
async function listCases(db: DatabaseHandle): Promise<ListCase[]> {
  const { city } = await one<{ city: string }>(
    db,
    sql`SELECT city_key AS city FROM events WHERE city_key IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const { establishment } = await one<{ establishment: number }>(
    db,
    sql`SELECT establishment_id AS establishment FROM users WHERE email = 'admin@demo.ch'`,
  );
  const word = 'nacht';
  return [
    {
      name: 'events, newest first',
      account: 'root@demo.ch',
      path: listQuery('events', ['startDate', 'DESC']),
      baseline: bare('events', '', 'first_starts_at DESC, id DESC'),
    },
    {
      name: 'events in one city',
      account: 'root@demo.ch',
      path: listQuery('events', ['startDate', 'DESC'], { cities: [city] }),
      baseline: bare('events', 'city_key = $1', 'first_starts_at DESC, id DESC', [city]),
    },
    {
      name: `events, search "${word}"`,
      account: 'root@demo.ch',
      path: listQuery('events', ['startDate', 'DESC'], { q: word }),
      baseline: bare('events', 'title ILIKE $1', 'first_starts_at DESC, id DESC', [`%${word}%`]),
    },
    {
      name: 'events of a venue (its admin)',
      account: 'admin@demo.ch',
      path: listQuery('events', ['startDate', 'DESC']),
      baseline: bare('events', 'establishment_id = $1', 'first_starts_at DESC, id DESC', [establishment]),
    },
    {
      name: 'establishments by name',
      account: 'root@demo.ch',
      path: listQuery('establishments', ['establishmentName', 'ASC']),
      baseline: bare('establishments', '', 'lower(name), id'),
    },
    {
      name: 'establishments in one city',
      account: 'root@demo.ch',
      path: listQuery('establishments', ['establishmentName', 'ASC'], { city }),
      baseline: bare('establishments', 'lower(city) = lower($1)', 'lower(name), id', [city]),
    },
    {
      name: 'users by last name',
      account: 'root@demo.ch',
      path: listQuery('users', ['lastName', 'ASC']),
      baseline: bare('users', '', 'lower(last_name), id'),
    },
    {
      name: 'users, search "demo"',
      account: 'root@demo.ch',
      path: listQuery('users', ['lastName', 'ASC'], { q: 'demo' }),
      // The same five columns as the product's search (server/routes/users.ts), each through its trigram index.
      baseline: bare(
        'users',
        'first_name ILIKE $1 OR last_name ILIKE $1 OR username ILIKE $1 OR email ILIKE $1 OR phone_number ILIKE $1',
        'lower(last_name), id',
        ['%demo%'],
      ),
    },
    {
      name: 'promoters by name',
      account: 'root@demo.ch',
      path: listQuery('promoters', ['promoterName', 'ASC']),
      baseline: bare('promoter_groups', '', 'lower(name), id'),
    },
    {
      name: 'tags by name',
      account: 'root@demo.ch',
      path: listQuery('tags', ['tagName', 'ASC']),
      baseline: bare('tags', '', 'lower(tag_name), id'),
    },
    {
      name: 'audit log, newest first',
      account: 'root@demo.ch',
      path: listQuery('audit-log', ['at', 'DESC']),
      baseline: bare('audit_log', '', 'at DESC, id DESC'),
    },
    {
      name: 'mail outbox, newest first',
      account: 'root@demo.ch',
      path: listQuery('outbox', ['createdAt', 'DESC']),
      baseline: bare('mail_outbox', '', 'created_at DESC, id DESC'),
    },
  ];
}

/** The bare baseline: `GET /<case index>` runs that case's two statements and answers the rows. */
async function startBaseline(cases: ListCase[]): Promise<{ base: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: benchUrl, max: CONNECTIONS, options: '-c jit=off' });
  const server: Server = createServer((request, response) => {
    const listCase = cases[Number(request.url?.slice(1))];
    const [pageQuery, countQuery, parameters] = listCase.baseline;
    Promise.all([pool.query(pageQuery, parameters), pool.query(countQuery, parameters)])
      .then(([page, total]) => {
        response.setHeader('content-range', `items 0-${page.rows.length - 1}/${total.rows[0].count}`);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(page.rows));
      })
      .catch((error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

/**
 * The load generator runs in this process, on the thread that serves the product and the baseline, so what it
 * spends on a request is taken from both. By default it sends with `fetch`, as every recorded run did: its streams
 * and headers objects cost about as much of the thread as a short list does, and it decompresses the product's
 * answers (the baseline's are not compressed), work a browser does on its own machine. LISTS_GENERATOR=request
 * sends through undici's `request` on a pool of keep-alive connections and drops each answer unread, as
 * bench/mixed.ts does: the generator then takes little, so the ratio shows the server's cost against the bare
 * handler's more starkly (bench/results/lists.md has both, side by side).
 */
const GENERATOR = process.env.LISTS_GENERATOR === 'request' ? 'request' : 'fetch';

/** `CONNECTIONS` loops sending GET `url` for `turnSeconds`. */
const load = (url: string, headers: Record<string, string>): Promise<Turn> =>
  GENERATOR === 'fetch'
    ? loadTurn(url, headers, { connections: CONNECTIONS, seconds: turnSeconds, timeoutMs: 10_000 })
    : requestTurn(new URL(url), headers);

async function requestTurn(url: URL, headers: Record<string, string>): Promise<Turn> {
  const connections = new Pool(url.origin, { connections: CONNECTIONS });
  try {
    return await timedTurn({ connections: CONNECTIONS, seconds: turnSeconds }, async () => {
      const answer = await connections.request({
        path: url.pathname + url.search,
        method: 'GET',
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      // Read to the end whatever its size (undici stops reading past 128 KiB by default and closes the connection).
      await answer.body.dump({ limit: 64 * 1024 * 1024 });
      return answer.statusCode >= 200 && answer.statusCode < 300;
    });
  } finally {
    await connections.close();
  }
}

async function recreateBenchDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS lists_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE lists_bench');
  await admin.end();
}

async function scaledDatabase(engine: string): Promise<DatabaseHandle> {
  const handle = engine === 'postgres' ? await openDatabase({ databaseUrl: benchUrl }) : await openDatabase({});
  await migrateDatabase(handle);
  await seedDemoData(handle.db, { demoPassword: DEMO_PASSWORD });
  await scaleUp(handle.db);
  // PostgreSQL's autovacuum sees to the copied rows by itself; the embedded database's is the product's own,
  // which would have run within a minute of them (server/services/embeddedVacuum.ts).
  if (handle.engine === 'pglite') await vacuumWhereDue(handle.db);
  return handle;
}

interface Row {
  engine: string;
  name: string;
  product: Turn;
  baseline: Turn;
}

async function benchEngine(engine: string, baselineDb: DatabaseHandle): Promise<Row[]> {
  const database = engine === 'postgres' ? baselineDb : await scaledDatabase(engine);
  const cases = await listCases(baselineDb);
  const app = await listenOnLoopback(database);
  const baseline = await startBaseline(cases);
  const rows: Row[] = [];
  try {
    for (const [index, listCase] of cases.entries()) {
      // As the browser sends them: its interface language (which names the type labels) and its encodings.
      const headers = {
        authorization: `Bearer ${await app.accessTokenOf(listCase.account)}`,
        'accept-language': 'de',
        'accept-encoding': 'br, gzip',
      };
      const productUrl = `${app.base}/api/v1${listCase.path}`;
      const check = await fetch(productUrl, { headers });
      if (!check.ok) throw new Error(`${listCase.name}: ${check.status} ${await check.text()}`);
      await load(productUrl, headers); // warm-up
      const turns = { product: [] as Turn[], baseline: [] as Turn[] };
      for (let round = 0; round < 2; round += 1) {
        turns.baseline.push(await load(`${baseline.base}/${index}`, {}));
        turns.product.push(await load(productUrl, headers));
      }
      const merged = (list: Turn[]): Turn => ({
        perSecond: list.reduce((sum, turn) => sum + turn.perSecond, 0) / list.length,
        p50: Math.max(...list.map((turn) => turn.p50)),
        p99: Math.max(...list.map((turn) => turn.p99)),
        errors: list.reduce((sum, turn) => sum + turn.errors, 0),
      });
      const row = { engine, name: listCase.name, product: merged(turns.product), baseline: merged(turns.baseline) };
      console.log(reportLine(row));
      rows.push(row);
    }
  } finally {
    await baseline.close();
    await app.close();
    if (database !== baselineDb) await database.close();
  }
  return rows;
}

function reportLine({ engine, name, product, baseline }: Row): string {
  const ratio = Math.round((product.perSecond / baseline.perSecond) * 100);
  return `| ${engine} | ${name} | ${round(product.perSecond)} | ${round(product.p50)} | ${round(product.p99)} | ${product.errors} | ${round(baseline.perSecond)} | ${round(baseline.p99)} | ${ratio} % |`;
}

const started = new Date();
const load1 = loadavg()[0];
await recreateBenchDatabase();
const baselineDb = await scaledDatabase('postgres');
const rows: Row[] = [];
try {
  for (const engine of engines) rows.push(...(await benchEngine(engine, baselineDb)));
} finally {
  await baselineDb.close();
}
const report = [
  `Run ${started.toISOString()}, ${turnSeconds} s per turn, turns baseline/product/baseline/product, ${CONNECTIONS} connections, requests sent by ${GENERATOR === 'fetch' ? '`fetch`' : "undici's `request`"}; load average ${load1.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after.`,
  '',
  '| engine | list | req/s | p50 ms | p99 ms | errors | baseline req/s | baseline p99 ms | product / baseline |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(reportLine),
].join('\n');
console.log(`\n${report}`);
writeFileSync('bench/results/lists.latest.md', `${report}\n`);
