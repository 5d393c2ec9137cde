/** The brand colours, named once so every screen and chart uses the same values. */
export const BRAND_COLORS = {
  green: '#59B090',
  blue: '#4377DC',
  orange: '#FF9D42',
  red: '#FE555C',
  gray: '#98999A',
  black: '#0D0D0D',
  yellow: '#FEC864',
} as const;

export type BrandColorName = keyof typeof BRAND_COLORS;

/** The dark-gray surfaces of the dark colour scheme (the dark palette is dark gray, not black). */
export const DARK_SURFACES = {
  background: '#1F2023',
  paper: '#2A2B2F',
  text: '#F1F1F2',
  secondaryText: '#B5B6B8',
} as const;
