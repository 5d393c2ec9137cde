import type { I18nProvider, Store } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/languages';
import { createAuthApi, type AuthApi } from '../providers/authApi';
import { createAuthProvider } from '../providers/authProvider';
import { createDataProvider, type AppDataProvider } from '../providers/dataProvider';
import { browserNavigation, createApi, createHttpClient, type Api } from '../providers/httpClient';
import { createI18nProvider } from '../providers/i18nProvider';
import { createPreferencesStore, PREFERENCE_KEYS } from '../providers/preferencesStore';
import { createSessionStore, type SessionStore } from '../providers/session';
import { appConfig } from './config/env';
import { catalogues } from './i18n';

/**
 * The composition root: the configuration (./config/env) and the message catalogues (./i18n) go into the
 * providers' factories here, once, as react-admin's demo builds its providers in App.tsx. The providers
 * themselves never read the configuration, so tests build their own with whatever they need.
 */

/** The app's store, to pass as `<Admin store={preferencesStore}>`. */
export const preferencesStore: Store = createPreferencesStore();

/** The interface language as stored (react-admin's locale is stored under `lang`), if it is one of ours. */
const storedLanguage = (): Language | undefined => {
  const stored: unknown = preferencesStore.getItem(PREFERENCE_KEYS.lang);
  return isLanguage(stored) ? stored : undefined;
};

/** The app's session store: localStorage, the configured secret. */
export const sessionStore: SessionStore = createSessionStore({
  secret: appConfig.cryptoSecret,
  storage: () => globalThis.localStorage,
});

/** The app's client. Its responses are whole axios responses; `api` unwraps them. */
export const httpClient = createHttpClient({
  apiBaseUrl: appConfig.apiBaseUrl,
  authApiBaseUrl: appConfig.authApiBaseUrl,
  session: sessionStore,
  navigation: browserNavigation,
  // Follows the language switch: the server answers labels in the interface's language.
  currentLanguage: storedLanguage,
});

export const api: Api = createApi(httpClient);

export const authApi: AuthApi = createAuthApi({ api, session: sessionStore });

export const authProvider = createAuthProvider({
  authApi,
  session: sessionStore,
  isProduction: appConfig.isProduction,
});

export const dataProvider: AppDataProvider = createDataProvider(appConfig.apiBaseUrl, httpClient);

export const i18nProvider: I18nProvider = createI18nProvider({
  catalogues,
  initialLocale: storedLanguage() ?? DEFAULT_LANGUAGE,
});

/** The maps key the address input calls Google with (domain/maps.ts decides whether it is a real one). */
export const { mapsApiKey } = appConfig;

/** The shell's own calls (pages, layout), bound to the app's instances. */
export const { readSessionOrNull, subscribeToSession } = sessionStore;

export const {
  signInWithAccessLink,
  updateLanguage,
  updatePassword,
  requestPasswordReset,
  verifyResetPasswordToken,
  resetPassword,
  requestAccountDeletion,
  confirmAccountDeletion,
} = authApi;
