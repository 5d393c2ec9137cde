import { z } from 'zod';
import { ROLE_KEYS, type RoleKey } from './roles';

/**
 * Notifications: what the product tells one user about a change that concerns them (docs/notifications.md).
 * A notification stores its kind and the facts of the change (`params`); its title and text are rendered in
 * the reader's language when read, so a change of language applies to the ones already received.
 */

export const NOTIFICATION_KINDS = [
  /** A request waits for the recipient's decision (an event request at their venue, a template request). */
  'ASK_AWAITING',
  /** The recipient's event request was approved or rejected by the venue. */
  'EVENT_REQUEST_APPROVED',
  'EVENT_REQUEST_REJECTED',
  /** The recipient's offer template request was approved or rejected. */
  'TEMPLATE_REQUEST_APPROVED',
  'TEMPLATE_REQUEST_REJECTED',
  /** A promoter group published an event at the recipient's venue. */
  'EVENT_PUBLISHED_AT_VENUE',
  /** An exclusive offer of the recipient's scope has fewer than a tenth of its spots left, or none. */
  'OFFER_NEARLY_SOLD_OUT',
  'OFFER_SOLD_OUT',
  /** The recipient's password was changed (in Settings) or reset (through a mailed link). */
  'PASSWORD_CHANGED',
  /** An access link (set your password) was mailed to the recipient. */
  'ACCESS_LINK_SENT',
  /** The recipient's role, establishment or promoter group was changed by someone else. */
  'ACCOUNT_ACCESS_CHANGED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** The facts each kind records; the renderer (server) builds title and text from them. */
export interface NotificationParams {
  ASK_AWAITING: { askKind: 'EVENT_REQUEST' | 'TEMPLATE_REQUEST'; title: string; requesterName: string | null };
  EVENT_REQUEST_APPROVED: { title: string; venueName: string | null };
  EVENT_REQUEST_REJECTED: { title: string; venueName: string | null; reason: string | null };
  TEMPLATE_REQUEST_APPROVED: { title: string };
  TEMPLATE_REQUEST_REJECTED: { title: string; reason: string | null };
  EVENT_PUBLISHED_AT_VENUE: { title: string; promoterGroupName: string | null };
  OFFER_NEARLY_SOLD_OUT: { title: string; spotsLeft: number; spots: number };
  OFFER_SOLD_OUT: { title: string; spots: number };
  PASSWORD_CHANGED: { how: 'CHANGED' | 'RESET' };
  ACCESS_LINK_SENT: Record<string, never>;
  ACCOUNT_ACCESS_CHANGED: {
    roleKey: RoleKey;
    establishmentName: string | null;
    promoterGroupName: string | null;
  };
}

/** The API collections a notification may link to (`resource` of the record). */
export const NOTIFICATION_RESOURCES = ['events', 'offer-templates', 'offers', 'users', 'asks'] as const;
export type NotificationResource = (typeof NOTIFICATION_RESOURCES)[number];

/**
 * How a user wants a kind delivered: in the app only; in the app and by mail at once; in the app and in the
 * daily digest mail (07:00 Europe/Zurich, the unread ones, never an empty mail).
 */
export const NOTIFICATION_DELIVERIES = ['IN_APP', 'MAIL', 'DIGEST'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** What a notification row records of the delivery chosen when it was created. */
export const NOTIFICATION_MAIL_MODES = ['NONE', 'NOW', 'DIGEST'] as const;
export type NotificationMailMode = (typeof NOTIFICATION_MAIL_MODES)[number];

export const mailModeOf = (delivery: NotificationDelivery): NotificationMailMode =>
  delivery === 'MAIL' ? 'NOW' : delivery === 'DIGEST' ? 'DIGEST' : 'NONE';

const ESTABLISHMENT_STAFF: readonly RoleKey[] = ['ADMIN', 'COORDINATOR', 'COORDINATOR_ADMIN_LIMITED'];
const TEMPLATE_REQUESTERS: readonly RoleKey[] = ['ADMIN', 'PROMOTER', 'COORDINATOR'];
const OFFER_KEEPERS: readonly RoleKey[] = ['ADMIN', 'COORDINATOR', 'PROMOTER'];
const EVERYONE: readonly RoleKey[] = ROLE_KEYS;

/**
 * Who receives each kind: a venue's staff the requests at their venue, the platform roles the template requests
 * (ROOT and COORDINATOR_ADMIN_FULL decide those), requesters their decisions, the staff of an offer's
 * establishment or promoter group its spots, everyone their own account's news. Settings offers only these.
 */
export const NOTIFICATION_RECIPIENT_ROLES: Readonly<Record<NotificationKind, readonly RoleKey[]>> = {
  ASK_AWAITING: [...ESTABLISHMENT_STAFF, 'ROOT', 'COORDINATOR_ADMIN_FULL'],
  EVENT_REQUEST_APPROVED: ['PROMOTER'],
  EVENT_REQUEST_REJECTED: ['PROMOTER'],
  TEMPLATE_REQUEST_APPROVED: TEMPLATE_REQUESTERS,
  TEMPLATE_REQUEST_REJECTED: TEMPLATE_REQUESTERS,
  EVENT_PUBLISHED_AT_VENUE: ESTABLISHMENT_STAFF,
  OFFER_NEARLY_SOLD_OUT: OFFER_KEEPERS,
  OFFER_SOLD_OUT: OFFER_KEEPERS,
  PASSWORD_CHANGED: EVERYONE,
  ACCESS_LINK_SENT: EVERYONE,
  ACCOUNT_ACCESS_CHANGED: EVERYONE,
};

export const notificationKindsOf = (role: RoleKey): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_RECIPIENT_ROLES[kind].includes(role));

/** The daily digest's hour, in the platform's time zone. */
export const NOTIFICATION_DIGEST = { hour: 7, timeZone: 'Europe/Zurich' } as const;

/** Below this share of spots left, an offer is nearly sold out. */
export const OFFER_NEARLY_SOLD_OUT_SHARE = 0.1;

const SECURITY_KINDS: readonly NotificationKind[] = ['PASSWORD_CHANGED', 'ACCOUNT_ACCESS_CHANGED'];
const DECIDING_ROLES: readonly RoleKey[] = ['ADMIN', 'COORDINATOR', 'COORDINATOR_ADMIN_LIMITED'];

/**
 * Defaults per role, which a user's own choices override kind by kind. Security changes are always mailed at
 * once (someone else may have done them); a venue's staff hear at once of requests waiting for them; the
 * platform roles, who receive every template request, get those in the digest; a requester hears of the
 * decision at once, as the product's request mails did before; the rest stays in the app. An access link is
 * a mail itself, so its notification is not mailed again.
 */
export function defaultDeliveryOf(role: RoleKey, kind: NotificationKind): NotificationDelivery {
  if (SECURITY_KINDS.includes(kind)) return 'MAIL';
  switch (kind) {
    case 'ASK_AWAITING':
      return DECIDING_ROLES.includes(role) ? 'MAIL' : 'DIGEST';
    case 'EVENT_REQUEST_APPROVED':
    case 'EVENT_REQUEST_REJECTED':
    case 'TEMPLATE_REQUEST_APPROVED':
    case 'TEMPLATE_REQUEST_REJECTED':
      return 'MAIL';
    case 'OFFER_SOLD_OUT':
    case 'EVENT_PUBLISHED_AT_VENUE':
      return 'DIGEST';
    default:
      return 'IN_APP';
  }
}

export const defaultPreferencesOf = (role: RoleKey): Record<NotificationKind, NotificationDelivery> =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, defaultDeliveryOf(role, kind)])) as Record<
    NotificationKind,
    NotificationDelivery
  >;

/** `GET`/`PUT /notification-preferences`: every kind with its delivery (PUT may name only some kinds). */
export const notificationPreferencesSchema = z
  .object({
    deliveries: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_DELIVERIES)),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

export interface NotificationPreferences {
  deliveries: Record<NotificationKind, NotificationDelivery>;
}

/** `POST /notifications/read {ids}` (and `/unread`, `/archive`, `/unarchive`, the same body). */
export const notificationIdsSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }).strict();

/** A notification as the API answers it (the caller's own; ARCHITECTURE.md §9). */
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  resource: NotificationResource | null;
  recordId: number | null;
  title: string;
  text: string;
  createdAt: string;
  readAt: string | null;
  archivedAt: string | null;
}

/** The channels of PostgreSQL's NOTIFY the live stream listens on (payloads in docs/notifications.md). */
export const NOTIFICATION_CHANNELS = {
  /** A user's notifications changed (a new one, read, archived): payload the user's id. */
  notifications: 'notifications',
  /** An ask was created or decided: payload `{"establishmentId":N|null,"promoterGroupId":N|null}`. */
  asks: 'asks_changed',
} as const;
