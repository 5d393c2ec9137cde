import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../domain/recurrence';
import { WIDGET_DEFAULTS, widgetPresentation, type WidgetSettings } from '../../domain/widget';
import {
  establishmentHappyHours,
  establishments,
  eventMusics,
  events,
  eventTypes,
  musics,
  offers,
  offerTemplates,
  users,
  widgetDailyViews,
  widgetSettings,
} from '../../server/db/schema';
import { seededScopes, type SeededScopes } from './authorizationMatrix';
import { createUser, DEMO_EMAILS, signIn, startTestServer, type TestServer } from './harness';
import { paidSubscription } from './billingFixtures';
import { BROWSER_USER_AGENT } from '../support/userAgents';

/**
 * The public widget page (server/routes/externalWidgets.ts): what a visitor gets for each setting, filter,
 * page and language, the neutral 404, the headers (CSP, cache, no cookie), the cache and its invalidation, the
 * `.ics` and JSON-LD, the redirects and the sizes.
 */

let server: TestServer;
let scopes: SeededScopes;
let eventTypeIds: number[];
let musicIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  eventTypeIds = (await server.db.select({ id: eventTypes.id }).from(eventTypes).limit(2)).map((row) => row.id);
  musicIds = (await server.db.select({ id: musics.id }).from(musics).limit(2)).map((row) => row.id);
});
afterAll(() => server.close());

const today = () => Temporal.Now.plainDateISO('Europe/Zurich');

interface Venue {
  id: number;
  key: string;
  settingsId: number;
}

/** A venue of its own (its widget settings come with it), so each test sees only its events. */
async function newVenue(values: Partial<typeof establishments.$inferInsert> = {}): Promise<Venue> {
  const [venue] = await server.db
    .insert(establishments)
    .values({ name: 'Widget Club', city: 'Bern', localisation: 'Aarbergergasse 1, 3011 Bern', ...values })
    .returning({ id: establishments.id });
  const [row] = await server.db.select().from(widgetSettings).where(eq(widgetSettings.establishmentId, venue.id));
  return { id: venue.id, key: row.externalApiKey, settingsId: row.id };
}

/** A published one-off event `daysAhead` local days from today, 20:00–23:00 Zurich time. */
async function oneOff(
  venue: Venue,
  values: Partial<typeof events.$inferInsert> & { daysAhead?: number; musics?: number[] } = {},
): Promise<number> {
  const { daysAhead = 1, musics: musicList = [], ...columns } = values;
  const date = today().add({ days: daysAhead }).toString();
  const [event] = await server.db
    .insert(events)
    .values({
      title: 'Concert',
      establishmentId: venue.id,
      eventTypeId: eventTypeIds[0],
      startDate: date,
      endDate: date,
      startTime: '20:00',
      endTime: '23:00',
      firstStartsAt: new Date(zonedInstant(date, '20:00')),
      lastEndsAt: new Date(zonedInstant(date, '23:00')),
      ...columns,
    })
    .returning({ id: events.id });
  if (musicList.length > 0)
    await server.db.insert(eventMusics).values(musicList.map((musicId) => ({ eventId: event.id, musicId })));
  server.app.widgetPages.invalidateAll();
  return event.id;
}

async function updateSettings(venue: Venue, values: Partial<typeof widgetSettings.$inferInsert>): Promise<void> {
  await server.db.update(widgetSettings).set(values).where(eq(widgetSettings.id, venue.settingsId));
  server.app.widgetPages.invalidateAll();
}

/** As a visitor's browser asks (crawlers are not counted; the test client's own user agent reads as one). */
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_USER_AGENT, ...headers } });
const page = (venue: Venue, query = '', headers: Record<string, string> = {}) =>
  get(`/external/widgets/${venue.key}${query}`, headers);

const directivesOf = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

const articles = (html: string) => html.match(/<article /g)?.length ?? 0;
const inlineScriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '[]') as Record<
    string,
    unknown
  >[];

describe('the page', () => {
  it('renders the defaults: their colours, Inter, only the list and the credit, with the framing headers', async () => {
    const venue = await newVenue();
    await oneOff(venue, { title: 'Opening night' });
    const response = await page(venue);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    for (const [name, value] of Object.entries(widgetPresentation(WIDGET_DEFAULTS).variables))
      expect(html).toContain(`${name}:${value}`.replace(/"/g, '&#34;'));
    expect(html).toContain('data-calendar="off"');
    expect(html).not.toContain('id="w-panel-calendar"');
    expect(html).not.toContain('class="w-section w-happy-hours"');
    expect(html).toContain('class="w-credit"');
    expect(html).toContain('font-family:"Inter"');
    expect(html).toContain('/external/widget-fonts/inter-latin-400-normal.woff2');
    expect(html).toContain('Opening night');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(['*']);
    expect(csp['default-src']).toEqual(["'none'"]);
    const hash = createHash('sha256').update(inlineScriptOf(html)).digest('base64');
    expect(csp['script-src']).toEqual([`'sha256-${hash}'`]);
  });

  it('shows a stored font it does not know as Inter', async () => {
    const venue = await newVenue();
    await updateSettings(venue, { fontFamilyName: 'Retired Font', colorAccent: '#112233' });
    const html = (await page(venue)).body;
    expect(html).toContain('--w-font:&#34;Inter&#34;');
    expect(html).toContain('--w-accent:#112233');
  });

  it('renders each section only when its switch is on, and the preview renders them all', async () => {
    const venue = await newVenue();
    await server.db.insert(establishmentHappyHours).values({
      establishmentId: venue.id,
      title: 'Early bird',
      days: ['FRIDAY', 'SATURDAY'],
      startTime: '18:00',
      endTime: '20:00',
    });
    await oneOff(venue);
    // The pro logo shows while the venue's paid plan includes it (docs/billing.md "Paid state").
    await paidSubscription(server.db, { kind: 'ESTABLISHMENT', id: venue.id }, { proLogo: true });
    await updateSettings(venue, {
      hasEnabledCalendar: true,
      hasEnabledHappyHours: true,
      happyHoursTitle: 'Apéro',
      happyHoursIconName: 'HH_ICON_3',
      hasEnabledProLogo: true,
      hasRoundedBorders: true,
      hasTransparentBackground: true,
    });
    const on = (await page(venue, '?lang=en')).body;
    expect(on).toContain('id="w-panel-calendar"');
    expect(on).toMatch(/<table>.*<th scope="col" abbr="Monday">Mon<\/th>/);
    expect(on).toContain('Apéro');
    expect(on).toContain('<strong>Fri, Sat</strong><span>18:00–20:00</span>');
    expect(on).toContain(`d="${'M6 3v6c0'}`);
    expect(on).not.toContain('class="w-credit"');
    expect(on).toContain('--w-radius:12px');
    expect(on).toContain('--w-background:transparent');
    for (const name of ['calendar', 'happy-hours', 'pro-logo', 'transparent', 'rounded'])
      expect(on).toContain(`data-${name}="on"`);

    await updateSettings(venue, { hasEnabledCalendar: false, hasEnabledHappyHours: false, hasEnabledProLogo: false });
    const off = (await page(venue, '?lang=en')).body;
    expect(off).not.toContain('id="w-panel-calendar"');
    expect(off).not.toContain('Apéro');
    expect(off).toContain('class="w-credit"');

    const preview = await page(venue, '?lang=en&preview=1');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers.etag).toBeUndefined();
    expect(preview.body).toContain('id="w-panel-calendar"');
    expect(preview.body).toContain('Apéro');
    expect(preview.body).toContain('class="w-credit"');
    for (const icon of ['HH_ICON_1', 'HH_ICON_2', 'HH_ICON_3', 'HH_ICON_4'])
      expect(preview.body).toContain(`<symbol id="w-hh-${icon}"`);
    // Every font can be switched to without a reload.
    expect(preview.body).toContain('font-family:"Righteous"');
    expect(directivesOf(preview.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
  });

  it('filters by music, event type and city (comma-separated or repeated), and refuses a bad value naming it', async () => {
    const venue = await newVenue({ city: 'Thun' });
    await oneOff(venue, { title: 'Jazz only', musics: [musicIds[0]] });
    await oneOff(venue, { title: 'Rock only', musics: [musicIds[1]], eventTypeId: eventTypeIds[1] });
    await oneOff(venue, { title: 'Elsewhere', city: 'Basel' });
    const titles = async (query: string) => {
      const response = await page(venue, query);
      expect(response.statusCode, response.body).toBe(200);
      return ['Jazz only', 'Rock only', 'Elsewhere'].filter((title) => response.body.includes(title));
    };
    expect(await titles('')).toEqual(['Jazz only', 'Rock only', 'Elsewhere']);
    expect(await titles(`?musicIds=${musicIds[0]}`)).toEqual(['Jazz only']);
    expect(await titles(`?musicIds=${musicIds[0]},${musicIds[1]}`)).toEqual(['Jazz only', 'Rock only']);
    expect(await titles(`?musicIds=${musicIds[0]}&musicIds=${musicIds[1]}`)).toEqual(['Jazz only', 'Rock only']);
    expect(await titles(`?eventTypeIds=${eventTypeIds[1]}`)).toEqual(['Rock only']);
    expect(await titles('?cities=basel')).toEqual(['Elsewhere']);
    expect(await titles('?cities=Thun,Zug')).toEqual(['Jazz only', 'Rock only']);
    for (const [query, parameter] of [
      ['?musicIds=abc', 'musicIds'],
      ['?eventTypeIds=1,-2', 'eventTypeIds'],
      ['?lang=es', 'lang'],
      ['?page=0', 'page'],
      ['?month=2026-13', 'month'],
    ]) {
      // Without a language of the visitor's, the problem page is German.
      const response = await page(venue, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(`«${parameter}»`);
    }
  });

  it('pages the list 25 at a time with plain links', async () => {
    const venue = await newVenue();
    for (let index = 0; index < 30; index += 1)
      await oneOff(venue, { title: `Night ${index}`, daysAhead: 1 + (index % 40) });
    const first = (await page(venue, '?lang=en')).body;
    expect(articles(first)).toBe(25);
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain(`href="/external/widgets/${venue.key}?lang=en&#38;page=2"`);
    const second = (await page(venue, '?lang=en&page=2')).body;
    expect(articles(second)).toBe(5);
    expect(second).toContain('rel="prev"');
    // Past the last page: the last page.
    expect(articles((await page(venue, '?lang=en&page=9')).body)).toBe(5);
  });

  it('only lists published events that are not waiting for approval, within the 60 days', async () => {
    const venue = await newVenue();
    await oneOff(venue, { title: 'Shown' });
    await oneOff(venue, { title: 'Approved request', approvalStatus: 'APPROVED' });
    await oneOff(venue, { title: 'Draft', visibility: 'DRAFT' });
    await oneOff(venue, { title: 'Pending request', approvalStatus: 'PENDING' });
    await oneOff(venue, { title: 'Too far', daysAhead: 75 });
    const html = (await page(venue)).body;
    expect(html).toContain('Shown');
    expect(html).toContain('Approved request');
    for (const title of ['Draft', 'Pending request', 'Too far']) expect(html).not.toContain(title);
  });
});

describe('languages', () => {
  const prices: Record<string, string> = {};
  const locales = { en: 'en-CH', fr: 'fr-CH', de: 'de-CH', it: 'it-CH' } as const;

  it.each(['en', 'fr', 'de', 'it'] as const)('renders %s: its words, its date and its prices', async (language) => {
    const venue = await newVenue();
    await oneOff(venue, { title: 'Priced', tarifMin: 15, tarifMax: 25, daysAhead: 3 });
    await oneOff(venue, { title: 'Gratis', isFree: true, daysAhead: 4 });
    const response = await page(venue, `?lang=${language}`);
    expect(response.headers['content-language']).toBe(language);
    expect(response.body).toContain(`<html lang="${language}">`);
    const locale = locales[language];
    const range = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }).formatRange(15, 25);
    expect(response.body).toContain(range);
    prices[language] = range;
    const day = today().add({ days: 3 });
    const long = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Zurich',
    });
    expect(response.body).toContain(long.format(new Date(`${day.toString()}T12:00:00Z`)));
    expect(response.body).toContain({ en: 'Free', fr: 'Gratuit', de: 'Gratis', it: 'Gratuito' }[language]);
    expect(response.body).toContain(
      {
        en: 'Add to calendar',
        fr: 'Ajouter au calendrier',
        de: 'Zum Kalender hinzufügen',
        it: 'Aggiungi al calendario',
      }[language],
    );
    expect(response.body).toContain('>20:00</time>–<time');
  });

  it('writes prices differently per language', () => {
    expect(new Set(Object.values(prices)).size).toBeGreaterThan(1);
  });

  it('takes ?lang= first, then Accept-Language, then the venue’s first ADMIN, then German', async () => {
    const venue = await newVenue();
    await oneOff(venue);
    const langOf = async (query: string, headers: Record<string, string> = {}) =>
      (await page(venue, query, headers)).headers['content-language'];
    expect(await langOf('')).toBe('de');
    const admin = await createUser(server.db, { roleKey: 'ADMIN', language: 'it' });
    await server.db.update(users).set({ establishmentId: venue.id }).where(eq(users.id, admin.id));
    server.app.widgetPages.invalidateAll();
    expect(await langOf('')).toBe('it');
    expect(await langOf('', { 'accept-language': 'fr-CH,fr;q=0.9,en;q=0.5' })).toBe('fr');
    expect(await langOf('?lang=en', { 'accept-language': 'fr-CH' })).toBe('en');
    const response = await page(venue, '', { 'accept-language': 'fr' });
    expect(response.headers.vary).toBe('Accept-Language, Accept-Encoding');
  });
});

describe('unknown keys', () => {
  it('answer a small neutral 404 page in the visitor’s language, never the app or its sign-in', async () => {
    const response = await get('/external/widgets/no-such-key-0000000000', { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-language']).toBe('fr');
    expect(response.body).toContain('Introuvable');
    expect(response.body).not.toContain('id="root"');
    expect(response.body.toLowerCase()).not.toContain('sign');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await get('/external/anything/else')).statusCode).toBe(404);
  });

  it('include a rotated key: its old address stops answering at once', async () => {
    const token = (await signIn(server.app, 'root@demo.ch')).accessToken;
    const [row] = await server.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.establishmentId, scopes.secondEstablishmentId));
    expect((await get(`/external/widgets/${row.externalApiKey}`)).statusCode).toBe(200);
    const rotated = await server.app.inject({
      method: 'POST',
      url: `/api/v1/widget-settings/${row.id}/rotate-key`,
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const old = await get(`/external/widgets/${row.externalApiKey}`);
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('id="root"');
    const fresh = rotated.json<WidgetSettings>().externalApiKey;
    expect((await get(`/external/widgets/${fresh}`)).statusCode).toBe(200);
  });
});

describe('headers and cache', () => {
  it('lets only the allowed sites frame the page, while the app is never framed', async () => {
    const venue = await newVenue();
    await updateSettings(venue, { allowedOrigins: ['https://club.example.ch', 'http://localhost:8080'] });
    const csp = directivesOf((await page(venue)).headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(['https://club.example.ch', 'http://localhost:8080']);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['font-src']).toEqual(["'self'"]);
    const app = await get('/');
    expect(directivesOf(app.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    expect(app.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a known ETag with 304, and a changed setting (saved by the venue’s ADMIN) shows on the next request', async () => {
    const [row] = await server.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.establishmentId, scopes.firstEstablishmentId));
    const url = `/external/widgets/${row.externalApiKey}?lang=en`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const token = (await signIn(server.app, 'admin@demo.ch')).accessToken;
    const record = (
      await server.app.inject({
        method: 'GET',
        url: `/api/v1/widget-settings/${row.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<WidgetSettings>();
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/widget-settings/${row.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        ...record,
        widgetTheme: { ...record.widgetTheme, hasEnabledCalendar: true, fontFamilyName: 'Oswald' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The change feed tells the cache once the write has committed.
    await expect.poll(async () => (await get(url, { 'if-none-match': etag })).statusCode).toBe(200);
    const changed = await get(url);
    expect(changed.body).toContain('id="w-panel-calendar"');
    expect(changed.body).toContain('--w-font:&#34;Oswald&#34;');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('shows an event edited through the API on the next request, told by the change feed alone', async () => {
    const venue = await newVenue();
    const eventId = await oneOff(venue, { title: 'Before the edit' });
    const url = `/external/widgets/${venue.key}?lang=en`;
    const first = await get(url);
    expect(first.body).toContain('Before the edit');
    const token = (await signIn(server.app, 'root@demo.ch')).accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const record = (await server.app.inject({ method: 'GET', url: `/api/v1/events/${eventId}`, headers })).json<{
      generalInfos: Record<string, unknown>;
    }>();
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${eventId}`,
      headers,
      payload: { ...record, generalInfos: { ...record.generalInfos, eventTitle: 'After the edit' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await get(url)).body).toContain('After the edit');
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
  });

  it('answers the same page to a visitor and to every signed-in account, with no cookie, and counts each view', async () => {
    const venue = await newVenue();
    await oneOff(venue, { title: 'Open to all' });
    const url = `/external/widgets/${venue.key}?lang=de`;
    const anonymous = await get(url, { referer: 'https://www.venue.example.ch/programm?x=1' });
    for (const email of DEMO_EMAILS) {
      const token = (await signIn(server.app, email)).accessToken;
      const answer = await get(url, { authorization: `Bearer ${token}` });
      expect(answer.statusCode, email).toBe(200);
      expect(answer.headers.etag, email).toBe(anonymous.headers.etag);
      expect(answer.headers['set-cookie'], email).toBeUndefined();
    }
    await server.app.widgetCounts.flush();
    const views = await server.db
      .select({ origin: widgetDailyViews.embeddingOrigin, views: widgetDailyViews.views })
      .from(widgetDailyViews)
      .where(eq(widgetDailyViews.widgetSettingsId, venue.settingsId))
      .orderBy(widgetDailyViews.embeddingOrigin);
    expect(views).toEqual([
      { origin: '', views: DEMO_EMAILS.length },
      { origin: 'https://www.venue.example.ch', views: 1 },
    ]);
    // A preview is no visitor.
    await get(`${url}&preview=1`);
    await server.app.widgetCounts.flush();
    const after = await server.db
      .select({ views: widgetDailyViews.views })
      .from(widgetDailyViews)
      .where(eq(widgetDailyViews.widgetSettingsId, venue.settingsId));
    expect(after.reduce((sum, row) => sum + row.views, 0)).toBe(DEMO_EMAILS.length + 1);
  });

  it('counts no view of a crawler, a link preview or a headless browser', async () => {
    const venue = await newVenue();
    await oneOff(venue, { title: 'Seen by robots' });
    const robots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    ];
    for (const robot of robots) {
      expect((await page(venue, '', { 'user-agent': robot })).statusCode).toBe(200);
    }
    await page(venue);
    await server.app.widgetCounts.flush();
    const views = await server.db
      .select({ views: widgetDailyViews.views })
      .from(widgetDailyViews)
      .where(eq(widgetDailyViews.widgetSettingsId, venue.settingsId));
    expect(views.reduce((sum, row) => sum + row.views, 0)).toBe(1);
  });

  it('sends the page compressed as asked, the same page in every encoding, within 30 KB gzipped', async () => {
    const [row] = await server.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.establishmentId, scopes.firstEstablishmentId));
    const url = `/external/widgets/${row.externalApiKey}?lang=de`;
    const plain = await get(url);
    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThanOrEqual(30 * 1024);
    expect(gzipSync(inlineScriptOf(plain.body)).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('serves the fonts and the embed script, cacheable', async () => {
    const font = await get('/external/widget-fonts/oswald-latin-700-normal.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toContain('immutable');
    expect((await get('/external/widget-fonts/..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/external/widget-fonts/inter-latin-300-normal.woff2')).statusCode).toBe(404);
    const embed = await get('/external/widget-embed.js');
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-type']).toMatch(/javascript/);
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(embed.body).toContain('event.origin!==origin');
    expect((await get('/external/widget-embed.js', { 'if-none-match': String(embed.headers.etag) })).statusCode).toBe(
      304,
    );
  });
});

describe('what the page links to', () => {
  async function venueWithEvent(values: Partial<typeof events.$inferInsert>) {
    const venue = await newVenue({ urlSite: 'https://club.example.ch/', urlBilletterie: 'javascript:alert(1)' });
    await oneOff(venue, values);
    const html = (await page(venue, '?lang=en')).body;
    const id = decodeURIComponent(/\/occurrences\/([^/"]+)\.ics"/.exec(html)?.[1] ?? '');
    return { venue, html, id };
  }

  it('offers an .ics of each occurrence: RFC 5545, folded, escaped, in Zurich time', async () => {
    const title =
      'Über-long night; with commas, backslash \\ and a very long title that needs folding at seventy-five octets ✨✨✨';
    const { venue, id } = await venueWithEvent({ title, urlBilletterie: 'https://tickets.example.ch/x' });
    const response = await get(`/external/widgets/${venue.key}/occurrences/${encodeURIComponent(id)}.ics`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    const field = (name: string) => unfolded.find((line) => line.startsWith(name))?.slice(name.length);
    const day = today().add({ days: 1 }).toString().replace(/-/g, '');
    expect(field('DTSTART;TZID=Europe/Zurich:')).toBe(`${day}T200000`);
    expect(field('DTEND;TZID=Europe/Zurich:')).toBe(`${day}T230000`);
    expect(field('UID:')).toMatch(/^\d+-\d{8}T\d{6}Z@localhost$/);
    expect(field('DTSTAMP:')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(field('SUMMARY:')).toBe(title.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,'));
    expect(field('URL:')).toBe('https://tickets.example.ch/x');
    expect(unfolded).toContain('TZID:Europe/Zurich');
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect((await get(`/external/widgets/${venue.key}/occurrences/1@2020-01-01T00:00:00Z.ics`)).statusCode).toBe(404);
  });

  it('describes each listed event in JSON-LD that no title can break out of', async () => {
    const { html } = await venueWithEvent({
      title: 'Bad </script><script>alert(1)</script>',
      tarifMin: 20,
      tarifMax: 30,
      urlBilletterie: 'https://tickets.example.ch/y',
    });
    expect(html).not.toContain('</script><script>alert(1)');
    const [event] = jsonLdOf(html);
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Bad </script><script>alert(1)</script>',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Widget Club',
        address: { '@type': 'PostalAddress', addressLocality: 'Bern', addressCountry: 'CH' },
      },
      offers: { '@type': 'Offer', price: '20.00', priceCurrency: 'CHF', url: 'https://tickets.example.ch/y' },
    });
    expect(String(event.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}T20:00:00\+0[12]:00$/);
    expect(String(event.endDate)).toMatch(/T23:00:00\+0[12]:00$/);
  });

  it('redirects ticket and website links to web addresses only', async () => {
    const { venue, id } = await venueWithEvent({ urlBilletterie: 'https://tickets.example.ch/z' });
    const ticket = await get(`/external/widgets/${venue.key}/occurrences/${encodeURIComponent(id)}/ticket`);
    expect(ticket.statusCode).toBe(302);
    expect(ticket.headers.location).toBe('https://tickets.example.ch/z');
    const website = await get(`/external/widgets/${venue.key}/website`);
    expect(website.statusCode).toBe(302);
    expect(website.headers.location).toBe('https://club.example.ch/');
    // The venue's own ticket address is no web address: an event without its own has no ticket link.
    const other = await venueWithEvent({ urlBilletterie: null });
    expect(other.html).not.toContain('/ticket"');
    const refused = await get(
      `/external/widgets/${other.venue.key}/occurrences/${encodeURIComponent(other.id)}/ticket`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
  });
});

describe('the script', () => {
  it('runs in a browser: list and calendar become tabs operable by keyboard', async () => {
    const venue = await newVenue();
    await oneOff(venue);
    await updateSettings(venue, { hasEnabledCalendar: true });
    const html = (await page(venue, '?lang=en')).body;
    const window = new Window({
      url: `http://localhost:3000/external/widgets/${venue.key}`,
      settings: { enableJavaScriptEvaluation: true },
    });
    const errors: unknown[] = [];
    window.addEventListener('error', (event) => errors.push(event));
    window.document.write(html);
    await window.happyDOM.waitUntilComplete();
    const document = window.document;
    expect(errors).toEqual([]);
    expect(document.querySelector('.w-tabs')?.hasAttribute('hidden')).toBe(false);
    const [listTab, calendarTab] = [...document.querySelectorAll('[role="tab"]')];
    expect(document.getElementById('w-panel-calendar')?.hasAttribute('hidden')).toBe(true);
    listTab.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'ArrowRight' }));
    expect(calendarTab.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('w-panel-calendar')?.hasAttribute('hidden')).toBe(false);
    expect(document.getElementById('w-panel-list')?.hasAttribute('hidden')).toBe(true);
    await window.happyDOM.close();
  });
});

describe('offers under the occurrences', () => {
  /** An approved, published platform template whose short title the offer shows. */
  async function template(shortTitle: string, kind: 'EXCLUSIVE' | 'RECURRENT'): Promise<number> {
    const [row] = await server.db
      .insert(offerTemplates)
      .values({
        kind,
        longTitle: `${shortTitle} (long)`,
        shortTitle,
        approvalStatus: 'APPROVED',
        visibility: 'PUBLISHED',
        recurrencePattern: kind === 'RECURRENT' ? 'WEEKLY' : null,
      })
      .returning({ id: offerTemplates.id });
    return row.id;
  }

  /** An exclusive offer of the venue on the event, valid from `fromDays` 00:00 to `toDays` 23:59 local. */
  async function exclusive(
    venue: Venue,
    eventId: number,
    title: string,
    values: { spots: number; claimed?: number; fromDays?: number; toDays?: number; published?: boolean },
  ): Promise<number> {
    const [row] = await server.db
      .insert(offers)
      .values({
        kind: 'EXCLUSIVE',
        establishmentId: venue.id,
        eventId,
        templateId: await template(title, 'EXCLUSIVE'),
        availableSpots: values.spots,
        claimedSpots: values.claimed ?? 0,
        startDate: today()
          .add({ days: values.fromDays ?? -1 })
          .toString(),
        startTime: '00:00',
        endDate: today()
          .add({ days: values.toDays ?? 1 })
          .toString(),
        endTime: '23:59',
        visibility: values.published === false ? 'DRAFT' : 'PUBLISHED',
      })
      .returning({ id: offers.id });
    return row.id;
  }

  it('lists the published offers valid at each occurrence with their spots, never drafts nor in the JSON-LD', async () => {
    const venue = await newVenue();
    const eventId = await oneOff(venue, { title: 'Offer night' });
    await exclusive(venue, eventId, 'Two for one', { spots: 5 });
    await exclusive(venue, eventId, 'All gone', { spots: 3, claimed: 3 });
    await exclusive(venue, eventId, 'Secret draft', { spots: 5, published: false });
    await exclusive(venue, eventId, 'Next week only', { spots: 5, fromDays: 6, toDays: 7 });
    await server.db.insert(offers).values([
      {
        kind: 'RECURRENT',
        establishmentId: venue.id,
        eventId: null,
        templateId: await template('Free cloakroom', 'RECURRENT'),
        isActivated: true,
        visibility: 'PUBLISHED',
      },
      {
        kind: 'RECURRENT',
        establishmentId: venue.id,
        eventId,
        templateId: await template('Paused perk', 'RECURRENT'),
        isActivated: false,
        visibility: 'PUBLISHED',
      },
    ]);
    server.app.widgetPages.invalidateAll();
    const html = (await page(venue, '?lang=en')).body;
    const offerList = /<ul class="w-offers" aria-label="Offers">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    const day = today().add({ days: 1 });
    expect(offerList).toContain('<strong>Two for one</strong> <span class="w-offer-spots">5 spots left</span>');
    expect(offerList).toContain('<strong>All gone</strong> <span class="w-offer-spots w-sold-out">Sold out</span>');
    const from = new Intl.DateTimeFormat('en-CH', {
      timeZone: 'Europe/Zurich',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(new Date(`${today().add({ days: -1 }).toString()}T12:00:00Z`));
    const to = new Intl.DateTimeFormat('en-CH', {
      timeZone: 'Europe/Zurich',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(new Date(`${day.toString()}T12:00:00Z`));
    expect(offerList).toContain(`Valid ${from}, 00:00 – ${to}, 23:59`);
    expect(offerList).toContain('<strong>Free cloakroom</strong><span>Valid at every date</span>');
    for (const hidden of ['Secret draft', 'Next week only', 'Paused perk']) expect(html).not.toContain(hidden);
    // Exclusive ones first.
    expect(offerList.indexOf('Two for one')).toBeLessThan(offerList.indexOf('Free cloakroom'));
    // Search engines get the events only: an offer is no schema.org Event.
    const jsonLd = jsonLdOf(html);
    expect(jsonLd.map((entry) => [entry['@type'], entry.name])).toEqual([['Event', 'Offer night']]);
    expect(JSON.stringify(jsonLd)).not.toMatch(/Two for one|All gone|Free cloakroom/);

    const german = (await page(venue, '?lang=de')).body;
    expect(german).toContain('aria-label="Angebote"');
    expect(german).toContain('Noch 5 Plätze frei');
    expect(german).toContain('Ausgebucht');
    expect(german).toContain('Gilt an jedem Termin');
  });

  it('shows the spots a claim took on the next request, told by the change feed alone', async () => {
    const venue = await newVenue();
    const eventId = await oneOff(venue, { title: 'Claimed night' });
    const offerId = await exclusive(venue, eventId, 'Last spots', { spots: 2 });
    server.app.widgetPages.invalidateAll();
    const url = `/external/widgets/${venue.key}?lang=en`;
    const first = await get(url);
    expect(first.body).toContain('2 spots left');
    // Cached: the database changes nothing on its own.
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    const customer = await createUser(server.db);
    const token = (await signIn(server.app, customer.email, customer.password ?? undefined)).accessToken;
    const claimed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offerId}/claims`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    await expect.poll(async () => (await get(url)).body).toContain('1 spot left');
    // A template's new title shows everywhere ('*').
    await server.db
      .update(offerTemplates)
      .set({ shortTitle: 'Very last spot' })
      .where(eq(offerTemplates.shortTitle, 'Last spots'));
    await expect.poll(async () => (await get(url)).body).toContain('<strong>Very last spot</strong>');
  });
});

describe('the rate limit', () => {
  it('answers a visitor over the limit with a page in the frame (429, Retry-After), not JSON', async () => {
    const limited = await startTestServer({ rateLimits: { widgetPages: { max: 3, windowMs: 60_000 } } });
    try {
      const [row] = await limited.db.select().from(widgetSettings).limit(1);
      const url = `/external/widgets/${row.externalApiKey}`;
      const answers = [];
      for (let request = 0; request < 4; request++)
        answers.push(await limited.app.inject({ url, headers: { 'accept-language': 'it' } }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      // The limit's headers only once it is hit; the app's cookie-parsing and helmet hooks never ran here.
      expect(Object.keys(answers[0].headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
      expect(answers[0].headers['cross-origin-opener-policy']).toBeUndefined();
      const refused = answers[3];
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body).toContain('<html lang="it">');
      expect(refused.body).toContain('Troppe richieste');
      expect(directivesOf(refused.headers['content-security-policy'])['frame-ancestors']).toEqual(['*']);
    } finally {
      await limited.close();
    }
  });
});
