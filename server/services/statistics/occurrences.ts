import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Viewer } from '../../../domain/access';
import { zonedInstant } from '../../../domain/recurrence';
import { addDays, zurichToday } from '../../../domain/statistics';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { scheduledJobRuns } from '../../db/schema/notifications';
import { listOccurrences } from '../occurrences';

/**
 * The figure `occurrencesPublished` (docs/statistics.md "Occurrences published"): how many occurrences of
 * published events start on a Zurich day, for the platform, each establishment, promoter group and event. No
 * trigger can keep it (a series' occurrences are not rows: the occurrence engine expands them), so a daily job
 * counts each day once it is over, through the engine of `GET /occurrences`, and replaces that day's rows.
 * Today's occurrences therefore appear tomorrow.
 */

export const OCCURRENCES_JOB = 'statistics-occurrences';
/** Days the job catches up at start-up (a server stopped for a while, a new installation). */
export const OCCURRENCES_CATCH_UP_DAYS = 35;
/** Occurrences read per page of the engine. */
const PAGE = 5_000;

/** The engine reads every event as ROOT does; only the published ones are kept. */
const EVERY_EVENT: Viewer = { userId: 0, roleKeys: ['ROOT'], establishmentId: null, promoterGroupId: null };

export interface DayOccurrenceCounts {
  platform: number;
  establishments: Map<number, number>;
  promoterGroups: Map<number, number>;
  events: Map<number, number>;
}

const increment = (counts: Map<number, number>, id: number | null) => {
  if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
};

/**
 * The occurrences that start on a Zurich day of the events public now (PUBLISHED, and approved when they are
 * a request), as the calendar expands them (moved, skipped and added occurrences included).
 */
export async function countOccurrencesOfDay(db: Queryable, day: string): Promise<DayOccurrenceCounts> {
  const from = Date.parse(zonedInstant(day, '00:00'));
  const to = Date.parse(zonedInstant(addDays(day, 1), '00:00'));
  const counts: DayOccurrenceCounts = {
    platform: 0,
    establishments: new Map(),
    promoterGroups: new Map(),
    events: new Map(),
  };
  for (let offset = 0; ; offset += PAGE) {
    const page = await listOccurrences(db, EVERY_EVENT, {
      filter: { from: day, to: day, visibility: 'PUBLISHED' },
      order: 'ASC',
      offset,
      limit: PAGE,
    });
    for (const item of page.items) {
      const startsAt = Date.parse(item.startsAt);
      // The window holds the occurrences that overlap the day: those that started the day before end in it.
      if (startsAt < from || startsAt >= to) continue;
      if (item.approvalStatus !== null && item.approvalStatus !== 'APPROVED') continue;
      counts.platform += 1;
      increment(counts.establishments, item.establishmentId);
      increment(counts.promoterGroups, item.promoterGroupId);
      increment(counts.events, item.eventId);
    }
    if (page.items.length < PAGE || offset + PAGE >= page.total) break;
  }
  return counts;
}

/** Writes a day's counts in place of its `occurrencesPublished` rows, every shard of them, as shard 0 (in the caller's transaction). */
async function replaceDay(tx: Queryable, day: string, counts: DayOccurrenceCounts): Promise<void> {
  await tx.execute(sql`DELETE FROM daily_statistics WHERE day = ${day}::date AND metric = 'occurrencesPublished'`);
  const rows: { scope: string; id: number; value: number }[] = [];
  if (counts.platform > 0) rows.push({ scope: 'PLATFORM', id: 0, value: counts.platform });
  for (const [scope, byId] of [
    ['ESTABLISHMENT', counts.establishments],
    ['PROMOTER_GROUP', counts.promoterGroups],
    ['EVENT', counts.events],
  ] as const)
    for (const [id, value] of byId) rows.push({ scope, id, value });
  if (rows.length === 0) return;
  // Arrays rather than one parameter per value: a busy day has thousands of events.
  await tx.execute(sql`INSERT INTO daily_statistics AS kept (scope, scope_id, day, metric, value)
    SELECT row.scope, row.scope_id, ${day}::date, 'occurrencesPublished', row.value
    FROM unnest(${`{${rows.map((row) => row.scope).join(',')}}`}::text[],
                ${`{${rows.map((row) => row.id).join(',')}}`}::int[],
                ${`{${rows.map((row) => row.value).join(',')}}`}::bigint[]) AS row(scope, scope_id, value)
    ORDER BY 1, 2
    ON CONFLICT (scope, scope_id, day, metric, shard) DO UPDATE SET value = excluded.value`);
}

/**
 * Counts a day and replaces its `occurrencesPublished` rows, in one transaction: running it again gives the
 * same rows (backfills, a second process). Answers the platform's count.
 */
export async function replaceOccurrencesOfDay(db: Database, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    const counts = await countOccurrencesOfDay(tx, day);
    await replaceDay(tx, day, counts);
    return counts.platform;
  });
}

/**
 * The daily job for one day: the process whose insert of (job, day) in `scheduled_job_runs` succeeds counts
 * it, in the same transaction, so that of several processes exactly one does (the others wait for its commit,
 * then find the row) and a process that fails leaves the day to the next try. False when it was done already.
 */
export async function runOccurrencesJobFor(db: Database, day: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobRuns)
      .values({ job: OCCURRENCES_JOB, runOn: day })
      .onConflictDoNothing()
      .returning({ job: scheduledJobRuns.job });
    if (claimed.length === 0) return false;
    await replaceDay(tx, day, await countOccurrencesOfDay(tx, day));
    return true;
  });
}

/** The days the job should have counted by `today`: the OCCURRENCES_CATCH_UP_DAYS before it, oldest first. */
export function dueDays(today: string): string[] {
  return Array.from({ length: OCCURRENCES_CATCH_UP_DAYS }, (_, index) =>
    addDays(today, index - OCCURRENCES_CATCH_UP_DAYS),
  );
}

/**
 * Runs the job for every due day not counted yet (yesterday, and the missed ones); answers the days counted.
 * `stopping` ends it between two days (a process that closes does not wait for a whole catch-up).
 */
export async function runDueOccurrenceJobs(
  db: Database,
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<string[]> {
  const days = dueDays(zurichToday(now));
  const done = new Set(
    (
      (await db.execute(
        sql`SELECT run_on::text AS day FROM scheduled_job_runs WHERE job = ${OCCURRENCES_JOB}
            AND run_on BETWEEN ${days[0]}::date AND ${days[days.length - 1]}::date`,
      )) as unknown as { rows: { day: string }[] }
    ).rows.map((row) => row.day),
  );
  const counted: string[] = [];
  for (const day of days) {
    if (stopping()) break;
    if (!done.has(day) && (await runOccurrencesJobFor(db, day))) counted.push(day);
  }
  return counted;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = Temporal.PlainDate.from(from);
    Temporal.PlainDate.compare(day, Temporal.PlainDate.from(to)) <= 0;
    day = day.add({ days: 1 })
  )
    days.push(day.toString());
  return days;
}
