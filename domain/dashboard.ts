import { hasPermission, ROLE_SCOPES, type Viewer } from './access';
import { isRoleKey } from './roles';

/**
 * The dashboard's cards (docs/dashboard.md, ARCHITECTURE.md §9 `GET /dashboard`): each answers one question for
 * the viewer's scope and leads to the filtered list behind it. `GET /dashboard` names the caller's cards in
 * order; `GET /dashboard/cards/:card` answers one, so that the page loads them side by side and a failing card
 * fails alone.
 */
export const DASHBOARD_CARDS = [
  // What waits for me
  'pendingAsks',
  'unreadNotifications',
  // My venue's or group's week
  'weekOccurrences',
  'drafts',
  'offers',
  'promoCodes',
  'widgetViews',
  // The platform (the roles that see everything)
  'platformPartners',
  'platformEventsPublished',
  'platformNewUsers',
  'outboxFailures',
  // A customer's own
  'upcomingEvents',
  'myClaims',
  'myCodes',
] as const;
export type DashboardCardId = (typeof DASHBOARD_CARDS)[number];

export const isDashboardCardId = (value: unknown): value is DashboardCardId =>
  typeof value === 'string' && (DASHBOARD_CARDS as readonly string[]).includes(value);

/** An occurrence as a card lists it. `startsAt`/`endsAt` are instants (ISO, UTC). */
export interface DashboardOccurrence {
  /** The occurrence's id as `GET /occurrences` gives it. */
  occurrenceId: string;
  eventId: number;
  title: string;
  startsAt: string;
  endsAt: string;
  establishmentId: number | null;
  establishmentName: string | null;
}

/** A count over the last 7 Zurich days (today included) and the 7 before. */
export interface WeekOverWeek {
  last7Days: number;
  previous7Days: number;
}

/** What each card answers. Weeks are ISO weeks (Monday to Sunday) in Europe/Zurich. */
export interface DashboardCardData {
  /** Requests awaiting the viewer's decision; for a promoter, its own requests still pending. */
  pendingAsks: { count: number; mine: boolean; oldestRequestedAt: string | null };
  unreadNotifications: { count: number };
  /** Occurrences of published events in the scope this week (Monday to Sunday), and the next to start. */
  weekOccurrences: { weekStart: string; weekEnd: string; count: number; next: DashboardOccurrence | null };
  /** Events in the scope not published yet. */
  drafts: { count: number };
  /** Published offers whose dates include today (or activated recurrent ones); exclusive ones with under a tenth of their spots left, and none. */
  offers: { running: number; nearlySoldOut: number; soldOut: number };
  /** Promo code redemptions in the scope. */
  promoCodes: WeekOverWeek;
  /** Widget views in the scope, per day: 14 days, the previous 7 then the last 7 (today last). */
  widgetViews: WeekOverWeek & { days: { date: string; views: number }[] };
  platformPartners: { establishments: number; promoterGroups: number; newLast7Days: number };
  /** Events first published per week, the last 8 ISO weeks (this one last). */
  platformEventsPublished: { weeks: { weekStart: string; count: number }[] };
  platformNewUsers: WeekOverWeek;
  /** Mails that failed for good in the last 7 days, and whether any is waiting to be retried. */
  outboxFailures: { failedLast7Days: number; retrying: number };
  /** The next occurrences of published events (at most 5). */
  upcomingEvents: { items: DashboardOccurrence[] };
  /** The customer's live claims of offers still to come, and the total. */
  myClaims: {
    count: number;
    items: { claimId: number; offerId: number; title: string; startDate: string | null; claimedAt: string }[];
  };
  /** The promo codes the customer redeemed (at most 5 latest) and their total. */
  myCodes: { count: number; items: { promoCodeId: number; code: string; redeemedAt: string }[] };
}

export type DashboardCard<Id extends DashboardCardId = DashboardCardId> = { id: Id; data: DashboardCardData[Id] };

/** `GET /dashboard`. */
export interface DashboardReply {
  cards: DashboardCardId[];
}

const seesEverything = (viewer: Pick<Viewer, 'roleKeys'>) =>
  viewer.roleKeys.some((key) => isRoleKey(key) && ROLE_SCOPES[key] === 'all');
const isPartnerStaff = (viewer: Pick<Viewer, 'roleKeys'>) => hasPermission(viewer.roleKeys, 'STATISTICS', 'read');
const isCustomer = (viewer: Pick<Viewer, 'roleKeys'>) => viewer.roleKeys.includes('CUSTOMER');

/** Who sees which card: from the permission table, so that a card never shows what its list would refuse. */
const CARD_RULES: Readonly<Record<DashboardCardId, (viewer: Pick<Viewer, 'roleKeys'>) => boolean>> = {
  pendingAsks: (viewer) => hasPermission(viewer.roleKeys, 'ASK', 'read'),
  unreadNotifications: () => true,
  weekOccurrences: isPartnerStaff,
  drafts: (viewer) => isPartnerStaff(viewer) && hasPermission(viewer.roleKeys, 'EVENT', 'create'),
  offers: (viewer) => isPartnerStaff(viewer) && hasPermission(viewer.roleKeys, 'OFFER', 'update'),
  promoCodes: isPartnerStaff,
  widgetViews: (viewer) => hasPermission(viewer.roleKeys, 'WIDGET_SETTINGS', 'read'),
  platformPartners: seesEverything,
  platformEventsPublished: seesEverything,
  platformNewUsers: (viewer) => seesEverything(viewer) && hasPermission(viewer.roleKeys, 'USER', 'read'),
  outboxFailures: (viewer) => hasPermission(viewer.roleKeys, 'MAIL_OUTBOX', 'read'),
  upcomingEvents: isCustomer,
  myClaims: isCustomer,
  myCodes: isCustomer,
};

/** The viewer's cards, in the page's order. */
export const dashboardCardsOf = (viewer: Pick<Viewer, 'roleKeys'>): DashboardCardId[] =>
  DASHBOARD_CARDS.filter((card) => CARD_RULES[card](viewer));

/** Nearly sold out means what the SPOTS_LOW notification means: under this share of the spots left. */
export { OFFER_NEARLY_SOLD_OUT_SHARE } from './notification';
