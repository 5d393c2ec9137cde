import { CssBaseline } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { readStoredLanguage, readStoredThemePreference } from '../../../providers/storedPreferences';
import { publicMessagesAtHand } from '../../i18n/publicCatalogues';
import { createTranslate } from '../../public/translate';
import { darkTheme, lightTheme } from '../../theme';
import { ErrorScreen } from './ErrorScreen';

// The app crashed, so its contexts may be gone, and react-admin may not even be loaded: read the stored
// preferences and the messages at hand directly, and never throw.
const translate = (key: string, fallback: string): string => {
  try {
    return createTranslate(publicMessagesAtHand(readStoredLanguage()), readStoredLanguage())(key, { _: fallback });
  } catch {
    return fallback;
  }
};

const storedThemeIsDark = (): boolean => {
  try {
    const preference = readStoredThemePreference();
    return (
      preference === 'dark' ||
      (preference === 'auto' && globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches)
    );
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
