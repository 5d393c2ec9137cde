import type { DatesSetArg, EventClickArg, EventMountArg, LocaleInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frChLocale from '@fullcalendar/core/locales/fr-ch';
import itLocale from '@fullcalendar/core/locales/it';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Box, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useCanAccess, useGetList, useLocaleState, useStore, useTranslate } from 'react-admin';
import { useHref, useNavigate } from 'react-router-dom';
import type { Language } from '../../domain/languages';
import type { OccurrenceItem } from '../../domain/event';
import type { InstantWindow } from '../../domain/recurrence';
import { CALENDAR_CLASSES, calendarLook } from './calendar/calendarLook';
import { newEventPath, prefillOfSlot } from './calendar/newEventLink';
import { renderOccurrenceContent } from './calendar/OccurrenceContent';
import { occurrencePath, toCalendarEvent, type OccurrenceProps } from './calendar/occurrenceEvents';
import { matchesApproval, occurrenceFilterOf, type EventFilterValues } from './calendar/occurrenceFilter';
import { zurichNow, zurichWindowOfDays } from './calendar/zurichWallClock';
import { CALENDAR_STORE_KEYS } from './eventsLinks';

/** FullCalendar's locale per UI language (Swiss variants where they exist); weeks start on Monday in all. */
const CALENDAR_LOCALES: Readonly<Record<Language, LocaleInput>> = {
  en: enGbLocale,
  fr: frChLocale,
  de: deLocale,
  it: itLocale,
};

/** Wide screens: month, week and a list; narrow screens: lists only, a grid is unreadable there. */
const WIDE_VIEWS = ['dayGridMonth', 'timeGridWeek', 'listWeek'] as const;
const NARROW_VIEWS = ['listWeek', 'listMonth'] as const;

/** GET /occurrences answers at most this many for one window (react-admin range 0–999). */
export const OCCURRENCES_PER_WINDOW = 1000;

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const STORE_KEYS = CALENDAR_STORE_KEYS;

const sameWindow = (a: InstantWindow | null, b: InstantWindow) => a !== null && a.from === b.from && a.to === b.to;

/**
 * Each rendered occurrence carries its exact instants and event id (`data-starts-at`, `data-ends-at`,
 * `data-event-id`; the end-to-end tests read them) and the name "<title> 22:00–04:00" on its link (the
 * grid's event element, or the title link of a list row).
 */
const markOccurrenceElement = ({ el, event }: EventMountArg) => {
  const { item, name } = event.extendedProps as OccurrenceProps;
  el.dataset.startsAt = item.startsAt;
  el.dataset.endsAt = item.endsAt;
  el.dataset.eventId = String(item.eventId);
  el.dataset.originalStartsAt = item.originalStartsAt;
  el.dataset.visibility = item.visibility;
  if (item.approvalStatus) el.dataset.approvalStatus = item.approvalStatus;
  // A list row's title link is React content (calendar/OccurrenceContent.tsx), which names itself.
  if (el.matches('a')) el.setAttribute('aria-label', name);
};

/** The visible window and what the server answers for it, with the page's filters. */
const useOccurrences = (filter: EventFilterValues) => {
  const [visibleWindow, setVisibleWindow] = useState<InstantWindow | null>(null);
  const { data, total, error, isFetching } = useGetList<OccurrenceItem>(
    'occurrences',
    {
      filter: visibleWindow ? occurrenceFilterOf(filter, visibleWindow) : {},
      pagination: { page: 1, perPage: OCCURRENCES_PER_WINDOW },
      sort: { field: 'startsAt', order: 'ASC' },
    },
    { enabled: visibleWindow !== null, placeholderData: keepPreviousData },
  );
  const items = useMemo(() => (data ?? []).filter(matchesApproval(filter)), [data, filter]);
  const showWindow = useCallback(
    (next: InstantWindow) => setVisibleWindow((current) => (sameWindow(current, next) ? current : next)),
    [],
  );
  return { items, total, error, isFetching, showWindow };
};

/**
 * Starting a new event from the calendar, for those who may create events (the Create button's check):
 * a click on an empty day or time slot (dateClick), and each day's name as a link, reachable with the
 * keyboard (FullCalendar's nav links, Enter or Space), whose hint says what it does. Others get neither.
 */
const useNewEventFromCalendar = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canAccess } = useCanAccess({ resource: 'events', action: 'create' });
  const canCreate = canAccess === true;
  const onDateClick = useCallback(
    ({ date, allDay }: DateClickArg) => navigate(newEventPath(prefillOfSlot(date, allDay))),
    [navigate],
  );
  const onDayLink = useCallback((date: Date) => navigate(newEventPath(prefillOfSlot(date, true))), [navigate]);
  const dayHint = useCallback(
    (dateText: string) => translate('resources.events.newFromCalendar.dayHint', { date: dateText }),
    [translate],
  );
  const calendarProps = canCreate
    ? { dateClick: onDateClick, navLinks: true, navLinkDayClick: onDayLink, navLinkHint: dayHint }
    : { dateClick: undefined, navLinks: false, navLinkDayClick: undefined, navLinkHint: undefined };
  return { canCreate, calendarProps };
};

export interface EventCalendarProps {
  /**
   * The events page's filter values (EventList's filter bar): venue, types, musics, cities, visibility,
   * search, approval.
   */
  filter?: EventFilterValues;
}

const NO_FILTER: EventFilterValues = {};

/** Where the week opens: the evening, when a nightlife venue's events start (its grid scrolls to the night). */
export const EVENING = '18:00:00';
/** The week's height: the screen below the app bar and the page's title and filters, never a sliver. */
const WEEK_HEIGHT = 'max(480px, calc(100vh - 220px))';

/**
 * The occurrence calendar: every occurrence the viewer's scope allows in the visible window,
 * month and week (lists on narrow screens), times in Europe/Zurich whatever the browser's zone. Drafts
 * are outlined, requests marked; clicking an occurrence opens its edit (a series' at that occurrence),
 * clicking an empty day or time starts a new event there (for those who may create one).
 * The view and the date shown are remembered (react-admin store), so coming back from an edit lands
 * where the user was.
 */
export const EventCalendar = ({ filter = NO_FILTER }: EventCalendarProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const appRoot = useHref('/');
  const isNarrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [storedView, setStoredView] = useStore<string>(STORE_KEYS.view, WIDE_VIEWS[0]);
  const [storedDate, setStoredDate] = useStore<string | null>(STORE_KEYS.date, null);
  const { items, total, error, isFetching, showWindow } = useOccurrences(filter);
  const newEvent = useNewEventFromCalendar();

  const views: readonly string[] = isNarrow ? NARROW_VIEWS : WIDE_VIEWS;
  const initialView = views.includes(storedView) ? storedView : (views[0] as string);
  const weekGrid = initialView === 'timeGridWeek';
  const hrefOf = useCallback((path: string) => `${appRoot.replace(/\/$/, '')}${path}`, [appRoot]);
  const events = useMemo(() => items.map((item) => toCalendarEvent(item, hrefOf)), [items, hrefOf]);
  const renderContent = useMemo(() => renderOccurrenceContent(translate), [translate]);

  const onDatesSet = useCallback(
    ({ start, end, view }: DatesSetArg) => {
      const visible = {
        window: zurichWindowOfDays(start, end),
        view: view.type,
        date: view.currentStart.toISOString().slice(0, 10),
      };
      // FullCalendar reports its first range while React renders it; state and store change after that render.
      queueMicrotask(() => {
        showWindow(visible.window);
        setStoredView(visible.view);
        setStoredDate(visible.date);
      });
    },
    [showWindow, setStoredView, setStoredDate],
  );
  const onEventClick = useCallback(
    ({ event, jsEvent }: EventClickArg) => {
      jsEvent.preventDefault();
      navigate(occurrencePath((event.extendedProps as OccurrenceProps).item));
    },
    [navigate],
  );

  return (
    <Box
      component="section"
      aria-label={translate('eventCalendar.calendar.label')}
      className={newEvent.canCreate ? CALENDAR_CLASSES.creates : undefined}
      sx={calendarLook}
    >
      {error ? <Alert severity="error">{translate('eventCalendar.calendar.loadError')}</Alert> : null}
      {total !== undefined && total > items.length && !filter.approvalStatus ? (
        <Alert severity="info">{translate('eventCalendar.calendar.truncated', { shown: items.length, total })}</Alert>
      ) : null}
      <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}</Box>
      <FullCalendar
        // The week's grid has a height of its own, so that its hours scroll inside it and scrollTime opens it in
        // the evening (FullCalendar sizes by the calendar's height, not a view's): a new calendar for it.
        key={isNarrow ? 'narrow' : weekGrid ? 'week' : 'wide'}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={initialView}
        initialDate={storedDate ?? undefined}
        datesSet={onDatesSet}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: views.join(',') }}
        buttonText={{ today: translate('eventCalendar.calendar.today') }}
        views={{
          dayGridMonth: { buttonText: translate('eventCalendar.calendar.views.month') },
          timeGridWeek: { buttonText: translate('eventCalendar.calendar.views.week') },
          // A list's time column clips a night at midnight ("22:00 - 00:00"): the row's content says its times.
          listWeek: { buttonText: translate('eventCalendar.calendar.views.listWeek'), displayEventTime: false },
          listMonth: { buttonText: translate('eventCalendar.calendar.views.listMonth'), displayEventTime: false },
        }}
        locale={CALENDAR_LOCALES[locale as Language] ?? enGbLocale}
        firstDay={1}
        timeZone="UTC"
        now={zurichNow}
        events={events}
        eventDisplay="block"
        eventContent={renderContent}
        eventDidMount={markOccurrenceElement}
        eventClick={onEventClick}
        {...newEvent.calendarProps}
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        nextDayThreshold="06:00:00"
        scrollTime={EVENING}
        dayMaxEvents={false}
        allDaySlot={false}
        nowIndicator
        height={weekGrid ? WEEK_HEIGHT : 'auto'}
      />
    </Box>
  );
};
