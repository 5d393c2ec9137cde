/**
 * `npm run bench:stream`: 500 open live streams (`GET /api/v1/notifications/stream`) on one API process, and the
 * process's extra memory (docs/notifications.md; the target: under 100 MB). The app runs in this
 * process on an in-memory PGlite (or PostgreSQL with BENCH_DATABASE_URL), demo-seeded, plus 500 customers with a
 * session each; the clients are a child process (500 HTTP connections, one per customer), so their memory is
 * not counted. Measured after a full GC (node --expose-gc): RSS and V8 heap before the connections, with all
 * open and idle, and after one notification to each (one committed transaction of 500 notifications, every
 * stream receiving its own). The machine's load average is recorded.
 *
 *   npm run bench:stream -- [connections]
 */
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { parseEnvironment } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { authSessions, roles, users } from '../server/db/schema';
import { createMailer } from '../server/services/mail';
import { notify } from '../server/services/notifications/create';
import { seedBenchDatabase } from './server';

const DATABASE = 'stream_bench';

// ---- the clients, in a child process -----------------------------------------------------------------

/** Opens one stream per token; says `open` once every stream has its first event, `got N` as notifications come. */
function runClients(url: string, tokens: string[]): void {
  let opened = 0;
  let received = 0;
  for (const token of tokens) {
    const request = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let first = true;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (first && chunk.includes('event: unread')) {
          first = false;
          opened += 1;
          if (opened === tokens.length) process.stdout.write('open\n');
        }
        const count = chunk.split('event: notification').length - 1;
        if (count > 0) {
          received += count;
          if (received >= tokens.length) process.stdout.write(`got ${received}\n`);
        }
      });
    });
    request.on('error', (error) => process.stderr.write(`${error.message}\n`));
  }
}

// ---- the server ----------------------------------------------------------------------------------------

async function openBenchDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; engine: string }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl)
    return { database: await openDatabase({}), drop: async () => undefined, engine: 'PGlite (in memory)' };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString() }),
    engine: 'PostgreSQL',
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function customers(database: DatabaseHandle, count: number): Promise<{ id: number; sessionId: string }[]> {
  const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  const rows = Array.from({ length: count }, (_, index) => ({
    firstName: 'Stream',
    lastName: `Reader ${index}`,
    username: `stream-${index}`,
    email: `stream-${index}@example.ch`,
    roleId: role.id,
    language: ['en', 'fr', 'de', 'it'][index % 4],
  }));
  const created = await database.db.insert(users).values(rows).returning({ id: users.id });
  const sessions = await database.db
    .insert(authSessions)
    .values(created.map((user) => ({ userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })))
    .returning({ id: authSessions.id, userId: authSessions.userId });
  return sessions.map((session) => ({ id: session.userId, sessionId: session.id }));
}

const MB = 1024 * 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function settledMemory(): Promise<{ rss: number; heap: number }> {
  for (let round = 0; round < 3; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss / MB, heap: usage.heapUsed / MB };
}

const waitForLine = (child: ReturnType<typeof spawn>, prefix: string, timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${prefix}" from the clients in ${timeoutMs} ms`)), timeoutMs);
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith(prefix));
      if (line) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(line);
      }
    };
    child.stdout?.on('data', onData);
  });

async function measure(connections: number): Promise<string> {
  if (!(globalThis as { gc?: unknown }).gc) throw new Error('run with node --expose-gc (npm run bench:stream)');
  const { database, drop, engine } = await openBenchDatabase();
  await seedBenchDatabase(database);
  const config = { ...parseEnvironment({ NODE_ENV: 'test' }), jwtSecret: 'bench-secret-bench-secret-bench-secret-123' };
  const app = await buildApp({ config, database, mailer: createMailer({ db: database.db }), logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const readers = await customers(database, connections);
  const tokens = await Promise.all(
    readers.map((reader) => app.authService.accessTokens.sign({ userId: reader.id, sessionId: reader.sessionId })),
  );
  // Warm up the route (one stream opened and closed), so that compiling it is not counted as connections' cost.
  const warm = await fetch(`${base}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  await warm.body?.cancel();
  const loadBefore = loadavg()[0].toFixed(2);
  const before = await settledMemory();

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--clients', `${base}/api/v1/notifications/stream`],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdin.end(JSON.stringify(tokens));
  const openStarted = performance.now();
  await waitForLine(child, 'open', 300_000);
  const openSeconds = (performance.now() - openStarted) / 1000;
  const idle = await settledMemory();
  const streams = app.notifications.hub.size;

  const sent = performance.now();
  await database.db.transaction((tx) =>
    notify(
      tx,
      readers.map((reader) => ({
        userId: reader.id,
        kind: 'ACCESS_LINK_SENT' as const,
        resource: 'users' as const,
        recordId: reader.id,
        params: {},
      })),
    ),
  );
  const got = await waitForLine(child, 'got', 300_000);
  const deliverySeconds = (performance.now() - sent) / 1000;
  const afterOne = await settledMemory();
  const loadAfter = loadavg()[0].toFixed(2);
  child.kill();
  await app.close();
  await database.close();
  await drop();

  const extra = (value: number, baseline: number) => (value - baseline).toFixed(1);
  const uptime = execFileSync('uptime', { encoding: 'utf8' }).trim();
  return [
    `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC | ${engine} | ${connections} (${streams} in the hub) | ` +
      `${before.rss.toFixed(1)} / ${before.heap.toFixed(1)} | ${extra(idle.rss, before.rss)} / ${extra(idle.heap, before.heap)} | ` +
      `${extra(afterOne.rss, before.rss)} / ${extra(afterOne.heap, before.heap)} | ${openSeconds.toFixed(1)} s | ` +
      `${deliverySeconds.toFixed(2)} s (${got}) | ${loadBefore} → ${loadAfter} |`,
    `uptime at the end: ${uptime}`,
  ].join('\n');
}

if (process.argv[2] === '--clients') {
  let input = '';
  process.stdin.on('data', (chunk) => (input += chunk.toString()));
  process.stdin.on('end', () => runClients(process.argv[3], JSON.parse(input) as string[]));
} else {
  const connections = Number(process.argv[2] ?? 500);
  measure(connections).then(
    (line) => {
      process.stdout.write(
        '| when | database | streams | before: RSS / heap MB | idle: extra RSS / heap MB | after one notification each: extra RSS / heap MB | all open in | delivery to all | load average (1 min) |\n',
      );
      process.stdout.write('|---|---|---|---|---|---|---|---|---|\n');
      process.stdout.write(`${line}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
