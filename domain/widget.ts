import { z } from 'zod';
import { idSchema, recordVersionSchema, requiredText } from './records';

/**
 * The embeddable widget's look: its settings, their defaults and the fonts. The database defaults,
 * the settings form and the widget page all read these constants.
 */

/** The widget fonts, in the specification's order ("Rightuous" is its spelling of the Google font Righteous). */
export const WIDGET_FONTS = [
  'Inter',
  'Oswald',
  'Martian Mono',
  'Rightuous',
  'Aldrich',
  'Merriweather',
  'Playfair Display',
  'Crimson Pro',
  'Pirata One',
  'Permanent Marker',
  'Kaushan Script',
  'Balsamiq Sans',
  'Alkatra',
  'New Rocker',
  'Concert One',
] as const;
export type WidgetFont = (typeof WIDGET_FONTS)[number];

export const DEFAULT_WIDGET_FONT: WidgetFont = 'Inter';

/** The CSS family of a font where it differs from the listed name. */
export const WIDGET_FONT_CSS_FAMILIES: Partial<Record<WidgetFont, string>> = { Rightuous: 'Righteous' };

export const isWidgetFont = (name: unknown): name is WidgetFont =>
  typeof name === 'string' && (WIDGET_FONTS as readonly string[]).includes(name);

/** An unknown font falls back to Inter. */
export const resolveWidgetFont = (name: unknown): WidgetFont => (isWidgetFont(name) ? name : DEFAULT_WIDGET_FONT);

export const WIDGET_COLOR_KEYS = [
  'primaryText',
  'secondaryText',
  'accent',
  'buttonPrimary',
  'happyHoursIcon',
  'backgroundPrimary',
] as const;
export type WidgetColorKey = (typeof WIDGET_COLOR_KEYS)[number];
export type WidgetColorPalette = Record<WidgetColorKey, string>;

/** `#RRGGBB`: the only colour form stored, so the widget can derive shades from it. */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export interface WidgetTheme {
  fontFamilyName: string;
  hasTransparentBackground: boolean;
  hasEnabledHappyHours: boolean;
  hasRoundedBorders: boolean;
  hasEnabledCalendar: boolean;
  hasEnabledProLogo: boolean;
  happyHoursTitle: string;
  happyHoursIconName: string;
  colorPalette: WidgetColorPalette;
}

/** The widget settings' defaults. */
export const WIDGET_DEFAULTS: Readonly<WidgetTheme> = Object.freeze({
  fontFamilyName: DEFAULT_WIDGET_FONT,
  hasTransparentBackground: false,
  hasEnabledHappyHours: false,
  hasRoundedBorders: false,
  hasEnabledCalendar: false,
  hasEnabledProLogo: false,
  happyHoursTitle: 'Default',
  happyHoursIconName: 'HH_ICON_1',
  colorPalette: Object.freeze({
    primaryText: '#479A7C',
    secondaryText: '#43A2B7',
    accent: '#2F4C86',
    buttonPrimary: '#FFFFFF',
    happyHoursIcon: '#F4C100',
    backgroundPrimary: '#F8F9FA',
  }),
});

/** The happy-hours icons a widget can show (the specification names the default, HH_ICON_1). */
export const WIDGET_HAPPY_HOURS_ICONS = ['HH_ICON_1', 'HH_ICON_2', 'HH_ICON_3', 'HH_ICON_4'] as const;

export type HappyHoursIcon = (typeof WIDGET_HAPPY_HOURS_ICONS)[number];

/** An unknown icon (an older value) shows as the default, as an unknown font shows as Inter. */
export const resolveHappyHoursIcon = (name: unknown): HappyHoursIcon =>
  (WIDGET_HAPPY_HOURS_ICONS as readonly unknown[]).includes(name)
    ? (name as HappyHoursIcon)
    : (WIDGET_DEFAULTS.happyHoursIconName as HappyHoursIcon);

export const WIDGET_LIMITS = { happyHoursTitle: 60, allowedOrigins: 20, origin: 200 } as const;

const hexColorSchema = z.string().regex(HEX_COLOR_PATTERN, 'A colour as #RRGGBB');

export const widgetThemeSchema = z.object({
  fontFamilyName: z.enum(WIDGET_FONTS),
  hasTransparentBackground: z.boolean(),
  hasEnabledHappyHours: z.boolean(),
  hasRoundedBorders: z.boolean(),
  hasEnabledCalendar: z.boolean(),
  hasEnabledProLogo: z.boolean(),
  happyHoursTitle: requiredText(WIDGET_LIMITS.happyHoursTitle),
  happyHoursIconName: z.enum(WIDGET_HAPPY_HOURS_ICONS),
  colorPalette: z.object({
    primaryText: hexColorSchema,
    secondaryText: hexColorSchema,
    accent: hexColorSchema,
    buttonPrimary: hexColorSchema,
    happyHoursIcon: hexColorSchema,
    backgroundPrimary: hexColorSchema,
  } satisfies Record<WidgetColorKey, z.ZodType>),
});

const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * A web origin as browsers send it in `Origin` and CSP compares it: `https://example.ch` or
 * `http://localhost:8080`, in lower case, without a default port, a path, a query or a user; null otherwise.
 */
export function normalOrigin(text: string): string | null {
  const match = ORIGIN_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, scheme, host, port] = match;
  const protocol = scheme.toLowerCase();
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  const shownPort = port === undefined || port === DEFAULT_PORTS[protocol] ? '' : `:${Number(port)}`;
  return `${protocol}://${host.toLowerCase()}${shownPort}`;
}

const originSchema = z
  .string()
  .trim()
  .max(WIDGET_LIMITS.origin)
  .refine((text) => normalOrigin(text) !== null, 'A site as https://example.ch, without a path')
  .transform((text) => normalOrigin(text) as string);

/** The sites that may frame the widget (CSP frame-ancestors); none means any site. */
export const allowedOriginsSchema = z
  .array(originSchema)
  .max(WIDGET_LIMITS.allowedOrigins)
  .refine((origins) => new Set(origins).size === origins.length, 'Each site once');

/**
 * A PUT of `/widget-settings/:id`: the whole look and the allowed sites. The establishment and the key are
 * not written this way (the key changes only through rotate-key); other fields of the record are ignored.
 */
export const widgetSettingsInputSchema = z.object({
  allowedOrigins: allowedOriginsSchema.default([]),
  widgetTheme: widgetThemeSchema,
  version: recordVersionSchema.optional(),
});
export type WidgetSettingsInput = z.output<typeof widgetSettingsInputSchema>;

export const widgetSettingsSchema = z.object({
  id: idSchema,
  establishmentId: idSchema,
  externalApiKey: z.string(),
  allowedOrigins: z.array(z.string()),
  widgetTheme: widgetThemeSchema,
  version: recordVersionSchema,
});
export type WidgetSettings = z.output<typeof widgetSettingsSchema>;
