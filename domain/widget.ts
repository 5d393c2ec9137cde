import { z } from 'zod';
import { idSchema, recordVersionSchema, requiredText } from './records';
import { LANGUAGES } from './languages';

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

/**
 * Each icon's SVG path on a 24 × 24 view box (Material icons, MIT via @mui/icons-material: a cocktail, a beer, a
 * glass of wine, a party popper), so that the widget page and the settings page draw the same shapes.
 */
export const WIDGET_HAPPY_HOURS_ICON_PATHS: Record<HappyHoursIcon, string> = {
  HH_ICON_1: 'M21 5V3H3v2l8 9v5H6v2h12v-2h-5v-5zM7.43 7 5.66 5h12.69l-1.78 2z',
  HH_ICON_2:
    'M19 9h-1.56c.35-.59.56-1.27.56-2 0-2.21-1.79-4-4-4-.34 0-.66.05-.98.13-.82-.68-1.86-1.11-3.02-1.11-1.89 0-3.51 1.11-4.27 2.71C4.15 5.26 3 6.74 3 8.5c0 1.86 1.28 3.41 3 3.86V21h11v-2h2c1.1 0 2-.9 2-2v-6c0-1.1-.9-2-2-2M7 10.5c-1.1 0-2-.9-2-2 0-.85.55-1.6 1.37-1.88l.8-.27.36-.76C8 4.62 8.94 4.02 10 4.02c.79 0 1.39.35 1.74.65l.78.65S13.16 5 13.99 5c1.1 0 2 .9 2 2h-3C9.67 7 9.15 10.5 7 10.5M19 17h-2v-6h2z',
  HH_ICON_3: 'M6 3v6c0 2.97 2.16 5.43 5 5.91V19H8v2h8v-2h-3v-4.09c2.84-.48 5-2.94 5-5.91V3zm10 5H8V5h8z',
  HH_ICON_4:
    'm2 22 14-5-9-9zm12.53-9.47 5.59-5.59c.49-.49 1.28-.49 1.77 0l.59.59 1.06-1.06-.59-.59c-1.07-1.07-2.82-1.07-3.89 0l-5.59 5.59zm-4.47-5.65-.59.59 1.06 1.06.59-.59c1.07-1.07 1.07-2.82 0-3.89l-.59-.59-1.06 1.07.59.59c.48.48.48 1.28 0 1.76m7 5-1.59 1.59 1.06 1.06 1.59-1.59c.49-.49 1.28-.49 1.77 0l1.61 1.61 1.06-1.06-1.61-1.61c-1.08-1.07-2.82-1.07-3.89 0m-2-6-3.59 3.59 1.06 1.06 3.59-3.59c1.07-1.07 1.07-2.82 0-3.89l-1.59-1.59-1.06 1.06 1.59 1.59c.48.49.48 1.29 0 1.77',
};

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
  /**
   * Read-only: the establishment's paid subscription's plan includes the pro logo (docs/billing.md). The public
   * widget shows the pro logo only when `widgetTheme.hasEnabledProLogo` and this; the venue's choice is kept
   * either way, for when it pays.
   */
  proLogoIncluded: z.boolean(),
  version: recordVersionSchema,
});
export type WidgetSettings = z.output<typeof widgetSettingsSchema>;

// ---- fonts as files ------------------------------------------------------------------------------------

/** Each font's `@fontsource` package (`@fontsource/<slug>`), which the widget and the settings page serve. */
export const WIDGET_FONT_SLUGS: Record<WidgetFont, string> = {
  Inter: 'inter',
  Oswald: 'oswald',
  'Martian Mono': 'martian-mono',
  Rightuous: 'righteous',
  Aldrich: 'aldrich',
  Merriweather: 'merriweather',
  'Playfair Display': 'playfair-display',
  'Crimson Pro': 'crimson-pro',
  'Pirata One': 'pirata-one',
  'Permanent Marker': 'permanent-marker',
  'Kaushan Script': 'kaushan-script',
  'Balsamiq Sans': 'balsamiq-sans',
  Alkatra: 'alkatra',
  'New Rocker': 'new-rocker',
  'Concert One': 'concert-one',
};

/** What the browser shows while a font loads, or if it never does: the nearest generic family. */
const WIDGET_FONT_FALLBACKS: Record<WidgetFont, string> = {
  Inter: 'system-ui, sans-serif',
  Oswald: '"Arial Narrow", sans-serif-condensed, sans-serif',
  'Martian Mono': 'ui-monospace, monospace',
  Rightuous: 'system-ui, sans-serif',
  Aldrich: 'system-ui, sans-serif',
  Merriweather: 'Georgia, serif',
  'Playfair Display': 'Georgia, serif',
  'Crimson Pro': 'Georgia, serif',
  'Pirata One': 'Georgia, serif',
  'Permanent Marker': 'cursive, sans-serif',
  'Kaushan Script': 'cursive, serif',
  'Balsamiq Sans': 'system-ui, sans-serif',
  Alkatra: 'system-ui, sans-serif',
  'New Rocker': 'Georgia, serif',
  'Concert One': 'system-ui, sans-serif',
};

/** The CSS `font-family` of a widget font (unknown names as Inter), with its fallbacks. */
export function widgetFontStack(name: unknown): string {
  const font = resolveWidgetFont(name);
  return `"${WIDGET_FONT_CSS_FAMILIES[font] ?? font}", ${WIDGET_FONT_FALLBACKS[font]}`;
}

// ---- contrast (WCAG 2.2) ---------------------------------------------------------------------------------

/** WCAG AA for normal text and for large text (≥ 24 px, or ≥ 18.66 px bold) and interface parts. */
export const WCAG_AA_TEXT = 4.5;
export const WCAG_AA_LARGE = 3;

const channels = (hex: string): [number, number, number] =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** WCAG relative luminance of a `#RRGGBB` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#RRGGBB` colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour itself when it reaches `minimum` against the background, else the least change of it towards black
 * (on a light background) or white (on a dark one) that does. The widget shows text in this colour, so a
 * venue's palette stays readable (the specification's default greens are 3.3:1 on its default background).
 */
export function readableColor(color: string, background: string, minimum = WCAG_AA_TEXT): string {
  if (contrastRatio(color, background) >= minimum) return color.toUpperCase();
  const target = relativeLuminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const source = channels(color);
  for (let step = 1; step <= 100; step++) {
    const mixed = toHex(source.map((value, index) => value + ((target[index] - value) * step) / 100));
    if (contrastRatio(mixed, background) >= minimum) return mixed;
  }
  return toHex(target);
}

// ---- how a theme is shown ------------------------------------------------------------------------------

/**
 * Everything of a theme that the widget page shows, in one place: the server renders the page from it, and
 * the settings page sends it to the preview, which applies it to the same elements. Variables go on the
 * widget's root element, switches become its `data-*` attributes (`data-calendar="on"`).
 */
export interface WidgetPresentation {
  variables: Record<`--w-${string}`, string>;
  switches: Record<'calendar' | 'happyHours' | 'proLogo' | 'transparent' | 'rounded', boolean>;
  happyHoursTitle: string;
  happyHoursIcon: HappyHoursIcon;
  font: WidgetFont;
}

export function widgetPresentation(theme: WidgetTheme): WidgetPresentation {
  const palette = theme.colorPalette;
  const background = palette.backgroundPrimary;
  // Surfaces and large marks in the accent need 3:1 on the background; the text on them is read against that
  // shown accent, not the chosen one.
  const accent = readableColor(palette.accent, background, WCAG_AA_LARGE);
  return {
    variables: {
      '--w-font': widgetFontStack(theme.fontFamilyName),
      '--w-background': theme.hasTransparentBackground ? 'transparent' : background,
      '--w-text': readableColor(palette.primaryText, background),
      '--w-text-secondary': readableColor(palette.secondaryText, background),
      '--w-accent': accent,
      // Links are text in the accent: 4.5:1.
      '--w-link': readableColor(palette.accent, background),
      '--w-on-accent': readableColor(palette.buttonPrimary, accent),
      '--w-happy-hours-icon': palette.happyHoursIcon,
      '--w-radius': theme.hasRoundedBorders ? '12px' : '0',
    },
    switches: {
      calendar: theme.hasEnabledCalendar,
      happyHours: theme.hasEnabledHappyHours,
      proLogo: theme.hasEnabledProLogo,
      transparent: theme.hasTransparentBackground,
      rounded: theme.hasRoundedBorders,
    },
    happyHoursTitle: theme.happyHoursTitle,
    happyHoursIcon: resolveHappyHoursIcon(theme.happyHoursIconName),
    font: resolveWidgetFont(theme.fontFamilyName),
  };
}

// ---- messages between the widget, the page that embeds it and the settings page ----------------------------

/** Every message the widget sends carries this `source`, so that hosts tell it from other frames' messages. */
export const WIDGET_MESSAGE_SOURCE = 'venue-widget';
/** Every message the settings page sends to its preview carries this `source`. */
export const BACK_OFFICE_MESSAGE_SOURCE = 'venue-back-office';

/** From the widget: its content's height (to any parent: a height says nothing private), and, in preview, that it listens. */
export type WidgetMessage =
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'resize'; height: number }
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'preview-ready' };

/** From the settings page to its preview (same origin only): show these unsaved settings. */
export interface PreviewMessage {
  source: typeof BACK_OFFICE_MESSAGE_SOURCE;
  type: 'preview';
  presentation: WidgetPresentation;
}

/** The query parameter that makes the widget page a preview: every section rendered, no view counted. */
export const WIDGET_PREVIEW_PARAMETER = 'preview';

/** The public paths of the widget (served at the site's root, outside the API). */
const WIDGET_PAGES = '/external/widgets';
export const WIDGET_PATHS = {
  /** Where every widget page lives, each below it at its key. */
  pages: WIDGET_PAGES,
  page: (key: string) => `${WIDGET_PAGES}/${encodeURIComponent(key)}`,
  embedScript: '/external/widget-embed.js',
} as const;

/** How many days ahead the widget lists occurrences. */
export const WIDGET_DAYS_AHEAD = 60;

// ---- the public page's query ---------------------------------------------------------------------------

/** Occurrences on one page of the widget's list. */
export const WIDGET_PAGE_SIZE = 25;

/** The most values one filter parameter takes (the API's occurrence filter takes 100). */
export const WIDGET_FILTER_LIMIT = 50;

/**
 * A filter parameter as a list: `?musicIds=1,2`, `?musicIds=1&musicIds=2`, or both; blank parts are dropped,
 * and an absent or empty parameter is no filter (undefined), never "nothing matches".
 */
const listParameter = (value: unknown): unknown => {
  if (value === undefined) return undefined;
  const parts = [value]
    .flat()
    .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
    .map((part) => (typeof part === 'string' ? part.trim() : part))
    .filter((part) => part !== '');
  return parts.length === 0 ? undefined : parts;
};

const idParameterSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'A positive whole number')
  .transform(Number)
  .pipe(idSchema);

const listOf = <Item extends z.ZodType>(item: Item) =>
  z.preprocess(listParameter, z.array(item).max(WIDGET_FILTER_LIMIT).optional());

/** `YYYY-MM`: the month the calendar shows. */
export const WIDGET_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The query of `GET /external/widgets/:externalApiKey`: the specification's Filter (musicIds, cities,
 * eventTypeIds), the language, the list's page, the calendar's month and the preview switch. Other
 * parameters (a host page's tracking ones) are ignored; a wrong value of these is a 400 naming it.
 */
export const widgetPageQuerySchema = z.object({
  musicIds: listOf(idParameterSchema),
  eventTypeIds: listOf(idParameterSchema),
  cities: listOf(z.string().max(100)),
  lang: z.enum(LANGUAGES).optional(),
  page: z
    .string()
    .regex(/^\d{1,4}$/, 'A page number from 1')
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
  month: z.string().regex(WIDGET_MONTH_PATTERN, 'A month as YYYY-MM').optional(),
  [WIDGET_PREVIEW_PARAMETER]: z.enum(['1', 'true']).optional(),
});
export type WidgetPageQuery = z.output<typeof widgetPageQuerySchema>;
