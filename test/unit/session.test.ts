// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_STORE_NAME, type SessionStore } from '../../providers/session';
import { encodeSession, SessionUnreadableError } from '../../providers/sessionCodec';
import { rootSession, rootUser, signInResponse } from './sessionFixtures';

const SECRET = 'unit-test-secret';

/** What the browser fires in this tab when another tab writes the same localStorage. */
const storageEventFromAnotherTab = (key: string | null, newValue: string | null) =>
  new StorageEvent('storage', { key, newValue, storageArea: localStorage });

describe('session store', () => {
  let store: SessionStore;

  beforeEach(() => {
    localStorage.clear();
    store = createSessionStore({ secret: SECRET, storage: () => localStorage });
  });
  afterEach(() => localStorage.clear());

  it('has no session before sign-in', () => {
    expect(store.readSession()).toBeNull();
    expect(store.readAccessToken()).toBeNull();
  });

  it('stores the sign-in answer encrypted under one store name', () => {
    expect(store.signIn(signInResponse)).toEqual(rootSession);
    const text = localStorage.getItem(SESSION_STORE_NAME);
    expect(text).toBeTypeOf('string');
    expect(text).not.toContain(rootUser.email);
    expect(localStorage.length).toBe(1);
    // A fresh store (another page load) reads the same session back.
    expect(createSessionStore({ secret: SECRET, storage: () => localStorage }).readSession()).toEqual(rootSession);
  });

  it('updates the access token and keeps the rest', () => {
    store.signIn(signInResponse);
    expect(store.updateAccessToken('access-token-2')).toBe(true);
    expect(store.readSession()).toEqual({ ...rootSession, accessToken: 'access-token-2' });
    expect(store.readAccessToken()).toBe('access-token-2');
  });

  it('does not invent a session when updating the token of nobody', () => {
    expect(store.updateAccessToken('access-token-2')).toBe(false);
    expect(store.readSession()).toBeNull();
  });

  it('updates the user and its role keys', () => {
    store.signIn(signInResponse);
    store.updateAuthenticatedUser({ ...rootUser, userRoles: [{ role: { id: 2, key: 'ADMIN' } }] });
    expect(store.readSession()?.roles).toEqual(['ADMIN']);
  });

  it('clears the session', () => {
    store.signIn(signInResponse);
    store.clearSession();
    expect(store.readSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORE_NAME)).toBeNull();
  });

  it('throws SessionUnreadableError for an unreadable stored text, but gives no bearer token', () => {
    localStorage.setItem(SESSION_STORE_NAME, 'not-an-encrypted-session');
    expect(() => store.readSession()).toThrow(SessionUnreadableError);
    expect(store.readAccessToken()).toBeNull();
  });

  it('does not read a session written with another secret', () => {
    localStorage.setItem(SESSION_STORE_NAME, encodeSession(rootSession, 'another-secret'));
    expect(() => store.readSession()).toThrow(SessionUnreadableError);
  });

  it('tells subscribers about changes made in this tab', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeToSession(listener);
    store.signIn(signInResponse);
    store.updateAccessToken('access-token-2');
    store.clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(listener).toHaveBeenCalledWith({ fromOtherTab: false });
    unsubscribe();
    store.signIn(signInResponse);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('follows a sign-out and a sign-in made in another tab', () => {
    store.signIn(signInResponse);
    const seen: Array<string | null> = [];
    const unsubscribe = store.subscribeToSession(({ fromOtherTab }) => {
      expect(fromOtherTab).toBe(true);
      seen.push(store.readSession()?.accessToken ?? null);
    });

    // The other tab signs out: the storage no longer holds the session.
    localStorage.removeItem(SESSION_STORE_NAME);
    window.dispatchEvent(storageEventFromAnotherTab(SESSION_STORE_NAME, null));

    // The other tab signs in again with a new token.
    const otherTabText = encodeSession({ ...rootSession, accessToken: 'from-other-tab' }, SECRET);
    localStorage.setItem(SESSION_STORE_NAME, otherTabText);
    window.dispatchEvent(storageEventFromAnotherTab(SESSION_STORE_NAME, otherTabText));

    // Another tab cleared the whole storage (key null).
    localStorage.clear();
    window.dispatchEvent(storageEventFromAnotherTab(null, null));

    // Other keys are none of our business.
    window.dispatchEvent(storageEventFromAnotherTab('RaStore.theme', '"dark"'));

    expect(seen).toEqual([null, 'from-other-tab', null]);
    unsubscribe();
    window.dispatchEvent(storageEventFromAnotherTab(SESSION_STORE_NAME, null));
    expect(seen).toHaveLength(3);
  });
});
