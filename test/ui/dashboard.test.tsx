import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  dashboardCardsOf,
  type DashboardCard,
  type DashboardCardData,
  type DashboardCardId,
  type DashboardReply,
} from '../../domain/dashboard';
import type { RoleKey } from '../../domain/roles';
import type { SessionUser } from '../../domain/user';
import { preferencesStore } from '../../src/providers';
import { ana, apiUrl, filterOf, listAnswer, meHandler, openStreamAnswer, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The dashboard (`/dashboard`): the cards `GET /dashboard` names, in its order, each loading its own figures
 * (`GET /dashboard/cards/:card`) with a skeleton first, failing alone with a Retry, and leading to the filtered
 * list behind its figure.
 */

const PAGE = { timeout: 15_000 };

const withRoles = (...keys: RoleKey[]): SessionUser => ({
  ...ana,
  userRoles: keys.map((key, index) => ({ role: { id: index + 1, key } })),
});

const occurrence = (id: number, title: string, startsAt: string) => ({
  occurrenceId: `${id}:${startsAt}`,
  eventId: id,
  title,
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + 4 * 3_600_000).toISOString(),
  establishmentId: 3,
  establishmentName: 'Kaufleuten',
});

/** Each card's figures, as the API answers them (domain/dashboard.ts). */
const FIGURES: { [Id in DashboardCardId]: DashboardCardData[Id] } = {
  pendingAsks: { count: 4, mine: false, oldestRequestedAt: '2026-11-20T09:30:00.000Z' },
  unreadNotifications: { count: 3 },
  weekOccurrences: {
    weekStart: '2026-11-23',
    weekEnd: '2026-11-29',
    count: 9,
    // 21:00 UTC is 22:00 in Zurich (winter time).
    next: occurrence(24, 'Techno Friday', '2026-11-27T21:00:00.000Z'),
  },
  drafts: { count: 2 },
  offers: { running: 6, nearlySoldOut: 1, soldOut: 2 },
  promoCodes: { last7Days: 8, previous7Days: 10 },
  widgetViews: {
    last7Days: 1_200,
    previous7Days: 1_000,
    days: Array.from({ length: 14 }, (_, index) => ({
      date: `2026-11-${String(14 + index).padStart(2, '0')}`,
      views: index < 7 ? [100, 150, 120, 180, 150, 100, 200][index]! : [150, 200, 160, 210, 170, 130, 180][index - 7]!,
    })),
  },
  platformPartners: { establishments: 12, promoterGroups: 5, newLast7Days: 1 },
  platformEventsPublished: {
    weeks: [3, 5, 2, 7, 4, 6, 8, 11].map((count, index) => ({
      weekStart: new Date(Date.UTC(2026, 9, 5 + 7 * index)).toISOString().slice(0, 10),
      count,
    })),
  },
  platformNewUsers: { last7Days: 14, previous7Days: 7 },
  outboxFailures: { failedLast7Days: 5, retrying: 2 },
  upcomingEvents: {
    items: [
      occurrence(30, 'Jazz Brunch', '2026-11-29T10:00:00.000Z'),
      occurrence(31, 'Salsa Night', '2026-12-04T20:00:00.000Z'),
    ],
  },
  myClaims: {
    count: 1,
    items: [
      {
        claimId: 5,
        offerId: 9,
        title: 'Free entry before midnight',
        startDate: '2026-12-05',
        claimedAt: '2026-11-25T18:00:00.000Z',
      },
    ],
  },
  myCodes: { count: 2, items: [{ promoCodeId: 3, code: 'WINTER26', redeemedAt: '2026-11-21T19:00:00.000Z' }] },
};

/** The English question of each card (src/i18n/en/dashboard.ts). */
const TITLES: Record<DashboardCardId, string> = {
  pendingAsks: 'Requests awaiting your decision',
  unreadNotifications: 'Unread notifications',
  weekOccurrences: 'Occurrences this week',
  drafts: 'Drafts not yet published',
  offers: 'Offers running today',
  promoCodes: 'Promo codes used in the last 7 days',
  widgetViews: 'Widget views in the last 7 days',
  platformPartners: 'Partners on the platform',
  platformEventsPublished: 'Events published this week',
  platformNewUsers: 'New users in the last 7 days',
  outboxFailures: 'Mails failed in the last 7 days',
  upcomingEvents: 'Upcoming events',
  myClaims: 'Your claimed offers',
  myCodes: 'Your promo codes',
};

interface Serving {
  /** The cards that answer 500 (until `heal()`). */
  failing?: DashboardCardId[];
  /** Figures other than FIGURES. */
  figures?: Partial<{ [Id in DashboardCardId]: DashboardCardData[Id] }>;
  /** The card answers wait for this. */
  gate?: Promise<void>;
}

/** Signs in with the server's roles and answers the dashboard as the API would for them; returns the requests. */
const serveDashboard = (roles: RoleKey[], { failing = [], figures = {}, gate }: Serving = {}) => {
  const requested: string[] = [];
  const broken = new Set<DashboardCardId>(failing);
  server.use(
    meHandler(() => withRoles(...roles)),
    http.get(apiUrl('/dashboard'), () =>
      HttpResponse.json({ cards: dashboardCardsOf({ roleKeys: roles }) } satisfies DashboardReply),
    ),
    http.get(apiUrl('/dashboard/cards/:card'), async ({ params }) => {
      const id = String(params.card) as DashboardCardId;
      requested.push(id);
      await gate;
      if (broken.has(id)) return HttpResponse.json({ message: 'INTERNAL_ERROR' }, { status: 500 });
      const data = (figures as Record<string, unknown>)[id] ?? FIGURES[id];
      return HttpResponse.json({ id, data } as DashboardCard);
    }),
  );
  startSignedIn(withRoles(...roles));
  return { requested, heal: (id: DashboardCardId) => broken.delete(id) };
};

const cardOf = (id: DashboardCardId) => screen.findByRole('region', { name: TITLES[id] }, PAGE);

/** The card once its figures show (no longer busy). */
const loadedCard = async (id: DashboardCardId) => {
  const card = await cardOf(id);
  await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'), PAGE);
  return card;
};

const renderedCardIds = () =>
  [...document.querySelectorAll<HTMLElement>('section[data-card]')].map((section) => section.dataset.card);

/** The card's link as path and parsed query. */
const linkOf = (card: HTMLElement) => {
  const url = new URL(within(card).getByRole('link').getAttribute('href') ?? '', window.location.origin);
  const filter = url.searchParams.get('filter');
  return {
    pathname: url.pathname,
    filter: filter === null ? undefined : (JSON.parse(filter) as unknown),
    sort: url.searchParams.get('sort'),
    order: url.searchParams.get('order'),
    preset: url.searchParams.get('preset'),
  };
};

const figureOf = (card: HTMLElement) => card.querySelector('[data-figure]')?.textContent;

const ROLES: RoleKey[] = [
  'ROOT',
  'COORDINATOR_ADMIN_FULL',
  'ADMIN',
  'COORDINATOR',
  'COORDINATOR_ADMIN_LIMITED',
  'PROMOTER',
  'CUSTOMER',
];

describe('the dashboard', () => {
  it.each(ROLES)('shows the greeting and then the cards of a %s in the order of GET /dashboard', async (role) => {
    const expected = dashboardCardsOf({ roleKeys: [role] });
    expect(expected.length).toBeGreaterThan(0);
    const { requested } = serveDashboard([role], {
      figures: { pendingAsks: { ...FIGURES.pendingAsks, mine: role === 'PROMOTER' } },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Ana' }, PAGE)).toBeInTheDocument();
    await waitFor(() => expect(renderedCardIds()).toEqual(expected), PAGE);
    for (const id of expected) {
      if (id === 'pendingAsks' && role === 'PROMOTER') {
        expect(await screen.findByRole('region', { name: 'Your requests still pending' })).toBeInTheDocument();
      } else {
        await loadedCard(id);
      }
    }
    // One request per card, each card its own.
    await waitFor(() => expect([...requested].sort()).toEqual([...expected].sort()));
  });

  it('shows each figure of a venue admin in the interface language, times in Zurich', async () => {
    serveDashboard(['ADMIN']);
    renderApp('/dashboard');

    const asks = await loadedCard('pendingAsks');
    expect(figureOf(asks)).toBe('4');
    expect(asks).toHaveTextContent('Oldest since 20 Nov 2026');

    const week = await loadedCard('weekOccurrences');
    expect(figureOf(week)).toBe('9');
    expect(week).toHaveTextContent('23 Nov – 29 Nov');
    expect(week).toHaveTextContent('Techno Friday');
    expect(week).toHaveTextContent('Fri 27 Nov, 22:00 · Kaufleuten');

    const offers = await loadedCard('offers');
    expect(figureOf(offers)).toBe('6');
    expect(offers).toHaveTextContent('1 nearly sold out, 2 sold out');

    const codes = await loadedCard('promoCodes');
    expect(figureOf(codes)).toBe('8');
    expect(codes).toHaveTextContent('-20%');
    expect(codes).toHaveTextContent('10 in the 7 days before');

    const views = await loadedCard('widgetViews');
    expect(figureOf(views)).toBe('1,200');
    expect(views).toHaveTextContent('+20%');
    expect(views).toHaveTextContent('1,000 in the 7 days before');
    // The sparkline (loaded lazily) is one named image.
    expect(
      await within(views).findByRole('img', { name: 'Views per day: the last 7 days against the 7 days before' }, PAGE),
    ).toBeInTheDocument();

    expect(figureOf(await loadedCard('drafts'))).toBe('2');
    expect(figureOf(await loadedCard('unreadNotifications'))).toBe('3');
  });

  it("shows the platform's figures to ROOT", async () => {
    serveDashboard(['ROOT']);
    renderApp('/dashboard');

    const partners = await loadedCard('platformPartners');
    expect(figureOf(partners)).toBe('17');
    expect(partners).toHaveTextContent('12 establishments, 5 promoter groups');
    expect(partners).toHaveTextContent('1 new in the last 7 days');

    const published = await loadedCard('platformEventsPublished');
    expect(figureOf(published)).toBe('11');
    expect(published).toHaveTextContent('Per week since 5 Oct 2026');

    const users = await loadedCard('platformNewUsers');
    expect(figureOf(users)).toBe('14');
    expect(users).toHaveTextContent('+100%');

    const outbox = await loadedCard('outboxFailures');
    expect(figureOf(outbox)).toBe('5');
    expect(outbox).toHaveTextContent('2 waiting to be retried');
  });

  it("lists a customer's upcoming events, claims and codes, without links", async () => {
    serveDashboard(['CUSTOMER']);
    renderApp('/dashboard');

    const upcoming = await loadedCard('upcomingEvents');
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    expect(upcoming).toHaveTextContent('Jazz Brunch');
    expect(upcoming).toHaveTextContent('Sun 29 Nov, 11:00 · Kaufleuten');

    const claims = await loadedCard('myClaims');
    expect(figureOf(claims)).toBe('1');
    expect(claims).toHaveTextContent('Free entry before midnight');
    expect(claims).toHaveTextContent('From 5 Dec 2026');

    const codes = await loadedCard('myCodes');
    expect(figureOf(codes)).toBe('2');
    expect(codes).toHaveTextContent('WINTER26');
    expect(codes).toHaveTextContent('Used on 21 Nov 2026');

    for (const card of [upcoming, claims, codes]) expect(within(card).queryByRole('link')).toBeNull();
  });

  it('formats the figures in the interface language', async () => {
    serveDashboard(['ADMIN']);
    // Choosing a language also stores it as the user's (src/layout/useChooseLanguage.ts).
    server.use(http.patch(apiUrl('/auth/me'), () => HttpResponse.json({ ...withRoles('ADMIN'), language: 'de' })));
    renderApp('/dashboard');
    await loadedCard('widgetViews');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    const views = await screen.findByRole('region', { name: 'Widget-Aufrufe der letzten 7 Tage' }, PAGE);
    // Swiss German groups thousands with an apostrophe (which one depends on the ICU data): never "1,200".
    const swiss = new Intl.NumberFormat('de-CH');
    expect(swiss.format(1_200)).not.toBe('1,200');
    await waitFor(() => expect(figureOf(views)).toBe(swiss.format(1_200)), PAGE);
    expect(views).toHaveTextContent(`${swiss.format(1_000)} in den 7 Tagen davor`);
  });
});

describe('the links of the cards', () => {
  it('lead a venue admin to the filtered lists behind the figures', async () => {
    serveDashboard(['ADMIN']);
    renderApp('/dashboard');

    expect(linkOf(await loadedCard('pendingAsks'))).toMatchObject({
      pathname: '/asks',
      filter: { awaitsMe: true, status: 'PENDING' },
    });
    expect(linkOf(await loadedCard('unreadNotifications'))).toMatchObject({
      pathname: '/notifications',
      filter: { unread: true },
    });
    expect(linkOf(await loadedCard('weekOccurrences'))).toMatchObject({
      pathname: '/events',
      filter: { visibility: 'PUBLISHED' },
    });
    expect(linkOf(await loadedCard('drafts'))).toMatchObject({ pathname: '/events', filter: { visibility: 'DRAFT' } });
    expect(linkOf(await loadedCard('offers'))).toMatchObject({ pathname: '/discount', filter: { status: 'running' } });
    // A venue has no promo code page: its redemptions are in the statistics.
    expect(linkOf(await loadedCard('promoCodes'))).toMatchObject({
      pathname: '/statistics',
      filter: undefined,
      preset: 'last7',
    });
    expect(linkOf(await loadedCard('widgetViews'))).toMatchObject({ pathname: '/statistics', preset: 'last7' });
  });

  it('lead a promoter to its own pending requests', async () => {
    serveDashboard(['PROMOTER'], { figures: { pendingAsks: { count: 1, mine: true, oldestRequestedAt: null } } });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Your requests still pending' }, PAGE);
    await waitFor(() => expect(card).not.toHaveAttribute('aria-busy'), PAGE);
    expect(linkOf(card)).toMatchObject({ pathname: '/asks', filter: { mine: true, status: 'PENDING' } });
  });

  it("lead ROOT to the platform's lists", async () => {
    serveDashboard(['ROOT']);
    renderApp('/dashboard');
    expect(linkOf(await loadedCard('promoCodes'))).toMatchObject({ pathname: '/promo-code' });
    expect(linkOf(await loadedCard('platformPartners'))).toMatchObject({ pathname: '/establishments' });
    expect(linkOf(await loadedCard('platformEventsPublished'))).toMatchObject({
      pathname: '/statistics',
      preset: 'last90',
    });
    expect(linkOf(await loadedCard('platformNewUsers'))).toMatchObject({
      pathname: '/users',
      sort: 'createdAt',
      order: 'DESC',
    });
    expect(linkOf(await loadedCard('outboxFailures'))).toMatchObject({
      pathname: '/outbox',
      filter: { status: 'failed' },
    });
  });

  it('land on the list under its filter: the unread notifications', async () => {
    serveDashboard(['ADMIN']);
    const filters: Record<string, unknown>[] = [];
    server.use(
      http.get(apiUrl('/notifications'), ({ request }) => {
        filters.push(filterOf(request));
        return listAnswer('notifications', []);
      }),
    );
    renderApp('/dashboard');
    await userEvent.click(within(await loadedCard('unreadNotifications')).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications'), PAGE);
    await waitFor(() => expect(filters).toContainEqual({ unread: true }), PAGE);
  });

  it('land on the list under its filter: the failed mails', async () => {
    serveDashboard(['ROOT']);
    const filters: Record<string, unknown>[] = [];
    server.use(
      http.get(apiUrl('/outbox'), ({ request }) => {
        filters.push(filterOf(request));
        return listAnswer('outbox', []);
      }),
    );
    renderApp('/dashboard');
    await userEvent.click(within(await loadedCard('outboxFailures')).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/outbox'), PAGE);
    await waitFor(() => expect(filters).toContainEqual({ status: 'failed' }), PAGE);
  });

  it("open the events calendar on this week's list, and the drafts in the list", async () => {
    serveDashboard(['ADMIN']);
    server.use(
      http.get(apiUrl('/occurrences'), () => listAnswer('occurrences', [])),
      http.get(apiUrl('/events'), () => listAnswer('events', [])),
    );
    renderApp('/dashboard');
    await userEvent.click(within(await loadedCard('weekOccurrences')).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/events'), PAGE);
    expect(preferencesStore.getItem('events.view')).toBe('calendar');
    expect(preferencesStore.getItem('events.calendar.view')).toBe('listWeek');
    expect(preferencesStore.getItem('events.calendar.date')).toBe('2026-11-23');
  });

  it('open the drafts in the events list', async () => {
    serveDashboard(['ADMIN']);
    preferencesStore.setItem('events.view', 'calendar');
    const filters: Record<string, unknown>[] = [];
    server.use(
      http.get(apiUrl('/events'), ({ request }) => {
        filters.push(filterOf(request));
        return listAnswer('events', []);
      }),
    );
    renderApp('/dashboard');
    await userEvent.click(within(await loadedCard('drafts')).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/events'), PAGE);
    expect(preferencesStore.getItem('events.view')).toBe('list');
    await waitFor(() => expect(filters).toContainEqual({ visibility: 'DRAFT' }), PAGE);
  });
});

describe('live figures', () => {
  it('follow the live stream: the unread count as it comes, the pending requests read again', async () => {
    const figures = { pendingAsks: { ...FIGURES.pendingAsks } };
    const { requested } = serveDashboard(['ADMIN'], { figures });
    let connect = () => {};
    const connected = new Promise<void>((resolve) => {
      connect = resolve;
    });
    server.use(
      http.get(apiUrl('/notifications/stream'), async ({ request }) => {
        await connected;
        return openStreamAnswer(request, ['event: unread\ndata: {"unread":7}', 'event: asks\ndata: {}']);
      }),
    );
    renderApp('/dashboard');
    const unread = await loadedCard('unreadNotifications');
    const asks = await loadedCard('pendingAsks');
    expect(figureOf(unread)).toBe('3');
    figures.pendingAsks = { ...FIGURES.pendingAsks, count: 5 };
    connect();
    await waitFor(() => expect(figureOf(unread)).toBe('7'), PAGE);
    await waitFor(() => expect(figureOf(asks)).toBe('5'), PAGE);
    // The unread count came with the event: no second request of its card.
    expect(requested.filter((id) => id === 'unreadNotifications')).toHaveLength(1);
  });
});

describe('loading and failing', () => {
  it('shows a skeleton in each card until its figures come', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    serveDashboard(['COORDINATOR'], { gate });
    renderApp('/dashboard');
    const card = await cardOf('drafts');
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByText('Loading')).toBeInTheDocument();
    expect(card.querySelector('.MuiSkeleton-root')).not.toBeNull();
    expect(figureOf(card)).toBeUndefined();
    open();
    await waitFor(() => expect(figureOf(card)).toBe('2'), PAGE);
    expect(card).not.toHaveAttribute('aria-busy');
    expect(card.querySelector('.MuiSkeleton-root')).toBeNull();
  });

  it('shows a failing card its error and Retry while the other cards show their figures', async () => {
    // react-admin's data provider hook logs each failed request in development: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { heal } = serveDashboard(['ADMIN'], { failing: ['offers'] });
    renderApp('/dashboard');
    const offers = await cardOf('offers');
    expect(await within(offers).findByRole('alert', {}, PAGE)).toHaveTextContent('These figures could not be loaded.');
    expect(within(offers).queryByRole('link')).toBeNull();
    expect(figureOf(await loadedCard('drafts'))).toBe('2');
    expect(figureOf(await loadedCard('pendingAsks'))).toBe('4');
    expect(figureOf(await loadedCard('weekOccurrences'))).toBe('9');

    heal('offers');
    await userEvent.click(within(offers).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figureOf(offers)).toBe('6'), PAGE);
    expect(within(offers).queryByRole('alert')).toBeNull();
  });

  it('says so when the list of cards cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveDashboard(['ADMIN']);
    let fail = true;
    server.use(
      http.get(apiUrl('/dashboard'), () =>
        fail
          ? HttpResponse.json({ message: 'INTERNAL_ERROR' }, { status: 500 })
          : HttpResponse.json({ cards: ['drafts'] } satisfies DashboardReply),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('The dashboard could not be loaded.', {}, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello, Ana' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(figureOf(await loadedCard('drafts'))).toBe('2');
  });
});
