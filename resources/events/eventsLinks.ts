import { useCallback } from 'react';
import { useStoreContext } from 'react-admin';

/**
 * Links into the events page from elsewhere (the dashboard's cards): its path under a filter (the `events`
 * list's filter names, EventList's filter bar) and the view it opens in. The page remembers its view (list or
 * calendar) and the calendar its view and date in react-admin's store, not in the URL: a link sets them as it
 * is followed. Light: no screen code loads with it.
 */

export const EVENTS_PATH = '/events';

/** List or calendar (EventList's toggle). */
export const EVENTS_VIEW_STORE_KEY = 'events.view';
/** The calendar's view (`dayGridMonth`, `timeGridWeek`, `listWeek`…) and the first day it showed (EventCalendar). */
export const CALENDAR_STORE_KEYS = { view: 'events.calendar.view', date: 'events.calendar.date' } as const;

/** The calendar's view of one week that every screen width offers (a list of the week's occurrences). */
export const CALENDAR_WEEK_LIST_VIEW = 'listWeek';

/** `/events` under a filter, e.g. the drafts: `{ visibility: 'DRAFT' }`. */
export const eventsPathWithFilter = (filter: Record<string, unknown>): string =>
  `${EVENTS_PATH}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/**
 * What following a link into the events page does first: `list()` opens the list, `week(day)` the calendar's
 * week list on the week of `day` (`YYYY-MM-DD`).
 */
export const useEventsViewSetters = () => {
  const store = useStoreContext();
  const list = useCallback(() => store.setItem(EVENTS_VIEW_STORE_KEY, 'list'), [store]);
  const week = useCallback(
    (day: string) => {
      store.setItem(EVENTS_VIEW_STORE_KEY, 'calendar');
      store.setItem(CALENDAR_STORE_KEYS.view, CALENDAR_WEEK_LIST_VIEW);
      store.setItem(CALENDAR_STORE_KEYS.date, day);
    },
    [store],
  );
  return { list, week };
};
