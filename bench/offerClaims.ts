/**
 * `npm run bench:claims`: customers claiming spots of one hot offer at once, on PostgreSQL. Every claim is the
 * real `POST /api/v1/offers/:id/claims` over HTTP on loopback: the conditional UPDATE that takes a spot (and
 * the offer's row lock, which serialises every claim of the offer), then the claim row, in one transaction.
 * Each request is a different customer (one live claim per customer and offer), so the customers and their
 * sessions are written into the database beforehand and their access tokens signed in this process. The load
 * comes from a child process (50 requests in flight) for a fixed time per turn; the machine's load average is
 * recorded before and after. Afterwards the offer's `claimed_spots` must equal its live claims and the 201s.
 *
 *   BENCH_DATABASE_URL=postgres://… npm run bench:claims -- [seconds per turn] [turns]
 */
import { execFile } from 'node:child_process';
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { localDateOf } from '../domain/recurrence';
import { buildApp } from '../server/app';
import { parseEnvironment } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { authSessions, events, offerClaims, offers, offerTemplates, roles, users } from '../server/db/schema';
import { offerTypes } from '../server/db/schema/reference';
import { createMailer } from '../server/services/mail';
import { percentile, round, seedBenchDatabase } from './server';

const CONNECTIONS = 50;
const DATABASE = 'claims_bench';

// ---- the load, in a child process ------------------------------------------------------------------

interface LoadResult {
  statuses: Record<string, number>;
  latencies: number[];
  seconds: number;
}

async function generateLoad(url: string, tokensFile: string, seconds: number): Promise<void> {
  const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
  let next = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < tokens.length) {
      const token = tokens[next++];
      const sent = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const result: LoadResult = { statuses, latencies, seconds: (performance.now() - started) / 1000 };
  process.stdout.write(JSON.stringify(result));
}

// ---- the server and the data -------------------------------------------------------------------------

async function openPostgres(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A published exclusive offer of the first seeded establishment, open now, with more spots than any run takes. */
async function insertHotOffer(database: DatabaseHandle): Promise<number> {
  const { db } = database;
  const [event] = await db
    .select({ id: events.id, establishmentId: events.establishmentId })
    .from(events)
    .where(and(eq(events.visibility, 'PUBLISHED'), sql`${events.establishmentId} IS NOT NULL`))
    .limit(1);
  const [template] = await db
    .insert(offerTemplates)
    .values({ kind: 'EXCLUSIVE', longTitle: 'Bench offer', shortTitle: 'Bench', approvalStatus: 'APPROVED' })
    .returning({ id: offerTemplates.id });
  const [offerType] = await db.select({ id: offerTypes.id }).from(offerTypes).limit(1);
  const today = localDateOf(new Date().toISOString());
  const [offer] = await db
    .insert(offers)
    .values({
      kind: 'EXCLUSIVE',
      establishmentId: event.establishmentId,
      eventId: event.id,
      templateId: template.id,
      offerTypeId: offerType.id,
      availableSpots: 10_000_000,
      startDate: today,
      startTime: '00:00',
      endDate: '2999-12-31',
      endTime: '23:59',
      visibility: 'PUBLISHED',
    })
    .returning({ id: offers.id });
  return offer.id;
}

/** `count` customers with a live session each, in batches; answers their access tokens. */
async function customerTokens(
  database: DatabaseHandle,
  sign: (claims: { userId: number; sessionId: string }) => Promise<string>,
  count: number,
): Promise<string[]> {
  const { db } = database;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  const tokens: string[] = [];
  const batchSize = 2_000;
  for (let start = 0; start < count; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, count - start) }, (_, index) => {
      const number = start + index;
      return {
        firstName: 'Bench',
        lastName: `Customer ${number}`,
        username: `bench-${number}`,
        email: `bench-${number}@example.ch`,
        roleId: role.id,
        language: 'en',
      };
    });
    const created = await db.insert(users).values(rows).returning({ id: users.id });
    const sessions = await db
      .insert(authSessions)
      .values(created.map((user) => ({ userId: user.id, expiresAt: new Date(Date.now() + 6 * 3_600_000) })))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    for (const session of sessions) tokens.push(await sign({ userId: session.userId, sessionId: session.id }));
  }
  return tokens;
}

const loadAverage = () => loadavg()[0].toFixed(2);

interface Turn {
  claimsPerSecond: number;
  created: number;
  other: Record<string, number>;
  p50: number;
  p99: number;
  load: string;
}

async function measure(turnSeconds: number, turnCount: number): Promise<{ turns: Turn[]; consistent: boolean }> {
  const { database, drop } = await openPostgres();
  const directory = mkdtempSync(path.join(tmpdir(), 'claims-bench-'));
  try {
    await seedBenchDatabase(database);
    const offerId = await insertHotOffer(database);
    const config = {
      ...parseEnvironment({ NODE_ENV: 'test' }),
      jwtSecret: 'bench-secret-bench-secret-bench-secret-123',
    };
    const mailer = createMailer({ db: database.db });
    const app = await buildApp({ config, database, mailer, logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Enough customers for the fastest turn imaginable on this machine; each claims once.
    const perTurn = turnSeconds * 1_000;
    const tokens = await customerTokens(
      database,
      (claims) => app.authService.accessTokens.sign(claims),
      perTurn * (turnCount + 1),
    );
    await database.db.execute(sql`VACUUM ANALYZE`);
    await database.db.execute(sql`CHECKPOINT`);
    const url = `${base}/api/v1/offers/${offerId}/claims`;
    const runTurn = async (slice: string[], seconds: number): Promise<LoadResult> => {
      const file = path.join(directory, `tokens-${Math.random()}.json`);
      writeFileSync(file, JSON.stringify(slice));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, '--load', url, file, String(seconds)],
        { maxBuffer: 256 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as LoadResult;
    };
    // An untimed warm-up: V8 compiles the hot path, as in a server running for hours.
    await runTurn(tokens.slice(0, perTurn), 3);
    const turns: Turn[] = [];
    let created = 0;
    for (let turn = 0; turn < turnCount; turn++) {
      const before = loadAverage();
      const result = await runTurn(tokens.slice(perTurn * (turn + 1), perTurn * (turn + 2)), turnSeconds);
      const sorted = result.latencies.sort((a, b) => a - b);
      const { 201: ok = 0, ...other } = result.statuses;
      created += ok;
      turns.push({
        claimsPerSecond: Math.round(ok / result.seconds),
        created: ok,
        other,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        load: `${before} → ${loadAverage()}`,
      });
      console.log(turns.at(-1));
    }
    const [{ claimed }] = await database.db
      .select({ claimed: offers.claimedSpots })
      .from(offers)
      .where(eq(offers.id, offerId));
    const [{ live }] = await database.db
      .select({ live: sql<number>`count(*)::int` })
      .from(offerClaims)
      .where(and(eq(offerClaims.offerId, offerId), isNull(offerClaims.cancelledAt)));
    await app.close();
    await mailer.close();
    await database.close();
    // The warm-up's claims count too: the counter must equal the live rows.
    return { turns, consistent: claimed === live && live >= created };
  } finally {
    rmSync(directory, { recursive: true, force: true });
    await drop();
  }
}

async function main(): Promise<void> {
  const turnSeconds = Number(process.argv[2] ?? 10);
  const turnCount = Number(process.argv[3] ?? 3);
  const { turns, consistent } = await measure(turnSeconds, turnCount);
  const lines = [
    '# Claims of one hot offer under load (PostgreSQL)',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:claims -- ${turnSeconds} ${turnCount}\`, ${CONNECTIONS} requests in flight from a child process, ${turnSeconds} s a turn, each request a different customer, on the same 2-core machine (PostgreSQL 15 on it too).`,
    '',
    '| turn | claims/s (201) | claims | other answers | p50 ms | p99 ms | load average (1 min) before → after |',
    '|---|---|---|---|---|---|---|',
    ...turns.map(
      (turn, index) =>
        `| ${index + 1} | ${turn.claimsPerSecond.toLocaleString('en')} | ${turn.created.toLocaleString('en')} | ${
          Object.entries(turn.other)
            .map(([status, count]) => `${count} × ${status}`)
            .join(', ') || 'none'
        } | ${turn.p50} | ${turn.p99} | ${turn.load} |`,
    ),
    '',
    `Afterwards \`claimed_spots\` ${consistent ? 'equals' : 'does NOT equal'} the offer's live claims.`,
    '',
  ];
  writeFileSync(path.join(import.meta.dirname, 'results', 'claims.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

if (process.argv[2] === '--load') await generateLoad(process.argv[3], process.argv[4], Number(process.argv[5]));
else await main();
