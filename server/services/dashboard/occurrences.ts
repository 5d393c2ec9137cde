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

/** How many occurrences of published events in the scope start in [from, to). */
export async function countStarting(
  db: Queryable,
  viewer: Viewer,
  scope: DashboardScope,
  from: Date,
  to: Date,
): Promise<number> {
  const filter = scopeFilter(scope);
  if (!filter) return 0;
  let page = await allInWindow(db, viewer, filter, from, to, FIRST_PAGE);
  if (!page.complete) page = await allInWindow(db, viewer, filter, from, to, page.total);
  // The window also holds the occurrences that started before it and end in it: they belong to the week before.
  return page.items.filter((item) => Date.parse(item.startsAt) >= from.getTime() && isPublished(item)).length;
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
