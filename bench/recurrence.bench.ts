/**
 * `npx tsx bench/recurrence.bench.ts`: the recurrence engine's share of one GET /occurrences.
 * Expands 1,000 weekly and monthly series (a third begun five years ago, a third AFTER_OCCURRENCES, some
 * with out-of-schedule rows) and 10,000 one-off events over one month, many times, and prints the
 * per-request time (median and p99 over the rounds). Writes bench/results/recurrence.md.
 * Numbers come from one run on this machine; the target is < 10 ms for the 1,000 series.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { WEEK_DAYS } from '../domain/enums';
import { expandOccurrences, type OutOfScheduleRow, type RecurrenceRule } from '../domain/recurrence';

const WINDOW = { from: '2026-10-31T23:00:00Z', to: '2026-11-30T23:00:00Z' };
const ROUNDS = 500;
/** Rounds run first and not counted: the JIT settles, the zone's offsets are loaded (a running server has both). */
const WARM_UP_ROUNDS = 50;

function seriesRule(index: number): RecurrenceRule {
  const startYear = index % 3 === 0 ? 2021 : 2026;
  const month = String((index % 9) + 1).padStart(2, '0');
  const day = String((index % 28) + 1).padStart(2, '0');
  const weekly = index % 2 === 0;
  return {
    startDate: `${startYear}-${month}-${day}`,
    endDate: null,
    startTime: `${String(18 + (index % 6)).padStart(2, '0')}:30`,
    endTime: '04:00',
    recurrencePattern: weekly ? 'WEEKLY' : 'MONTHLY',
    recurrenceDaysOfWeek: weekly && index % 4 === 0 ? [WEEK_DAYS[index % 7], WEEK_DAYS[(index + 3) % 7]] : [],
    recurrenceEndType: index % 3 === 1 ? 'AFTER_OCCURRENCES' : 'NEVER',
    maxOccurrences: index % 3 === 1 ? 200 : null,
    recurrenceEndDate: null,
  };
}

/** Every tenth series carries a skip and a move inside the window. */
function seriesRows(index: number): OutOfScheduleRow[] {
  if (index % 10 !== 0) return [];
  return [
    { id: 1, action: 'SKIP', originalStartsAt: '2026-11-07T17:30:00Z', startsAt: null, endsAt: null },
    {
      id: 2,
      action: 'CREATE',
      originalStartsAt: '2026-11-12T18:00:00Z',
      startsAt: '2026-11-12T18:00:00Z',
      endsAt: '2026-11-12T22:00:00Z',
    },
  ];
}

function oneOffRule(index: number): RecurrenceRule {
  const day = String((index % 30) + 1).padStart(2, '0');
  return {
    startDate: `2026-11-${day}`,
    endDate: null,
    startTime: '20:00',
    endTime: '02:00',
    recurrencePattern: 'NONE',
    recurrenceDaysOfWeek: [],
    recurrenceEndType: 'NEVER',
    maxOccurrences: null,
    recurrenceEndDate: null,
  };
}

const series = Array.from({ length: 1000 }, (_, index) => ({ rule: seriesRule(index), rows: seriesRows(index) }));
const oneOffs = Array.from({ length: 10_000 }, (_, index) => oneOffRule(index));

function timeRounds(expandAll: () => number) {
  const times: number[] = [];
  let occurrences = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) expandAll();
  for (let round = 0; round < ROUNDS; round += 1) {
    const begin = performance.now();
    occurrences = expandAll();
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return { occurrences, p50: times[Math.floor(ROUNDS / 2)], p99: times[Math.floor(ROUNDS * 0.99)] };
}

const seriesResult = timeRounds(() =>
  series.reduce((total, { rule, rows }) => total + expandOccurrences(rule, rows, WINDOW).length, 0),
);
const oneOffResult = timeRounds(() =>
  oneOffs.reduce((total, rule) => total + expandOccurrences(rule, [], WINDOW).length, 0),
);

const row = (name: string, result: ReturnType<typeof timeRounds>) =>
  `| ${name} | ${result.occurrences} | ${result.p50.toFixed(2)} | ${result.p99.toFixed(2)} |`;
const report = [
  `# Recurrence engine (${new Date().toISOString()}, node ${process.version}, ${process.platform})`,
  '',
  `Window: one month (${WINDOW.from} – ${WINDOW.to}), ${ROUNDS} rounds after ${WARM_UP_ROUNDS} warm-up rounds, times per round`,
  `(one GET /occurrences' worth of expansion). Load average during the run: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}.`,
  '',
  '| expansion | occurrences | p50 ms | p99 ms |',
  '|---|---|---|---|',
  row('1,000 weekly/monthly series (⅓ from 2021, ⅓ AFTER_OCCURRENCES, 1/10 with rows)', seriesResult),
  row('10,000 one-off events', oneOffResult),
  '',
].join('\n');

console.log(report);
writeFileSync(path.join(import.meta.dirname, 'results', 'recurrence.md'), report);
