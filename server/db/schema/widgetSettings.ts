import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { HEX_COLOR_PATTERN, WIDGET_COLOR_KEYS, WIDGET_DEFAULTS, type WidgetColorKey } from '../../../domain/widget';
import { timestamps, version } from './columns';
import { establishments } from './establishments';

const palette = WIDGET_DEFAULTS.colorPalette;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const color = (name: string, key: WidgetColorKey) => text(name).notNull().default(palette[key]);

/**
 * Widget settings, one row per establishment (defaults from domain/widget.ts).
 * `external_api_key` is the public, random key of /external/widgets/{externalApiKey}.
 * The palette is flattened into `color_*` columns so each one is checked as `#RRGGBB`.
 */
export const widgetSettings = pgTable(
  'widget_settings',
  {
    id: serial('id').primaryKey(),
    establishmentId: integer('establishment_id')
      .notNull()
      .unique()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    externalApiKey: text('external_api_key').notNull().unique(),
    /** Any text: an unknown font is shown as Inter (resolveWidgetFont), so old values never break. */
    fontFamilyName: text('font_family_name').notNull().default(WIDGET_DEFAULTS.fontFamilyName),
    hasTransparentBackground: boolean('has_transparent_background')
      .notNull()
      .default(WIDGET_DEFAULTS.hasTransparentBackground),
    hasEnabledHappyHours: boolean('has_enabled_happy_hours').notNull().default(WIDGET_DEFAULTS.hasEnabledHappyHours),
    hasRoundedBorders: boolean('has_rounded_borders').notNull().default(WIDGET_DEFAULTS.hasRoundedBorders),
    hasEnabledCalendar: boolean('has_enabled_calendar').notNull().default(WIDGET_DEFAULTS.hasEnabledCalendar),
    hasEnabledProLogo: boolean('has_enabled_pro_logo').notNull().default(WIDGET_DEFAULTS.hasEnabledProLogo),
    happyHoursTitle: text('happy_hours_title').notNull().default(WIDGET_DEFAULTS.happyHoursTitle),
    happyHoursIconName: text('happy_hours_icon_name').notNull().default(WIDGET_DEFAULTS.happyHoursIconName),
    colorPrimaryText: color('color_primary_text', 'primaryText'),
    colorSecondaryText: color('color_secondary_text', 'secondaryText'),
    colorAccent: color('color_accent', 'accent'),
    colorButtonPrimary: color('color_button_primary', 'buttonPrimary'),
    colorHappyHoursIcon: color('color_happy_hours_icon', 'happyHoursIcon'),
    colorBackgroundPrimary: color('color_background_primary', 'backgroundPrimary'),
    /** The sites that may frame the widget (CSP frame-ancestors), as origins; empty: any site. */
    allowedOrigins: text('allowed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: version(),
    ...timestamps(),
  },
  (table) => {
    const columns = {
      primaryText: table.colorPrimaryText,
      secondaryText: table.colorSecondaryText,
      accent: table.colorAccent,
      buttonPrimary: table.colorButtonPrimary,
      happyHoursIcon: table.colorHappyHoursIcon,
      backgroundPrimary: table.colorBackgroundPrimary,
    } satisfies Record<WidgetColorKey, unknown>;
    return [
      check('widget_settings_key_check', sql`length(${table.externalApiKey}) >= 22`),
      ...WIDGET_COLOR_KEYS.map((key) =>
        check(`widget_settings_${snakeCase(key)}_check`, sql`${columns[key]} ~ '${sql.raw(HEX_COLOR_PATTERN.source)}'`),
      ),
    ];
  },
);
