import type { Viewer } from '../../../domain/access';
import type { DashboardOccurrence } from '../../../domain/dashboard';
import type { OccurrenceFilter, OccurrenceItem } from '../../../domain/event';
import type { Queryable } from '../../db/queryable';
import { listOccurrences } from '../occurrences';
import type { DashboardScope } from './scope';

/**
 * The occurrences behind the cards, from the occurrence engine (server/services/occurrences.ts) in the viewer's
 * read scope, narrowed to the dashboard's scope. Published means what the public sees: PUBLISHED, and approved
 * when it is a promoter's request (the widget's rule, and the one `events.published_at` is set by).
 */

const DAY_MS = 86_400_000;
/** Windows tried in turn for the next occurrences: a week first, a year at most (the engine's limit is 400 days). */
const LOOK_AHEAD_DAYS = [7, 31, 92, 366] as const;
/** A page larger than any window: the engine sorts and answers them all. */
const WHOLE_WINDOW = 1_000_000;
/** The first page asked for; a larger one only when the window holds more. */
const FIRST_PAGE = 200;

const isPublished = (item: OccurrenceItem): boolean =>
  item.visibility === 'PUBLISHED' && (item.approvalStatus === null || item.approvalStatus === 'APPROVED');

/** The engine's filter of a scope; null for an empty scope (nothing to count). */
function scopeFilter(scope: DashboardScope): Pick<OccurrenceFilter, 'establishmentId' | 'promoterGroupId'> | null {
  switch (scope.kind) {
    case 'ESTABLISHMENT':
      return scope.id === null ? null : { establishmentId: scope.id };
    case 'PROMOTER_GROUP':
      return scope.id === null ? null : { promoterGroupId: scope.id };
    default:
      return {};
  }
}

/** Every occurrence of published events overlapping [from, to), in start order. */
async function allInWindow(
  db: Queryable,
  viewer: Viewer,
  filter: Pick<OccurrenceFilter, 'establishmentId' | 'promoterGroupId'>,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ items: OccurrenceItem[]; complete: boolean; total: number }> {
  const request = {
    filter: { ...filter, from: from.toISOString(), to: to.toISOString(), visibility: 'PUBLISHED' as const },
    order: 'ASC' as const,
    offset: 0,
    limit,
  };
  const page = await listOccurrences(db, viewer, request);
  return { items: page.items, complete: page.items.length >= page.total, total: page.total };
}

/**
 * A week's figures in one pass of the engine (a window of the platform holds thousands of occurrences, and
 * each pass expands them all): how many occurrences of published events in the scope start in [from, to), and
 * the first of them to start at `now` or later; when none is left this week, the next one after it.
 */
export async function weekOf(
  db: Queryable,
  viewer: Viewer,
  scope: DashboardScope,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ count: number; next: DashboardOccurrence | null }> {
  const filter = scopeFilter(scope);
  if (!filter) return { count: 0, next: null };
  // Every occurrence of the window, in start order: one pass, however many.
  const page = await allInWindow(db, viewer, filter, from, to, WHOLE_WINDOW);
  // The window also holds the occurrences that started before it and end in it: they belong to the week before.
  const starting = page.items.filter((item) => Date.parse(item.startsAt) >= from.getTime() && isPublished(item));
  const nextThisWeek = starting.find((item) => Date.parse(item.startsAt) >= now.getTime());
  const next = nextThisWeek
    ? dashboardOccurrenceOf(nextThisWeek)
    : ((await nextStarting(db, viewer, scope, to, 1))[0] ?? null);
  return { count: starting.length, next };
}

/** The first `count` occurrences of published events in the scope that start at `from` or later (within a year). */
export async function nextStarting(
  db: Queryable,
  viewer: Viewer,
  scope: DashboardScope,
  from: Date,
  count: number,
): Promise<DashboardOccurrence[]> {
  const filter = scopeFilter(scope);
  if (!filter) return [];
  const starting = (items: OccurrenceItem[]) =>
    items.filter((item) => Date.parse(item.startsAt) >= from.getTime() && isPublished(item));
  for (const days of LOOK_AHEAD_DAYS) {
    const to = new Date(from.getTime() + days * DAY_MS);
    let limit = count + FIRST_PAGE;
    for (;;) {
      const page = await allInWindow(db, viewer, filter, from, to, limit);
      const found = starting(page.items);
      // In start order: once `count` are found, no later page holds an earlier one.
      if (found.length >= count) return found.slice(0, count).map(dashboardOccurrenceOf);
      if (page.complete) {
        if (days === LOOK_AHEAD_DAYS[LOOK_AHEAD_DAYS.length - 1]) return found.map(dashboardOccurrenceOf);
        break;
      }
      limit = Math.min(page.total, limit * 4);
    }
  }
  return [];
}

export const dashboardOccurrenceOf = (item: OccurrenceItem): DashboardOccurrence => ({
  occurrenceId: item.id,
  eventId: item.eventId,
  title: item.eventTitle,
  startsAt: item.startsAt,
  endsAt: item.endsAt,
  establishmentId: item.establishmentId,
  establishmentName: item.establishmentName,
});
