/**
 * `GET /occurrences` under load: 1,000 recurring series and 10,000 one-off events on top of the
 * demo seed, then one-month windows (a page of 100, sorted by start) as ROOT and as an ADMIN, over real HTTP
 * on loopback, on PGlite and, with TEST_DATABASE_URL (a PostgreSQL server; a throw-away database is made
 * and dropped), on PostgreSQL. Target: p99 under 50 ms on PostgreSQL.
 *
 * `npx tsx bench/occurrences.ts` runs it alone and writes bench/results/occurrences.md; `npm run bench`
 * (bench/run.ts) runs it with the other benchmarks.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Temporal } from 'temporal-polyfill';
import {
  WEEK_DAYS,
  type OutOfScheduleAction,
  type RecurrenceEndType,
  type RecurrencePattern,
  type WeekDay,
} from '../domain/enums';
import { derivedEndDate } from '../domain/event';
import {
  EVENT_TIME_ZONE,
  ruleOccurrences,
  seriesBounds,
  type OutOfScheduleRow,
  type RecurrenceRule,
} from '../domain/recurrence';
import type { Database, DatabaseHandle } from '../server/db/client';
import { establishments, eventOutOfSchedule, events, eventTypes } from '../server/db/schema';
import { boundsColumns, ruleColumnsOf } from '../server/services/events/writes';
import { openInMemoryTestDatabase, openServerTestDatabase, type TestDatabase } from '../test/api/testDatabase';
import { listenOnLoopback, percentile, round, seedBenchDatabase } from './server';

export const OCCURRENCE_BENCH = { series: 1_000, oneOffs: 10_000, requests: 500, warmUp: 20, pageSize: 100 } as const;

/** A seeded random generator (mulberry32): the same data on every run and both engines. */
function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <Item>(items: readonly Item[]): Item => items[integer(0, items.length - 1)];
  return { next, integer, pick };
}
type Random = ReturnType<typeof randomGenerator>;

const pad = (value: number) => String(value).padStart(2, '0');
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** An evening start (16:00–23:30) and an end 1–7 hours later, overnight when it passes midnight. */
function eveningTimes(random: Random): { startTime: string; endTime: string } {
  const start = random.integer(32, 47) * 30;
  return { startTime: timeOf(start), endTime: timeOf(start + random.integer(2, 14) * 30) };
}

function recurringRule(random: Random, today: Temporal.PlainDate): RecurrenceRule {
  const pattern: RecurrencePattern = random.next() < 0.6 ? 'WEEKLY' : random.next() < 0.65 ? 'MONTHLY' : 'YEARLY';
  // A third started years ago (up to 6), the rest within the last year or the next six months.
  const startDate =
    random.next() < 0.33
      ? today.subtract({ days: random.integer(366, 6 * 365) })
      : today.add({ days: random.integer(-365, 180) });
  const days: WeekDay[] =
    pattern === 'WEEKLY'
      ? [...new Set(Array.from({ length: random.integer(1, 3) }, () => random.pick(WEEK_DAYS)))]
      : [];
  const endRoll = random.next();
  const endType: RecurrenceEndType = endRoll < 0.4 ? 'NEVER' : endRoll < 0.7 ? 'ON_DATE' : 'AFTER_OCCURRENCES';
  return {
    startDate: startDate.toString(),
    endDate: null,
    ...eveningTimes(random),
    recurrencePattern: pattern,
    recurrenceDaysOfWeek: days,
    recurrenceEndType: endType,
    maxOccurrences: endType === 'AFTER_OCCURRENCES' ? random.integer(5, 200) : null,
    recurrenceEndDate: endType === 'ON_DATE' ? startDate.add({ days: random.integer(30, 3 * 365) }).toString() : null,
  };
}

/** A SKIP, an UPDATE (a day later) and a CREATE around the benchmark's months, keyed on real occurrences. */
function outOfScheduleRows(
  random: Random,
  rule: RecurrenceRule,
  today: Temporal.PlainDate,
): Omit<OutOfScheduleRow, 'id'>[] {
  const around = {
    from: today.subtract({ months: 6 }).toZonedDateTime(EVENT_TIME_ZONE).toInstant().toString(),
    to: today.add({ months: 6 }).toZonedDateTime(EVENT_TIME_ZONE).toInstant().toString(),
  };
  const generated = ruleOccurrences(rule, around);
  if (generated.length < 2) return [];
  const [skipped, moved] = [random.integer(0, generated.length - 1), random.integer(0, generated.length - 1)];
  const rows: Omit<OutOfScheduleRow, 'id'>[] = [
    { action: 'SKIP', originalStartsAt: generated[skipped].startsAt, startsAt: null, endsAt: null },
  ];
  const shift = (instant: string, hours: number) => Temporal.Instant.from(instant).add({ hours }).toString();
  if (moved !== skipped) {
    const { startsAt, endsAt } = generated[moved];
    rows.push({
      action: 'UPDATE',
      originalStartsAt: startsAt,
      startsAt: shift(startsAt, 24),
      endsAt: shift(endsAt, 24),
      eventTitle: 'Moved',
    });
  }
  const created = shift(generated[0].startsAt, 36);
  rows.push({
    action: 'CREATE',
    originalStartsAt: created,
    startsAt: created,
    endsAt: shift(created, 3),
    eventTitle: 'Special',
  });
  return rows;
}

type EventRow = typeof events.$inferInsert;

/** The series row as the event writer stores rule and bounds (ruleColumnsOf, boundsColumns), its end date spelt out. */
function eventRow(
  rule: RecurrenceRule,
  rows: readonly OutOfScheduleRow[],
  owner: { establishmentId: number; eventTypeId: number },
  title: string,
  random: Random,
): EventRow {
  const storedRule = { ...rule, endDate: rule.endDate ?? derivedEndDate(rule.startDate, rule.startTime, rule.endTime) };
  return {
    title,
    ...owner,
    ...ruleColumnsOf(storedRule),
    ...boundsColumns(seriesBounds(storedRule, rows)),
    visibility: random.next() < 0.9 ? 'PUBLISHED' : 'DRAFT',
  };
}

async function insertInBatches<Row>(
  rows: Row[],
  insert: (batch: Row[]) => Promise<unknown>,
  size = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** The benchmark's events: 1,000 series (some with rows) and 10,000 one-offs over two years around today. */
export async function seedOccurrenceLoad(
  db: Database,
  today: Temporal.PlainDate,
): Promise<{ series: number; oneOffs: number; rows: number }> {
  const random = randomGenerator(20261122);
  const venueIds = (await db.select({ id: establishments.id }).from(establishments)).map((row) => row.id);
  const typeIds = (await db.select({ id: eventTypes.id }).from(eventTypes)).map((row) => row.id);
  const owner = () => ({ establishmentId: random.pick(venueIds), eventTypeId: random.pick(typeIds) });

  const series: { row: EventRow; rows: Omit<OutOfScheduleRow, 'id'>[] }[] = [];
  for (let index = 0; index < OCCURRENCE_BENCH.series; index++) {
    const rule = recurringRule(random, today);
    const rows = random.next() < 0.2 ? outOfScheduleRows(random, rule, today) : [];
    series.push({
      row: eventRow(
        rule,
        rows.map((row, id) => ({ ...row, id })),
        owner(),
        `Bench series ${index}`,
        random,
      ),
      rows,
    });
  }
  const oneOffs: EventRow[] = [];
  for (let index = 0; index < OCCURRENCE_BENCH.oneOffs; index++) {
    const rule: RecurrenceRule = {
      startDate: today.add({ days: random.integer(-365, 365) }).toString(),
      endDate: null,
      ...eveningTimes(random),
      recurrencePattern: 'NONE',
      recurrenceDaysOfWeek: [],
      recurrenceEndType: 'NEVER',
      maxOccurrences: null,
      recurrenceEndDate: null,
    };
    oneOffs.push(eventRow(rule, [], owner(), `Bench one-off ${index}`, random));
  }

  let rowCount = 0;
  await insertInBatches(series, async (batch) => {
    const inserted = await db
      .insert(events)
      .values(batch.map((item) => item.row))
      .returning({ id: events.id });
    const rows = batch.flatMap((item, index) =>
      item.rows.map((row) => ({
        eventId: inserted[index].id,
        action: row.action as OutOfScheduleAction,
        originalStartsAt: new Date(row.originalStartsAt),
        startsAt: row.startsAt === null ? null : new Date(row.startsAt),
        endsAt: row.endsAt === null ? null : new Date(row.endsAt),
        title: row.eventTitle ?? null,
      })),
    );
    rowCount += rows.length;
    if (rows.length > 0) await db.insert(eventOutOfSchedule).values(rows);
  });
  await insertInBatches(oneOffs, (batch) => db.insert(events).values(batch));
  return { series: series.length, oneOffs: oneOffs.length, rows: rowCount };
}

// ---- measuring -----------------------------------------------------------------------------------------

/** The machine's CPU time counters (/proc/stat, in ticks): all of it, and the part the hypervisor stole. */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null; // not Linux
  }
}

export interface OccurrenceMeasure {
  engine: string;
  viewer: string;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  /** Occurrences in the windows (the Content-Range totals), smallest and largest. */
  totals: [number, number];
  /**
   * CPU time of this process per request (the server and the client that calls it; not PostgreSQL's): on a
   * shared machine it varies far less than the latencies do.
   */
  cpuMs: number;
  /** The machine's one-minute load average when the viewer's requests ended (the machine is shared). */
  load: number;
  /** The share of the machine's CPU time the hypervisor took while they ran (a virtual machine's "steal"), or null. */
  steal: number | null;
}

/** The first day of each of the twelve months from six months ago: one-month windows, in turn. */
function monthWindows(today: Temporal.PlainDate): { from: string; to: string }[] {
  const first = today.with({ day: 1 }).subtract({ months: 6 });
  return Array.from({ length: 12 }, (_, index) => {
    const month = first.add({ months: index });
    return { from: month.toString(), to: month.add({ months: 1 }).subtract({ days: 1 }).toString() };
  });
}

async function measureViewer(
  base: string,
  token: string,
  today: Temporal.PlainDate,
  label: { engine: string; viewer: string },
): Promise<OccurrenceMeasure> {
  const windows = monthWindows(today);
  const query = (index: number) => {
    const filter = encodeURIComponent(JSON.stringify(windows[index % windows.length]));
    const range = encodeURIComponent(JSON.stringify([0, OCCURRENCE_BENCH.pageSize - 1]));
    const sort = encodeURIComponent(JSON.stringify(['startsAt', 'ASC']));
    return `${base}/api/v1/occurrences?filter=${filter}&sort=${sort}&range=${range}`;
  };
  const latencies: number[] = [];
  const totals: number[] = [];
  let cpuStart = process.cpuUsage();
  let ticksStart = cpuTicks();
  for (let index = 0; index < OCCURRENCE_BENCH.warmUp + OCCURRENCE_BENCH.requests; index++) {
    if (index === OCCURRENCE_BENCH.warmUp) {
      cpuStart = process.cpuUsage();
      ticksStart = cpuTicks();
    }
    const begin = performance.now();
    const response = await fetch(query(index), { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /occurrences answered ${response.status}`);
    if (index < OCCURRENCE_BENCH.warmUp) continue;
    latencies.push(performance.now() - begin);
    totals.push(Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]));
  }
  const cpu = process.cpuUsage(cpuStart);
  const ticksEnd = cpuTicks();
  const steal =
    ticksStart && ticksEnd && ticksEnd.total > ticksStart.total
      ? (ticksEnd.steal - ticksStart.steal) / (ticksEnd.total - ticksStart.total)
      : null;
  latencies.sort((a, b) => a - b);
  return {
    ...label,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    totals: [Math.min(...totals), Math.max(...totals)],
    cpuMs: (cpu.user + cpu.system) / 1000 / latencies.length,
    load: loadavg()[0],
    steal,
  };
}

async function measureEngine(database: DatabaseHandle, engine: string): Promise<OccurrenceMeasure[]> {
  await seedBenchDatabase(database);
  const today = Temporal.Now.plainDateISO(EVENT_TIME_ZONE);
  await seedOccurrenceLoad(database.db, today);
  if (database.engine === 'postgres') await database.db.execute('ANALYZE');
  const server = await listenOnLoopback(database);
  try {
    return [
      await measureViewer(server.base, await server.accessTokenOf('root@demo.ch'), today, { engine, viewer: 'ROOT' }),
      await measureViewer(server.base, await server.accessTokenOf('admin@demo.ch'), today, { engine, viewer: 'ADMIN' }),
    ];
  } finally {
    await server.close();
  }
}

/**
 * PGlite in memory, then PostgreSQL when TEST_DATABASE_URL names a server (a throw-away database, made and
 * dropped as the API tests do; OCCURRENCE_BENCH_ENGINES=postgres measures PostgreSQL alone, when tuning).
 */
export async function occurrenceBenchmarks(): Promise<{ results: OccurrenceMeasure[]; postgres: boolean }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const engines: { engine: string; open: () => Promise<TestDatabase> }[] = [];
  if (process.env.OCCURRENCE_BENCH_ENGINES !== 'postgres') {
    engines.push({ engine: 'PGlite', open: openInMemoryTestDatabase });
  }
  if (serverUrl)
    engines.push({ engine: 'PostgreSQL', open: () => openServerTestDatabase(serverUrl, 'bench_occurrences') });
  const results: OccurrenceMeasure[] = [];
  for (const { engine, open } of engines) {
    const database = await open();
    try {
      results.push(...(await measureEngine(database.handle, engine)));
    } finally {
      await database.dispose();
    }
  }
  return { results, postgres: Boolean(serverUrl) };
}

export function occurrenceReportLines({
  results,
  postgres,
}: Awaited<ReturnType<typeof occurrenceBenchmarks>>): string[] {
  return [
    `GET /occurrences, one-month windows, page of ${OCCURRENCE_BENCH.pageSize}, ${OCCURRENCE_BENCH.series} series + ${OCCURRENCE_BENCH.oneOffs} one-offs (loopback HTTP, one request at a time):`,
    '',
    '| engine | viewer | requests | occurrences per window | p50 ms | p90 ms | p99 ms | node CPU ms/request | load average (1 min) | CPU stolen |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.viewer} | ${r.requests} | ${r.totals[0]}–${r.totals[1]} | ${round(r.p50)} | ${round(r.p90)} | ${round(r.p99)} | ${round(r.cpuMs)} | ` +
        `${r.load.toFixed(1)} | ${r.steal === null ? '—' : `${Math.round(r.steal * 100)} %`} |`,
    ),
    ...(postgres ? [] : ['', 'PostgreSQL: not measured (set TEST_DATABASE_URL to a server).']),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = occurrenceReportLines(await occurrenceBenchmarks());
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${load}`;
  const report = [
    `# GET /occurrences (${new Date().toISOString()}, node ${process.version}, ${process.platform}; ${machine})`,
    '',
    ...lines,
    '',
  ].join('\n');
  console.log(report);
  // The hand-written reading of the numbers (from "## Reading" on) is kept below the new measurements.
  const file = path.resolve('bench/results/occurrences.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const reading = previous.indexOf('\n## Reading');
  writeFileSync(file, reading >= 0 ? `${report}${previous.slice(reading)}` : report);
}
