import { createAuthApi, type AuthApi } from '../providers/authApi';
import { createAuthProvider } from '../providers/authProvider';
import { browserNavigation, createApi, createHttpClient, type Api } from '../providers/httpClient';
import { createSessionStore, type SessionStore } from '../providers/session';
import { readStoredLanguage } from '../providers/storedPreferences';
import { appConfig } from './config/env';

/**
 * The composition root's half that the public pages need (session, HTTP client, auth calls), without
 * react-admin: they load before it. src/providers.ts adds react-admin's providers (data, i18n, store) for
 * the signed-in app and re-exports these, so that both halves share one session store and one client.
 */

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
  currentLanguage: readStoredLanguage,
});

export const api: Api = createApi(httpClient);

export const authApi: AuthApi = createAuthApi({ api, session: sessionStore });

export const authProvider = createAuthProvider({
  authApi,
  session: sessionStore,
  isProduction: appConfig.isProduction,
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
