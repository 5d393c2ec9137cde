/**
 * `npm run bench:mixed -- <checkout before> [postgres|pglite|both] [seconds]`: the product under a mixed load
 * at the scale of bench/scale.ts (100,000 events), 50 connections for 60 s: 70 % reads (the events list, an
 * event, the establishments list, the signed-in user), 20 % updates of an event the connection wrote, 10 %
 * creates, across the demo roles that manage events and those that only read. The code before a change (a
 * checkout with its node_modules, e.g. `git worktree add /tmp/before <commit>`) and this checkout run in turns
 * (before, after, before, after), each as the real server process on its own database, measured after a warm-up
 * of the same load (MIXED_WARM_UP_SECONDS, 10 by default).
 *
 * PostgreSQL runs need BENCH_DATABASE_URL (a server where databases mixed_* are created and dropped).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Pool, type Dispatcher } from 'undici';
import { percentile, round } from './server';

const [beforeCheckout, engineArgument = 'both', secondsArgument = '60'] = process.argv.slice(2);
if (!beforeCheckout) throw new Error('usage: bench/mixed.ts <checkout before> [postgres|pglite|both] [seconds]');
const afterCheckout = path.resolve(import.meta.dirname, '..');
const engines = engineArgument === 'both' ? ['postgres', 'pglite'] : [engineArgument];
const SECONDS = Number(secondsArgument);
/**
 * The same load runs this long before the measured seconds, uncounted: a production server answers with its
 * code compiled by the JIT and its connections open, which a server started a moment ago has not. (Its past
 * days' statistics, which a production database has long had, are counted when the database is prepared:
 * bench/mixedPrepare.ts.)
 */
const WARM_UP_SECONDS = Number(process.env.MIXED_WARM_UP_SECONDS ?? 10);
const CONNECTIONS = 50;
const REQUEST_TIMEOUT_MS = 10_000;
const PASSWORD = 'Demo-Backoffice-2026';
const JWT_SECRET = 'mixed-bench-secret-mixed-bench-secret-0123';
const WRITERS = ['root@demo.ch', 'admin@demo.ch', 'admin2@demo.ch', 'coordinator-full@demo.ch'];
const READERS = ['customer@demo.ch', 'coordinator@demo.ch', 'promoter@demo.ch'];
/**
 * What a writing connection draws, so that the whole load is 70 % reads, 20 % updates and 10 % creates: four of
 * the seven accounts write, the other three only read (4/7 × 0.35 = 0.2, 4/7 × 0.175 = 0.1).
 */
const WRITER_UPDATES = 0.35;
const WRITER_CREATES = 0.175;

interface PreparedIds {
  /** Where ROOT and the full coordinator, who have no venue of their own, write their events. */
  establishment: number;
  eventType: number;
  music: number;
  tag: number;
  maxEvent: number;
}

interface Target {
  label: string;
  checkout: string;
  engine: string;
}

function prepare(target: Target, where: string): PreparedIds {
  const output = execFileSync('npx', ['tsx', path.join(afterCheckout, 'bench/mixedPrepare.ts'), target.engine, where], {
    cwd: target.checkout,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = output.split('\n').find((candidate) => candidate.startsWith('IDS '));
  if (!line) throw new Error(`no ids from the preparation:\n${output}`);
  return JSON.parse(line.slice(4)) as PreparedIds;
}

async function startServer(target: Target, environment: Record<string, string>, port: number) {
  // MIXED_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`) are given to the servers' node.
  const nodeArguments = (process.env.MIXED_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', 'server/main.ts'], {
    cwd: target.checkout,
    env: {
      ...process.env,
      ...environment,
      PORT: String(port),
      JWT_SECRET,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      await fetch(`${base}/api/v1/auth/me`);
      return { base, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${target.label} did not start`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
}

interface Session {
  token: string;
  establishmentId: number | null;
}

async function signIn(base: string, email: string): Promise<Session> {
  const response = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const me = (await (
    await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as { establishmentId: number | null };
  return { token: accessToken, establishmentId: me.establishmentId };
}

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function eventInput(ids: PreparedIds, establishmentId: number, title: string) {
  return {
    generalInfos: {
      establishmentId,
      eventType: { id: ids.eventType },
      eventTitle: title,
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 25,
      musics: [ids.music],
      promotable: true,
      isFree: false,
    },
    dateAndCalendar: { startDate: '2027-03-06', startTime: '22:00', endTime: '04:00' },
    descriptionAndMedia: { tagTerms: [ids.tag] },
    description: { description: null, htmlDescription: '<p>Mixed load</p>' },
  };
}

interface Outcome {
  kind: 'read' | 'update' | 'create';
  ms: number;
  ok: boolean;
  timedOut: boolean;
}

/**
 * The measured requests go through undici's `request` on a pool of keep-alive connections, not `fetch`: on this
 * 2-core machine the load generator shares the CPU with the server and its database, and `fetch` (its streams,
 * headers objects and decompression of every answer) cost the generator 1.0–1.4 ms of CPU a request, a fifth of
 * the machine. Answers are asked for compressed as a browser asks (the server's work stays the same) and only
 * the ones whose JSON the connection keeps are decompressed.
 */
const ACCEPT_ENCODING = 'br, gzip';

interface Answer {
  status: number;
  ok: boolean;
  json<Shape>(): Promise<Shape>;
  discard(): Promise<void>;
}

function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function send(pool: Pool, session: Session, method: Dispatcher.HttpMethod, url: string, body?: unknown) {
  const response = await pool.request({
    path: `/api/v1${url}`,
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      'accept-encoding': ACCEPT_ENCODING,
      ...(body ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer: Answer = {
    status: response.statusCode,
    ok: response.statusCode >= 200 && response.statusCode < 300,
    json: async <Shape>() =>
      JSON.parse(
        decoded(Buffer.from(await response.body.arrayBuffer()), response.headers['content-encoding']).toString(),
      ) as Shape,
    discard: () => response.body.dump(),
  };
  return answer;
}

type EventRecord = { id: number } & Record<string, unknown>;

/**
 * A connection's own reproducible sequence of numbers in [0, 1) (mulberry32). The draws used to be
 * `(draw * 1103515245 + 12345) % 2 ** 31` in floating point: the product passes 2^53, its low bits were lost,
 * and `draw % 4` chose the events list for 9,137 of 9,230 reads (11 establishments lists, 10 `/auth/me`).
 */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** One connection: its account, its own events to update, and its draw of reads and writes. */
async function connection(
  pool: Pool,
  ids: PreparedIds,
  email: string,
  session: Session,
  index: number,
  window: { measuredFrom: number; deadline: number },
  outcomes: Outcome[],
) {
  const writer = WRITERS.includes(email);
  const venue = session.establishmentId ?? ids.establishment;
  const own: EventRecord[] = [];
  let created = 0;
  const create = async () => {
    const response = await send(
      pool,
      session,
      'POST',
      '/events',
      eventInput(ids, venue, `Mixed ${index}-${(created += 1)}`),
    );
    if (response.ok) own.push(await response.json<EventRecord>());
    else await response.discard();
    return response.ok;
  };
  const random = randomSequence(index + 1);
  const pick = (count: number) => Math.floor(random() * count);
  while (performance.now() < window.deadline) {
    const roll = random();
    // A writer starts with an event of its own to update: that first create is timed like any other request
    // (a timeout there is a timeout of the run, not a crash of the benchmark; counted when the warm-up is 0).
    const kind: Outcome['kind'] =
      writer && created === 0
        ? 'create'
        : !writer || roll >= WRITER_UPDATES + WRITER_CREATES
          ? 'read'
          : roll < WRITER_UPDATES && own.length > 0
            ? 'update'
            : 'create';
    const started = performance.now();
    let ok = false;
    let timedOut = false;
    try {
      if (kind === 'read') {
        const which = pick(4);
        const page = pick(20);
        const url =
          which === 0
            ? `/events?filter=${json({})}&range=${json([page * 25, page * 25 + 24])}&sort=${json(['startDate', 'DESC'])}`
            : which === 1
              ? `/events/${own[0]?.id ?? 1 + pick(ids.maxEvent)}`
              : which === 2
                ? `/establishments?filter=${json({})}&range=${json([0, 24])}&sort=${json(['establishmentName', 'ASC'])}`
                : '/auth/me';
        const response = await send(pool, session, 'GET', url);
        await response.discard();
        // A customer may not read every event: a 403/404 there is the product answering correctly.
        ok = response.ok || (which === 1 && (response.status === 403 || response.status === 404));
      } else if (kind === 'update') {
        const record = own[pick(own.length)];
        const general = record.generalInfos as Record<string, unknown>;
        const response = await send(pool, session, 'PUT', `/events/${record.id}`, {
          ...record,
          generalInfos: { ...general, ageMin: ((general.ageMin as number) % 30) + 1 },
        });
        ok = response.ok;
        if (ok) own[own.indexOf(record)] = await response.json<EventRecord>();
        else await response.discard();
      } else {
        ok = await create();
      }
    } catch {
      // Whatever undici names an aborted request, one that took the whole allowance timed out.
      timedOut = performance.now() - started >= REQUEST_TIMEOUT_MS;
    }
    if (started >= window.measuredFrom) outcomes.push({ kind, ms: performance.now() - started, ok, timedOut });
  }
}

/** Where the tail is: each kind of request's count, p50 and p99 (printed beside the table). */
function latenciesByKind(outcomes: Outcome[]): string {
  const kinds: Outcome['kind'][] = ['read', 'update', 'create'];
  return kinds
    .map((kind) => {
      const sorted = outcomes
        .filter((outcome) => outcome.kind === kind)
        .map((outcome) => outcome.ms)
        .sort((a, b) => a - b);
      return `${kind} ${sorted.length} p50 ${round(percentile(sorted, 50))} p99 ${round(percentile(sorted, 99))} ms`;
    })
    .join('; ');
}

interface RunResult {
  label: string;
  engine: string;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  requests: number;
}

async function run(target: Target, port: number): Promise<RunResult> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'mixed-'));
  let environment: Record<string, string>;
  let database: string | undefined;
  if (target.engine === 'postgres') {
    const serverUrl = process.env.BENCH_DATABASE_URL;
    if (!serverUrl) throw new Error('BENCH_DATABASE_URL is needed for PostgreSQL');
    database = `mixed_${target.label}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    // MIXED_SLOW_MS logs the plan of every statement slower than that (PostgreSQL's auto_explain), to find them.
    if (process.env.MIXED_SLOW_MS) {
      await admin.query(`ALTER DATABASE ${database} SET session_preload_libraries = 'auto_explain'`);
      await admin.query(
        `ALTER DATABASE ${database} SET auto_explain.log_min_duration = ${Number(process.env.MIXED_SLOW_MS)}`,
      );
    }
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    environment = { DATABASE_URL: url.toString(), DATA_DIR: scratch };
  } else {
    environment = { DATA_DIR: scratch };
  }
  const ids = prepare(target, environment.DATABASE_URL ?? scratch);
  const { base, child } = await startServer(target, environment, port);
  try {
    const accounts = [...WRITERS, ...READERS];
    const sessions = new Map<string, Session>();
    for (const email of accounts) sessions.set(email, await signIn(base, email));
    const outcomes: Outcome[] = [];
    const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
    const window = { measuredFrom, deadline: measuredFrom + SECONDS * 1000 };
    const pool = new Pool(base, { connections: CONNECTIONS });
    await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, index) => {
        const email = accounts[index % accounts.length];
        return connection(pool, ids, email, sessions.get(email) as Session, index, window, outcomes);
      }),
    );
    await pool.close();
    const seconds = (performance.now() - measuredFrom) / 1000;
    const latencies = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    console.log(`${target.label}: ${latenciesByKind(outcomes)}`);
    return {
      label: target.label,
      engine: target.engine,
      requests: outcomes.length,
      perSecond: outcomes.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: outcomes.filter((outcome) => !outcome.ok && !outcome.timedOut).length,
      timeouts: outcomes.filter((outcome) => outcome.timedOut).length,
    };
  } finally {
    await stopServer(child);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const line = (result: RunResult) =>
  `| ${result.engine} | ${result.label} | ${result.requests} | ${round(result.perSecond)} | ${round(result.p50)} | ${round(result.p99)} | ${result.errors} | ${result.timeouts} |`;

const startedAt = new Date();
const loadBefore = loadavg()[0];
const results: RunResult[] = [];
let port = 3190;
for (const engine of engines) {
  for (let round = 0; round < (process.env.MIXED_ONLY ? 1 : 2); round += 1) {
    const turns = [
      ['before', path.resolve(beforeCheckout)],
      ['after', afterCheckout],
    ].filter(([label]) => !process.env.MIXED_ONLY || process.env.MIXED_ONLY === label);
    for (const [label, checkout] of turns) {
      const result = await run({ label, checkout, engine }, (port += 1));
      console.log(line(result));
      results.push(result);
    }
  }
}
const report = [
  `Run ${startedAt.toISOString()}: ${CONNECTIONS} connections, ${SECONDS} s per turn after ${WARM_UP_SECONDS} s of the same load uncounted, turns before/after/before/after; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after.`,
  '',
  '| engine | code | requests | req/s | p50 ms | p99 ms | errors | timeouts (10 s) |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(line),
].join('\n');
console.log(`\n${report}`);
writeFileSync(path.join(afterCheckout, 'bench/results/mixed.latest.md'), `${report}\n`);
