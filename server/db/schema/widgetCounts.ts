import { date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { checkOneOf } from './columns';
import { widgetSettings } from './widgetSettings';

/**
 * How often each widget is seen and its links followed, per Europe/Zurich day: counts only, never a cookie,
 * an address or anything else about the visitor (server/services/widgetCounts). The statistics read these.
 */

const widgetReference = () =>
  integer('widget_settings_id')
    .notNull()
    .references(() => widgetSettings.id, { onDelete: 'cascade' });

/** Views per widget, day and embedding site (the Referer's origin; '' when the browser sent none). */
export const widgetDailyViews = pgTable(
  'widget_daily_views',
  {
    widgetSettingsId: widgetReference(),
    day: date('day', { mode: 'string' }).notNull(),
    embeddingOrigin: text('embedding_origin').notNull().default(''),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.widgetSettingsId, table.day, table.embeddingOrigin] }),
    index('widget_daily_views_day_idx').on(table.day),
  ],
);

export const WIDGET_CLICK_KINDS = ['TICKET', 'WEBSITE'] as const;
export type WidgetClickKind = (typeof WIDGET_CLICK_KINDS)[number];

/**
 * Clicks through the widget's redirects per widget, day, kind and event (ticket links; null for the venue's
 * website). `event_id` is kept as history, without a reference: an event's deletion keeps its clicks counted.
 */
export const widgetDailyClicks = pgTable(
  'widget_daily_clicks',
  {
    widgetSettingsId: widgetReference(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    eventId: integer('event_id'),
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [
    unique('widget_daily_clicks_unique')
      .on(table.widgetSettingsId, table.day, table.kind, table.eventId)
      .nullsNotDistinct(),
    index('widget_daily_clicks_day_idx').on(table.day),
    index('widget_daily_clicks_event_idx').on(table.eventId, table.day),
    checkOneOf('widget_daily_clicks_kind_check', table.kind, WIDGET_CLICK_KINDS),
  ],
);
