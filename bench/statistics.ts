/**
 * `npm run bench:statistics`: the dashboard's and the statistics' requests at the scale of a platform with a year
 * behind it, and the write cost of the statistics' roll-up (migration 0016's triggers).
 *
 * In a throw-away database (PostgreSQL: `statistics_bench` on BENCH_DATABASE_URL's server, created and dropped;
 * PGlite: in memory): the demo seed grown to 100,000 events, 10,000 establishments and users (bench/scale.ts),
 * then a year of facts written as the product records them, so that the triggers roll them up: 1,000,000 widget
 * views in `widget_daily_views` rows (the 12 demo venues' widgets and every 20th copied venue's, the 365 days
 * before today, a venue's own site and '' for most, 25 embedding sites for the first venue), ticket and website
 * clicks (3 % and 1.5 % of the views, on the venue's events), 20,000 offer claims and 50,000 promo code
 * redemptions spread over the year.
 *
 * Then, over real HTTP on loopback, each request for a few seconds at 1 connection (its latency) and at 10 (the
 * throughput): `GET /api/v1/dashboard` and every card of `GET /api/v1/dashboard/cards/:card` for ROOT and for an
 * ADMIN, and `GET /api/v1/statistics` for the platform over a year, the ADMIN's establishment over 30 days and over
 * a year, a promoter's group over a year and one event over a year. Targets: each card under 100 ms and a year's
 * statistics under 200 ms on PostgreSQL.
 *
 * Last, the write cost the roll-up adds, on the same database: a flush of the widget counts of N rows (the
 * counts service, `WidgetCounts.flush`) and an offer claim (`claimOffer`, one customer after another), with the
 * triggers (A) and without them (B, dropped in the throw-away database and created again), in turns A B A B.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:statistics -- [postgres|pglite|both] [seconds per turn]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dashboardCardsOf, type DashboardCardId } from '../domain/dashboard';
import { zurichToday } from '../domain/statistics';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../server/db/client';
import { seedDemoData } from '../server/seed';
import { claimOffer } from '../server/services/offers/claims';
import { WidgetCounts } from '../server/services/widgetCounts';
import { scaleUp } from './scale';
import { DEMO_PASSWORD, listenOnLoopback, loadTurn, percentile, round, type BenchServer, type Turn } from './server';

const DATABASE = 'statistics_bench';
const CONNECTIONS = [1, 10];
const YEAR_VIEWS = 1_000_000;
const CLAIMS_PER_OFFER = 40;
const REDEMPTIONS_PER_CODE = 100;
const FLUSH_ROWS = [100, 1_000];
const FLUSHES_PER_TURN = 20;
const CLAIMS_PER_TURN = 200;
const CARD_TARGET_MS = 100;
const STATISTICS_TARGET_MS = 200;

const engines = (process.argv[2] ?? 'both') === 'both' ? ['postgres', 'pglite'] : [process.argv[2]!];
const turnSeconds = Number(process.argv[3] ?? 3);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (engines.includes('postgres') && !serverUrl) {
  throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed for the PostgreSQL run');
}

type Rows = Record<string, unknown>[];
const rowsOf = async (database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Rows> =>
  ((await database.db.execute(query)) as unknown as { rows: Rows }).rows;
const run = (database: DatabaseHandle, statement: string) => database.db.execute(sql.raw(statement));

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function openEngine(engine: string): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  await onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${DATABASE}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    },
  };
}

/** The columns of `table` but `id`, to copy a row with a few of them changed. */
async function columnsOf(database: DatabaseHandle, table: string): Promise<string[]> {
  const rows = await rowsOf(
    database,
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} AND table_schema = 'public' ORDER BY ordinal_position`,
  );
  return rows.map((row) => String(row.column_name)).filter((column) => column !== 'id');
}

const copyColumns = (columns: string[], overrides: Record<string, string>) =>
  columns.map((column) => overrides[column] ?? `t.${column}`).join(', ');

/**
 * A year of facts, as the product records them (the triggers roll each statement up): views, clicks, claims and
 * redemptions. The widgets with a history are the demo venues' and every 20th copied venue's.
 */
async function addYearOfFacts(database: DatabaseHandle): Promise<Record<string, number>> {
  await run(database, `SELECT setseed(0.17)`);
  await run(
    database,
    `CREATE UNLOGGED TABLE bench_widgets AS
     SELECT w.id AS widget_id, w.establishment_id,
       CASE WHEN w.establishment_id = (SELECT min(id) FROM establishments) THEN 60
            WHEN w.establishment_id < (SELECT min(id) + 12 FROM establishments) THEN 8 ELSE 1 END AS weight,
       (SELECT array_agg(e.id ORDER BY e.id) FROM events e WHERE e.establishment_id = w.establishment_id) AS event_ids
     FROM widget_settings w
     WHERE w.establishment_id < (SELECT min(id) + 12 FROM establishments) OR w.establishment_id % 20 = 0`,
  );
  // Each widget's sites and their shares: the first venue is embedded by 25 sites (1/k of the views each), the
  // others by their own site (70 %) and pages that sent no Referer.
  await run(
    database,
    `CREATE UNLOGGED TABLE bench_sites AS
     SELECT b.widget_id, site.origin, site.share
     FROM bench_widgets b
     CROSS JOIN LATERAL (
       SELECT 'https://site-' || k || '.example.ch' AS origin, (1.0 / k) / (SELECT sum(1.0 / j) FROM generate_series(1, 25) j) AS share
       FROM generate_series(1, 25) k WHERE b.weight = 60
       UNION ALL SELECT 'https://venue-' || b.establishment_id || '.example.ch', 0.7 WHERE b.weight < 60
       UNION ALL SELECT '', 0.3 WHERE b.weight < 60) AS site`,
  );
  const [{ total_weight: totalWeight }] = await rowsOf(
    database,
    sql`SELECT sum(weight)::float8 AS total_weight FROM bench_widgets`,
  );
  const perWeightDay = YEAR_VIEWS / Number(totalWeight) / 365;
  const weekday = `(ARRAY[0.7, 0.75, 0.85, 1.0, 1.45, 1.7, 0.85])[extract(isodow FROM d.day)::int]`;
  // Expected views of a widget's site on a day, rounded up or down at random so that the sum stays 1,000,000.
  await run(
    database,
    `CREATE UNLOGGED TABLE bench_views AS
     SELECT s.widget_id, d.day::date AS day, s.origin,
       floor(${perWeightDay} * b.weight * s.share * ${weekday} / 1.043 + random())::int AS views
     FROM bench_sites s JOIN bench_widgets b USING (widget_id)
     CROSS JOIN generate_series(current_date - 365, current_date - 1, interval '1 day') AS d(day)`,
  );
  const timed: Record<string, number> = {};
  const time = async (name: string, statement: string) => {
    const started = performance.now();
    await run(database, statement);
    timed[name] = Math.round(performance.now() - started);
  };
  await time(
    'views',
    `INSERT INTO widget_daily_views (widget_settings_id, day, embedding_origin, views)
     SELECT widget_id, day, origin, views FROM bench_views WHERE views > 0
     ON CONFLICT (widget_settings_id, day, embedding_origin) DO UPDATE SET views = widget_daily_views.views + excluded.views`,
  );
  await time(
    'clicks',
    `INSERT INTO widget_daily_clicks (widget_settings_id, day, kind, event_id, clicks)
     SELECT per_day.widget_id, per_day.day, click.kind, click.event_id, click.clicks
     FROM (SELECT widget_id, day, sum(views) AS views FROM bench_views GROUP BY 1, 2) AS per_day
     JOIN bench_widgets b USING (widget_id)
     CROSS JOIN LATERAL (
       SELECT 'TICKET' AS kind, b.event_ids[1 + (extract(doy FROM per_day.day)::int % cardinality(b.event_ids))] AS event_id,
         floor(per_day.views * 0.03 + random())::int AS clicks
       WHERE cardinality(b.event_ids) > 0
       UNION ALL SELECT 'WEBSITE', NULL, floor(per_day.views * 0.015 + random())::int) AS click
     WHERE click.clicks > 0
     ON CONFLICT ON CONSTRAINT widget_daily_clicks_unique DO UPDATE SET clicks = widget_daily_clicks.clicks + excluded.clicks`,
  );
  // One exclusive offer per venue with a history, a copy of a seeded one, claimed by 40 customers over the year.
  const offerColumns = await columnsOf(database, 'offers');
  await run(
    database,
    `INSERT INTO offers (${offerColumns.join(', ')})
     SELECT ${copyColumns(offerColumns, {
       establishment_id: 'b.establishment_id',
       promoter_group_id: 'NULL',
       event_id: 'b.event_ids[1]',
       available_spots: '1000',
       claimed_spots: String(CLAIMS_PER_OFFER),
       start_date: `current_date - 365`,
       end_date: `current_date + 30`,
     })}
     FROM bench_widgets b
     CROSS JOIN (SELECT * FROM offers WHERE kind = 'EXCLUSIVE' AND available_spots IS NOT NULL ORDER BY id LIMIT 1) t
     WHERE cardinality(b.event_ids) > 0`,
  );
  await time(
    'claims',
    `INSERT INTO offer_claims (offer_id, user_id, created_at)
     SELECT o.id, u.id, now() - random() * interval '365 days'
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM offers WHERE available_spots = 1000) o
     CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id OFFSET (o.n * 7) % 9000 LIMIT ${CLAIMS_PER_OFFER}) u`,
  );
  // One promo code template and code per venue with a history, 100 redemptions over the year.
  const templateColumns = await columnsOf(database, 'promo_code_templates');
  await run(
    database,
    `INSERT INTO promo_code_templates (${templateColumns.join(', ')})
     SELECT ${copyColumns(templateColumns, {
       name: `t.name || ' ' || b.establishment_id`,
       establishment_id: 'b.establishment_id',
       promoter_group_id: 'NULL',
       valid_from: 'current_date - 365',
       valid_until: 'current_date + 30',
     })}
     FROM bench_widgets b
     CROSS JOIN (SELECT * FROM promo_code_templates WHERE establishment_id IS NOT NULL ORDER BY id LIMIT 1) t`,
  );
  await run(
    database,
    `INSERT INTO promo_codes (code, max_usage_count, usage_count, promo_code_template_id)
     SELECT 'BENCH-' || id, 1000, ${REDEMPTIONS_PER_CODE}, id FROM promo_code_templates WHERE valid_from = current_date - 365`,
  );
  await time(
    'redemptions',
    `INSERT INTO promo_code_redemptions (promo_code_id, user_id, created_at)
     SELECT c.id, NULL, now() - random() * interval '365 days'
     FROM promo_codes c CROSS JOIN generate_series(1, ${REDEMPTIONS_PER_CODE})
     WHERE c.code LIKE 'BENCH-%'`,
  );
  await run(database, 'ANALYZE');
  const [counts] = await rowsOf(
    database,
    sql`SELECT
      (SELECT count(*) FROM events)::int AS events,
      (SELECT count(*) FROM widget_daily_views)::int AS view_rows,
      (SELECT sum(views) FROM bench_views)::int AS views_added,
      (SELECT sum(views) FROM widget_daily_views)::int AS views_in_all,
      (SELECT sum(value) FROM daily_statistics WHERE scope = 'PLATFORM' AND metric = 'widgetViews')::int AS rolled_up_views,
      (SELECT count(*) FROM widget_daily_clicks)::int AS click_rows,
      (SELECT count(*) FROM offer_claims WHERE cancelled_at IS NULL)::int AS claims,
      (SELECT count(*) FROM promo_code_redemptions)::int AS redemptions,
      (SELECT count(*) FROM daily_statistics)::int AS statistics_rows`,
  );
  return {
    ...Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])),
    ...prefix(timed),
  };
}

const prefix = (timed: Record<string, number>) =>
  Object.fromEntries(Object.entries(timed).map(([key, value]) => [`insert ${key} ms`, value]));

// ---- the reads --------------------------------------------------------------------------------------------

interface ReadCase {
  group: 'dashboard' | 'statistics';
  name: string;
  account: string;
  path: string;
  target: number;
}

const filterOf = (filter: object) => `/statistics?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const daysBefore = (today: string, days: number) => {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

async function readCases(database: DatabaseHandle): Promise<ReadCase[]> {
  const [ids] = await rowsOf(
    database,
    sql`SELECT (SELECT establishment_id FROM users WHERE email = 'admin@demo.ch') AS establishment,
      (SELECT promoter_group_id FROM users WHERE email = 'promoter@demo.ch') AS promoter_group,
      (SELECT event_id FROM widget_daily_clicks WHERE event_id IS NOT NULL GROUP BY 1 ORDER BY sum(clicks) DESC LIMIT 1) AS event`,
  );
  const today = zurichToday();
  const year = { from: daysBefore(today, 364), to: today };
  const month = { from: daysBefore(today, 29), to: today };
  const dashboard = (account: string, roleKey: string): ReadCase[] => [
    { group: 'dashboard', name: `${roleKey}: GET /dashboard`, account, path: '/dashboard', target: CARD_TARGET_MS },
    ...dashboardCardsOf({ roleKeys: [roleKey] }).map((card: DashboardCardId) => ({
      group: 'dashboard' as const,
      name: `${roleKey}: card ${card}`,
      account,
      path: `/dashboard/cards/${card}`,
      target: CARD_TARGET_MS,
    })),
  ];
  const statistics = (name: string, account: string, filter: object): ReadCase => ({
    group: 'statistics',
    name,
    account,
    path: filterOf(filter),
    target: STATISTICS_TARGET_MS,
  });
  return [
    ...dashboard('root@demo.ch', 'ROOT'),
    ...dashboard('admin@demo.ch', 'ADMIN'),
    statistics('platform, a year (ROOT)', 'root@demo.ch', year),
    statistics('establishment, 30 days (ADMIN)', 'admin@demo.ch', {
      establishmentId: Number(ids.establishment),
      ...month,
    }),
    statistics('establishment, a year (ADMIN)', 'admin@demo.ch', {
      establishmentId: Number(ids.establishment),
      ...year,
    }),
    statistics('promoter group, a year (PROMOTER)', 'promoter@demo.ch', {
      promoterGroupId: Number(ids.promoter_group),
      ...year,
    }),
    statistics('event, a year (ROOT)', 'root@demo.ch', { eventId: Number(ids.event), ...year }),
  ];
}

const load = (url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Turn> =>
  loadTurn(url, headers, { connections, seconds, timeoutMs: 30_000 });

interface ReadRow {
  engine: string;
  readCase: ReadCase;
  /** Null when the endpoint did not answer 200 (its status and body instead). */
  turns: Turn[] | null;
  refusal?: string;
}

async function benchReads(engine: string, database: DatabaseHandle, app: BenchServer): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  const tokens = new Map<string, string>();
  for (const readCase of await readCases(database)) {
    if (!tokens.has(readCase.account)) tokens.set(readCase.account, await app.accessTokenOf(readCase.account));
    const headers = {
      authorization: `Bearer ${tokens.get(readCase.account)}`,
      'accept-language': 'de',
      'accept-encoding': 'br, gzip',
    };
    const url = `${app.base}/api/v1${readCase.path}`;
    const check = await fetch(url, { headers });
    if (!check.ok) {
      const row = { engine, readCase, turns: null, refusal: `${check.status} ${(await check.text()).slice(0, 80)}` };
      console.log(readLine(row));
      rows.push(row);
      continue;
    }
    await load(url, headers, 1, Math.min(1, turnSeconds)); // warm-up
    const turns: Turn[] = [];
    for (const connections of CONNECTIONS) turns.push(await load(url, headers, connections, turnSeconds));
    const row = { engine, readCase, turns };
    console.log(readLine(row));
    rows.push(row);
  }
  return rows;
}

function readLine({ engine, readCase, turns, refusal }: ReadRow): string {
  if (!turns) return `| ${engine} | ${readCase.name} | not measured: ${refusal} |||||||`;
  const [single, many] = turns;
  const verdict = engine === 'postgres' ? (single!.p50 < readCase.target ? 'yes' : '**no**') : '–';
  return `| ${engine} | ${readCase.name} | ${round(single!.p50)} | ${round(single!.p99)} | ${round(single!.perSecond)} | ${round(many!.p50)} | ${round(many!.p99)} | ${round(many!.perSecond)} | ${single!.errors + many!.errors} | ${readCase.target} ms: ${verdict} |`;
}

// ---- the writes, with and without the roll-up -----------------------------------------------------------

/** Migration 0016's roll-up triggers (not the BEFORE trigger that sets `events.published_at`). */
function rollUpTriggers(): { name: string; table: string; create: string }[] {
  const migration = readFileSync(new URL('../server/db/migrations/0016_statistics.sql', import.meta.url), 'utf8');
  return [...migration.matchAll(/CREATE TRIGGER "(\w+)" AFTER [^;]*? ON "(\w+)"[^;]*;/g)].map((match) => ({
    name: match[1]!,
    table: match[2]!,
    create: match[0],
  }));
}

interface WriteRow {
  engine: string;
  operation: string;
  side: 'A' | 'B';
  turn: number;
  p50: number;
  p99: number;
  perSecond: number;
}

async function benchWrites(engine: string, database: DatabaseHandle): Promise<WriteRow[]> {
  const triggers = rollUpTriggers();
  const rows: WriteRow[] = [];
  const [ids] = await rowsOf(
    database,
    sql`SELECT (SELECT min(id) FROM offers WHERE available_spots = 1000) AS offer,
      (SELECT min(id) FROM users) AS first_user`,
  );
  const widgets = (await rowsOf(database, sql`SELECT id FROM widget_settings ORDER BY id LIMIT 1000`)).map((row) =>
    Number(row.id),
  );
  // A fresh offer per turn with spots to spare (no spots notification), claimed by customers one after another.
  const offerColumns = await columnsOf(database, 'offers');
  const freshOffer = async (): Promise<number> => {
    const [row] = await rowsOf(
      database,
      sql.raw(`INSERT INTO offers (${offerColumns.join(', ')})
        SELECT ${copyColumns(offerColumns, { available_spots: '10000000', claimed_spots: '0' })}
        FROM offers t WHERE t.id = ${Number(ids.offer)} RETURNING id`),
    );
    return Number(row.id);
  };
  const users = (await rowsOf(database, sql`SELECT id, email FROM users ORDER BY id LIMIT ${CLAIMS_PER_TURN}`)).map(
    (row) => ({ userId: Number(row.id), email: String(row.email) }),
  );
  const summary = (latencies: number[], elapsedMs: number) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      perSecond: latencies.length / (elapsedMs / 1000),
    };
  };
  const viewAll = (counts: WidgetCounts, size: number) => {
    for (let index = 0; index < size; index += 1) {
      counts.view(widgets[index % widgets.length]!, `https://bench-${Math.floor(index / widgets.length)}.example.ch`);
    }
  };
  // Warm-up, untimed: today's rows exist before the first turn, so every turn updates the same rows.
  for (const size of FLUSH_ROWS) {
    const counts = new WidgetCounts({ db: database.db });
    viewAll(counts, size);
    await counts.flush();
  }
  for (let turn = 1; turn <= 2; turn += 1) {
    for (const side of ['A', 'B'] as const) {
      if (side === 'B')
        for (const trigger of triggers) await run(database, `DROP TRIGGER "${trigger.name}" ON "${trigger.table}"`);
      try {
        for (const size of FLUSH_ROWS) {
          const counts = new WidgetCounts({ db: database.db });
          const latencies: number[] = [];
          const started = performance.now();
          for (let flush = 0; flush < FLUSHES_PER_TURN; flush += 1) {
            viewAll(counts, size);
            const begin = performance.now();
            await counts.flush();
            latencies.push(performance.now() - begin);
          }
          const row = {
            engine,
            operation: `widget counts flush, ${size} rows`,
            side,
            turn,
            ...summary(latencies, performance.now() - started),
          };
          console.log(writeLine(row));
          rows.push(row);
        }
        const offerId = await freshOffer();
        const latencies: number[] = [];
        const started = performance.now();
        for (const customer of users) {
          const begin = performance.now();
          await claimOffer(database.db, offerId, customer);
          latencies.push(performance.now() - begin);
        }
        const row = {
          engine,
          operation: 'offer claim (claimOffer)',
          side,
          turn,
          ...summary(latencies, performance.now() - started),
        };
        console.log(writeLine(row));
        rows.push(row);
      } finally {
        if (side === 'B') for (const trigger of triggers) await run(database, trigger.create);
      }
    }
  }
  return rows;
}

function writeLine(row: WriteRow): string {
  return `| ${row.engine} | ${row.operation} | ${row.side}${row.turn} | ${round(row.p50)} | ${round(row.p99)} | ${round(row.perSecond)} |`;
}

/** Per engine and operation: median of the A turns' p50 against the B turns'. */
function writeRatios(rows: WriteRow[]): string[] {
  const keys = [...new Set(rows.map((row) => `${row.engine}|${row.operation}`))];
  return keys.map((key) => {
    const [engine, operation] = key.split('|');
    const of = (side: 'A' | 'B') => rows.filter((row) => `${row.engine}|${row.operation}` === key && row.side === side);
    const mean = (list: WriteRow[], field: 'p50' | 'perSecond') =>
      list.reduce((sum, row) => sum + row[field], 0) / list.length;
    const [a, b] = [of('A'), of('B')];
    return `| ${engine} | ${operation} | ${round(mean(a, 'p50'))} | ${round(mean(b, 'p50'))} | ${Math.round((mean(a, 'p50') / mean(b, 'p50')) * 100)} % | ${round(mean(a, 'perSecond'))} | ${round(mean(b, 'perSecond'))} |`;
  });
}

// ---- the run ------------------------------------------------------------------------------------------

const started = new Date();
const loadBefore = loadavg()[0]!;
const readRows: ReadRow[] = [];
const writeRows: WriteRow[] = [];
const built: string[] = [];
for (const engine of engines) {
  const { database, drop } = await openEngine(engine);
  try {
    const buildStarted = performance.now();
    await migrateDatabase(database);
    await seedDemoData(database.db, { demoPassword: DEMO_PASSWORD });
    await scaleUp(database.db);
    const facts = await addYearOfFacts(database);
    const line = `${engine}: built in ${Math.round((performance.now() - buildStarted) / 1000)} s (load average ${loadavg()[0]!.toFixed(2)}): ${Object.entries(
      facts,
    )
      .map(([key, value]) => `${key} ${value.toLocaleString('en')}`)
      .join(', ')}`;
    console.log(line);
    built.push(line);
    const app = await listenOnLoopback(database);
    try {
      readRows.push(...(await benchReads(engine, database, app)));
    } finally {
      await app.close();
    }
    writeRows.push(...(await benchWrites(engine, database)));
  } finally {
    await drop();
  }
}

const report = [
  `Run ${started.toISOString()}, ${engines.join(' and ')}, ${turnSeconds} s per turn at ${CONNECTIONS.join(' and ')} connections; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after.`,
  '',
  ...built.map((line) => `- ${line}`),
  '',
  `| engine | request | p50 ms (1 conn.) | p99 ms (1 conn.) | req/s (1 conn.) | p50 ms (${CONNECTIONS[1]} conn.) | p99 ms (${CONNECTIONS[1]} conn.) | req/s (${CONNECTIONS[1]} conn.) | errors | target (p50 at 1 conn., PostgreSQL) |`,
  '|---|---|---|---|---|---|---|---|---|---|',
  ...readRows.map(readLine),
  '',
  `Writes, with the roll-up's triggers (A) and without (B), turns A1 B1 A2 B2: ${FLUSHES_PER_TURN} flushes of N view rows a turn (the same keys, written once before the turns, so every flush updates), ${CLAIMS_PER_TURN} claims a turn by different customers one after another.`,
  '',
  '| engine | operation | turn | p50 ms | p99 ms | per s |',
  '|---|---|---|---|---|---|',
  ...writeRows.map(writeLine),
  '',
  '| engine | operation | p50 ms with (A) | p50 ms without (B) | A / B | per s A | per s B |',
  '|---|---|---|---|---|---|---|',
  ...writeRatios(writeRows),
].join('\n');
console.log(`\n${report}`);
writeFileSync('bench/results/statistics.latest.md', `${report}\n`);
