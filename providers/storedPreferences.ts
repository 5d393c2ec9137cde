import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/languages';

/**
 * The stored preferences read and written without react-admin, for the public pages (sign-in, password and
 * account flows), which load before react-admin and without it. Same place and form as react-admin's
 * localStorageStore (`RaStore<appKey>.<key>`, JSON), which the signed-in app reads through
 * providers/preferencesStore.ts: a language or colour scheme chosen on the sign-in screen holds after it.
 */

export const PREFERENCES_VERSION = '1';
export const PREFERENCES_APP_KEY = 'Backoffice';

export const THEME_PREFERENCES = ['light', 'dark', 'auto'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ColorMode = 'light' | 'dark';
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'light';

/** Keys as stored in localStorage (prefixed by the store). */
export const PREFERENCE_KEYS = { lang: 'lang', theme: 'theme' } as const;

export const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

export const asThemePreference = (value: unknown): ThemePreference =>
  isThemePreference(value) ? value : DEFAULT_THEME_PREFERENCE;

const storageKey = (key: string) => `RaStore${PREFERENCES_APP_KEY}.${key}`;

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

const readStored = (key: string): unknown => {
  const text = storage()?.getItem(storageKey(key));
  if (text == null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const listeners = new Set<() => void>();

const writeStored = (key: string, value: unknown) => {
  storage()?.setItem(storageKey(key), JSON.stringify(value));
  listeners.forEach((listener) => listener());
};

/** The stored interface language, if one of ours is stored. */
export const readStoredLanguageIfAny = (): Language | undefined => {
  const stored = readStored(PREFERENCE_KEYS.lang);
  return isLanguage(stored) ? stored : undefined;
};

export const readStoredLanguage = (): Language => readStoredLanguageIfAny() ?? DEFAULT_LANGUAGE;

export const storeLanguage = (language: Language) => writeStored(PREFERENCE_KEYS.lang, language);

export const readStoredThemePreference = (): ThemePreference => asThemePreference(readStored(PREFERENCE_KEYS.theme));

export const storeThemePreference = (preference: ThemePreference) => writeStored(PREFERENCE_KEYS.theme, preference);

/** Calls back on every change made here, and on changes made in other tabs. */
export const subscribeToStoredPreferences = (listener: () => void): (() => void) => {
  listeners.add(listener);
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
};
