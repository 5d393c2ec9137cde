import { grey } from '@mui/material/colors';
import { deepmerge } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';

/**
 * react-admin's default light and dark themes (ra-ui-materialui's defaultTheme.ts, react-admin 5.15), which
 * the app's themes build on. Copied rather than imported: the public pages (sign-in…) load without
 * react-admin but must look as they did inside it. test/unit/reactAdminTheme.test.ts keeps the copy equal
 * to react-admin's own.
 */
const invariants: RaThemeOptions = {
  typography: { h6: { fontWeight: 400 } },
  sidebar: { width: 240, closedWidth: 50 },
  components: {
    MuiAutocomplete: {
      defaultProps: { fullWidth: true },
      variants: [
        { props: {}, style: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { width: '100%' } }) },
      ],
    },
    MuiTextField: {
      defaultProps: { variant: 'filled' as const, margin: 'dense' as const, size: 'small' as const, fullWidth: true },
      variants: [
        { props: {}, style: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { width: '100%' } }) },
      ],
    },
    MuiFormControl: {
      defaultProps: { variant: 'filled' as const, margin: 'dense' as const, size: 'small' as const, fullWidth: true },
    },
    MuiTableCell: { styleOverrides: { root: { '&.MuiTableCell-paddingCheckbox': { padding: `0 8px 0 8px` } } } },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 56 } } },
    RaSimpleFormIterator: { defaultProps: { fullWidth: true } },
    RaTranslatableInputs: { defaultProps: { fullWidth: true } },
  },
};

export const defaultLightTheme: RaThemeOptions = deepmerge(invariants, {
  palette: {
    background: { default: '#fafafb' },
    secondary: { light: '#6ec6ff', main: '#2196f3', dark: '#0069c0', contrastText: '#fff' },
  },
  components: {
    MuiFilledInput: {
      styleOverrides: {
        root: { backgroundColor: 'rgba(0, 0, 0, 0.04)', '&$disabled': { backgroundColor: 'rgba(0, 0, 0, 0.04)' } },
      },
    },
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[300] } } },
  },
} satisfies RaThemeOptions);

export const defaultDarkTheme: RaThemeOptions = deepmerge(invariants, {
  palette: { mode: 'dark', primary: { main: '#90caf9' }, background: { default: '#313131' } },
  components: { RaToolbar: { styleOverrides: { root: { backgroundColor: grey[800] } } } },
} satisfies RaThemeOptions);
