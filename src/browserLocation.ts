/**
 * Where the browser is, without a router library: the public pages (sign-in, password and account flows) route
 * with this alone, so that a first visit does not download react-router, which only the signed-in app loads
 * (src/App.tsx). Entries are written in react-router's own format (`{ usr, key, idx }` in history.state), so
 * that the signed-in app's browser router reads a state left by a public page (and the other way round), and
 * the signed-in app reports its own moves here (src/Root.tsx then shows the half of the app the path needs).
 */

export interface BrowserLocation {
  pathname: string;
  search: string;
  /** The state a navigation gave the entry (react-router's `location.state`). */
  state: unknown;
}

type Listener = () => void;
const listeners = new Set<Listener>();

interface RouterHistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyState = (): RouterHistoryState | null => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as RouterHistoryState) : null;
};

let current: BrowserLocation | null = null;

/** The location now; the same object until it changes, as useSyncExternalStore wants. */
export const currentLocation = (): BrowserLocation => {
  const { pathname, search } = window.location;
  const state = historyState()?.usr ?? null;
  if (current?.pathname !== pathname || current.search !== search || current.state !== state) {
    current = { pathname, search, state };
  }
  return current;
};

/** Tells every listener that the location may have changed (a navigation here, in the router, or Back). */
export const notifyLocationChange = (): void => listeners.forEach((listener) => listener());

export const subscribeToLocation = (listener: Listener): (() => void) => {
  if (listeners.size === 0) window.addEventListener('popstate', notifyLocationChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notifyLocationChange);
  };
};

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const randomKey = () => Math.random().toString(36).slice(2, 10);

/** Goes to `to` (a path, maybe with a query string) as react-router's navigate does, and tells the listeners. */
export const navigateTo = (to: string, { replace = false, state = null }: NavigateOptions = {}): void => {
  const index = historyState()?.idx ?? 0;
  const entry: RouterHistoryState = { usr: state, key: randomKey(), idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  notifyLocationChange();
};
