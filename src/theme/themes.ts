import { deepmerge } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';
import { defaultDarkTheme, defaultLightTheme } from './reactAdminDefaults';
import { BREAKPOINT_VALUES } from './breakpoints';
import { BRAND_COLORS, DARK_SURFACES } from './palette';

declare module '@mui/material/styles' {
  interface Palette {
    brand: typeof BRAND_COLORS;
  }
  interface PaletteOptions {
    brand?: typeof BRAND_COLORS;
  }
}

const FONT_FAMILY = [
  'Poppins',
  'system-ui',
  '-apple-system',
  'Segoe UI',
  'Roboto',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(',');

/** What both colour schemes share: font, breakpoints, shapes and the app bar look. */
const sharedOptions: RaThemeOptions = {
  breakpoints: { values: BREAKPOINT_VALUES },
  typography: {
    fontFamily: FONT_FAMILY,
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
  components: {
    // The app bar sits on the page surface instead of a coloured band, which reads well in both schemes.
    RaAppBar: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '--AppBar-background': theme.palette.background.paper,
          '--AppBar-color': theme.palette.text.primary,
          backgroundColor: theme.palette.background.paper,
          color: theme.palette.text.primary,
          boxShadow: 'none',
          borderBottom: `1px solid ${theme.palette.divider}`,
        }),
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    // A phone list's title and its status chip (tertiary text) share a line: keep them apart, and let the
    // chip go to the next line when the title is long.
    RaSimpleList: {
      styleOverrides: {
        root: {
          '& .MuiListItemText-primary > div': {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 8,
            rowGap: 4,
          },
        },
      },
    },
    // react-admin's Not Found page hard-codes Roboto.
    RaNotFound: { styleOverrides: { root: { fontFamily: FONT_FAMILY } } },
  },
};

const brandPalette = {
  brand: BRAND_COLORS,
  primary: { main: BRAND_COLORS.green },
  secondary: { main: BRAND_COLORS.blue },
  info: { main: BRAND_COLORS.blue },
  success: { main: BRAND_COLORS.green },
  warning: { main: BRAND_COLORS.orange },
  error: { main: BRAND_COLORS.red },
};

export const lightTheme: RaThemeOptions = deepmerge(
  defaultLightTheme,
  deepmerge(sharedOptions, {
    palette: {
      mode: 'light',
      ...brandPalette,
      text: { primary: BRAND_COLORS.black },
      background: { default: '#F7F8F8', paper: '#FFFFFF' },
    },
  } satisfies RaThemeOptions),
);

export const darkTheme: RaThemeOptions = deepmerge(
  defaultDarkTheme,
  deepmerge(sharedOptions, {
    palette: {
      mode: 'dark',
      ...brandPalette,
      text: { primary: DARK_SURFACES.text, secondary: DARK_SURFACES.secondaryText },
      background: { default: DARK_SURFACES.background, paper: DARK_SURFACES.paper },
    },
    components: {
      RaToolbar: { styleOverrides: { root: { backgroundColor: DARK_SURFACES.paper } } },
    },
  } satisfies RaThemeOptions),
);
