import type { SignInResponse } from '../domain/auth';
import { roleKeysOf, type SessionUser } from '../domain/user';
import { SESSION_STORE_NAME } from './sessionStoreName';
import { decodeSession, encodeSession, SessionUnreadableError, type Session } from './sessionCodec';

export { SessionUnreadableError, type Session } from './sessionCodec';

/**
 * The signed-in session kept in localStorage under one store name, encrypted (see sessionCodec).
 * It lives outside react-admin's store on purpose: react-admin resets its store on logout and the
 * session must be cleared only by our own sign-out.
 */
export { SESSION_STORE_NAME } from './sessionStoreName';

/** What a listener learns of a change: whether it came from another tab (through the `storage` event). */
export interface SessionChange {
  fromOtherTab: boolean;
}

export type SessionListener = (change: SessionChange) => void;

export interface SessionStore {
  /** @returns null when nobody is signed in @throws SessionUnreadableError when the stored text is unreadable */
  readSession(): Session | null;
  /** The session, or null when absent or unreadable (never throws). */
  readSessionOrNull(): Session | null;
  /** The bearer token for requests; null when absent or unreadable (never throws). */
  readAccessToken(): string | null;
  /** Stores the session of a sign-in answer (`POST /auth/sign-in`, `/auth/access-link`). */
  signIn(response: SignInResponse): Session;
  /** Replaces the access token of the stored session; false when there is no readable session. */
  updateAccessToken(accessToken: string): boolean;
  /** Replaces the user of the stored session (after `GET /auth/me`); false when there is no readable session. */
  updateAuthenticatedUser(user: SessionUser): boolean;
  clearSession(): void;
  /** Called after every change, in this tab or (through the `storage` event) in another one. */
  subscribeToSession(listener: SessionListener): () => void;
}

export interface SessionStoreOptions {
  secret: string;
  /** Resolved on each use so that a store can be created before storage exists (tests, SSR). */
  storage: () => Storage;
  storeName?: string;
  /** Where other tabs' `storage` events arrive; the window in a browser. */
  events?: () => EventTarget | undefined;
}

const browserWindow = (): EventTarget | undefined => (typeof window === 'undefined' ? undefined : window);

export const createSessionStore = ({
  secret,
  storage,
  storeName = SESSION_STORE_NAME,
  events = browserWindow,
}: SessionStoreOptions): SessionStore => {
  const listeners = new Set<SessionListener>();
  // Decrypting on every request would be wasteful: remember the last text and what it decoded to.
  let lastDecoded: { text: string; session: Session } | null = null;

  const notify = (change: SessionChange = { fromOtherTab: false }) => listeners.forEach((listener) => listener(change));

  const write = (session: Session) => {
    const text = encodeSession(session, secret);
    storage().setItem(storeName, text);
    lastDecoded = { text, session };
    notify();
  };

  const readSession = (): Session | null => {
    const text = storage().getItem(storeName);
    if (text === null) return null;
    if (lastDecoded?.text === text) return lastDecoded.session;
    const session = decodeSession(text, secret);
    lastDecoded = { text, session };
    return session;
  };

  const readSessionOrNull = (): Session | null => {
    try {
      return readSession();
    } catch (error) {
      if (error instanceof SessionUnreadableError) return null;
      throw error;
    }
  };

  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    // key is null when another tab cleared the whole storage.
    if (key === storeName || key === null) notify({ fromOtherTab: true });
  };

  return {
    readSession,
    readSessionOrNull,
    readAccessToken: () => readSessionOrNull()?.accessToken ?? null,
    signIn: (response) => {
      const session: Session = {
        authenticatedUser: response.user,
        accessToken: response.accessToken,
        authId: response.authId,
        roles: roleKeysOf(response.user),
      };
      write(session);
      return session;
    },
    updateAccessToken: (accessToken) => {
      const session = readSessionOrNull();
      if (!session) return false;
      write({ ...session, accessToken });
      return true;
    },
    updateAuthenticatedUser: (user) => {
      const session = readSessionOrNull();
      if (!session) return false;
      write({ ...session, authenticatedUser: user, roles: roleKeysOf(user) });
      return true;
    },
    clearSession: () => {
      storage().removeItem(storeName);
      lastDecoded = null;
      notify();
    },
    subscribeToSession: (listener) => {
      if (listeners.size === 0) events()?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events()?.removeEventListener('storage', onStorage);
      };
    },
  };
};
