import { localStorageStore, useStore, type Store } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/languages';
import {
  asThemePreference,
  DEFAULT_THEME_PREFERENCE,
  PREFERENCE_KEYS,
  PREFERENCES_APP_KEY,
  PREFERENCES_VERSION,
  type ColorMode,
  type ThemePreference,
} from './storedPreferences';

/**
 * react-admin's store, holding the persisted preferences: `lang` (default en), `theme`
 * (light, dark or auto; default light) and a version marker whose change resets them.
 *
 * It wraps ra-core's localStorageStore and bends three of react-admin's habits:
 * - react-admin keeps its locale under `locale`: that key is an alias of `lang`;
 * - react-admin resets its whole store on logout: `lang` and `theme` survive that reset;
 * - react-admin's theme switch knows only light and dark: under `theme` it reads the resolved scheme
 *   (auto follows the system and notifies on change), while `themePreference` reads and writes the
 *   raw choice for the settings page.
 */

export {
  DEFAULT_THEME_PREFERENCE,
  isThemePreference,
  PREFERENCE_KEYS,
  PREFERENCES_APP_KEY,
  PREFERENCES_VERSION,
  THEME_PREFERENCES,
  type ColorMode,
  type ThemePreference,
} from './storedPreferences';

/** react-admin's key for the locale: an alias of `lang`. */
const LOCALE_KEY = 'locale';
/** react-admin's key for the colour mode: reads give light or dark only. */
const THEME_KEY = 'theme';
/** The raw preference (light, dark or auto), for the settings page. */
export const THEME_PREFERENCE_KEY = 'themePreference';

const PRESERVED_ON_RESET: ReadonlySet<string> = new Set(Object.values(PREFERENCE_KEYS));
const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export interface PreferencesStoreOptions {
  version?: string;
  appKey?: string;
  /** The system's dark-scheme media query; absent outside a browser. */
  darkSchemeQuery?: () => MediaQueryList | undefined;
}

const browserDarkSchemeQuery = (): MediaQueryList | undefined =>
  typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_SCHEME_QUERY) : undefined;

type Listener = (value: unknown) => void;

export const createPreferencesStore = ({
  version = PREFERENCES_VERSION,
  appKey = PREFERENCES_APP_KEY,
  darkSchemeQuery = browserDarkSchemeQuery,
}: PreferencesStoreOptions = {}): Store => {
  const inner = localStorageStore(version, appKey);
  const colorModeListeners = new Set<Listener>();
  let mediaQuery: MediaQueryList | undefined;

  const readLanguage = (): Language => {
    const stored: unknown = inner.getItem(PREFERENCE_KEYS.lang);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  };
  const readThemePreference = () => asThemePreference(inner.getItem(PREFERENCE_KEYS.theme));
  const systemPrefersDark = () => (mediaQuery ?? darkSchemeQuery())?.matches ?? false;
  const resolveColorMode = (preference: ThemePreference): ColorMode =>
    preference === 'auto' ? (systemPrefersDark() ? 'dark' : 'light') : preference;

  const onSystemSchemeChange = () => {
    if (readThemePreference() !== 'auto') return;
    const colorMode = resolveColorMode('auto');
    colorModeListeners.forEach((listener) => listener(colorMode));
  };

  // Listen to the system only while someone displays the colour mode.
  const subscribeToColorMode = (callback: Listener) => {
    const listener: Listener = (value) => callback(resolveColorMode(asThemePreference(value)));
    if (colorModeListeners.size === 0) {
      mediaQuery = darkSchemeQuery();
      mediaQuery?.addEventListener('change', onSystemSchemeChange);
    }
    colorModeListeners.add(listener);
    const unsubscribeInner = inner.subscribe(PREFERENCE_KEYS.theme, listener);
    return () => {
      unsubscribeInner();
      colorModeListeners.delete(listener);
      if (colorModeListeners.size === 0) {
        mediaQuery?.removeEventListener('change', onSystemSchemeChange);
        mediaQuery = undefined;
      }
    };
  };

  /** The stored key behind a key react-admin or the app asks for. */
  const storedKeyOf = (key: string): string => {
    if (key === LOCALE_KEY) return PREFERENCE_KEYS.lang;
    if (key === THEME_PREFERENCE_KEY) return PREFERENCE_KEYS.theme;
    return key;
  };

  return {
    setup: () => inner.setup(),
    teardown: () => inner.teardown(),
    getItem: <T = unknown>(key: string, defaultValue?: T): T | undefined => {
      const storedKey = storedKeyOf(key);
      if (storedKey === PREFERENCE_KEYS.lang) return readLanguage() as T;
      if (key === THEME_KEY) return resolveColorMode(readThemePreference()) as T;
      if (key === THEME_PREFERENCE_KEY) return readThemePreference() as T;
      return inner.getItem(storedKey, defaultValue);
    },
    setItem: (key, value) => inner.setItem(storedKeyOf(key), value),
    removeItem: (key) => inner.removeItem(storedKeyOf(key)),
    removeItems: (keyPrefix) => inner.removeItems(keyPrefix),
    reset: () => {
      // react-admin calls this on logout: forget lists, filters and selections, keep the preferences.
      Object.keys(inner.listItems?.() ?? {})
        .filter((key) => !PRESERVED_ON_RESET.has(key))
        .forEach((key) => inner.removeItem(key));
    },
    subscribe: (key, callback) => {
      if (key === THEME_KEY) return subscribeToColorMode(callback);
      const storedKey = storedKeyOf(key);
      if (storedKey === PREFERENCE_KEYS.lang) {
        return inner.subscribe(storedKey, (value) => callback(isLanguage(value) ? value : DEFAULT_LANGUAGE));
      }
      if (key === THEME_PREFERENCE_KEY)
        return inner.subscribe(storedKey, (value) => callback(asThemePreference(value)));
      return inner.subscribe(storedKey, callback);
    },
    listItems: (keyPrefix) => inner.listItems?.(keyPrefix) ?? {},
  };
};

/** The raw colour-scheme preference (light, dark or auto) and its setter, for the settings page. */
export const useThemePreference = (): [ThemePreference, (preference: ThemePreference) => void] => {
  const [preference, setPreference] = useStore<ThemePreference>(THEME_PREFERENCE_KEY, DEFAULT_THEME_PREFERENCE);
  return [asThemePreference(preference), setPreference];
};
