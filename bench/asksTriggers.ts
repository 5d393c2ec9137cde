/**
 * `BENCH_DATABASE_URL=postgres://… npx tsx bench/asksTriggers.ts`: what the asks triggers (migration 0015) cost
 * bulk writes of events at the scale of bench/scale.ts (100,000 events, a share of them promoter requests), on
 * PostgreSQL: each statement runs with the triggers that keep `asks` and then with them disabled, in a
 * transaction rolled back after it, three times each (the median is kept); then the plans of the asks lists'
 * pages and totals. Results: bench/results/asks-triggers.md.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/seed';
import { scaleUp } from './scale';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL (a PostgreSQL server) is needed');
const name = `asks_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const TRIGGERS = ['events_asks_insert', 'events_asks_update', 'events_asks_delete'];

const STATEMENTS: [string, string][] = [
  ['update every event (no request field changes)', 'UPDATE events SET updated_at = now()'],
  ['rename every event', "UPDATE events SET title = title || ' '"],
  [
    'decide every pending request',
    "UPDATE events SET approval_status = 'APPROVED', reviewed_at = now() WHERE approval_status = 'PENDING'",
  ],
  [
    'insert 10,000 events (copies, requests among them)',
    `INSERT INTO events (title, establishment_id, promoter_group_id, start_date, end_date, start_time, end_time,
       first_starts_at, last_ends_at, approval_status, requested_by_user_id, approval_requested_at, visibility)
     SELECT title, establishment_id, promoter_group_id, start_date, end_date, start_time, end_time, first_starts_at,
       last_ends_at, approval_status, requested_by_user_id, approval_requested_at, visibility
     FROM events ORDER BY id LIMIT 10000`,
  ],
  ['delete 10,000 events', 'DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id DESC LIMIT 10000)'],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle);
  await seedDemoData(handle.db, { demoPassword: 'Bench-Password-2026' });
  await scaleUp(handle.db);
  await handle.close();

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('ANALYZE');
  const counts = (
    await client.query(
      `SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM asks)::int AS asks,
        (SELECT count(*) FROM events WHERE approval_status = 'PENDING')::int AS pending,
        (SELECT count(*) FROM events e FULL JOIN (SELECT * FROM asks WHERE kind = 'EVENT_REQUEST') a ON a.record_id = e.id
          WHERE (e.approval_status IS NOT NULL OR a.id IS NOT NULL)
            AND (a.id IS NULL OR e.id IS NULL OR a.status IS DISTINCT FROM e.approval_status OR a.title <> e.title))::int AS wrong`,
    )
  ).rows[0] as { events: number; asks: number; pending: number; wrong: number };
  if (counts.wrong !== 0) throw new Error(`${counts.wrong} asks disagree with their events`);

  const timeOf = async (statement: string, withTriggers: boolean): Promise<number> => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      await client.query('BEGIN');
      if (!withTriggers)
        for (const trigger of TRIGGERS) await client.query(`ALTER TABLE events DISABLE TRIGGER ${trigger}`);
      const started = performance.now();
      await client.query(statement);
      runs.push(performance.now() - started);
      await client.query('ROLLBACK');
    }
    return median(runs);
  };

  const lines = [
    '# Asks triggers under bulk writes of events',
    '',
    `\`bench/asksTriggers.ts\` on PostgreSQL (${(await client.query('SHOW server_version')).rows[0].server_version}),`,
    `${new Date().toISOString().slice(0, 10)}: ${counts.events} events, ${counts.asks} asks, ${counts.pending} pending requests.`,
    'Median of three runs, each in a transaction rolled back after it.',
    '',
    '| statement | with the asks triggers | without | extra |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const [label, statement] of STATEMENTS) {
    const withTriggers = await timeOf(statement, true);
    const without = await timeOf(statement, false);
    lines.push(
      `| ${label} | ${withTriggers.toFixed(0)} ms | ${without.toFixed(0)} ms | ${(withTriggers - without).toFixed(0)} ms |`,
    );
  }

  lines.push('', '## Plans of the asks lists (page and total)', '');
  const [{ establishment_id: venue }] = (
    await client.query('SELECT establishment_id FROM asks WHERE establishment_id IS NOT NULL LIMIT 1')
  ).rows as { establishment_id: number }[];
  const plans: [string, string][] = [
    ['ROOT, default sort', 'SELECT id FROM asks ORDER BY queue_key, id LIMIT 25'],
    ['a venue, default sort', `SELECT id FROM asks WHERE establishment_id = ${venue} ORDER BY queue_key, id LIMIT 25`],
    ['a venue, its total', `SELECT count(*) FROM asks WHERE establishment_id = ${venue}`],
    [
      "a venue's awaitsMe total (the menu's count)",
      `SELECT count(*) FROM asks WHERE establishment_id = ${venue} AND status = 'PENDING' AND kind = 'EVENT_REQUEST'`,
    ],
    ["ROOT's awaitsMe page", "SELECT id FROM asks WHERE status = 'PENDING' ORDER BY queue_key, id LIMIT 25"],
    ["ROOT's awaitsMe total", "SELECT count(*) FROM asks WHERE status = 'PENDING'"],
  ];
  for (const [label, query] of plans) {
    const plan = (await client.query(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) ${query}`)).rows
      .map((row: Record<string, string>) => row['QUERY PLAN'])
      .join('\n');
    lines.push(`${label}:`, '```sql', query, '```', '```', plan, '```', '');
  }
  await client.end();
  const report = lines.join('\n');
  writeFileSync(new URL('./results/asks-triggers.md', import.meta.url), report);
  console.log(report);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
