import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { normalOrigin } from '../../../domain/widget';
import type { Database } from '../../db/client';
import type { WidgetClickKind } from '../../db/schema/widgetCounts';

/**
 * Counts the public widget's views (per widget, Europe/Zurich day and embedding site) and the clicks through
 * its redirects (per widget, day, kind and event). Nothing about the visitor is kept: no cookie, no address,
 * only the origin of the page that embeds the widget. Counted in memory and added to the database in one
 * statement per table every few seconds and when the server stops, so that a busy widget costs no write per
 * view; each process adds its own counts (`views = views + n`), so several processes never overwrite each other.
 */

export interface WidgetCountsOptions {
  db: Database;
  now?: () => Date;
  /** How often counts are written; default 5 s. */
  flushIntervalMs?: number;
  /**
   * Distinct embedding sites kept per widget and day by this process; further ones count under '' (unknown),
   * so a flood of made-up Referer headers cannot grow the table without bound.
   */
  maxOriginsPerWidgetDay?: number;
}

interface ViewKey {
  widgetSettingsId: number;
  day: string;
  embeddingOrigin: string;
}

interface ClickKey {
  widgetSettingsId: number;
  day: string;
  kind: WidgetClickKind;
  eventId: number | null;
}

const ZURICH = 'Europe/Zurich';
const MINUTE_MS = 60_000;

export class WidgetCounts {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #flushIntervalMs: number;
  readonly #maxOrigins: number;
  #views = new Map<string, { key: ViewKey; count: number }>();
  #clicks = new Map<string, { key: ClickKey; count: number }>();
  /** The sites seen per widget and day (this process), to bound them. */
  #originsSeen = new Map<string, Set<string>>();
  #dayCache: { minute: number; day: string } = { minute: Number.NaN, day: '' };
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: WidgetCountsOptions) {
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
    this.#flushIntervalMs = options.flushIntervalMs ?? 5_000;
    this.#maxOrigins = options.maxOriginsPerWidgetDay ?? 50;
  }

  /** A visitor's view; `embeddingOrigin` is the Referer's origin, if the browser sent one. */
  view(widgetSettingsId: number, embeddingOrigin: string | null): void {
    const day = this.#today();
    const origin = this.#boundedOrigin(widgetSettingsId, day, embeddingOrigin);
    const key: ViewKey = { widgetSettingsId, day, embeddingOrigin: origin };
    add(this.#views, `${widgetSettingsId}|${day}|${origin}`, key);
  }

  ticketClick(widgetSettingsId: number, eventId: number): void {
    this.#click(widgetSettingsId, 'TICKET', eventId);
  }

  websiteClick(widgetSettingsId: number): void {
    this.#click(widgetSettingsId, 'WEBSITE', null);
  }

  /** Writes the counts so far periodically, until stop(). */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.#flushIntervalMs);
    this.#timer.unref();
  }

  /** Stops the periodic writes and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  /** Writes the counts so far; one write at a time, and counts that could not be written are kept for the next. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  #click(widgetSettingsId: number, kind: WidgetClickKind, eventId: number | null): void {
    const day = this.#today();
    add(this.#clicks, `${widgetSettingsId}|${day}|${kind}|${eventId ?? ''}`, { widgetSettingsId, day, kind, eventId });
  }

  async #write(): Promise<void> {
    const views = this.#views;
    const clicks = this.#clicks;
    if (views.size === 0 && clicks.size === 0) return;
    this.#views = new Map();
    this.#clicks = new Map();
    try {
      await this.#writeViews([...views.values()]);
    } catch (error) {
      mergeBack(this.#views, views);
      mergeBack(this.#clicks, clicks);
      console.warn(`Widget views could not be counted yet: ${(error as Error).message}`);
      return;
    }
    try {
      await this.#writeClicks([...clicks.values()]);
    } catch (error) {
      mergeBack(this.#clicks, clicks);
      console.warn(`Widget clicks could not be counted yet: ${(error as Error).message}`);
    }
  }

  /**
   * One statement; rows of a widget deleted meanwhile are left out rather than failing the others. In key order,
   * as every process writes them, so that two processes' writes (and the statistics' roll-up they add to, whose
   * rows they lock) wait for each other instead of deadlocking.
   */
  async #writeViews(rows: { key: ViewKey; count: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db.execute(sql`
      INSERT INTO widget_daily_views (widget_settings_id, day, embedding_origin, views)
      SELECT counted.id, counted.day, counted.origin, counted.n
      FROM unnest(${intArray(rows.map((row) => row.key.widgetSettingsId))}::int[],
                  ${textArray(rows.map((row) => row.key.day))}::date[],
                  ${textArray(rows.map((row) => row.key.embeddingOrigin))}::text[],
                  ${intArray(rows.map((row) => row.count))}::int[]) AS counted(id, day, origin, n)
      WHERE EXISTS (SELECT 1 FROM widget_settings WHERE widget_settings.id = counted.id)
      ORDER BY counted.id, counted.day, counted.origin
      ON CONFLICT (widget_settings_id, day, embedding_origin)
      DO UPDATE SET views = widget_daily_views.views + excluded.views`);
  }

  async #writeClicks(rows: { key: ClickKey; count: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db.execute(sql`
      INSERT INTO widget_daily_clicks (widget_settings_id, day, kind, event_id, clicks)
      SELECT counted.id, counted.day, counted.kind, counted.event_id, counted.n
      FROM unnest(${intArray(rows.map((row) => row.key.widgetSettingsId))}::int[],
                  ${textArray(rows.map((row) => row.key.day))}::date[],
                  ${textArray(rows.map((row) => row.key.kind))}::text[],
                  ${intArray(rows.map((row) => row.key.eventId))}::int[],
                  ${intArray(rows.map((row) => row.count))}::int[]) AS counted(id, day, kind, event_id, n)
      WHERE EXISTS (SELECT 1 FROM widget_settings WHERE widget_settings.id = counted.id)
      ORDER BY counted.id, counted.day, counted.kind, counted.event_id
      ON CONFLICT (widget_settings_id, day, kind, event_id)
      DO UPDATE SET clicks = widget_daily_clicks.clicks + excluded.clicks`);
  }

  /** The Europe/Zurich date, worked out once a minute. */
  #today(): string {
    const now = this.#now().getTime();
    const minute = Math.floor(now / MINUTE_MS);
    if (minute !== this.#dayCache.minute) {
      const day = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(ZURICH).toPlainDate().toString();
      if (day !== this.#dayCache.day) this.#originsSeen.clear();
      this.#dayCache = { minute, day };
    }
    return this.#dayCache.day;
  }

  #boundedOrigin(widgetSettingsId: number, day: string, embeddingOrigin: string | null): string {
    const origin = embeddingOrigin === null ? null : normalOrigin(embeddingOrigin);
    if (origin === null) return '';
    const seenKey = `${widgetSettingsId}|${day}`;
    let seen = this.#originsSeen.get(seenKey);
    if (!seen) this.#originsSeen.set(seenKey, (seen = new Set()));
    if (seen.has(origin)) return origin;
    if (seen.size >= this.#maxOrigins) return '';
    seen.add(origin);
    return origin;
  }
}

function add<Key>(counts: Map<string, { key: Key; count: number }>, id: string, key: Key, count = 1): void {
  const entry = counts.get(id);
  if (entry) entry.count += count;
  else counts.set(id, { key, count });
}

function mergeBack<Key>(
  into: Map<string, { key: Key; count: number }>,
  from: Map<string, { key: Key; count: number }>,
) {
  for (const [id, { key, count }] of from) add(into, id, key, count);
}

/** Arrays as PostgreSQL array literals: one parameter each, whichever the driver. */
const intArray = (values: (number | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
const textArray = (values: string[]) => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
