import type { NotificationRecord } from '../../domain/notification';
import { REQUESTS_PATH } from '../offer-templates/paths';
import { offerPath, OFFERS_AREA } from '../offers/paths';

/** The notifications page (the permission table's `notifications` route, the resource's list). */
export const NOTIFICATIONS_PATH = '/notifications';

/** The shell's pages a notification may lead to (src/pages/paths.ts; resources do not import the shell). */
const SETTINGS_PATH = '/settings';
const ASKS_PATH = '/asks';
const EVENTS_PATH = '/events';

const idSegment = (id: number) => encodeURIComponent(String(id));

/**
 * Where a notification's record opens in the app: an event's page, an offer's drawer under `/discount`, a template
 * request's drawer under `/request-discount-template` (both its requester and its deciders open it there), the
 * asks inbox, and for one's own account Settings. Without a record, the notifications page.
 */
export const notificationPath = (
  { resource, recordId }: Pick<NotificationRecord, 'resource' | 'recordId'>,
  viewerId: number | null,
): string => {
  switch (resource) {
    case 'events':
      return recordId === null ? EVENTS_PATH : `${EVENTS_PATH}/${idSegment(recordId)}`;
    case 'offers':
      return recordId === null ? OFFERS_AREA : offerPath(recordId);
    case 'offer-templates':
      return recordId === null ? REQUESTS_PATH : `${REQUESTS_PATH}/${idSegment(recordId)}`;
    case 'asks':
      return ASKS_PATH;
    case 'users':
      return recordId === null || recordId === viewerId ? SETTINGS_PATH : `/users/${idSegment(recordId)}`;
    default:
      return NOTIFICATIONS_PATH;
  }
};
