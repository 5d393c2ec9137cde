import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, SESSION_STORE_NAME } from '../../providers/session';
import { appConfig } from '../../src/config/env';
import { ana, signInAnswer } from './msw';
import { renderApp, startSignedIn } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

/** What the browser does in this tab when another tab changes the stored session. */
const anotherTabChangesTheSession = (change: () => void) => {
  change();
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORE_NAME, storageArea: localStorage }));
};

/** The other tab's own session store: same storage and secret, its writes reach this tab only as `storage` events. */
const otherTab = createSessionStore({
  secret: appConfig.cryptoSecret,
  storage: () => localStorage,
  events: () => undefined,
});

describe('a sign-out in another tab', () => {
  it('signs this tab out too and sends it to /auth', async () => {
    startSignedIn();
    renderApp('/dashboard');
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();

    anotherTabChangesTheSession(() => localStorage.removeItem(SESSION_STORE_NAME));

    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('leaves this tab alone when another tab only refreshed the token', async () => {
    startSignedIn();
    renderApp('/dashboard');
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();

    anotherTabChangesTheSession(() => otherTab.signIn({ ...signInAnswer(), accessToken: 'a-refreshed-access-token' }));

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getByText('Hello, Ana')).toBeInTheDocument();
  });
});

/** the test DOM cannot load a page: replace `location` so the full reload can be observed. */
const stubLocation = () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
  return { assign };
};

afterEach(() => vi.unstubAllGlobals());

describe('a sign-in in another tab', () => {
  it('reloads the app at /dashboard when another user signed in there', async () => {
    startSignedIn();
    renderApp('/settings');
    expect(await screen.findByText('Preferences')).toBeInTheDocument();
    const { assign } = stubLocation();

    anotherTabChangesTheSession(() =>
      otherTab.signIn(signInAnswer({ ...ana, id: 8, firstName: 'Bea', email: 'bea@demo.ch' })),
    );

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('reloads the app when the same account signed in again there (another sign-in)', async () => {
    startSignedIn();
    renderApp('/dashboard');
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    const { assign } = stubLocation();

    anotherTabChangesTheSession(() =>
      otherTab.signIn({ ...signInAnswer(), authId: '0a1b2c3d-4e5f-4a6b-8c7d-9e8f7a6b5c4d' }),
    );

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('does not reload for a change of the same sign-in (a refreshed token, an updated user)', async () => {
    startSignedIn();
    renderApp('/dashboard');
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    const { assign } = stubLocation();

    anotherTabChangesTheSession(() =>
      otherTab.signIn({ ...signInAnswer({ ...ana, lastName: 'Keller-Favre' }), accessToken: 'a-newer-access-token' }),
    );

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(assign).not.toHaveBeenCalled();
  });
});
