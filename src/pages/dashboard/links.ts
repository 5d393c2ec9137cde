import type { DashboardCardData, DashboardCardId } from '../../../domain/dashboard';
import { canOpenRoute } from '../../../domain/access';
import type { PeriodPreset } from '../../../domain/statistics';
import { asksPathWithFilter } from '../../../resources/asks';
import { eventsPathWithFilter } from '../../../resources/events';
import { NOTIFICATIONS_PATH } from '../../../resources/notifications/paths';
import { OFFERS_AREA } from '../../../resources/offers/paths';
import { areaPath, PATHS } from '../paths';

/**
 * Where each card leads: the list behind its figure, under the filter names that list really reads from
 * `?filter=` (react-admin's list parameters in the URL). `events` says how the events page opens (its list or
 * its calendar on a week: the page keeps its view in the store, resources/events/eventsLinks.ts).
 */
export interface CardLink {
  to: string;
  events?: { view: 'list' } | { view: 'week'; day: string };
}

const withFilter = (path: string, filter: Record<string, unknown>) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

const STATISTICS = areaPath('statistics');
/** The statistics page over the card's own period (the viewer's default scope). */
const statisticsOver = (preset: Exclude<PeriodPreset, 'custom'>) =>
  `${STATISTICS}?${new URLSearchParams({ preset }).toString()}`;

type LinkOf<Id extends DashboardCardId> = (data: DashboardCardData[Id], roleKeys: readonly string[]) => CardLink | null;

const LINKS: { [Id in DashboardCardId]: LinkOf<Id> } = {
  // The Request inbox: what awaits my decision, or for a promoter (who decides nothing) its own pending requests.
  pendingAsks: (data) => {
    const { pathname, search } = asksPathWithFilter(
      data.mine ? { mine: true, status: 'PENDING' } : { awaitsMe: true, status: 'PENDING' },
    );
    return { to: `${pathname}${search}` };
  },
  unreadNotifications: () => ({ to: withFilter(NOTIFICATIONS_PATH, { unread: true }) }),
  // The calendar's list of this week, the published events' occurrences (what the card counts).
  weekOccurrences: (data) => ({
    to: eventsPathWithFilter({ visibility: 'PUBLISHED' }),
    events: { view: 'week', day: data.weekStart },
  }),
  drafts: () => ({ to: eventsPathWithFilter({ visibility: 'DRAFT' }), events: { view: 'list' } }),
  offers: () => ({ to: withFilter(OFFERS_AREA, { status: 'running' }) }),
  // The codes' page is the platform's (promo-code route); the others read their redemptions in the statistics.
  promoCodes: (_data, roleKeys) => ({
    to: canOpenRoute(roleKeys, areaPath('promo-code')) ? areaPath('promo-code') : statisticsOver('last7'),
  }),
  widgetViews: () => ({ to: statisticsOver('last7') }),
  platformPartners: () => ({ to: areaPath('establishments') }),
  // Eight weeks fit the 90 days, shown per week as the card does.
  platformEventsPublished: () => ({ to: statisticsOver('last90') }),
  // The users, newest first (the list's sort in the URL).
  platformNewUsers: () => ({ to: `${areaPath('users')}?${new URLSearchParams({ sort: 'createdAt', order: 'DESC' })}` }),
  outboxFailures: () => ({ to: withFilter(PATHS.outbox, { status: 'failed' }) }),
  // A customer's own cards: no list of theirs to lead to.
  upcomingEvents: () => null,
  myClaims: () => null,
  myCodes: () => null,
};

export const cardLinkOf = <Id extends DashboardCardId>(
  id: Id,
  data: DashboardCardData[Id],
  roleKeys: readonly string[],
): CardLink | null => (LINKS[id] as LinkOf<Id>)(data, roleKeys);
