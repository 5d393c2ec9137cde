import type { Viewer } from '../../../domain/access';
import type { DashboardCard, DashboardCardData, DashboardCardId } from '../../../domain/dashboard';
import type { Queryable } from '../../db/queryable';
import { myClaimsCard, myCodesCard, upcomingEventsCard } from './customer';
import {
  draftsCard,
  offersCard,
  pendingAsksCard,
  promoCodesCard,
  unreadNotificationsCard,
  weekOccurrencesCard,
  widgetViewsCard,
  type CardContext,
} from './partner';
import {
  outboxFailuresCard,
  platformEventsPublishedCard,
  platformNewUsersCard,
  platformPartnersCard,
} from './platform';
import { dashboardClockOf, dashboardScopeOf } from './scope';
import type { SharedCardAnswers } from './sharedAnswers';

/**
 * The dashboard's cards (docs/dashboard.md, domain/dashboard.ts): one function per card, each answering its
 * question for the viewer's scope. Who may ask for which card is the route's (dashboardCardsOf).
 */

type CardAnswers = { [Id in DashboardCardId]: (context: CardContext) => Promise<DashboardCardData[Id]> };

const CARD_ANSWERS: CardAnswers = {
  pendingAsks: pendingAsksCard,
  unreadNotifications: unreadNotificationsCard,
  weekOccurrences: weekOccurrencesCard,
  drafts: draftsCard,
  offers: offersCard,
  promoCodes: promoCodesCard,
  widgetViews: widgetViewsCard,
  platformPartners: platformPartnersCard,
  platformEventsPublished: platformEventsPublishedCard,
  platformNewUsers: platformNewUsersCard,
  outboxFailures: outboxFailuresCard,
  upcomingEvents: upcomingEventsCard,
  myClaims: myClaimsCard,
  myCodes: myCodesCard,
};

/** One card's answer for the viewer at `now`. */
export async function dashboardCard<Id extends DashboardCardId>(
  db: Queryable,
  viewer: Viewer,
  id: Id,
  now: Date,
  shared?: SharedCardAnswers,
): Promise<DashboardCard<Id>> {
  const context: CardContext = { db, viewer, scope: dashboardScopeOf(viewer), clock: dashboardClockOf(now) };
  const answer = CARD_ANSWERS[id] as (context: CardContext) => Promise<DashboardCardData[Id]>;
  const sharedKey = shared ? sharedKeyOf(id, context) : null;
  const data = sharedKey
    ? await shared!.answer(sharedKey, now.getTime(), () => answer(context))
    : await answer(context);
  return { id, data };
}

const MINUTE_MS = 60_000;

/**
 * The key of an answer that every viewer asking it gets alike (SharedCardAnswers), or null. It names the minute,
 * since the answers speak of what starts from now.
 */
function sharedKeyOf(id: DashboardCardId, { scope, clock }: CardContext): string | null {
  const everyones = (id === 'weekOccurrences' && scope.kind === 'PLATFORM') || id === 'upcomingEvents';
  return everyones ? `${id}|${scope.kind}|${Math.floor(clock.now.getTime() / MINUTE_MS)}` : null;
}

export { dashboardScopeOf, type DashboardScope } from './scope';
export { SharedCardAnswers } from './sharedAnswers';
