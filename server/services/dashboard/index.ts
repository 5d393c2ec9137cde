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
): Promise<DashboardCard<Id>> {
  const context: CardContext = { db, viewer, scope: dashboardScopeOf(viewer), clock: dashboardClockOf(now) };
  const answer = CARD_ANSWERS[id] as (context: CardContext) => Promise<DashboardCardData[Id]>;
  return { id, data: await answer(context) };
}

export { dashboardScopeOf, type DashboardScope } from './scope';
