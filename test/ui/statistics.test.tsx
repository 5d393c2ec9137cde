import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bucketOf,
  bucketStarts,
  emptyFigures,
  METRICS_OF_SCOPE,
  periodOfPreset,
  previousPeriodOf,
  zurichToday,
  type Period,
  type StatisticFigures,
  type StatisticScope,
  type StatisticsFilter,
  type StatisticsReply,
} from '../../domain/statistics';
import { PREFERENCE_KEYS } from '../../providers/preferencesStore';
import { preferencesStore } from '../../src/providers';
import { promoter, venueAdmin, VENUES } from './eventList.fixtures';
import { ana, apiUrl, filterOf, listAnswer, server } from './msw';
import { renderAppWithQuery, startSignedIn } from './renderApp';

/** The statistics page (`/statistics`): scope, period, tiles, table and CSV, sites, offers and its states. */

const PAGE = { timeout: 15_000 };

const figures = (values: Partial<StatisticFigures>): StatisticFigures => ({ ...emptyFigures(), ...values });

const TOTALS = figures({
  widgetViews: 1250,
  ticketClicks: 40,
  websiteClicks: 12,
  offerClaims: 9,
  promoCodeRedemptions: 3,
  eventsPublished: 2,
  occurrencesPublished: 5,
  requestsDecided: 4,
  approvalSeconds: 36_000,
});
const PREVIOUS = figures({ widgetViews: 1000, ticketClicks: 50, websiteClicks: 0, offerClaims: 9, requestsDecided: 2 });

/**
 * The reply of the API for a filter (as the contract says): the period asked for, every bucket with zeros but
 * the first two, which share the totals (the first 1,000 views and all the rest, the second 250 views).
 */
const replyFor = (
  filter: StatisticsFilter,
  kind: StatisticScope,
  name: string,
  totals: StatisticFigures = TOTALS,
  previous: StatisticFigures = PREVIOUS,
): StatisticsReply => {
  const period: Period = { from: filter.from!, to: filter.to! };
  const bucket = bucketOf(period);
  const starts = bucketStarts(period, bucket);
  const metrics = METRICS_OF_SCOPE[kind];
  const only = (values: StatisticFigures) =>
    figures(Object.fromEntries(metrics.map((metric) => [metric, values[metric]])));
  const shownTotals = only(totals);
  return {
    scope: {
      kind,
      id: filter.establishmentId ?? filter.promoterGroupId ?? filter.eventId ?? null,
      name,
    },
    metrics,
    period,
    previousPeriod: previousPeriodOf(period),
    bucket,
    totals: shownTotals,
    previous: only(previous),
    series: starts.map((date, index) => {
      if (index === 0) return { date, ...shownTotals, widgetViews: Math.min(shownTotals.widgetViews, 1000) };
      if (index === 1) return { date, ...figures({ widgetViews: Math.max(shownTotals.widgetViews - 1000, 0) }) };
      return { date, ...emptyFigures() };
    }),
    embeddingSites:
      kind === 'ESTABLISHMENT' && shownTotals.widgetViews > 0
        ? [
            { origin: 'https://gleis7.ch', views: 1000 },
            { origin: '', views: 250 },
          ]
        : [],
    offers:
      shownTotals.offerClaims > 0
        ? [
            {
              id: 31,
              title: 'Two for one',
              offerType: 'EXCLUSIVE',
              claims: 9,
              claimedSpots: 15,
              availableSpots: 20,
            },
            {
              id: 32,
              title: 'Free entry before 23:00',
              offerType: 'RECURRENT',
              claims: 0,
              claimedSpots: 4,
              availableSpots: null,
            },
          ]
        : [],
  };
};

/** GET /statistics answered by `answer` (the scope the filter names, else the viewer's); every filter recorded. */
const serveStatistics = (
  answer: (filter: StatisticsFilter) => StatisticsReply | Response = (filter) =>
    filter.establishmentId !== undefined
      ? replyFor(filter, 'ESTABLISHMENT', 'Gleis 7 Club')
      : filter.promoterGroupId !== undefined
        ? replyFor(filter, 'PROMOTER_GROUP', 'Nachtwerk')
        : replyFor(filter, 'ESTABLISHMENT', 'Gleis 7 Club'),
) => {
  const filters: StatisticsFilter[] = [];
  server.use(
    http.get(apiUrl('/statistics'), ({ request }) => {
      const filter = filterOf(request) as StatisticsFilter;
      filters.push(filter);
      const reply = answer(filter);
      return reply instanceof Response ? reply : HttpResponse.json(reply);
    }),
  );
  return filters;
};

const today = () => zurichToday();

const tile = (metric: string) => screen.getByTestId(`kpi-${metric}`);

/** The CSV that the export saves: the Blob handed to the download link, read as bytes. */
const captureDownloads = () => {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:statistics';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  restoreUrl = () => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  };
  return { blobs, names };
};
let restoreUrl = () => undefined as void;
afterEach(() => restoreUrl());

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('statistics page', () => {
  it("shows a partner its own venue's figures against the previous period", async () => {
    const filters = serveStatistics();
    startSignedIn(venueAdmin);
    renderAppWithQuery('/statistics');

    expect(await screen.findByRole('heading', { name: 'Gleis 7 Club', level: 1 }, PAGE)).toBeInTheDocument();
    // No scope in the filter: the server answers the viewer's own venue; the default period is the last 30 days.
    expect(filters[0]).toEqual(periodOfPreset('last30', today()));

    const views = tile('widgetViews');
    expect(within(views).getByText('1,250')).toBeInTheDocument();
    expect(within(views).getByText('+25% vs previous period')).toBeInTheDocument();
    expect(within(views).getByText('Previous period: 1,000')).toBeInTheDocument();
    expect(within(tile('ticketClicks')).getByText('-20% vs previous period')).toBeInTheDocument();
    expect(within(tile('offerClaims')).getByText('0% vs previous period')).toBeInTheDocument();
    // Nothing before: no percentage to give.
    expect(within(tile('websiteClicks')).getByText('Nothing to compare with')).toBeInTheDocument();
    // 36,000 s over 4 requests: 2.5 hours on average; the previous period decided 2 requests in 0 s.
    expect(within(tile('averageApproval')).getByText(/^2\.5\s*hr/)).toBeInTheDocument();
    // The approval seconds are no tile of their own.
    expect(screen.queryByTestId('kpi-approvalSeconds')).not.toBeInTheDocument();

    const { from, to } = periodOfPreset('last30', today());
    const previous = previousPeriodOf({ from, to });
    const day = (iso: string) => iso.split('-').reverse().join('/');
    expect(screen.getByTestId('period-summary')).toHaveTextContent(
      `${day(from)} – ${day(to)}, compared with ${day(previous.from)} – ${day(previous.to)} · Daily figures`,
    );

    const sites = screen.getByRole('table', { name: 'Embedding sites' });
    expect(within(sites).getByRole('row', { name: 'https://gleis7.ch 1,000 80%' })).toBeInTheDocument();
    expect(within(sites).getByRole('row', { name: 'Not given by the browser 250 20%' })).toBeInTheDocument();

    const offers = screen.getByRole('table', { name: 'Offers' });
    const twoForOne = within(offers).getByRole('row', { name: /Two for one/ });
    expect(twoForOne).toHaveTextContent('Exclusive');
    expect(twoForOne).toHaveTextContent('15 of 20');
    expect(within(twoForOne).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(within(offers).getByRole('row', { name: /Free entry/ })).toHaveTextContent('4 (no limit)');

    // The charts, a chunk of their own, follow.
    expect(await screen.findByRole('figure', { name: 'Views and clicks' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Claims, redemptions and publications' })).toBeInTheDocument();
  });

  it("shows the figures in the interface language's formats", async () => {
    serveStatistics();
    preferencesStore.setItem(PREFERENCE_KEYS.lang, 'de');
    startSignedIn({ ...venueAdmin, language: 'de' });
    renderAppWithQuery('/statistics?preset=last7');

    const views = await screen.findByTestId('kpi-widgetViews', {}, PAGE);
    expect(within(views).getByRole('heading', { name: 'Widget-Aufrufe' })).toBeInTheDocument();
    expect(within(views).getByText(/^1.250$/)).toHaveTextContent(/^1[’']250$/);
    expect(within(views).getByText(/^\+25\s?% gegenüber der Vorperiode$/)).toBeInTheDocument();
    expect(within(tile('averageApproval')).getByText(/^2\.5 Std\.$/)).toBeInTheDocument();
    const { from, to } = periodOfPreset('last7', today());
    const day = (iso: string) => iso.split('-').reverse().join('.');
    expect(screen.getByTestId('period-summary')).toHaveTextContent(
      new RegExp(`^${day(from)} – ${day(to)}, verglichen mit .* · Zahlen pro Tag$`),
    );
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
  });

  it('asks again with the period of the preset chosen, and keeps it in the address', async () => {
    const filters = serveStatistics();
    startSignedIn(venueAdmin);
    renderAppWithQuery('/statistics');
    await screen.findByTestId('kpi-widgetViews', {}, PAGE);

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(screen.getByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(filters.at(-1)).toEqual(periodOfPreset('last7', today())));
    expect(screen.getByTestId('location')).toHaveTextContent('/statistics?preset=last7');

    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(screen.getByRole('option', { name: 'This year' }));
    const thisYear = periodOfPreset('thisYear', today());
    await waitFor(() => expect(filters.at(-1)).toEqual(thisYear));
    expect(thisYear.from).toBe(`${today().slice(0, 4)}-01-01`);
  });

  it('asks for a custom period once both days make one', async () => {
    const filters = serveStatistics();
    startSignedIn(venueAdmin);
    renderAppWithQuery('/statistics?preset=last7');
    await screen.findByTestId('kpi-widgetViews', {}, PAGE);

    // Two days typed in the interface language's order.
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(screen.getByRole('option', { name: 'Custom' }));
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.clear(from);
    await userEvent.type(from, '01/03/2026');
    await userEvent.clear(to);
    await userEvent.type(to, '28/02/2026{Enter}');
    expect(await screen.findByText('The end of the period is before its start.')).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '31/05/2026{Enter}');
    await waitFor(() => expect(filters.at(-1)).toEqual({ from: '2026-03-01', to: '2026-05-31' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/statistics?preset=custom&from=2026-03-01&to=2026-05-31');
    // 92 days: weekly buckets.
    expect(await screen.findByText(/Weekly figures/)).toBeInTheDocument();
  });

  it('shows the figures per bucket as a table and exports them as CSV', async () => {
    serveStatistics();
    const downloads = captureDownloads();
    startSignedIn(venueAdmin);
    renderAppWithQuery('/statistics?preset=last7');

    const table = await screen.findByRole('table', { name: 'Figures per day' }, PAGE);
    const period = periodOfPreset('last7', today());
    const starts = bucketStarts(period);
    const rows = within(table).getAllByRole('row');
    // Heading, seven days, total.
    expect(rows).toHaveLength(9);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Day',
      'Widget views',
      'Ticket link clicks',
      'Website clicks',
      'Offer claims',
      'Promo code redemptions',
      'Events published',
      'Occurrences published',
      'Requests decided',
      'Average approval time (hours)',
    ]);
    const day = (iso: string) => iso.split('-').reverse().join('/');
    expect(rows[1]).toHaveTextContent(`${day(starts[0]!)}`);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,000', '40', '12', '9', '3', '2', '5', '4', '2.5']);
    expect(
      within(rows[8]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,250', '40', '12', '9', '3', '2', '5', '4', '2.5']);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads.names).toEqual([`statistics_gleis-7-club_${period.from}_${period.to}.csv`]);
    const bytes = await bytesOf(downloads.blobs[0]!);
    // UTF-8 with a byte order mark, so that Excel reads it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(downloads.blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines).toEqual([
      'Day,Widget views,Ticket link clicks,Website clicks,Offer claims,Promo code redemptions,Events published,Occurrences published,Requests decided,Average approval time (hours)',
      `${starts[0]},1000,40,12,9,3,2,5,4,2.5`,
      `${starts[1]},250,0,0,0,0,0,0,0,`,
      ...starts.slice(2).map((date) => `${date},0,0,0,0,0,0,0,0,`),
    ]);
  });

  it('says so when the statistics cannot be loaded, and tries again', async () => {
    let failing = true;
    const filters = serveStatistics((filter) =>
      failing
        ? HttpResponse.json({ message: 'boom' }, { status: 500 })
        : replyFor(filter, 'ESTABLISHMENT', 'Gleis 7 Club'),
    );
    startSignedIn(venueAdmin);
    renderAppWithQuery('/statistics');

    expect(await screen.findByText('The statistics could not be loaded.', {}, PAGE)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kpi-widgetViews')).toBeInTheDocument();
    expect(screen.queryByText('The statistics could not be loaded.')).not.toBeInTheDocument();
    expect(filters).toHaveLength(2);
  });

  it('says when nothing was recorded in the period', async () => {
    serveStatistics((filter) => replyFor(filter, 'PROMOTER_GROUP', 'Nachtwerk', emptyFigures(), emptyFigures()));
    startSignedIn(promoter);
    renderAppWithQuery('/statistics');

    expect(await screen.findByText('Nothing recorded in this period.', {}, PAGE)).toBeInTheDocument();
    expect(within(tile('ticketClicks')).getByText('0')).toBeInTheDocument();
    expect(within(tile('averageApproval')).getByText('—')).toBeInTheDocument();
    // A group has no widget of its own: no views tile, no embedding sites.
    expect(screen.queryByTestId('kpi-widgetViews')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lets a platform role pick an establishment, whose id the request then names', async () => {
    const filters = serveStatistics((filter) =>
      filter.establishmentId !== undefined
        ? replyFor(filter, 'ESTABLISHMENT', 'Gleis 7 Club')
        : replyFor(filter, 'PLATFORM', ''),
    );
    const searches: unknown[] = [];
    server.use(
      http.get(apiUrl('/establishments'), ({ request }) => {
        searches.push(filterOf(request).q);
        const q = String(filterOf(request).q ?? '').toLowerCase();
        return listAnswer(
          'establishments',
          VENUES.filter((venue) => venue.generalInfos.establishmentName.toLowerCase().includes(q)),
        );
      }),
      http.get(apiUrl('/establishments/:id'), ({ params }) =>
        HttpResponse.json(VENUES.find((venue) => String(venue.id) === params.id)),
      ),
    );
    startSignedIn(ana);
    renderAppWithQuery('/statistics');

    expect(await screen.findByRole('heading', { name: 'Platform', level: 1 }, PAGE)).toBeInTheDocument();
    expect(filters[0]).toEqual(periodOfPreset('last30', today()));

    await userEvent.click(screen.getByRole('combobox', { name: 'Figures of' }));
    await userEvent.click(screen.getByRole('option', { name: 'An establishment' }));
    expect(screen.getByText('Choose the record whose figures you want to see.')).toBeInTheDocument();
    const venue = screen.getByRole('combobox', { name: 'Establishment' });
    await userEvent.type(venue, 'gleis');
    await waitFor(() => expect(searches).toContain('gleis'));
    await userEvent.click(await screen.findByRole('option', { name: 'Gleis 7 Club' }));

    await waitFor(() => expect(filters.at(-1)).toEqual({ establishmentId: 3, ...periodOfPreset('last30', today()) }));
    expect(screen.getByTestId('location')).toHaveTextContent('/statistics?establishmentId=3&preset=last30');
    expect(await screen.findByRole('heading', { name: 'Gleis 7 Club', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Embedding sites' })).toBeInTheDocument();

    // Back to the platform (its figures were read already): no scope in the address.
    await userEvent.click(screen.getByRole('combobox', { name: 'Figures of' }));
    await userEvent.click(screen.getByRole('option', { name: 'The platform' }));
    expect(await screen.findByRole('heading', { name: 'Platform', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/statistics\?preset=last30$/);
    expect(filters.every((filter) => filter.promoterGroupId === undefined && filter.eventId === undefined)).toBe(true);
  });

  it('reads the scope and the period from the address on load', async () => {
    const filters = serveStatistics();
    server.use(
      http.get(apiUrl('/promoters/:id'), () =>
        HttpResponse.json({ id: 8, generalInfos: { promoterName: 'Nachtwerk' }, visibility: 'PUBLISHED' }),
      ),
      http.get(apiUrl('/promoters'), () =>
        listAnswer('promoters', [{ id: 8, generalInfos: { promoterName: 'Nachtwerk' }, visibility: 'PUBLISHED' }]),
      ),
    );
    startSignedIn(ana);
    renderAppWithQuery('/statistics?promoterGroupId=8&preset=custom&from=2026-01-01&to=2026-03-31');

    expect(await screen.findByRole('heading', { name: 'Nachtwerk', level: 1 }, PAGE)).toBeInTheDocument();
    expect(filters).toEqual([{ promoterGroupId: 8, from: '2026-01-01', to: '2026-03-31' }]);
    expect(screen.getByRole('combobox', { name: 'Figures of' })).toHaveTextContent('A promoter group');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Promoter group' })).toHaveValue('Nachtwerk'));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/01/2026');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('31/03/2026');
    expect(screen.getByTestId('period-summary')).toHaveTextContent(
      '01/01/2026 – 31/03/2026, compared with 03/10/2025 – 31/12/2025 · Weekly figures (Monday to Sunday)',
    );
    expect(screen.getByRole('table', { name: 'Figures per week' })).toBeInTheDocument();
  });
});
