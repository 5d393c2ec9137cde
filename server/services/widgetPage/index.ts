import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Temporal } from 'temporal-polyfill';
import type { OccurrenceItem } from '../../../domain/event';
import type { Language } from '../../../domain/languages';
import {
  WIDGET_DAYS_AHEAD,
  WIDGET_PAGE_SIZE,
  WIDGET_PATHS,
  type WidgetPageQuery,
  type WidgetSettings,
} from '../../../domain/widget';
import type { Queryable } from '../../db/queryable';
import { languageOfAcceptLanguage } from '../readerLanguage';
import { WidgetPageCache, type CachedPage } from './cache';
import {
  loadDetails,
  loadOccurrences,
  loadSettingsByKey,
  loadVenue,
  widgetWindow,
  type OccurrenceDetails,
  type WidgetFilter,
  type WidgetVenue,
} from './data';
import { occurrenceIcs } from './ics';
import { pageCount, renderPage } from './render';
import { webUrl } from './html';

export { WidgetPageCache, type CachedPage } from './cache';
export { EMBED_SCRIPT } from './client';
export { fontFile, WIDGET_FONT_PATH } from './fonts';
export { renderProblemPage } from './render';
export { webUrl } from './html';

/**
 * The public widget page (docs/server.md "The public widget"): what a visitor's request is answered with, from
 * the cache when it can be.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Rendered pages kept in memory, compressed forms included. */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
export const WIDGET_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export interface WidgetPagesOptions {
  db: Queryable;
  now: () => Date;
  publicUrl: string;
  cacheBytes?: number;
}

export type WidgetAnswer = { kind: 'page'; page: CachedPage } | { kind: 'notFound'; language: Language };

/** A request's language: `?lang=`, else its Accept-Language, else the venue's (known only once it is read). */
type LanguageChoice = Language | 'venue';

export class WidgetPages {
  readonly cache: WidgetPageCache;

  constructor(private readonly options: WidgetPagesOptions) {
    this.cache = new WidgetPageCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES, () => options.now().getTime());
  }

  /** The cache's key of a request: its parsed values only, so other parameters cannot multiply entries. */
  cacheKey(key: string, query: WidgetPageQuery, acceptLanguage: string | string[] | undefined): string {
    const language = languageChoice(query, acceptLanguage);
    const list = (values: readonly (string | number)[] | undefined) => (values ? [...values].sort().join(',') : '');
    return [
      key,
      language,
      query.lang ? 'q' : '',
      list(query.musicIds),
      list(query.eventTypeIds),
      list(query.cities?.map((city) => city.toLowerCase())),
      query.page ?? 1,
      query.month ?? '',
    ].join('|');
  }

  /** A visitor's page: cached, or rendered once for every concurrent request of it. */
  /** The page from the cache, if it is there: no promise, no database (the hot path of every visitor). */
  cached(key: string, query: WidgetPageQuery, acceptLanguage: string | string[] | undefined): CachedPage | undefined {
    return this.cache.get(this.cacheKey(key, query, acceptLanguage));
  }

  async page(
    key: string,
    query: WidgetPageQuery,
    acceptLanguage: string | string[] | undefined,
  ): Promise<WidgetAnswer> {
    const cacheKey = this.cacheKey(key, query, acceptLanguage);
    const cached = this.cache.get(cacheKey);
    if (cached) return { kind: 'page', page: cached };
    let notFound: Language | undefined;
    const page = await this.cache.getOrRender(cacheKey, async () => {
      const rendered = await this.render(key, query, acceptLanguage, false);
      if (rendered.kind === 'notFound') notFound = rendered.language;
      return rendered.kind === 'page' ? rendered.page : null;
    });
    if (page) return { kind: 'page', page };
    return { kind: 'notFound', language: notFound ?? languageOfAcceptLanguage(acceptLanguage) ?? 'de' };
  }

  /** The settings page's preview: every section, rendered for each request, never kept. */
  preview(key: string, query: WidgetPageQuery, acceptLanguage: string | string[] | undefined): Promise<WidgetAnswer> {
    return this.render(key, query, acceptLanguage, true);
  }

  invalidateEstablishment(establishmentId: number): void {
    this.cache.invalidateEstablishment(establishmentId);
  }

  invalidateAll(): void {
    this.cache.invalidateAll();
  }

  private async render(
    key: string,
    query: WidgetPageQuery,
    acceptLanguage: string | string[] | undefined,
    preview: boolean,
  ): Promise<WidgetAnswer> {
    const { db, publicUrl } = this.options;
    const now = this.options.now();
    const found = await this.settingsAndVenue(key);
    const choice = languageChoice(query, acceptLanguage);
    if (!found) return { kind: 'notFound', language: choice === 'venue' ? 'de' : choice };
    const { settings, venue } = found;
    const language = choice === 'venue' ? venue.language : choice;
    const window = widgetWindow(now);
    const filter: WidgetFilter = { musicIds: query.musicIds, eventTypeIds: query.eventTypeIds, cities: query.cities };
    const occurrences = await loadOccurrences(db, venue.id, filter, window);
    const page = Math.min(query.page ?? 1, pageCount(occurrences.length));
    const pageItems = occurrences.slice((page - 1) * WIDGET_PAGE_SIZE, page * WIDGET_PAGE_SIZE);
    const details = await loadDetails(db, pageItems, language, { offers: true, now });
    const months = {
      first: window.today.toPlainYearMonth(),
      last: window.today.add({ days: WIDGET_DAYS_AHEAD }).toPlainYearMonth(),
    };
    const month = clampMonth(query.month, months);
    const { html, scriptHash } = renderPage({
      key,
      settings,
      venue,
      language,
      languageInQuery: query.lang !== undefined,
      filter,
      occurrences,
      details,
      page,
      month,
      months,
      today: window.today,
      preview,
      calendarFirst: query.month !== undefined,
      publicUrl,
    });
    const headers = pageHeaders(settings, language, scriptHash, preview);
    const identity = Buffer.from(html, 'utf8');
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: preview ? 5 : 10,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
    if (!preview) headers.etag = etag;
    return {
      kind: 'page',
      page: {
        establishmentId: venue.id,
        widgetSettingsId: settings.id,
        identity,
        gzip: gzipped,
        br: brotlied,
        etag,
        headers,
        expiresAt: expiryOf(occurrences, details, now, window.today),
      },
    };
  }

  private async settingsAndVenue(key: string): Promise<{ settings: WidgetSettings; venue: WidgetVenue } | null> {
    const settings = await loadSettingsByKey(this.options.db, key);
    if (!settings) return null;
    const venue = await loadVenue(this.options.db, settings.establishmentId);
    return venue ? { settings, venue } : null;
  }

  /** One listed occurrence of a widget by its engine id, with its details; null when the widget does not list it. */
  async occurrence(
    key: string,
    occurrenceId: string,
  ): Promise<{
    settings: WidgetSettings;
    venue: WidgetVenue;
    item: OccurrenceItem;
    details: OccurrenceDetails | undefined;
  } | null> {
    const found = await this.settingsAndVenue(key);
    const eventId = Number(/^(\d{1,10})@/.exec(occurrenceId)?.[1]);
    if (!found || !Number.isSafeInteger(eventId) || eventId < 1 || eventId > 2_147_483_647) return null;
    const window = widgetWindow(this.options.now());
    const items = await loadOccurrences(this.options.db, found.venue.id, {}, window);
    const item = items.find((candidate) => candidate.id === occurrenceId);
    if (!item) return null;
    const details = await loadDetails(this.options.db, [item], found.venue.language);
    return { ...found, item, details: details.get(item.id) };
  }

  /** The occurrence's ticket address (its own, else the venue's), when it is a web address. */
  async ticketUrl(
    key: string,
    occurrenceId: string,
  ): Promise<{ url: string; widgetSettingsId: number; eventId: number } | null> {
    const found = await this.occurrence(key, occurrenceId);
    if (!found) return null;
    const url = webUrl(found.details?.ticketUrl) ?? webUrl(found.venue.ticketUrl);
    return url ? { url, widgetSettingsId: found.settings.id, eventId: found.item.eventId } : null;
  }

  async websiteUrl(key: string): Promise<{ url: string; widgetSettingsId: number } | null> {
    const found = await this.settingsAndVenue(key);
    const url = found ? webUrl(found.venue.websiteUrl) : null;
    return found && url ? { url, widgetSettingsId: found.settings.id } : null;
  }

  async ics(key: string, occurrenceId: string): Promise<string | null> {
    const found = await this.occurrence(key, occurrenceId);
    if (!found) return null;
    const ticket = webUrl(found.details?.ticketUrl) ?? webUrl(found.venue.ticketUrl);
    const page = new URL(WIDGET_PATHS.page(key), this.options.publicUrl).href;
    return occurrenceIcs({
      item: found.item,
      venue: found.venue,
      url: ticket ?? page,
      host: new URL(this.options.publicUrl).hostname,
      now: this.options.now(),
      description: found.details?.description ?? null,
    });
  }
}

function languageChoice(query: WidgetPageQuery, acceptLanguage: string | string[] | undefined): LanguageChoice {
  return query.lang ?? languageOfAcceptLanguage(acceptLanguage) ?? 'venue';
}

/** The asked month within the calendar's months (a link kept past its month still shows a calendar). */
function clampMonth(
  month: string | undefined,
  months: { first: Temporal.PlainYearMonth; last: Temporal.PlainYearMonth },
): Temporal.PlainYearMonth {
  if (month === undefined) return months.first;
  const asked = Temporal.PlainYearMonth.from(month);
  if (Temporal.PlainYearMonth.compare(asked, months.first) < 0) return months.first;
  if (Temporal.PlainYearMonth.compare(asked, months.last) > 0) return months.last;
  return asked;
}

/**
 * When the page shows something else on its own: the first listed occurrence ends, a shown offer's window
 * closes, or the local day changes.
 */
function expiryOf(
  occurrences: readonly OccurrenceItem[],
  details: ReadonlyMap<string, OccurrenceDetails>,
  now: Date,
  today: Temporal.PlainDate,
): number {
  const nextMidnight = Date.parse(
    today.add({ days: 1 }).toZonedDateTime({ timeZone: 'Europe/Zurich' }).toInstant().toString(),
  );
  let firstEnd = Number.POSITIVE_INFINITY;
  for (const item of occurrences) {
    const end = Date.parse(item.endsAt);
    if (end > now.getTime() && end < firstEnd) firstEnd = end;
  }
  for (const { offers } of details.values())
    for (const offer of offers) if (offer.kind === 'EXCLUSIVE') firstEnd = Math.min(firstEnd, Date.parse(offer.endsAt));
  return Math.min(nextMidnight, firstEnd);
}

/** The sites that may frame the widget: its allowed origins, or any site when it names none. */
export const frameAncestors = (settings: Pick<WidgetSettings, 'allowedOrigins'>): string =>
  settings.allowedOrigins.length > 0 ? settings.allowedOrigins.join(' ') : '*';

function pageHeaders(
  settings: WidgetSettings,
  language: Language,
  scriptHash: string,
  preview: boolean,
): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-language': language,
    vary: 'Accept-Language, Accept-Encoding',
    'cache-control': preview ? 'no-store' : WIDGET_CACHE_CONTROL,
    'content-security-policy': [
      "default-src 'none'",
      `script-src ${scriptHash}`,
      "style-src 'unsafe-inline'",
      "font-src 'self'",
      "img-src 'self' data: https:",
      "base-uri 'none'",
      "form-action 'self'",
      // The preview lives in the settings page, on this origin only.
      `frame-ancestors ${preview ? "'self'" : frameAncestors(settings)}`,
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
