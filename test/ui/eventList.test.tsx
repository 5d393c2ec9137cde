// @vitest-environment jsdom
// happy-dom answers the pending-count request with the headers of the list request sent at the same time (its
// XMLHttpRequest under msw): the count would read 2 for 1. jsdom keeps the two apart, as browsers do.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, listAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';
import { eventRecord, serveEvents, venueAdmin, VENUES } from './eventList.fixtures';

/** A Saturday-night series of 10 from 5 January 2030 (in the future whenever the test runs until then). */
const saturdays = eventRecord(21, 'Saturday Night', {
  dateAndCalendar: {
    startDate: '2030-01-05',
    endDate: '2030-01-06',
    recurrencePattern: 'WEEKLY',
    recurrenceDaysOfWeek: ['SATURDAY'],
    recurrenceEndType: 'AFTER_OCCURRENCES',
    maxOccurrences: 10,
    totalOccurrencesNumber: 10,
  },
});

/** The same rule, its first Saturday skipped: the next occurrence is the second one. */
const skippedFirst = eventRecord(22, 'Skipped Start', {
  dateAndCalendar: {
    ...saturdays.dateAndCalendar,
    outOfScheduleEvents: [
      {
        id: 5,
        action: 'SKIP',
        originalStartsAt: '2030-01-05T21:00:00Z',
        startsAt: null,
        endsAt: null,
        eventTitle: null,
        changes: {},
      },
    ],
    totalOccurrencesNumber: 9,
  },
});

/** A one-off night long past. */
const pastNight = eventRecord(23, 'Old Night', {
  dateAndCalendar: { startDate: '2020-03-14', endDate: '2020-03-15' },
  visibility: 'DRAFT',
});

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

/**
 * Shows a filter input through "Add filter". The menu stays open for more choices and gives the focus
 * back to its button once closed: close it and wait, or the focus would leave (and close) a picker
 * opened in the meantime.
 */
const addFilter = async (actor: ReturnType<typeof userEvent.setup>, name: string) => {
  await actor.click(screen.getByRole('button', { name: 'Add filter' }));
  await actor.click(await screen.findByRole('menuitemcheckbox', { name }));
  await actor.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menuitemcheckbox', { name })).not.toBeInTheDocument());
};

describe('the Events list', () => {
  it('holds a placeholder in the venue cell until the venue arrives, never an empty cell', async () => {
    serveEvents([saturdays]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/establishments'), async () => {
        await held;
        return listAnswer('establishments', VENUES);
      }),
    );
    startSignedIn(venueAdmin);
    renderApp('/events');

    const series = await rowOf('Saturday Night');
    expect(await within(series).findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(within(series).queryByText('—')).not.toBeInTheDocument();
    release();
    expect(await within(series).findByText('Gleis 7 Club')).toBeInTheDocument();
  });

  it('shows each series with its venue, its rule in words and its next occurrence in Zurich time', async () => {
    serveEvents([saturdays, skippedFirst, pastNight]);
    startSignedIn(venueAdmin);
    renderApp('/events');

    const series = await rowOf('Saturday Night');
    expect(within(series).getByText('Every Saturday 22:00–04:00, 10 times')).toBeInTheDocument();
    // 21:00 UTC is 22:00 in Zurich (winter time); the end is the next morning.
    const next = within(series).getByText(/5 Jan 2030.*22:00–04:00/);
    expect(next).toHaveAttribute('data-next-occurrence', '2030-01-05T21:00:00Z');
    expect(await within(series).findByText('Gleis 7 Club')).toBeInTheDocument();
    expect(within(series).getByText('Party')).toBeInTheDocument();

    const skipped = await rowOf('Skipped Start');
    expect(within(skipped).getByText(/12 Jan 2030.*22:00–04:00/)).toHaveAttribute(
      'data-next-occurrence',
      '2030-01-12T21:00:00Z',
    );

    const past = await rowOf('Old Night');
    expect(within(past).getByText('—')).toHaveAttribute('data-next-occurrence', '');
    expect(within(past).getByText(/Once, Sat.* 14 Mar 2020 22:00–04:00/)).toBeInTheDocument();
    expect(within(past).getByText('Draft').closest('[data-visibility]')).toHaveAttribute('data-visibility', 'DRAFT');
  });

  it('sends the search, the filters and the sort to GET /events', { timeout: 60_000 }, async () => {
    const requests = serveEvents([saturdays]);
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();
    await rowOf('Saturday Night');
    expect(requests.sorts()[0]).toBe('["startDate","DESC"]');

    await actor.click(within(screen.getByRole('columnheader', { name: 'Title' })).getByRole('button'));
    await waitFor(() => expect(requests.sorts().at(-1)).toBe('["eventTitle","ASC"]'));

    await actor.type(screen.getByPlaceholderText('Search'), 'night');
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'night' }));

    await addFilter(actor, 'Music');
    await actor.click(await screen.findByRole('combobox', { name: 'Music' }));
    await actor.click(await screen.findByRole('option', { name: 'Techno' }));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ q: 'night', musicIds: [11] }));

    await addFilter(actor, 'Cities');
    await actor.click(await screen.findByRole('combobox', { name: 'Cities' }));
    await actor.click(await screen.findByRole('option', { name: 'Lausanne' }));
    await waitFor(() =>
      expect(requests.filters().at(-1)).toEqual({ q: 'night', musicIds: [11], cities: ['Lausanne'] }),
    );
  });

  it('leads to the approval queue in one click, with the pending count, and keeps its own request filter', async () => {
    const request = eventRecord(24, 'Promoter Night', {
      generalInfos: { approvalStatus: 'PENDING', promoterGroupId: 8 },
      visibility: 'DRAFT',
    });
    const requests = serveEvents([saturdays, request]);
    startSignedIn(venueAdmin);
    renderApp('/events');
    const actor = userEvent.setup();
    await rowOf('Saturday Night');

    // The Request inbox under its pending event requests (test/ui/asks.test.tsx follows the link).
    const link = await screen.findByRole('link', { name: 'Requests waiting for a decision: 1' });
    expect(link).toHaveAttribute(
      'href',
      `/asks?filter=${encodeURIComponent(JSON.stringify({ kind: 'EVENT_REQUEST', status: 'PENDING' }))}`,
    );

    // The list's own filter still shows the requests among the events.
    await addFilter(actor, 'Request status');
    await actor.click(await screen.findByRole('combobox', { name: 'Request status' }));
    await actor.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(requests.filters().at(-1)).toEqual({ approvalStatus: 'PENDING' }));
  });
});
