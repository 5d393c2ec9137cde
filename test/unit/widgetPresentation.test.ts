import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  readableColor,
  WCAG_AA_LARGE,
  WCAG_AA_TEXT,
  WIDGET_DEFAULTS,
  WIDGET_FONTS,
  WIDGET_FONT_SLUGS,
  widgetFontStack,
  widgetPresentation,
  type WidgetTheme,
} from '../../domain/widget';

/** The one description of how a theme looks, which the widget page renders and the settings preview applies. */

describe('contrast', () => {
  it('follows WCAG 2.2: black on white is 21:1, a colour on itself 1:1, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#479A7C', '#479A7C')).toBeCloseTo(1, 5);
    // A well-known pair: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  });

  it('keeps a readable colour as it is and darkens one that is not, just enough, on a light background', () => {
    expect(readableColor('#2f4c86', '#F8F9FA')).toBe('#2F4C86');
    const darkened = readableColor('#479A7C', '#F8F9FA');
    expect(contrastRatio(darkened, '#F8F9FA')).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(darkened, '#F8F9FA')).toBeLessThan(WCAG_AA_TEXT + 0.3);
    expect(darkened).not.toBe('#479A7C');
  });

  it('lightens a dark colour on a dark background', () => {
    const lightened = readableColor('#333333', '#111111');
    expect(contrastRatio(lightened, '#111111')).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(parseInt(lightened.slice(1, 3), 16)).toBeGreaterThan(0x33);
  });
});

describe('widgetPresentation', () => {
  it('shows the specification’s defaults with every text at AA contrast on the default background', () => {
    const { variables, switches, happyHoursTitle, happyHoursIcon, font } = widgetPresentation(WIDGET_DEFAULTS);
    const background = WIDGET_DEFAULTS.colorPalette.backgroundPrimary;
    expect(variables['--w-background']).toBe(background);
    for (const text of ['--w-text', '--w-text-secondary'] as const)
      expect(contrastRatio(variables[text], background)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(variables['--w-accent'], background)).toBeGreaterThanOrEqual(WCAG_AA_LARGE);
    expect(contrastRatio(variables['--w-link'], background)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(variables['--w-on-accent'], variables['--w-accent'])).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(variables['--w-radius']).toBe('0');
    expect(switches).toEqual({
      calendar: false,
      happyHours: false,
      proLogo: false,
      transparent: false,
      rounded: false,
    });
    expect([happyHoursTitle, happyHoursIcon, font]).toEqual(['Default', 'HH_ICON_1', 'Inter']);
  });

  it('follows each switch, the font and an unknown font or icon as the defaults', () => {
    const theme: WidgetTheme = {
      ...WIDGET_DEFAULTS,
      fontFamilyName: 'Comic Sans',
      happyHoursIconName: 'HH_ICON_9',
      hasEnabledCalendar: true,
      hasTransparentBackground: true,
      hasRoundedBorders: true,
    };
    const presentation = widgetPresentation(theme);
    expect(presentation.font).toBe('Inter');
    expect(presentation.happyHoursIcon).toBe('HH_ICON_1');
    expect(presentation.variables['--w-background']).toBe('transparent');
    expect(presentation.variables['--w-radius']).not.toBe('0');
    expect(presentation.switches).toMatchObject({
      calendar: true,
      transparent: true,
      rounded: true,
      happyHours: false,
    });
    expect(widgetPresentation({ ...theme, fontFamilyName: 'Rightuous' }).variables['--w-font']).toMatch(
      /^"Righteous",/,
    );
  });

  it('keeps a light accent for surfaces at 3:1 and darkens it further for links, which are text', () => {
    const coral = { ...WIDGET_DEFAULTS.colorPalette, accent: '#FE555C', backgroundPrimary: '#FFF8F0' };
    const { variables } = widgetPresentation({ ...WIDGET_DEFAULTS, colorPalette: coral });
    expect(contrastRatio(variables['--w-accent'], '#FFF8F0')).toBeGreaterThanOrEqual(WCAG_AA_LARGE);
    expect(contrastRatio(variables['--w-link'], '#FFF8F0')).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(variables['--w-link']).not.toBe(variables['--w-accent']);
  });

  it('reads the text on the accent against the accent as shown, after it was darkened', () => {
    const green = { ...WIDGET_DEFAULTS.colorPalette, accent: '#59B090', buttonPrimary: '#FFFFFF' };
    const { variables } = widgetPresentation({ ...WIDGET_DEFAULTS, colorPalette: green });
    expect(variables['--w-accent']).not.toBe('#59B090');
    expect(contrastRatio(variables['--w-on-accent'], variables['--w-accent'])).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it('has a font stack and an @fontsource package for each of the fifteen fonts', () => {
    expect(WIDGET_FONTS).toHaveLength(15);
    for (const font of WIDGET_FONTS) {
      expect(WIDGET_FONT_SLUGS[font]).toMatch(/^[a-z-]+$/);
      expect(widgetFontStack(font)).toMatch(/^"[A-Za-z ]+", .+/);
    }
  });
});
