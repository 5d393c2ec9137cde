// @vitest-environment jsdom
// The list and the menu's count ask GET /asks at the same moment: jsdom keeps their answers' headers apart
// (see eventList.test.tsx).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { OfferTemplate } from '../../domain/offerTemplate';
import type { Ask } from '../../resources/asks';
import { formatDateTime } from '../../resources/shared/dateFormat';
import { eventRecord, promoter, serveEvents, venueAdmin, VENUES } from './eventList.fixtures';
import { ana, apiUrl, filterOf, listAnswer, server } from './msw';
import { staticMediaQueryList } from './mediaQuery';
import { renderApp, renderAppWithQuery, startSignedIn } from './renderApp';

/** The Request inbox (`/asks`): the list, its filters, the menu's count, undoable decisions and the drawer. */

const PAGE = { timeout: 15_000 };

const ask = (id: number, overrides: Partial<Ask> = {}): Ask => ({
  id,
  kind: 'EVENT_REQUEST',
  resource: 'events',
  recordId: id,
  status: 'PENDING',
  reason: null,
  requestedBy: 14,
  requestedAt: '2026-11-20T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  awaitsMe: true,
  title: `Request ${id}`,
  establishmentId: 3,
  promoterGroupId: 8,
  requestedByName: 'Paul Meier',
  decidedByName: null,
  ...overrides,
});

/** A promoter's pending event request (event 24) and a venue's pending template request (template 5). */
const promoterNight = ask(1, { title: 'Promoter Night', recordId: 24 });
const guestList = ask(2, {
  kind: 'TEMPLATE_REQUEST',
  resource: 'offer-templates',
  recordId: 5,
  title: 'Monthly guest list',
  promoterGroupId: null,
  requestedByName: 'Lea Frei',
  requestedAt: '2026-11-21T08:00:00.000Z',
});
const approvedNight = ask(3, {
  title: 'Jazz Brunch',
  recordId: 25,
  status: 'APPROVED',
  awaitsMe: false,
  decidedBy: 7,
  decidedAt: '2026-11-19T17:05:00.000Z',
  decidedByName: 'Ana Keller',
});
const rejectedNight = ask(4, {
  title: 'Foam Party',
  recordId: 26,
  status: 'REJECTED',
  reason: 'The club is closed that weekend',
  awaitsMe: false,
  decidedBy: 7,
  decidedAt: '2026-11-18T21:45:00.000Z',
  decidedByName: 'Ana Keller',
});

const ALL = [promoterNight, guestList, approvedNight, rejectedNight];

const group = { id: 8, generalInfos: { promoterName: 'Nachtwerk' }, visibility: 'PUBLISHED', version: 1 };

const template: OfferTemplate = {
  id: 5,
  promotionTemplateId: 5,
  offerType: 'RECURRENT',
  longTitle: 'Monthly guest list for regulars',
  shortTitle: 'Monthly guest list',
  htmlLongTitle: null,
  htmlShortTitle: null,
  description: 'Ten places on the list every first Friday.',
  htmlDescription: null,
  establishmentId: 3,
  promoterGroupId: null,
  reccurrencePattern: 'MONTHLY',
  approvalStatus: 'PENDING',
  approvalReason: null,
  requestedBy: 15,
  requestedAt: '2026-11-21T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  visibility: 'DRAFT',
  version: 1,
};

interface Calls {
  /** Every list request's filter (not the count's). */
  lists: Record<string, unknown>[];
  sorts: (string | null)[];
  /** The count requests' filters (`range=[0,0]`). */
  counts: Record<string, unknown>[];
  decisions: { path: string; body: Record<string, unknown> }[];
}

/**
 * GET /asks (the list, filtered as the server would by kind and status; the count by `range=[0,0]`), GET
 * /asks/:id, the records (event 24, template 5), their approve/reject endpoints, venues and groups.
 */
const serveAsks = (records: Ask[] = ALL, pendingTotal = 2) => {
  const calls: Calls = { lists: [], sorts: [], counts: [], decisions: [] };
  serveEvents([
    eventRecord(24, 'Promoter Night', {
      generalInfos: { approvalStatus: 'PENDING', promoterGroupId: 8, city: 'Zurich', localisation: 'Langstrasse 7' },
      visibility: 'DRAFT',
    }),
  ]);
  server.use(
    http.get(apiUrl('/asks'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const filter = filterOf(request);
      if (query.get('range') === '[0,0]') {
        calls.counts.push(filter);
        return listAnswer('asks', records.slice(0, 1), pendingTotal);
      }
      calls.lists.push(filter);
      calls.sorts.push(query.get('sort'));
      const found = records.filter(
        (record) =>
          (filter.kind === undefined || record.kind === filter.kind) &&
          (filter.status === undefined || record.status === filter.status) &&
          (filter.awaitsMe === undefined || record.awaitsMe === filter.awaitsMe),
      );
      return listAnswer('asks', found);
    }),
    http.get(apiUrl('/asks/:id'), ({ params }) => {
      const found = records.find((record) => String(record.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get(apiUrl('/offer-templates/:id'), () => HttpResponse.json(template)),
    http.post(apiUrl('/:resource/:id/:decision'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.decisions.push({
        path: `/${String(params.resource)}/${String(params.id)}/${String(params.decision)}`,
        body,
      });
      return HttpResponse.json({ id: Number(params.id) });
    }),
    http.get(apiUrl('/establishments/:id'), () => HttpResponse.json(VENUES[0])),
    http.get(apiUrl('/promoters'), () => listAnswer('promoters', [group])),
    http.get(apiUrl('/promoters/:id'), () => HttpResponse.json(group)),
  );
  return calls;
};

const rowOf = async (title: string) => (await screen.findByText(title, {}, PAGE)).closest('tr') as HTMLElement;

/** The undo notice (a toast, role alert) that says `text`. */
const findNotice = async (text: string) =>
  (await screen.findAllByRole('alert')).find((alert) => alert.textContent?.includes(text)) ??
  (await waitFor(() => {
    const found = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(text));
    if (!found) throw new Error(`No notice says "${text}"`);
    return found;
  }));

/** Time for a request that should not come: if the decision were sent at once, it would be by now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the request inbox', () => {
  it('lists asks with kind, owner, requester, status and the reason of a rejection, pending first', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');

    const night = await rowOf('Promoter Night');
    expect(within(night).getByText('Event request')).toBeInTheDocument();
    expect(await within(night).findByText('Gleis 7 Club')).toBeInTheDocument();
    expect(await within(night).findByText('Nachtwerk')).toBeInTheDocument();
    expect(within(night).getByText('Paul Meier')).toBeInTheDocument();
    expect(within(night).getByText(formatDateTime('2026-11-20T09:30:00.000Z', 'en'))).toBeInTheDocument();
    expect(within(night).getByText('Pending').closest('[data-ask-status]')).toHaveAttribute(
      'data-ask-status',
      'PENDING',
    );
    expect(within(night).getByRole('button', { name: 'Approve “Promoter Night”' })).toBeInTheDocument();

    expect(within(await rowOf('Monthly guest list')).getByText('Template request')).toBeInTheDocument();

    const approved = await rowOf('Jazz Brunch');
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('Ana Keller')).toBeInTheDocument();
    expect(within(approved).getByText(formatDateTime('2026-11-19T17:05:00.000Z', 'en'))).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();

    const rejected = await rowOf('Foam Party');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Reason: The club is closed that weekend')).toBeInTheDocument();
    // Only what awaits the viewer can be selected for a bulk decision.
    expect(within(rejected).getByRole('checkbox')).toBeDisabled();

    expect(calls.sorts.at(-1)).toBe('["pendingFirst","ASC"]');
    expect(calls.lists.at(-1)).toEqual({});
  });

  it('sends the filters: awaiting me, mine, kind, status and the search', { timeout: 60_000 }, async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await rowOf('Promoter Night');

    await actor.click(screen.getByRole('button', { name: 'Awaiting me' }));
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ awaitsMe: true }));
    expect(screen.getByRole('button', { name: 'Awaiting me' })).toHaveAttribute('aria-pressed', 'true');
    // Off again: the list without the filter (read from the cache).
    await actor.click(screen.getByRole('button', { name: 'Awaiting me' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Awaiting me' })).toHaveAttribute('aria-pressed', 'false'),
    );
    await actor.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ mine: true }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
    await actor.click(await screen.findByRole('option', { name: 'Template request' }));
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ mine: true, kind: 'TEMPLATE_REQUEST' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() =>
      expect(calls.lists.at(-1)).toEqual({ mine: true, kind: 'TEMPLATE_REQUEST', status: 'REJECTED' }),
    );
    await actor.type(screen.getByPlaceholderText('Search'), 'guest');
    await waitFor(() =>
      expect(calls.lists.at(-1)).toEqual({ mine: true, kind: 'TEMPLATE_REQUEST', status: 'REJECTED', q: 'guest' }),
    );
  });

  it('sends the requested-from date typed in the interface language', { timeout: 60_000 }, async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await rowOf('Promoter Night');

    await actor.click(screen.getByRole('button', { name: 'Add filter' }));
    await actor.click(await screen.findByRole('menuitemcheckbox', { name: 'Requested from' }));
    await actor.keyboard('{Escape}');
    await actor.type(await screen.findByRole('textbox', { name: 'Requested from' }), '19/11/2026');
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ requestedFrom: '2026-11-19' }));
  });
});

describe('the request inbox on a phone', () => {
  it('lists each ask with its kind, requester and status, and a tap opens it with its decision', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();

    const night = (await screen.findByText('Promoter Night', {}, PAGE)).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(night).getByText(`Event request · Paul Meier · ${formatDateTime('2026-11-20T09:30:00.000Z', 'en')}`),
    ).toBeInTheDocument();
    expect(within(night).getByText('Pending')).toBeInTheDocument();
    const foam = (await screen.findByText('Foam Party')).closest('li') as HTMLElement;
    expect(within(foam).getByText('Reason: The club is closed that weekend')).toBeInTheDocument();

    await actor.click(within(night).getByText('Promoter Night'));
    const drawer = await screen.findByRole('dialog', { name: 'Promoter Night' });
    expect(within(drawer).getByRole('button', { name: 'Approve “Promoter Night”' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Reject “Promoter Night”' })).toBeInTheDocument();
  });
});

describe('the menu count of pending asks', () => {
  it('shows how many asks await a decider', async () => {
    const calls = serveAsks(ALL, 3);
    startSignedIn(venueAdmin);
    renderApp('/dashboard');
    const entry = await screen.findByRole('menuitem', { name: 'Request inbox, 3 pending requests' }, PAGE);
    expect(within(entry).getByTestId('menu-count-asks')).toHaveTextContent('3');
    expect(calls.counts).toContainEqual({ awaitsMe: true });
  });

  it('shows a promoter, who decides nothing, their own pending requests', async () => {
    const calls = serveAsks(ALL, 1);
    server.use(http.get(apiUrl('/auth/me'), () => HttpResponse.json(promoter)));
    startSignedIn(promoter);
    renderApp('/dashboard');
    expect(await screen.findByRole('menuitem', { name: 'Request inbox, 1 pending request' }, PAGE)).toBeInTheDocument();
    expect(calls.counts).toContainEqual({ mine: true, status: 'PENDING' });
    expect(calls.counts).not.toContainEqual({ awaitsMe: true });
  });

  it('shows no badge when nothing is pending', async () => {
    serveAsks(ALL, 0);
    startSignedIn(venueAdmin);
    renderApp('/dashboard');
    expect(await screen.findByRole('menuitem', { name: 'Request inbox' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('menu-count-asks')).not.toBeInTheDocument();
  });
});

describe('deciding from the list', () => {
  it('approves an event request only once the undo notice closes, then refreshes the list and the count', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    const night = await rowOf('Promoter Night');
    await screen.findByRole('menuitem', { name: 'Request inbox, 2 pending requests' }, PAGE);
    const listsBefore = calls.lists.length;
    const countsBefore = calls.counts.length;

    await actor.click(within(night).getByRole('button', { name: 'Approve “Promoter Night”' }));
    const notice = await findNotice('Request approved');
    // Shown at once: the row is approved by the signed-in user, the count dropped; nothing was sent.
    expect(within(night).getByText('Approved')).toBeInTheDocument();
    expect(within(night).getByText(`${ana.firstName} ${ana.lastName}`)).toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: 'Request inbox, 1 pending request' })).toBeInTheDocument();
    await settle();
    expect(calls.decisions).toEqual([]);

    await actor.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ path: '/events/24/approve', body: {} }]));
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(calls.counts.length).toBeGreaterThan(countsBefore));
  });

  it('takes a decided ask off "Awaiting me" at once, and still sends the decision when the notice closes', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderAppWithQuery(`/asks?filter=${encodeURIComponent(JSON.stringify({ awaitsMe: true }))}`);
    const actor = userEvent.setup();
    const night = await rowOf('Promoter Night');
    expect(screen.queryByText('Jazz Brunch')).not.toBeInTheDocument();

    await actor.click(within(night).getByRole('button', { name: 'Approve “Promoter Night”' }));
    const notice = await findNotice('Request approved');
    await waitFor(() => expect(screen.queryByText('Promoter Night')).not.toBeInTheDocument());
    expect(screen.getByText('Monthly guest list')).toBeInTheDocument();
    await settle();
    expect(calls.decisions).toEqual([]);

    await actor.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ path: '/events/24/approve', body: {} }]));
  });

  it('approves a template request through the template endpoint', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    const guest = await rowOf('Monthly guest list');

    await actor.click(within(guest).getByRole('button', { name: 'Approve “Monthly guest list”' }));
    const notice = await findNotice('Request approved');
    await settle();
    expect(calls.decisions).toEqual([]);
    await actor.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ path: '/offer-templates/5/approve', body: {} }]));
  });

  it('sends nothing when the decision is undone, and shows the request pending again', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    const night = await rowOf('Promoter Night');

    await actor.click(within(night).getByRole('button', { name: 'Approve “Promoter Night”' }));
    const notice = await findNotice('Request approved');
    await actor.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
    expect(within(await rowOf('Promoter Night')).getByText('Pending')).toBeInTheDocument();
    await settle();
    expect(calls.decisions).toEqual([]);
  });

  it('rejects the selected asks with one reason, each through its own endpoint', { timeout: 60_000 }, async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await actor.click(within(await rowOf('Promoter Night')).getByRole('checkbox'));
    await actor.click(within(await rowOf('Monthly guest list')).getByRole('checkbox'));

    await actor.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 requests' });
    // No reason: the dialog refuses and says why.
    await actor.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the request is rejected.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject 2 requests' })).toBeInTheDocument();

    await actor.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fully booked in December');
    await actor.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const notice = await findNotice('2 requests rejected');
    await settle();
    expect(calls.decisions).toEqual([]);

    await actor.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toHaveLength(2));
    expect(calls.decisions).toEqual(
      expect.arrayContaining([
        { path: '/events/24/reject', body: { reason: 'Fully booked in December' } },
        { path: '/offer-templates/5/reject', body: { reason: 'Fully booked in December' } },
      ]),
    );
  });

  it('refuses a rejection without a reason and sends nothing', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await actor.click(within(await rowOf('Promoter Night')).getByRole('button', { name: 'Reject “Promoter Night”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Promoter Night”' });
    await actor.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await actor.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the request is rejected.')).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settle();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(calls.decisions).toEqual([]);
  });

  it('says so when someone decided first, and shows what is true', async () => {
    const calls = serveAsks();
    server.use(
      http.post(apiUrl('/events/:id/approve'), () =>
        HttpResponse.json({ message: 'REQUEST_ALREADY_DECIDED' }, { status: 409 }),
      ),
    );
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await actor.click(within(await rowOf('Promoter Night')).getByRole('button', { name: 'Approve “Promoter Night”' }));
    const listsBefore = calls.lists.length;
    await actor.click(within(await findNotice('Request approved')).getByRole('button', { name: 'Close' }));
    expect(await findNotice('Someone has already decided on this request.')).toBeInTheDocument();
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(listsBefore));
  });
});

describe('a bulk decision partly refused', () => {
  it('says how many could not be decided, and sends the others', async () => {
    const calls = serveAsks();
    server.use(
      http.post(apiUrl('/offer-templates/:id/approve'), () =>
        HttpResponse.json({ message: 'TEMPLATE_REQUEST_ALREADY_DECIDED' }, { status: 409 }),
      ),
    );
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await actor.click(within(await rowOf('Promoter Night')).getByRole('checkbox'));
    await actor.click(within(await rowOf('Monthly guest list')).getByRole('checkbox'));
    await actor.click(await screen.findByRole('button', { name: 'Approve' }));
    const notice = await findNotice('2 requests approved');
    await actor.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ path: '/events/24/approve', body: {} }]));
    expect(await findNotice('1 of 2 decisions could not be made')).toBeInTheDocument();
  });
});

describe('an ask beside the list', () => {
  it('opens the event request read-only with its decision', async () => {
    const calls = serveAsks();
    startSignedIn(ana);
    renderApp('/asks');
    const actor = userEvent.setup();
    await actor.click(await screen.findByText('Promoter Night', {}, PAGE));

    const drawer = await screen.findByRole('dialog', { name: 'Promoter Night' });
    expect(screen.getByTestId('location')).toHaveTextContent('/asks/1');
    expect(await within(drawer).findByText(/^Once, Sat,? 28 Nov 2026,? 22:00–04:00$/)).toBeInTheDocument();
    expect(within(drawer).getByText('Langstrasse 7, Zurich')).toBeInTheDocument();
    expect(within(drawer).getByText('Party')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Nachtwerk').length).toBeGreaterThan(0);
    // Read-only: nothing to type into, only the decision.
    expect(within(drawer).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the full record' })).toHaveAttribute('href', '/events/24');

    // Deciding closes the drawer: the list shows the decision, the notice offers Undo.
    await actor.click(within(drawer).getByRole('button', { name: 'Approve “Promoter Night”' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/asks$/));
    await actor.click(within(await findNotice('Request approved')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.decisions).toEqual([{ path: '/events/24/approve', body: {} }]));
  });

  it('opens a decided template request with its reason and no decision', async () => {
    serveAsks([ask(9, { ...guestList, id: 9, status: 'REJECTED', awaitsMe: false, reason: 'Not this month' })]);
    startSignedIn(ana);
    renderApp('/asks/9');
    const drawer = await screen.findByRole('dialog', { name: 'Monthly guest list' }, PAGE);
    expect(await within(drawer).findByText('Monthly guest list for regulars')).toBeInTheDocument();
    expect(within(drawer).getByText('Ten places on the list every first Friday.')).toBeInTheDocument();
    expect(within(drawer).getByText('Reason: Not this month')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the full record' })).toHaveAttribute(
      'href',
      '/request-discount-template/5',
    );
  });
});

describe('the Events page', () => {
  it('leads its Requests button to the pending event requests of the inbox', async () => {
    const calls = serveAsks();
    startSignedIn(venueAdmin);
    renderAppWithQuery('/events');
    const actor = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'Requests waiting for a decision: 1' }, PAGE);
    await actor.click(link);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/asks?filter=${encodeURIComponent(JSON.stringify({ kind: 'EVENT_REQUEST', status: 'PENDING' }))}`,
      ),
    );
    await waitFor(() => expect(calls.lists.at(-1)).toEqual({ kind: 'EVENT_REQUEST', status: 'PENDING' }));
    expect(await screen.findByText('Promoter Night')).toBeInTheDocument();
    expect(screen.queryByText('Jazz Brunch')).not.toBeInTheDocument();
  });
});
