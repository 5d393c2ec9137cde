import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { OccurrenceItem } from '../../domain/event';
import type { ExclusiveOffer, Offer, OfferClaimListItem, RecurrentOffer } from '../../domain/offer';
import { venueAdmin } from './eventList.fixtures';
import { apiUrl, filterOf, listAnswer, referenceRecord, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** The offers page (`/discount`): the list with its chips and spots, bulk publishing, the export and the drawer. */

const PAGE = { timeout: 15_000 };
const currentPath = () => screen.getByTestId('location').textContent;

const exclusive = (id: number, changes: Partial<ExclusiveOffer> = {}): ExclusiveOffer => ({
  id,
  offerType: 'EXCLUSIVE',
  establishmentId: 3,
  promoterGroupId: null,
  eventId: 51,
  offerTypeId: 1,
  promotionId: 61,
  availableSpots: 10,
  claimedSpots: 1,
  startDate: '2026-11-01',
  startTime: '22:00',
  endDate: '2026-12-31',
  endTime: '04:00',
  visibility: 'PUBLISHED',
  status: 'running',
  version: 3,
  ...changes,
});

const recurrent = (id: number): RecurrentOffer => ({
  id,
  offerType: 'RECURRENT',
  establishmentId: 3,
  promoterGroupId: null,
  eventId: 51,
  offerTypeId: 1,
  promotionId: 62,
  isActivated: true,
  claimedSpots: 0,
  visibility: 'DRAFT',
  status: 'draft',
  version: 1,
});

const TEMPLATES = [
  { id: 61, longTitle: 'Free entry before midnight', shortTitle: 'Free before 00:00' },
  { id: 62, longTitle: 'Happy hour every Thursday', shortTitle: '2 for 1 Thursdays' },
];
const EVENTS = [{ id: 51, generalInfos: { eventTitle: 'Saturday Night' } }];

interface OfferCalls {
  lists: Record<string, unknown>[];
  visibility: Record<string, unknown>[];
  puts: Record<string, unknown>[];
  occurrences: Record<string, unknown>[];
  cancelledClaims: string[];
}

/** One occurrence of event 51 (a weekly series unless told otherwise), as GET /occurrences answers it. */
const occurrence = (startsAt: string, endsAt: string, changes: Partial<OccurrenceItem> = {}): OccurrenceItem => ({
  id: `51@${startsAt}`,
  eventId: 51,
  startsAt,
  endsAt,
  originalStartsAt: startsAt,
  isVirtual: true,
  outOfScheduleEventId: null,
  eventTitle: 'Saturday Night',
  establishmentId: 3,
  establishmentName: 'Club Nord',
  promoterGroupId: null,
  promoterGroupName: null,
  city: 'Zürich',
  eventTypeId: 1,
  recurrencePattern: 'WEEKLY',
  visibility: 'PUBLISHED',
  approvalStatus: null,
  ...changes,
});

/** GET /offers, /offers/:id, PUT, POST /offers/visibility; the templates, events and offer types they name. */
const serveOffers = (
  offers: Offer[],
  occurrences: OccurrenceItem[] = [],
  claims: OfferClaimListItem[] = [],
): OfferCalls => {
  const calls: OfferCalls = { lists: [], visibility: [], puts: [], occurrences: [], cancelledClaims: [] };
  const byIds = <Row extends { id: number }>(rows: Row[], request: Request) => {
    const ids = filterOf(request).id;
    return Array.isArray(ids) ? rows.filter((row) => ids.includes(row.id)) : rows;
  };
  server.use(
    http.get(apiUrl('/offers'), ({ request }) => {
      calls.lists.push(filterOf(request));
      return listAnswer('offers', byIds(offers, request));
    }),
    http.get(apiUrl('/offers/:id'), ({ params }) => {
      const found = offers.find((offer) => String(offer.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get(apiUrl('/offers/:id/claims'), ({ params }) =>
      HttpResponse.json(claims.filter((claim) => String(claim.offerId) === params.id)),
    ),
    http.delete(apiUrl('/offers/:id/claims/:claimId'), ({ params }) => {
      calls.cancelledClaims.push(`${String(params.id)}/${String(params.claimId)}`);
      const claim = claims.find((candidate) => String(candidate.id) === params.claimId);
      if (claim) claim.cancelledAt = '2026-11-26T21:00:00.000Z';
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(apiUrl('/offers/:id'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.puts.push(body);
      return HttpResponse.json({ ...body, claimedSpots: 0, status: 'draft' });
    }),
    http.post(apiUrl('/offers/visibility'), async ({ request }) => {
      const body = (await request.json()) as { ids: number[] };
      calls.visibility.push(body);
      return HttpResponse.json({ results: body.ids.map((id) => ({ id, ok: true, version: 4 })) });
    }),
    http.get(apiUrl('/offer-templates'), ({ request }) => listAnswer('offer-templates', byIds(TEMPLATES, request))),
    http.get(apiUrl('/events'), ({ request }) => listAnswer('events', byIds(EVENTS, request))),
    http.get(apiUrl('/occurrences'), ({ request }) => {
      calls.occurrences.push(filterOf(request));
      return listAnswer('occurrences', occurrences);
    }),
    http.get(apiUrl('/reference-data/offer-types'), () =>
      listAnswer('reference-data/offer-types', [referenceRecord(1, 'FREE_ENTRY', 'Free entry')]),
    ),
  );
  return calls;
};

describe('the offers page', () => {
  it('lists the offers with their template, chips and the spots left as a bar', async () => {
    serveOffers([exclusive(7), exclusive(8, { claimedSpots: 10, status: 'soldOut' }), recurrent(9)]);
    startSignedIn(venueAdmin);
    renderApp('/discount');
    const row = (await screen.findAllByText('9 of 10 left', {}, PAGE))[0].closest('tr') as HTMLElement;
    expect(await within(row).findByText('Free before 00:00')).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: '9 of 10 left' })).toHaveAttribute('aria-valuenow', '90');
    const soldOut = screen.getAllByText('0 of 10 left')[0].closest('tr') as HTMLElement;
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    const draft = screen.getAllByText('2 for 1 Thursdays')[0].closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText('On every occurrence')).toBeInTheDocument();
  });

  it('publishes the selected offers in one request', async () => {
    const calls = serveOffers([exclusive(7, { visibility: 'DRAFT', status: 'draft' }), recurrent(9)]);
    startSignedIn(venueAdmin);
    renderApp('/discount');
    await screen.findAllByText('2 for 1 Thursdays', {}, PAGE);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.visibility).toEqual([{ ids: [7, 9], visibility: 'PUBLISHED' }]));
  });

  it('exports the list as CSV with headings in the interface language', async () => {
    serveOffers([exclusive(7)]);
    let csv = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => (csv = text));
      return 'blob:offers';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    startSignedIn(venueAdmin);
    renderApp('/discount');
    await screen.findAllByText('9 of 10 left', {}, PAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(csv).toContain('Spots left'));
    expect(csv).toContain('7,Exclusive,61,3,,51,1,10,1,9,2026-11-01,22:00,2026-12-31,04:00,,Published,Running');
  });

  it('switching the type in the drawer resets the data and keeps id, version and visibility', async () => {
    const calls = serveOffers([exclusive(7, { availableSpots: 25 })]);
    startSignedIn(venueAdmin);
    renderApp('/discount/7');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Spots' })).toHaveValue(25), PAGE);
    await userEvent.click(screen.getByRole('radio', { name: 'Recurrent' }));
    expect(screen.queryByRole('spinbutton', { name: 'Spots' })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Active')).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Exclusive' }));
    expect(await screen.findByRole('spinbutton', { name: 'Spots' })).toHaveValue(10);
    await userEvent.click(screen.getByRole('radio', { name: 'Recurrent' }));
    // The reset emptied the template: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/Required|Invalid/)).not.toHaveLength(0);
    expect(calls.puts).toEqual([]);
    expect(currentPath()).toBe('/discount/7');
    // Filled in again for the new type, it saves as the same record, still published.
    await userEvent.type(screen.getByRole('combobox', { name: 'Template' }), 'Happy');
    await userEvent.click(await screen.findByRole('option', { name: 'Happy hour every Thursday' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Event' }), 'Sat');
    await userEvent.click(await screen.findByRole('option', { name: 'Saturday Night' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind of offer' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Free entry' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.puts).toHaveLength(1));
    expect(calls.puts[0]).toMatchObject({
      id: 7,
      version: 3,
      visibility: 'PUBLISHED',
      offerType: 'RECURRENT',
      promotionId: 62,
      eventId: 51,
      offerTypeId: 1,
      isActivated: true,
      establishmentId: 3,
    });
    expect(calls.puts[0]).not.toHaveProperty('availableSpots');
    await waitFor(() => expect(currentPath()).toBe('/discount'));
    // A long walk through the drawer (three pickers typed into): about 6 s alone, far more beside other suites.
  }, 60_000);

  it('fills the validity of an exclusive offer from a picked occurrence of its series, left editable', async () => {
    const calls = serveOffers(
      [exclusive(7)],
      [
        occurrence('2026-11-28T21:00:00Z', '2026-11-29T03:00:00Z'),
        // Summer time: the wall clock is converted in Zurich, not with a fixed offset.
        occurrence('2027-04-03T20:30:00Z', '2027-04-04T02:00:00Z'),
      ],
    );
    startSignedIn(venueAdmin);
    renderApp('/discount/7');
    const picker = await screen.findByRole('combobox', { name: 'Occurrence' }, PAGE);
    const asked = calls.occurrences.find((filter) => filter.eventId === 51) as Record<string, string>;
    const days = (Date.parse(asked.to) - Date.parse(asked.from)) / 86_400_000;
    expect(days).toBe(60);
    await userEvent.click(picker);
    expect(await screen.findByRole('option', { name: 'Sat, 28 Nov 2026, 22:00–04:00' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Sat, 3 Apr 2027, 22:30–04:00' }));
    const startTime = screen.getByRole('textbox', { name: 'Start time' });
    await waitFor(() => expect(startTime).toHaveValue('22:30'));
    expect(screen.getByRole('textbox', { name: 'End time' })).toHaveValue('04:00');
    await userEvent.clear(startTime);
    await userEvent.type(startTime, '23:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.puts).toHaveLength(1));
    expect(calls.puts[0]).toMatchObject({
      startDate: '2027-04-03',
      startTime: '23:00',
      endDate: '2027-04-04',
      endTime: '04:00',
    });
  });

  it('offers no occurrence picker for a one-off event', async () => {
    const calls = serveOffers(
      [exclusive(7)],
      [occurrence('2026-11-28T21:00:00Z', '2026-11-29T03:00:00Z', { recurrencePattern: 'NONE', isVirtual: false })],
    );
    startSignedIn(venueAdmin);
    renderApp('/discount/7');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Spots' })).toHaveValue(10), PAGE);
    await waitFor(() => expect(calls.occurrences).not.toHaveLength(0));
    expect(screen.queryByRole('combobox', { name: 'Occurrence' })).not.toBeInTheDocument();
  });

  it('filters by status from the chips input', async () => {
    const calls = serveOffers([exclusive(7)]);
    startSignedIn(venueAdmin);
    renderApp('/discount?filter=%7B%22status%22%3A%5B%22running%22%5D%7D');
    await screen.findAllByText('9 of 10 left', {}, PAGE);
    expect(calls.lists.some((filter) => JSON.stringify(filter.status) === '["running"]')).toBe(true);
    // The other filters are behind "Add filter".
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    for (const name of ['Type', 'Establishment', 'Event'])
      expect(await screen.findByRole('menuitemcheckbox', { name })).toBeInTheDocument();
  });

  it("shows an exclusive offer's claims to its staff, and cancels one after a confirmation", async () => {
    const claims: OfferClaimListItem[] = [
      {
        id: 901,
        offerId: 7,
        userId: 40,
        createdAt: '2026-11-26T19:30:00.000Z',
        cancelledAt: null,
        customer: { firstName: 'Chiara', lastName: 'Kunde', email: 'chiara@example.ch' },
      },
      {
        id: 900,
        offerId: 7,
        userId: 41,
        createdAt: '2026-11-25T18:00:00.000Z',
        cancelledAt: '2026-11-25T20:00:00.000Z',
        customer: null,
      },
    ];
    const calls = serveOffers([exclusive(7)], [], claims);
    startSignedIn(venueAdmin);
    renderApp('/discount/7');
    const section = await screen.findByRole('region', { name: '1 live claim' }, PAGE);
    expect(within(section).getByText('Chiara Kunde · chiara@example.ch')).toBeInTheDocument();
    expect(within(section).getByText(/^Claimed 26\/11\/2026, \d\d:30$/)).toBeInTheDocument();
    expect(within(section).getByText('A deleted account')).toBeInTheDocument();
    expect(within(section).getByText('Cancelled')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this claim?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel claim' }));
    await waitFor(() => expect(calls.cancelledClaims).toEqual(['7/901']));
    expect(await screen.findByRole('region', { name: '0 live claims' })).toBeInTheDocument();
  }, 60_000);
});
