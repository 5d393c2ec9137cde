import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { DashboardCardData } from '../../../domain/dashboard';
import { addDays } from '../../../domain/statistics';
import type { Queryable } from '../../db/queryable';
import { storedRowCount } from '../../db/rowCounts';
import { mailOutbox, users } from '../../db/schema/auth';
import { establishments } from '../../db/schema/establishments';
import { promoterGroups } from '../../db/schema/promoterGroups';
import type { CardContext } from './partner';
import { dailyFigures } from './rollup';
import { startOfZurichDay } from './scope';

/**
 * The platform's cards (ROOT and COORDINATOR_ADMIN_FULL, docs/dashboard.md): partners, events published per
 * week, new users, the outbox's failures. Totals come from the kept row counts (migration 0006), the rest from
 * index ranges on `created_at` or the daily roll-up.
 */

/** A table's row count as the triggers keep it, counted when the counter is missing. */
async function rowCountOf(db: Queryable, table: typeof establishments | typeof promoterGroups, counter: string) {
  const stored = await storedRowCount(db, counter);
  if (stored !== undefined) return stored;
  const [row] = await db.select({ count: count() }).from(table);
  return Number(row.count);
}

/** How many rows of a table were created from `from` (included) to `to` (excluded). */
async function createdBetween(
  db: Queryable,
  column: typeof establishments.createdAt | typeof promoterGroups.createdAt | typeof users.createdAt,
  from: Date,
  to?: Date,
): Promise<number> {
  const table = column.table;
  const [row] = await db
    .select({ count: count() })
    .from(table)
    .where(and(gte(column, from), to ? lt(column, to) : undefined));
  return Number(row.count);
}

/** platformPartners: establishments and promoter groups, and those created in the last 7 Zurich days. */
export async function platformPartnersCard({ db, clock }: CardContext): Promise<DashboardCardData['platformPartners']> {
  const since = startOfZurichDay(addDays(clock.today, -6));
  const [establishmentCount, groupCount, newEstablishments, newGroups] = await Promise.all([
    rowCountOf(db, establishments, 'establishments'),
    rowCountOf(db, promoterGroups, 'promoter_groups'),
    createdBetween(db, establishments.createdAt, since),
    createdBetween(db, promoterGroups.createdAt, since),
  ]);
  return {
    establishments: establishmentCount,
    promoterGroups: groupCount,
    newLast7Days: newEstablishments + newGroups,
  };
}

/** How many ISO weeks platformEventsPublished shows, this one last. */
export const EVENTS_PUBLISHED_WEEKS = 8;

/** platformEventsPublished: events first published (the roll-up's eventsPublished) per ISO week. */
export async function platformEventsPublishedCard({
  db,
  scope,
  clock,
}: CardContext): Promise<DashboardCardData['platformEventsPublished']> {
  const firstWeek = addDays(clock.weekStart, -7 * (EVENTS_PUBLISHED_WEEKS - 1));
  const figures = await dailyFigures(db, scope, 'eventsPublished', firstWeek, clock.weekEnd);
  const weeks = Array.from({ length: EVENTS_PUBLISHED_WEEKS }, (_, index) => ({
    weekStart: addDays(firstWeek, 7 * index),
    count: 0,
  }));
  figures.forEach((figure, index) => {
    weeks[Math.floor(index / 7)].count += figure.value;
  });
  return { weeks };
}

/** platformNewUsers: accounts created in the last 7 Zurich days and the 7 before. */
export async function platformNewUsersCard({ db, clock }: CardContext): Promise<DashboardCardData['platformNewUsers']> {
  const lastWeek = startOfZurichDay(addDays(clock.today, -6));
  const weekBefore = startOfZurichDay(addDays(clock.today, -13));
  const [last7Days, previous7Days] = await Promise.all([
    createdBetween(db, users.createdAt, lastWeek),
    createdBetween(db, users.createdAt, weekBefore, lastWeek),
  ]);
  return { last7Days, previous7Days };
}

/**
 * outboxFailures: mails recorded in the last 7 Zurich days whose sending failed (`failed` is final: nothing
 * sends a mail again), and those still being handed to the SMTP relay (`pending`).
 */
export async function outboxFailuresCard({ db, clock }: CardContext): Promise<DashboardCardData['outboxFailures']> {
  const since = startOfZurichDay(addDays(clock.today, -6));
  const ofStatus = async (status: 'failed' | 'pending') => {
    const [row] = await db
      .select({ count: count() })
      .from(mailOutbox)
      .where(and(gte(mailOutbox.createdAt, since), eq(mailOutbox.status, status)));
    return Number(row.count);
  };
  const [failedLast7Days, retrying] = await Promise.all([ofStatus('failed'), ofStatus('pending')]);
  return { failedLast7Days, retrying };
}
