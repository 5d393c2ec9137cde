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
