import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { SessionUser } from '../domain/user';
import type { SessionStore } from './session';

/**
 * What the composition root (src/App.tsx) hands the screens besides react-admin's providers: the session
 * store the auth provider also reads, and the configured maps key. Resources read them through these
 * hooks, never from the shell's configuration.
 */

export const SessionStoreContext = createContext<SessionStore | null>(null);

const useSessionStore = (): SessionStore => {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionUser needs a <SessionStoreContext.Provider> (src/App.tsx gives one).');
  return store;
};

/** The signed-in user as stored in the session, kept current when it changes (here or in another tab). */
export const useSessionUser = (): SessionUser | null => {
  const store = useSessionStore();
  const readSessionUser = useCallback(() => store.readSessionOrNull()?.authenticatedUser ?? null, [store]);
  return useSyncExternalStore(store.subscribeToSession, readSessionUser);
};

/** The configured maps key; none (the address typed by hand) where nobody provides one. */
export const MapsApiKeyContext = createContext<string>('');

export const useMapsApiKey = (): string => useContext(MapsApiKeyContext);
