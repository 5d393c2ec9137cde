import { z } from 'zod';
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

// ---- the API's schemas (server/routes/dashboard.ts) ---------------------------------------------------

/** Why a `:card` in the path is refused before it is looked up (an unknown name is a 404, not this). */
export const DASHBOARD_CARD_PROBLEM = 'A card name: letters only (see GET /dashboard)';

/**
 * `GET /dashboard/cards/:card`: a card's name is letters; a well-formed name that is no card is a 404, one the
 * caller does not have a 403.
 */
export const dashboardCardParamsSchema = z.object({
  card: z.string().regex(/^[A-Za-z]{1,64}$/, DASHBOARD_CARD_PROBLEM),
});

const count = z.number().int().min(0);
const instant = z.iso.datetime();
const localDate = z.iso.date();
const weekOverWeekSchema = z.strictObject({ last7Days: count, previous7Days: count });
const occurrenceSchema = z.strictObject({
  occurrenceId: z.string(),
  eventId: z.number().int(),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
  establishmentId: z.number().int().nullable(),
  establishmentName: z.string().nullable(),
});

/** Each card's data as a schema: the API document's, and the tests' check of the exact shape. */
export const DASHBOARD_CARD_DATA_SCHEMAS = {
  pendingAsks: z.strictObject({ count, mine: z.boolean(), oldestRequestedAt: instant.nullable() }),
  unreadNotifications: z.strictObject({ count }),
  weekOccurrences: z.strictObject({
    weekStart: localDate,
    weekEnd: localDate,
    count,
    next: occurrenceSchema.nullable(),
  }),
  drafts: z.strictObject({ count }),
  offers: z.strictObject({ running: count, nearlySoldOut: count, soldOut: count }),
  promoCodes: weekOverWeekSchema,
  widgetViews: weekOverWeekSchema.extend({
    days: z.array(z.strictObject({ date: localDate, views: count })).length(14),
  }),
  platformPartners: z.strictObject({ establishments: count, promoterGroups: count, newLast7Days: count }),
  platformEventsPublished: z.strictObject({
    weeks: z.array(z.strictObject({ weekStart: localDate, count })).length(8),
  }),
  platformNewUsers: weekOverWeekSchema,
  outboxFailures: z.strictObject({ failedLast7Days: count, retrying: count }),
  upcomingEvents: z.strictObject({ items: z.array(occurrenceSchema).max(5) }),
  myClaims: z.strictObject({
    count,
    items: z
      .array(
        z.strictObject({
          claimId: z.number().int(),
          offerId: z.number().int(),
          title: z.string(),
          startDate: localDate.nullable(),
          claimedAt: instant,
        }),
      )
      .max(5),
  }),
  myCodes: z.strictObject({
    count,
    items: z.array(z.strictObject({ promoCodeId: z.number().int(), code: z.string(), redeemedAt: instant })).max(5),
  }),
} as const satisfies Record<DashboardCardId, z.ZodType>;

/** The schemas say what the interfaces say (a compile-time check both ways). */
type SchemaData = { [Id in DashboardCardId]: z.output<(typeof DASHBOARD_CARD_DATA_SCHEMAS)[Id]> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const DASHBOARD_SCHEMAS_MATCH: Same<SchemaData, DashboardCardData> = true;

/** `GET /dashboard/cards/:card`'s answer, one shape per card. */
export const dashboardCardSchema = z.discriminatedUnion(
  'id',
  DASHBOARD_CARDS.map((id) =>
    z.strictObject({ id: z.literal(id), data: DASHBOARD_CARD_DATA_SCHEMAS[id] }),
  ) as unknown as [
    z.ZodObject<{ id: z.ZodLiteral<DashboardCardId>; data: z.ZodType }>,
    ...z.ZodObject<{ id: z.ZodLiteral<DashboardCardId>; data: z.ZodType }>[],
  ],
);

/** `GET /dashboard`'s answer. */
export const dashboardReplySchema = z.strictObject({ cards: z.array(z.enum(DASHBOARD_CARDS)) });
