import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dashboardCardsOf, type DashboardCardData, type DashboardCardId } from '../../domain/dashboard';
import { periodOfPreset, type StatisticsReply } from '../../domain/statistics';
import { roleKeysOf, type SessionUser } from '../../domain/user';
import { apiAs, baseUrl, launchBrowser, newContext, screenshot, signIn, waitForPlaceholdersToGo } from './browser';

/**
 * The dashboard and the statistics as each demo account sees them: its own cards, in the page's order, each with
 * the figure the API answers for it (whose figures the API tests check against the tables); a card leads to the
 * list behind it, filtered; and ROOT's statistics of the first establishment count the widget views this test
 * makes by loading its widget.
 */

const LONG = 240_000;
const ACCOUNTS = [
  'root@demo.ch',
  'promoter@demo.ch',
  'customer@demo.ch',
  'admin@demo.ch',
  'coordinator@demo.ch',
  'coordinator-limited@demo.ch',
  'coordinator-full@demo.ch',
  'promoter2@demo.ch',
  'admin2@demo.ch',
];

type ApiClient = Awaited<ReturnType<typeof apiAs>>;
const number = new Intl.NumberFormat('en');

/** The figure a card shows first, as the API answers it. */
const HEADLINE: { [Id in DashboardCardId]: (data: DashboardCardData[Id]) => number } = {
  pendingAsks: (data) => data.count,
  unreadNotifications: (data) => data.count,
  weekOccurrences: (data) => data.count,
  drafts: (data) => data.count,
  offers: (data) => data.running,
  promoCodes: (data) => data.last7Days,
  widgetViews: (data) => data.last7Days,
  platformPartners: (data) => data.establishments + data.promoterGroups,
  platformEventsPublished: (data) => data.weeks[data.weeks.length - 1]?.count ?? 0,
  platformNewUsers: (data) => data.last7Days,
  outboxFailures: (data) => data.failedLast7Days,
  upcomingEvents: (data) => data.items.length,
  myClaims: (data) => data.count,
  myCodes: (data) => data.count,
};

async function json<T>(api: ApiClient, path: string): Promise<T> {
  const response = await api(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function cardData<Id extends DashboardCardId>(api: ApiClient, id: Id): Promise<DashboardCardData[Id]> {
  return (await json<{ id: Id; data: DashboardCardData[Id] }>(api, `/dashboard/cards/${id}`)).data;
}

/** The dashboard's cards, in the page's order, by their headings. */
const cardTitles = async (page: Page) =>
  page.locator('main h3').evaluateAll((headings) => headings.map((heading) => heading.textContent ?? ''));

describe('the dashboard and the statistics in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(ACCOUNTS)('%s sees its own cards with their figures', { timeout: LONG }, async (email) => {
    const api = await apiAs(email);
    const me = await json<SessionUser>(api, '/auth/me');
    const { cards } = await json<{ cards: DashboardCardId[] }>(api, '/dashboard');
    expect(cards).toEqual(dashboardCardsOf({ roleKeys: roleKeysOf(me) }));
    expect(cards.length).toBeGreaterThan(0);

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email);
    await expect.poll(async () => (await cardTitles(page)).length, { timeout: 20_000 }).toBe(cards.length);
    for (const id of cards) {
      const data = await cardData(api, id);
      const card = page.locator('main section').nth(cards.indexOf(id));
      // A list card shows its items (the first one's title), the others their figure.
      const expected =
        id === 'upcomingEvents'
          ? ((data as DashboardCardData['upcomingEvents']).items[0]?.title ?? 'No event coming up.')
          : number.format((HEADLINE[id] as (value: typeof data) => number)(data));
      await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain(expected);
    }
    // The charts load lazily after the figures: the screenshot waits for them rather than their placeholders.
    await waitForPlaceholdersToGo(page);
    await screenshot(page, `dashboard-${email.split('@')[0]}`);
    await context.close();
  });

  it('a card leads to the filtered list behind it', { timeout: LONG }, async () => {
    const asAdmin = await newContext(browser);
    let page = await asAdmin.newPage();
    await signIn(page, 'admin@demo.ch');
    await page.getByRole('link', { name: /Drafts not yet published/ }).click();
    await page.waitForURL(/\/events/);
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    expect(filter).toMatchObject({ visibility: 'DRAFT' });
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await asAdmin.close();

    const asRoot = await newContext(browser);
    page = await asRoot.newPage();
    await signIn(page, 'root@demo.ch');
    await page.getByRole('link', { name: /Mails failed in the last 7 days/ }).click();
    await page.waitForURL(/\/outbox/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toMatchObject({ status: 'failed' });
    await asRoot.close();
  });

  it(
    "ROOT's statistics of the first establishment count the widget views of this test",
    { timeout: LONG },
    async () => {
      const root = await apiAs('root@demo.ch');
      const admin = await apiAs('admin@demo.ch');
      const establishmentId = (await json<{ establishmentId: number }>(admin, '/auth/me')).establishmentId;
      const [widget] = await json<{ externalApiKey: string }[]>(
        root,
        `/widget-settings?filter=${encodeURIComponent(JSON.stringify({ establishmentId }))}`,
      );
      const period = periodOfPreset('last30');
      const statisticsPath = `/statistics?filter=${encodeURIComponent(JSON.stringify({ establishmentId, ...period }))}`;
      const viewsNow = async () => (await json<StatisticsReply>(root, statisticsPath)).totals.widgetViews;
      const before = await viewsNow();

      // Three visitors, each in a browser of their own (a browser's cache may answer its own reloads).
      const loads = 3;
      for (let load = 0; load < loads; load += 1) {
        const visitor = await newContext(browser);
        const page = await visitor.newPage();
        const answer = await page.goto(`${baseUrl()}/external/widgets/${widget!.externalApiKey}?lang=en`);
        expect(answer?.status()).toBe(200);
        await visitor.close();
      }
      // The server adds its counts every few seconds.
      await expect.poll(viewsNow, { timeout: 30_000, interval: 1_000 }).toBe(before + loads);

      const context = await newContext(browser);
      const page = await context.newPage();
      await signIn(page, 'root@demo.ch');
      await page.goto(`/statistics?establishmentId=${establishmentId}&preset=last30`);
      await expect
        .poll(() => page.getByTestId('kpi-widgetViews').innerText(), { timeout: 20_000 })
        .toContain(number.format(before + loads));
      await screenshot(page, 'statistics-root-first-establishment');
      await context.close();
    },
  );
});
