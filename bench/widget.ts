/**
 * `npm run bench:widget`: the public widget page as a venue's visitors load it, from the page cache, at 50
 * connections: full answers compressed with Brotli (what browsers ask for), and revalidations answered 304
 * (If-None-Match). Each turn runs autocannon in a process of its own for a fixed time against the app listening
 * on loopback in this process; the two kinds take turns (200, 304, 200, 304) on each engine, with the machine's
 * load average before and after. Also the size of the page as sent, compressed and not.
 *
 * `npm run bench:widget` runs it with the young generation `npm start` gives the server (--max-semi-space-size=4).
 * PostgreSQL needs BENCH_DATABASE_URL (a server where the database widget_bench is created and dropped).
 *   npm run bench:widget -- [pglite|postgres|both] [seconds per turn]
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { WIDGET_PATHS } from '../domain/widget';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { widgetSettings } from '../server/db/schema';
import { DEFAULT_RATE_LIMITS } from '../server/services/rateLimits';
import { listenOnLoopback, round, seedBenchDatabase } from './server';

const CONNECTIONS = 50;
const TARGET = { answersPerSecond: 5_000, p99Ms: 20, gzippedKb: 30 };
const requested = process.argv[2] ?? 'both';
const engines = requested === 'both' ? ['pglite', 'postgres'] : [requested];
const turnSeconds = Number(process.argv[3] ?? 10);
const WARM_UP_SECONDS = 3;
const run = promisify(execFile);
const autocannonBin = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'autocannon');

interface Turn {
  engine: string;
  kind: '200 br' | '304';
  answersPerSecond: number;
  p50: number;
  p99: number;
  other: number;
  load: string;
}

const load = () =>
  loadavg()
    .slice(0, 1)
    .map((value) => value.toFixed(2))
    .join('');

async function hammer(
  url: string,
  headers: Record<string, string>,
  seconds = turnSeconds,
): Promise<Omit<Turn, 'engine' | 'kind' | 'load'>> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(
    autocannonBin,
    ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...headerArgs, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    '2xx': number;
    errors: number;
    timeouts: number;
  };
  return {
    answersPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    other: result.errors + result.timeouts,
  };
}

async function openEngine(engine: string): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: async () => undefined };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed for the PostgreSQL run');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS widget_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE widget_bench');
  const url = new URL(serverUrl);
  url.pathname = '/widget_bench';
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.query('DROP DATABASE IF EXISTS widget_bench WITH (FORCE)');
      await admin.end();
    },
  };
}

async function measure(
  engine: string,
): Promise<{ turns: Turn[]; sizes: { raw: number; gzip: number; brotli: number } }> {
  const { database, drop } = await openEngine(engine);
  await seedBenchDatabase(database);
  // The seed's writes leave PostgreSQL work to do in the background (autovacuum, analyze, a checkpoint), which would
  // share the two cores with the first turn: done now, as a server running for a while has it behind it.
  if (engine === 'postgres') {
    await database.db.execute(sql`VACUUM ANALYZE`);
    await database.db.execute(sql`CHECKPOINT`);
  }
  // The rate limit per address stays on (its cost is measured) but high: every request here comes from one address.
  const server = await listenOnLoopback(database, {
    widgetPages: { ...DEFAULT_RATE_LIMITS.widgetPages, max: 1_000_000_000 },
  });
  try {
    // The customised demo widget: calendar and happy hours on, so the page is among the largest.
    const [widget] = await database.db
      .select({ key: widgetSettings.externalApiKey })
      .from(widgetSettings)
      .where(eq(widgetSettings.hasEnabledCalendar, true))
      .limit(1);
    const url = `${server.base}${WIDGET_PATHS.page(widget.key)}?lang=de`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (first.status !== 200) throw new Error(`The widget page answered ${first.status}`);
    const page = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag');
    if (!etag) throw new Error('The widget page has no ETag');
    const brotli = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const sizes = {
      raw: page.length,
      gzip: gzipSync(page).length,
      brotli: Number(brotli.headers.get('content-length') ?? (await brotli.arrayBuffer()).byteLength),
    };
    // A short untimed turn first: V8 compiles the hot path while it runs, as it would in a server running for hours.
    await hammer(url, { 'accept-encoding': 'gzip, deflate, br' }, WARM_UP_SECONDS);
    const turns: Turn[] = [];
    for (let round = 0; round < 2; round++) {
      for (const kind of ['200 br', '304'] as const) {
        const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
        if (kind === '304') headers['if-none-match'] = etag;
        const before = load();
        const result = await hammer(url, headers);
        turns.push({ engine, kind, ...result, load: `${before} → ${load()}` });
        console.log(engine, kind, result);
      }
    }
    return { turns, sizes };
  } finally {
    await server.close();
    await database.close();
    await drop();
  }
}

const results = [];
for (const engine of engines) results.push({ engine, ...(await measure(engine)) });

const meets = (turn: Turn) =>
  turn.answersPerSecond >= TARGET.answersPerSecond && turn.p99 < TARGET.p99Ms && turn.other === 0;
const lines = [
  '# The public widget page under load',
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npx tsx bench/widget.ts ${requested} ${turnSeconds}\`, ${CONNECTIONS} connections, ${turnSeconds} s a turn, autocannon in its own process on the same 2-core machine.`,
  `Targets: at least ${TARGET.answersPerSecond.toLocaleString('en')} answers/s with p99 under ${TARGET.p99Ms} ms, the page at most ${TARGET.gzippedKb} KB gzipped.`,
  '',
  '| engine | answer | answers/s | p50 ms | p99 ms | errors | load average (1 min) before → after | target met |',
  '|---|---|---|---|---|---|---|---|',
  ...results.flatMap(({ turns }) =>
    turns.map(
      (turn) =>
        `| ${turn.engine} | ${turn.kind} | ${turn.answersPerSecond.toLocaleString('en')} | ${turn.p50} | ${turn.p99} | ${turn.other} | ${turn.load} | ${meets(turn) ? 'yes' : 'no'} |`,
    ),
  ),
  '',
  '| engine | page as HTML | gzip | brotli (as sent) |',
  '|---|---|---|---|',
  ...results.map(
    ({ engine, sizes }) =>
      `| ${engine} | ${round(sizes.raw / 1024)} KB | ${round(sizes.gzip / 1024)} KB | ${round(sizes.brotli / 1024)} KB |`,
  ),
  '',
];
writeFileSync(path.join(import.meta.dirname, 'results', 'widget.md'), lines.join('\n'));
console.log(lines.join('\n'));
