import type { I18nProvider, Store } from 'react-admin';
import { DEFAULT_LANGUAGE } from '../domain/languages';
import { createDataProvider, type AppDataProvider } from '../providers/dataProvider';
import { createI18nProvider } from '../providers/i18nProvider';
import { createNotificationStream, type NotificationStream } from '../providers/notificationStream';
import { createPreferencesStore } from '../providers/preferencesStore';
import { readStoredLanguage, readStoredLanguageIfAny } from '../providers/storedPreferences';
import { appConfig } from './config/env';
import { catalogues } from './i18n';
import { httpClient, sessionStore } from './publicProviders';

/**
 * The composition root: the configuration (./config/env) and the message catalogues (./i18n) go into the
 * providers' factories here, once, as react-admin's demo builds its providers in App.tsx. The providers
 * themselves never read the configuration, so tests build their own with whatever they need. What the public
 * pages need too (session, client, auth calls) is built in ./publicProviders, which loads without react-admin.
 */

export * from './publicProviders';

/** The app's store, to pass as `<Admin store={preferencesStore}>`. */
export const preferencesStore: Store = createPreferencesStore();

export const dataProvider: AppDataProvider = createDataProvider(appConfig.apiBaseUrl, httpClient);

export const i18nProvider: I18nProvider = createI18nProvider({
  catalogues,
  initialLocale: readStoredLanguageIfAny() ?? DEFAULT_LANGUAGE,
});

/** The live notifications of the signed-in user, one connection per tab (started by the layout after sign-in). */
export const notificationStream: NotificationStream = createNotificationStream({
  url: `${appConfig.apiBaseUrl}/notifications/stream`,
  readAccessToken: sessionStore.readAccessToken,
  refreshAccessToken: httpClient.refreshAccessToken,
  subscribeToSession: sessionStore.subscribeToSession,
  currentLanguage: readStoredLanguage,
});
