import { z } from 'zod';
import { LANGUAGES } from './languages';
import { NOTIFICATION_KINDS, type NotificationResource } from './notification';
import { idSchema } from './records';

/**
 * The inputs of the notifications API beside domain/notification.ts (docs/notifications.md): the list's filter,
 * the live stream's query and the ticket, and where in the app a notification's record opens.
 */

/** Sortable fields of `GET /notifications` (the record id is always the secondary order). */
export const NOTIFICATION_SORT_FIELDS = ['id', 'createdAt'] as const;

/**
 * `GET /notifications?filter=…`: `unread: true` the unread ones (false: the read ones), `kind`, `archived`
 * (default false, archived ones hidden; true: only the archived ones), `id` (getMany: the asked ones whatever
 * their archived state, unless `archived` is given too).
 */
export const notificationListFilterSchema = z
  .object({
    id: z.union([idSchema, z.array(idSchema).max(1000)]).optional(),
    unread: z.boolean().optional(),
    kind: z.union([z.enum(NOTIFICATION_KINDS), z.array(z.enum(NOTIFICATION_KINDS)).max(20)]).optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export type NotificationListFilter = z.infer<typeof notificationListFilterSchema>;

/** A `Last-Event-ID` or `lastEventId`: the id of the last notification the client received. */
export const lastEventIdSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'The id of the last notification received: plain digits')
  .transform(Number)
  .pipe(z.number().int().min(0).max(2_147_483_647));

/**
 * `GET /notifications/stream` query: `ticket` (EventSource clients, from `POST /notifications/stream-ticket`),
 * `lastEventId` (EventSource cannot set the header on its first connection), `lang` (the interface language,
 * which an EventSource's Accept-Language may not be).
 */
export const notificationStreamQuerySchema = z
  .object({
    ticket: z.string().min(10).max(200).optional(),
    lastEventId: lastEventIdSchema.optional(),
    lang: z.enum(LANGUAGES).optional(),
  })
  .strict();

/** `POST /notifications/stream-ticket` → a single-use ticket for `?ticket=`, valid for a minute. */
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.iso.datetime() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;

/** How long a stream ticket may be redeemed (once). */
export const STREAM_TICKET_SECONDS = 60;

/** The live stream's comment line is sent this often, so that proxies keep the connection open. */
export const STREAM_HEARTBEAT_MS = 25_000;

/** `POST /notifications/read` (and unread, archive, unarchive) → the caller's ids it changed. */
export const notificationIdsAnswerSchema = z.object({ ids: z.array(idSchema) });
/** `POST /notifications/read-all` → how many it marked read. */
export const notificationCountAnswerSchema = z.object({ count: z.number().int().min(0) });
/** `POST /notifications/digest` (ROOT) → how many digest mails it sent. */
export const notificationDigestAnswerSchema = z.object({ mails: z.number().int().min(0) });

/**
 * Where a notification's record opens in the app (its link in mails and in the notification centre): the
 * page of the record's area, which is not always the API collection's name. A user record that is the
 * reader's own opens Settings; a notification without a record opens the notification centre.
 */
export function notificationPathOf(
  resource: NotificationResource | null,
  recordId: number | null,
  readerId: number,
): string {
  if (resource === null || recordId === null) return '/notifications';
  switch (resource) {
    case 'events':
      return `/events/${recordId}`;
    case 'offers':
      return `/discount/${recordId}`;
    case 'offer-templates':
      return `/request-discount-template/${recordId}`;
    case 'asks':
      return `/asks/${recordId}`;
    case 'users':
      return recordId === readerId ? '/settings' : `/users/${recordId}`;
  }
}

/** `PUT /notification-preferences`: a kind the caller's role never receives (`errors["deliveries.<KIND>"]`). */
export const NOTIFICATION_KIND_NOT_RECEIVED = 'NOTIFICATION_KIND_NOT_RECEIVED';
