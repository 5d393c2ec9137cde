import type { NotificationRecord } from '../../domain/notification';
import { notificationPathOf } from '../../domain/notificationApi';

/** The notifications page (the permission table's `notifications` route, the resource's list). */
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * Where a notification's record opens in the app: the same path its mail links to (domain/notificationApi.ts),
 * so the bell, the page and the mail lead to one place.
 */
export const notificationPath = (
  { resource, recordId }: Pick<NotificationRecord, 'resource' | 'recordId'>,
  viewerId: number | null,
): string => notificationPathOf(resource, recordId, viewerId ?? 0);
