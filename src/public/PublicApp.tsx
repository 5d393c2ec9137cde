import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Language } from '../../domain/languages';
import {
  readStoredLanguage,
  readStoredThemePreference,
  storeLanguage,
  storeThemePreference,
  subscribeToStoredPreferences,
  type ThemePreference,
} from '../../providers/storedPreferences';
import { loadPublicMessages, publicMessagesAtHand, type MessageTree } from '../i18n/publicCatalogues';
import { DeleteAccountPage } from '../pages/auth/DeleteAccountPage';
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage';
import { SignInPage } from '../pages/auth/SignInPage';
import { PATHS } from '../pages/paths';
import { darkTheme, lightTheme } from '../theme';
import { subscribeToNotices, waitingNoticeCount } from './notices';
import { PageTranslateContext } from './pageText';
import { PublicLoader } from './PublicLoader';
import { lazyPage, PublicRoutes, type PublicPages } from './publicRouter';
import { PublicShellContext, type PublicShell } from './publicShell';
import { createTranslate } from './translate';

/**
 * The public pages (sign-in, access link, password and account flows) on their own: MUI, the app's theme and
 * a small translate over the same catalogues, but no react-admin, which loads only once someone signed in
 * (src/Root.tsx decides which of the two a path shows). The language and colour scheme are the ones stored
 * for react-admin, read and written in the same place.
 */

/** The toasts (notistack) load with the first notice: most visits of the public pages show none. */
const PublicToasts = lazy(() =>
  import('../notifications/PublicToasts').then((module) => ({ default: module.PublicToasts })),
);

const useHasHadNotices = () => {
  const waiting = useSyncExternalStore(subscribeToNotices, waitingNoticeCount);
  const [hasHad, setHasHad] = useState(false);
  if (waiting > 0 && !hasHad) setHasHad(true);
  return hasHad || waiting > 0;
};

/**
 * The pages that read the stored session (an access link, a password to set, a link to check) load with it when
 * first shown; sign-in and the two email requests load it only once needed.
 */
const PUBLIC_PAGES: PublicPages = {
  [PATHS.signIn]: SignInPage,
  [PATHS.accessLink]: lazyPage(() => import('../pages/auth/AccessLinkPage').then((m) => ({ default: m.AccessLinkPage })), <PublicLoader />),
  [PATHS.updatePassword]: lazyPage(() => import('../pages/auth/UpdatePasswordPage').then((m) => ({ default: m.UpdatePasswordPage })), <PublicLoader />),
  [PATHS.forgotPassword]: ForgotPasswordPage,
  '/reset-password/:resetPasswordToken': lazyPage(() => import('../pages/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })), <PublicLoader />),
  [PATHS.deleteAccount]: DeleteAccountPage,
  '/delete-account/:confirmDeleteAccountToken': lazyPage(() => import('../pages/auth/ConfirmDeleteAccountPage').then((m) => ({ default: m.ConfirmDeleteAccountPage })), <PublicLoader />),
};

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

const subscribeToSystemScheme = (listener: () => void) => {
  const query = globalThis.matchMedia?.(DARK_SCHEME_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const systemPrefersDark = () => globalThis.matchMedia?.(DARK_SCHEME_QUERY).matches ?? false;

const useColorMode = (preference: ThemePreference) => {
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark);
  return preference === 'auto' ? (prefersDark ? 'dark' : 'light') : preference;
};

/** The language's messages once loaded (English at once); null while another one loads. */
const useMessages = (language: Language): MessageTree | null => {
  const [loaded, setLoaded] = useState<{ language: Language; messages: MessageTree } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadPublicMessages(language)
      .then((messages) => isCurrent && setLoaded({ language, messages }))
      .catch((error: unknown) => console.error('Cannot load the translations', error));
    document.documentElement.lang = language;
    return () => {
      isCurrent = false;
    };
  }, [language]);
  if (language === 'en') return publicMessagesAtHand('en');
  return loaded?.language === language ? loaded.messages : null;
};

export const PublicApp = () => {
  const language = useSyncExternalStore(subscribeToStoredPreferences, readStoredLanguage);
  const themePreference = useSyncExternalStore(subscribeToStoredPreferences, readStoredThemePreference);
  const colorMode = useColorMode(themePreference);
  const theme = useMemo(() => createTheme(colorMode === 'dark' ? darkTheme : lightTheme), [colorMode]);
  const messages = useMessages(language);
  const showsToasts = useHasHadNotices();
  const translate = useMemo(() => messages && createTranslate(messages, language), [messages, language]);
  const shell = useMemo<PublicShell>(
    () => ({
      language,
      setLanguage: storeLanguage,
      themePreference,
      setThemePreference: storeThemePreference,
    }),
    [language, themePreference],
  );

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {translate && (
        <PublicShellContext.Provider value={shell}>
          <PageTranslateContext.Provider value={translate}>
            <PublicRoutes pages={PUBLIC_PAGES} />
            {showsToasts && (
              <Suspense fallback={null}>
                <PublicToasts translate={translate} />
              </Suspense>
            )}
          </PageTranslateContext.Provider>
        </PublicShellContext.Provider>
      )}
    </ThemeProvider>
  );
};

export default PublicApp;
