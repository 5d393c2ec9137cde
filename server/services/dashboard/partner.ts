import { and, count, eq, gte, lte, min, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_SCOPES, type Viewer } from '../../../domain/access';
import type { DashboardCardData } from '../../../domain/dashboard';
import { OFFER_NEARLY_SOLD_OUT_SHARE } from '../../../domain/dashboard';
import { isRoleKey } from '../../../domain/roles';
import { addDays } from '../../../domain/statistics';
import type { Queryable } from '../../db/queryable';
import { scopeCondition } from '../../db/scope';
import { asks } from '../../db/schema/asks';
import { events } from '../../db/schema/events';
import { offers } from '../../db/schema/offers';
import { awaitingCondition, mineCondition } from '../asks';
import { unreadCountOf } from '../notifications/records';
import { weekOf } from './occurrences';
import { dailyFigures, sumOf } from './rollup';
import { startOfZurichDay, type DashboardClock, type DashboardScope } from './scope';

/**
 * The cards of what waits for the viewer and of its venue's or group's week (docs/dashboard.md), one function
 * per card, each answering `DashboardCardData[card]` for the viewer's scope.
 */

export interface CardContext {
  db: Queryable;
  viewer: Viewer;
  scope: DashboardScope;
  clock: DashboardClock;
}

/** A promoter follows its own requests; the other roles the requests they decide. */
const followsOwnRequests = (viewer: Viewer) =>
  viewer.roleKeys.some((key) => isRoleKey(key) && ROLE_SCOPES[key] === 'promoterGroup');

/**
 * pendingAsks: `/asks` filtered on status PENDING and `awaitsMe` (the requests the viewer may decide), or for a
 * promoter on status PENDING and `mine` (its own requests still waiting); the list's scope applies to both.
 */
export async function pendingAsksCard({ db, viewer }: CardContext): Promise<DashboardCardData['pendingAsks']> {
  const mine = followsOwnRequests(viewer);
  const scope = scopeCondition(
    viewer,
    'ASK',
    { establishment: asks.establishmentId, promoterGroup: asks.promoterGroupId },
    'read',
  );
  const waiting = mine ? and(eq(asks.status, 'PENDING'), mineCondition(true, viewer)) : awaitingCondition(viewer);
  const [row] = await db
    .select({ count: count(), oldest: min(asks.requestedAt) })
    .from(asks)
    .where(and(scope, waiting));
  const oldest = row.oldest === null ? null : new Date(row.oldest);
  return { count: Number(row.count), mine, oldestRequestedAt: oldest ? oldest.toISOString() : null };
}

/** unreadNotifications: the bell's count (unread and not archived), whatever the role. */
export async function unreadNotificationsCard({
  db,
  viewer,
}: CardContext): Promise<DashboardCardData['unreadNotifications']> {
  return { count: await unreadCountOf(db, viewer.userId) };
}

/**
 * weekOccurrences: the occurrences of published events in the scope that start this ISO week (Monday 00:00 to
 * the next Monday 00:00 in Zurich), and the next one to start from now, this week or later.
 */
export async function weekOccurrencesCard({
  db,
  viewer,
  scope,
  clock,
}: CardContext): Promise<DashboardCardData['weekOccurrences']> {
  const from = startOfZurichDay(clock.weekStart);
  const to = startOfZurichDay(addDays(clock.weekStart, 7));
  const week = await weekOf(db, viewer, scope, from, to, clock.now);
  return { weekStart: clock.weekStart, weekEnd: clock.weekEnd, ...week };
}

/** The events (or offers) of a scope, as a condition on their owner columns; null for an empty scope. */
function ownedBy(
  scope: DashboardScope,
  columns: {
    establishment: typeof events.establishmentId | typeof offers.establishmentId;
    promoterGroup: typeof events.promoterGroupId | typeof offers.promoterGroupId;
  },
): SQL | undefined | null {
  switch (scope.kind) {
    case 'PLATFORM':
      return undefined;
    case 'ESTABLISHMENT':
      return scope.id === null ? null : eq(columns.establishment, scope.id);
    case 'PROMOTER_GROUP':
      return scope.id === null ? null : eq(columns.promoterGroup, scope.id);
    case 'CUSTOMER':
      return null;
  }
}

/** drafts: the scope's events not published yet (visibility DRAFT), as `/events` filtered on it lists them. */
export async function draftsCard({ db, scope }: CardContext): Promise<DashboardCardData['drafts']> {
  const owned = ownedBy(scope, { establishment: events.establishmentId, promoterGroup: events.promoterGroupId });
  if (owned === null) return { count: 0 };
  const [row] = await db
    .select({ count: count() })
    .from(events)
    .where(and(owned, eq(events.visibility, 'DRAFT')));
  return { count: Number(row.count) };
}

/**
 * offers: the scope's published offers running today (an exclusive offer whose dates include today in Zurich, a
 * recurrent one while activated); among the exclusive ones, those with spots left under
 * OFFER_NEARLY_SOLD_OUT_SHARE of their spots (the OFFER_NEARLY_SOLD_OUT notification's threshold, exact numeric
 * arithmetic as there) but not none, and those with none left (OFFER_SOLD_OUT).
 */
export async function offersCard({ db, scope, clock }: CardContext): Promise<DashboardCardData['offers']> {
  const owned = ownedBy(scope, { establishment: offers.establishmentId, promoterGroup: offers.promoterGroupId });
  if (owned === null) return { running: 0, nearlySoldOut: 0, soldOut: 0 };
  const exclusiveToday = and(
    eq(offers.kind, 'EXCLUSIVE'),
    lte(offers.startDate, clock.today),
    gte(offers.endDate, clock.today),
  );
  const left = sql`(${offers.availableSpots} - ${offers.claimedSpots})`;
  const share = String(OFFER_NEARLY_SOLD_OUT_SHARE);
  const [row] = await db
    .select({
      running: count(),
      nearlySoldOut: sql<number>`count(*) FILTER (WHERE ${exclusiveToday} AND ${left} > 0 AND ${left} < ${offers.availableSpots} * ${share}::numeric)::int`,
      soldOut: sql<number>`count(*) FILTER (WHERE ${exclusiveToday} AND ${left} <= 0)::int`,
    })
    .from(offers)
    .where(
      and(
        owned,
        eq(offers.visibility, 'PUBLISHED'),
        or(exclusiveToday, and(eq(offers.kind, 'RECURRENT'), eq(offers.isActivated, true))),
      ),
    );
  return { running: Number(row.running), nearlySoldOut: Number(row.nearlySoldOut), soldOut: Number(row.soldOut) };
}

/** A count over the last 7 Zurich days (today included) and the 7 before, from a 14-day series. */
const weekOverWeek = (figures: readonly { value: number }[]) => ({
  last7Days: sumOf(figures.slice(7)),
  previous7Days: sumOf(figures.slice(0, 7)),
});

/** promoCodes: redemptions of the scope's codes (the roll-up's promoCodeRedemptions), week over week. */
export async function promoCodesCard({ db, scope, clock }: CardContext): Promise<DashboardCardData['promoCodes']> {
  return weekOverWeek(await dailyFigures(db, scope, 'promoCodeRedemptions', addDays(clock.today, -13), clock.today));
}

/** widgetViews: views of the scope's widget (the roll-up's widgetViews) per day, the 14 days ending today. */
export async function widgetViewsCard({ db, scope, clock }: CardContext): Promise<DashboardCardData['widgetViews']> {
  const figures = await dailyFigures(db, scope, 'widgetViews', addDays(clock.today, -13), clock.today);
  return { ...weekOverWeek(figures), days: figures.map(({ date, value }) => ({ date, views: value })) };
}
