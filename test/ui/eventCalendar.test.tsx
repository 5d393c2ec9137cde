import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OccurrenceItem } from '../../domain/event';
import { preferencesStore } from '../../src/providers';
import { EVENTS_VIEW_STORE_KEY } from '../../resources/events/EventList';
import { staticMediaQueryList } from './mediaQuery';
import { apiUrl, listAnswer, server } from './msw';
import { renderAppWithQuery, startSignedIn } from './renderApp';
import { eventRecord, occurrence, serveEvents, venueAdmin } from './eventList.fixtures';

/**
 * The machine runs in UTC: every expected time below is Zurich's (UTC+1 in November), so a calendar that
 * showed the browser's zone (or UTC) would fail.
 */
const saturdayNight = occurrence(21, 'Saturday Night', '2026-11-28T21:00:00Z', '2026-11-29T03:00:00Z');
const draftGig = occurrence(30, 'Draft Gig', '2026-11-12T19:30:00Z', '2026-11-12T22:00:00Z', {
  recurrencePattern: 'NONE',
  isVirtual: false,
  visibility: 'DRAFT',
});
const promoterNight = occurrence(31, 'Promoter Night', '2026-11-20T21:00:00Z', '2026-11-21T02:00:00Z', {
  recurrencePattern: 'NONE',
  isVirtual: false,
  visibility: 'DRAFT',
  approvalStatus: 'PENDING',
  promoterGroupId: 8,
});

/** GET /occurrences answering these items, recording each query. */
const serveOccurrences = (items: OccurrenceItem[]) => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/occurrences'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return listAnswer('occurrences', items);
    }),
  );
  return queries;
};

const showCalendarAt = (date: string, view?: string) => {
  preferencesStore.setItem(EVENTS_VIEW_STORE_KEY, 'calendar');
  preferencesStore.setItem('events.calendar.date', date);
  if (view) preferencesStore.setItem('events.calendar.view', view);
};

/** The calendar's code loads on first use (a lazy chunk): the first test pays for the import on a busy machine. */
const calendar = () => screen.findByRole('region', { name: 'Occurrence calendar' }, { timeout: 20_000 });
const FILTER = { establishmentId: 3, eventTypeIds: [1], musicIds: [11], cities: ['Zurich'], visibility: 'PUBLISHED' };

afterEach(() => vi.restoreAllMocks());

describe('the occurrence calendar', () => {
  it('asks GET /occurrences for the visible month in Zurich with the page filters, and shows Zurich times', async () => {
    serveEvents([]);
    const queries = serveOccurrences([saturdayNight, draftGig, promoterNight]);
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-01');
    renderAppWithQuery(`/events?filter=${encodeURIComponent(JSON.stringify(FILTER))}`);

    const month = await calendar();
    const saturday = await within(month).findByRole('link', { name: 'Saturday Night 22:00–04:00' });
    // Monday 26 October to Sunday 6 December, midnight to midnight in Zurich (UTC+1 then).
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
      from: '2026-10-25T23:00:00Z',
      to: '2026-12-06T23:00:00Z',
      ...FILTER,
    });
    expect(queries.at(-1)!.get('range')).toBe('[0,999]');
    expect(queries.at(-1)!.get('sort')).toBe('["startsAt","ASC"]');

    expect(saturday).toHaveAttribute('data-starts-at', '2026-11-28T21:00:00Z');
    expect(saturday).toHaveAttribute('data-ends-at', '2026-11-29T03:00:00Z');
    expect(saturday).toHaveAttribute('data-event-id', '21');
    expect(saturday).toHaveAttribute('href', '/events/21?occurrence=2026-11-28T21%3A00%3A00Z');
    // An occurrence belongs to the day it starts: the night is drawn on Saturday only.
    expect(saturday.closest('[data-date]')).toHaveAttribute('data-date', '2026-11-28');
    expect(within(month).getAllByText('Saturday Night')).toHaveLength(1);

    const draft = within(month).getByRole('link', { name: 'Draft Gig 20:30–23:00' });
    expect(draft).toHaveClass('occurrence-draft');
    expect(draft).toHaveAttribute('href', '/events/30');
    expect(draft.closest('[data-date]')).toHaveAttribute('data-date', '2026-11-12');

    const request = within(month).getByRole('link', { name: 'Promoter Night 22:00–03:00' });
    expect(request).toHaveClass('occurrence-pending');
    expect(within(request).getByTitle('Request waiting for a decision')).toBeInTheDocument();
  });

  it('goes to the next month with a new window, and keeps only pending requests under the Requests filter', async () => {
    serveEvents([]);
    const queries = serveOccurrences([saturdayNight, promoterNight]);
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-01');
    renderAppWithQuery(`/events?filter=${encodeURIComponent(JSON.stringify({ approvalStatus: 'PENDING' }))}`);
    const actor = userEvent.setup();

    const month = await calendar();
    expect(await within(month).findByRole('link', { name: 'Promoter Night 22:00–03:00' })).toBeInTheDocument();
    expect(within(month).queryByRole('link', { name: /Saturday Night/ })).not.toBeInTheDocument();
    // GET /occurrences has no approval filter: the window alone is asked.
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
      from: '2026-10-25T23:00:00Z',
      to: '2026-12-06T23:00:00Z',
    });

    await actor.click(within(month).getByRole('button', { name: 'Next month' }));
    // December 2026: Monday 30 November to Sunday 10 January.
    await waitFor(() =>
      expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
        from: '2026-11-29T23:00:00Z',
        to: '2027-01-10T23:00:00Z',
      }),
    );
    expect(preferencesStore.getItem('events.calendar.date')).toBe('2026-12-01');
  });

  it("opens the series' edit at the clicked occurrence", async () => {
    serveEvents([eventRecord(21, 'Saturday Night'), eventRecord(30, 'Draft Gig')]);
    serveOccurrences([saturdayNight, draftGig]);
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-01');
    renderAppWithQuery('/events');
    const actor = userEvent.setup();

    await actor.click(await within(await calendar()).findByRole('link', { name: 'Saturday Night 22:00–04:00' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/events/21?occurrence=2026-11-28T21%3A00%3A00Z'),
    );
  });

  it('shows a week as a list on a narrow screen, with the same marks', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    serveEvents([]);
    const queries = serveOccurrences([saturdayNight]);
    startSignedIn(venueAdmin);
    showCalendarAt('2026-11-23', 'dayGridMonth');
    renderAppWithQuery('/events');

    const week = await calendar();
    const link = await within(week).findByRole('link', { name: 'Saturday Night 22:00–04:00' });
    const row = link.closest('tr')!;
    expect(row).toHaveClass('fc-list-event');
    expect(row).toHaveAttribute('data-starts-at', '2026-11-28T21:00:00Z');
    expect(row).toHaveAttribute('data-event-id', '21');
    expect(link).toHaveAttribute('href', '/events/21?occurrence=2026-11-28T21%3A00%3A00Z');
    // The night's own times, once: not the list's time column, which would clip it at midnight.
    expect(within(row).getByText('22:00–04:00')).toHaveClass('occurrence-times');
    expect(row.textContent).not.toMatch(/00:00/);
    expect(row.previousElementSibling).toHaveAttribute('data-date', '2026-11-28');
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
      from: '2026-11-22T23:00:00Z',
      to: '2026-11-29T23:00:00Z',
    });
  });
});

describe('the List / Calendar toggle', () => {
  it('switches to the calendar and remembers it', async () => {
    const requests = serveEvents([eventRecord(21, 'Saturday Night')]);
    const occurrenceQueries = serveOccurrences([]);
    startSignedIn(venueAdmin);
    const first = renderAppWithQuery('/events');
    const actor = userEvent.setup();
    await screen.findByText('Saturday Night');
    const listQueries = requests.filters().length;

    await actor.click(screen.getByRole('button', { name: 'Calendar' }));
    expect(await calendar()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true');
    expect(preferencesStore.getItem(EVENTS_VIEW_STORE_KEY)).toBe('calendar');
    // The list is not read while the calendar shows.
    expect(requests.filters()).toHaveLength(listQueries);

    await waitFor(() => expect(occurrenceQueries).toHaveLength(1));

    first.unmount();
    renderAppWithQuery('/events');
    expect(await calendar()).toBeInTheDocument();
    await waitFor(() => expect(occurrenceQueries).toHaveLength(2));
  });
});
