import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../domain/languages';
import {
  defaultPreferencesOf,
  isNotificationKind,
  notificationKindsOf,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationRecord,
  type NotificationResource,
} from '../../../domain/notification';
import type { NotificationListFilter } from '../../../domain/notificationApi';
import type { RoleKey } from '../../../domain/roles';
import type { Queryable } from '../../db/queryable';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { renderNotification } from './texts';

/**
 * Reading and changing one user's notifications (docs/notifications.md). Every query names the user: a
 * notification of someone else does not exist for the caller (404 on `GET /:id`, silently left out of the
 * changes), whatever their role.
 */

export const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  resource: notifications.resource,
  recordId: notifications.recordId,
  params: notifications.params,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  archivedAt: notifications.archivedAt,
};

export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  resource: string | null;
  recordId: number | null;
  params: unknown;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
}

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/** The API's record: title and text rendered now, in the reader's language. */
export function toNotificationRecord(row: NotificationRow, language: Language): NotificationRecord {
  const { title, text } = renderNotification(row.kind, row.params, language);
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    resource: row.resource as NotificationResource | null,
    recordId: row.recordId,
    title,
    text,
    createdAt: row.createdAt.toISOString(),
    readAt: isoOrNull(row.readAt),
    archivedAt: isoOrNull(row.archivedAt),
  };
}

export interface NotificationPage {
  rows: NotificationRow[];
  total: number;
}

const SORT_COLUMNS = { id: notifications.id, createdAt: notifications.createdAt } as const;

function listCondition(userId: number, filter: NotificationListFilter): SQL | undefined {
  const ids = filter.id === undefined ? undefined : [filter.id].flat();
  const kinds = filter.kind === undefined ? undefined : [filter.kind].flat();
  // getMany (`id`) answers the asked ones whatever their archived state, unless `archived` is given too.
  const archived = filter.archived ?? (ids ? undefined : false);
  return and(
    eq(notifications.userId, userId),
    ids ? inArray(notifications.id, ids) : undefined,
    kinds ? inArray(notifications.kind, kinds) : undefined,
    filter.unread === undefined
      ? undefined
      : filter.unread
        ? isNull(notifications.readAt)
        : isNotNull(notifications.readAt),
    archived === undefined
      ? undefined
      : archived
        ? isNotNull(notifications.archivedAt)
        : isNull(notifications.archivedAt),
  );
}

export async function listNotifications(
  db: Queryable,
  userId: number,
  query: {
    filter: NotificationListFilter;
    sort: { field: keyof typeof SORT_COLUMNS; order: 'ASC' | 'DESC' };
    offset: number;
    limit: number;
  },
): Promise<NotificationPage> {
  const where = listCondition(userId, query.filter);
  const direction = query.sort.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(notificationColumns)
      .from(notifications)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort.field]), direction(notifications.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findNotification(
  db: Queryable,
  userId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** The changes of `POST /notifications/<change> {ids}`. */
export const NOTIFICATION_CHANGES = ['read', 'unread', 'archive', 'unarchive'] as const;
export type NotificationChange = (typeof NOTIFICATION_CHANGES)[number];

/**
 * Applies one change to the caller's notifications among `ids` that it changes (a read one is not read again);
 * answers their ids. Others' ids match no row. One UPDATE: parallel changes never count a row twice.
 */
export async function changeNotifications(
  db: Queryable,
  userId: number,
  ids: readonly number[],
  change: NotificationChange,
): Promise<number[]> {
  const mine = and(eq(notifications.userId, userId), inArray(notifications.id, [...new Set(ids)]));
  const now = sql`now()`;
  const [set, unchanged] =
    change === 'read'
      ? [{ readAt: now }, isNull(notifications.readAt)]
      : change === 'unread'
        ? [{ readAt: null }, isNotNull(notifications.readAt)]
        : change === 'archive'
          ? [{ archivedAt: now }, isNull(notifications.archivedAt)]
          : [{ archivedAt: null }, isNotNull(notifications.archivedAt)];
  const rows = await db
    .update(notifications)
    .set(set as never)
    .where(and(mine, unchanged))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id).sort((left, right) => left - right);
}

/** Marks every unread, unarchived notification of the user read; answers how many it marked. */
export async function readAllNotifications(db: Queryable, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.archivedAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The bell's count: unread and not archived. */
export async function unreadCountOf(db: Queryable, userId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), isNull(notifications.archivedAt)));
  return Number(total);
}

/** The live stream's next ones: not archived, after `afterId`, oldest first. */
export async function notificationsAfter(
  db: Queryable,
  userId: number,
  afterId: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select(notificationColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId), isNull(notifications.archivedAt)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/** The newest notification id of the user (0 for none): where a stream without Last-Event-ID starts. */
export async function newestNotificationId(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${notifications.id})` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.id ?? 0);
}

// ---- preferences ---------------------------------------------------------------------------------------

export interface NotificationPreferencesAnswer {
  deliveries: Partial<Record<NotificationKind, NotificationDelivery>>;
  defaults: Partial<Record<NotificationKind, NotificationDelivery>>;
}

/** The kinds the role receives, each with the user's choice (or the default) and the role's default. */
export async function preferencesOf(
  db: Queryable,
  userId: number,
  role: RoleKey,
): Promise<NotificationPreferencesAnswer> {
  const kinds = notificationKindsOf(role);
  const roleDefaults = defaultPreferencesOf(role);
  const rows = await db
    .select({ kind: notificationPreferences.kind, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.filter((row) => isNotificationKind(row.kind)).map((row) => [row.kind, row.delivery]));
  const defaults = Object.fromEntries(kinds.map((kind) => [kind, roleDefaults[kind]]));
  const deliveries = Object.fromEntries(
    kinds.map((kind) => [kind, (chosen.get(kind) as NotificationDelivery | undefined) ?? roleDefaults[kind]]),
  );
  return { deliveries, defaults };
}

/** Stores the user's choices (one row per kind, replaced); the kinds were checked against the role before. */
export async function savePreferences(
  db: Queryable,
  userId: number,
  deliveries: Partial<Record<NotificationKind, NotificationDelivery>>,
): Promise<void> {
  const rows = Object.entries(deliveries).map(([kind, delivery]) => ({ userId, kind, delivery: delivery as string }));
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { delivery: sql`excluded.delivery` },
    });
}
