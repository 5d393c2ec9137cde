import { CssBaseline } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { i18nProvider, preferencesStore } from '../../providers';
import { darkTheme, lightTheme } from '../../theme';
import { ErrorScreen } from './ErrorScreen';

// The app crashed, so react-admin's contexts may be gone: read the providers directly, and never throw.
const translate = (key: string, fallback: string): string => {
  try {
    return i18nProvider.translate(key, { _: fallback });
  } catch {
    return fallback;
  }
};

const storedThemeIsDark = (): boolean => {
  try {
    return preferencesStore.getItem('theme') === 'dark';
  } catch {
    return false;
  }
};

/** The global crash fallback: "Ooops, something went wrong :(" and a Refresh button. */
export const CrashFallback = () => (
  <ThemeProvider theme={createTheme(storedThemeIsDark() ? darkTheme : lightTheme)}>
    <CssBaseline enableColorScheme />
    <ErrorScreen
      title={translate('app.errors.crash.title', 'Ooops, something went wrong :(')}
      appName={translate('app.name', 'Venue back office')}
      refreshLabel={translate('app.errors.refresh', 'Refresh')}
      onRefresh={() => window.location.reload()}
    />
  </ThemeProvider>
);
