// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { StoreContextProvider, type Store } from 'react-admin';
import {
  createPreferencesStore,
  PREFERENCES_APP_KEY,
  THEME_PREFERENCE_KEY,
  useThemePreference,
} from '../../providers/preferencesStore';

const STORAGE_PREFIX = `RaStore${PREFERENCES_APP_KEY}`;

/** A controllable `(prefers-color-scheme: dark)` media query. */
class FakeDarkSchemeQuery extends EventTarget {
  readonly media = '(prefers-color-scheme: dark)';
  constructor(public matches: boolean) {
    super();
  }
  switchTo(dark: boolean) {
    this.matches = dark;
    this.dispatchEvent(new Event('change'));
  }
}

describe('preferences store', () => {
  let system: FakeDarkSchemeQuery;
  let store: Store;

  const openStore = (version = '1') => {
    const opened = createPreferencesStore({ version, darkSchemeQuery: () => system as unknown as MediaQueryList });
    opened.setup();
    return opened;
  };

  beforeEach(() => {
    localStorage.clear();
    system = new FakeDarkSchemeQuery(false);
    store = openStore();
  });
  afterEach(() => {
    store.teardown();
    localStorage.clear();
  });

  it('starts in English and light', () => {
    expect(store.getItem('lang')).toBe('en');
    expect(store.getItem('locale')).toBe('en');
    expect(store.getItem('theme')).toBe('light');
    expect(store.getItem(THEME_PREFERENCE_KEY)).toBe('light');
  });

  it('ignores stored values that are not a language or a scheme', () => {
    localStorage.setItem(`${STORAGE_PREFIX}.lang`, '"klingon"');
    localStorage.setItem(`${STORAGE_PREFIX}.theme`, '"sepia"');
    expect(store.getItem('locale')).toBe('en');
    expect(store.getItem('theme')).toBe('light');
  });

  it("keeps react-admin's locale under lang", () => {
    const onLocale = vi.fn();
    store.subscribe('locale', onLocale);
    store.setItem('locale', 'fr');
    expect(store.getItem('lang')).toBe('fr');
    expect(localStorage.getItem(`${STORAGE_PREFIX}.lang`)).toBe('"fr"');
    expect(localStorage.getItem(`${STORAGE_PREFIX}.locale`)).toBeNull();
    store.setItem('lang', 'de');
    expect(store.getItem('locale')).toBe('de');
    expect(onLocale.mock.calls).toEqual([['fr'], ['de']]);
  });

  it('persists the preferences across page loads', () => {
    store.setItem('locale', 'it');
    store.setItem(THEME_PREFERENCE_KEY, 'dark');
    store.teardown();
    store = openStore();
    expect(store.getItem('locale')).toBe('it');
    expect(store.getItem('theme')).toBe('dark');
  });

  it('resets the preferences when the version marker changes', () => {
    store.setItem('locale', 'fr');
    store.setItem(THEME_PREFERENCE_KEY, 'dark');
    store.teardown();
    store = openStore('2');
    expect(store.getItem('locale')).toBe('en');
    expect(store.getItem('theme')).toBe('light');
    expect(localStorage.getItem(`${STORAGE_PREFIX}.version`)).toBe('2');
  });

  it("keeps lang and theme through react-admin's reset on logout and clears the rest", () => {
    store.setItem('locale', 'fr');
    store.setItem(THEME_PREFERENCE_KEY, 'auto');
    store.setItem('events.listParams', { page: 3 });
    store.setItem('sidebar.open', false);
    const onLocale = vi.fn();
    const onListParams = vi.fn();
    store.subscribe('locale', onLocale);
    store.subscribe('events.listParams', onListParams);

    store.reset();

    expect(store.getItem('locale')).toBe('fr');
    expect(store.getItem(THEME_PREFERENCE_KEY)).toBe('auto');
    expect(store.getItem('events.listParams')).toBeUndefined();
    expect(store.getItem('sidebar.open', true)).toBe(true);
    expect(onLocale).not.toHaveBeenCalled();
    expect(onListParams).toHaveBeenCalledWith(undefined);
  });

  it('gives react-admin light or dark only: auto resolves from the system scheme', () => {
    store.setItem(THEME_PREFERENCE_KEY, 'auto');
    expect(store.getItem('theme')).toBe('light');
    system.switchTo(true);
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem(THEME_PREFERENCE_KEY)).toBe('auto');
  });

  it('notifies the colour mode when the preference changes, resolved', () => {
    system.matches = true;
    const onColorMode = vi.fn();
    const onPreference = vi.fn();
    store.subscribe('theme', onColorMode);
    store.subscribe(THEME_PREFERENCE_KEY, onPreference);
    store.setItem(THEME_PREFERENCE_KEY, 'auto');
    store.setItem('theme', 'light'); // react-admin's own toggle writes light or dark
    expect(onColorMode.mock.calls).toEqual([['dark'], ['light']]);
    expect(onPreference.mock.calls).toEqual([['auto'], ['light']]);
  });

  it('notifies the colour mode when the system scheme changes while on auto', () => {
    const onColorMode = vi.fn();
    const unsubscribe = store.subscribe('theme', onColorMode);
    store.setItem(THEME_PREFERENCE_KEY, 'auto');
    system.switchTo(true);
    system.switchTo(false);
    expect(onColorMode.mock.calls).toEqual([['light'], ['dark'], ['light']]);

    unsubscribe();
    system.switchTo(true);
    expect(onColorMode).toHaveBeenCalledTimes(3);
  });

  it('ignores system changes when the preference is not auto', () => {
    const onColorMode = vi.fn();
    store.subscribe('theme', onColorMode);
    store.setItem(THEME_PREFERENCE_KEY, 'light');
    system.switchTo(true);
    expect(onColorMode.mock.calls).toEqual([['light']]);
    expect(store.getItem('theme')).toBe('light');
  });

  it('passes other keys through', () => {
    store.setItem('posts.list.density', 'small');
    expect(store.getItem('posts.list.density')).toBe('small');
    store.removeItem('posts.list.density');
    expect(store.getItem('posts.list.density', 'medium')).toBe('medium');
  });

  it('lets the settings page read and write the raw preference through useThemePreference', () => {
    system.matches = true;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(StoreContextProvider, { value: store, children });
    const { result } = renderHook(() => useThemePreference(), { wrapper });
    expect(result.current[0]).toBe('light');
    act(() => result.current[1]('auto'));
    expect(result.current[0]).toBe('auto');
    expect(store.getItem('theme')).toBe('dark');
  });
});
