import type { EventInput } from '@fullcalendar/core';
import type { OccurrenceItem } from '../../../domain/event';
import { zurichTime, zurichWallClock } from './zurichWallClock';

/**
 * Where clicking an occurrence leads: a repeating series' occurrence opens the series' edit at that
 * occurrence (`?occurrence=` its original start, which the edit uses to ask "this one or this and the
 * next"); a one-off event opens its edit.
 */
export const occurrencePath = (
  item: Pick<OccurrenceItem, 'eventId' | 'originalStartsAt' | 'recurrencePattern'>,
): string =>
  item.recurrencePattern === 'NONE'
    ? `/events/${item.eventId}`
    : `/events/${item.eventId}?occurrence=${encodeURIComponent(item.originalStartsAt)}`;

/** "<title> 22:00–04:00": the accessible name of an occurrence, times in Zurich. */
export const occurrenceName = (item: Pick<OccurrenceItem, 'eventTitle' | 'startsAt' | 'endsAt'>): string =>
  `${item.eventTitle} ${zurichTime(item.startsAt)}–${zurichTime(item.endsAt)}`;

export const OCCURRENCE_CLASSES = {
  draft: 'occurrence-draft',
  pending: 'occurrence-pending',
  rejected: 'occurrence-rejected',
} as const;

/** What each calendar entry carries besides FullCalendar's own fields. */
export interface OccurrenceProps {
  item: OccurrenceItem;
  name: string;
  times: string;
}

/**
 * One occurrence as a FullCalendar event: floating Zurich wall-clock times (see zurichWallClock), a link
 * to its edit, and classes for drafts (outlined) and requests (marked).
 */
export const toCalendarEvent = (item: OccurrenceItem, hrefOf: (path: string) => string): EventInput => {
  const classNames: string[] = [];
  if (item.visibility === 'DRAFT') classNames.push(OCCURRENCE_CLASSES.draft);
  if (item.approvalStatus === 'PENDING') classNames.push(OCCURRENCE_CLASSES.pending);
  if (item.approvalStatus === 'REJECTED') classNames.push(OCCURRENCE_CLASSES.rejected);
  const extendedProps: OccurrenceProps = {
    item,
    name: occurrenceName(item),
    times: `${zurichTime(item.startsAt)}–${zurichTime(item.endsAt)}`,
  };
  return {
    id: item.id,
    title: item.eventTitle,
    start: zurichWallClock(item.startsAt),
    end: zurichWallClock(item.endsAt),
    allDay: false,
    url: hrefOf(occurrencePath(item)),
    classNames,
    extendedProps,
  };
};
