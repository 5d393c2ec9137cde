import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORE_NAME } from '../../providers/session';
import { renderApp, startSignedIn } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

/** What the browser does in this tab when another tab changes the stored session. */
const anotherTabChangesTheSession = (change: () => void) => {
  change();
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORE_NAME, storageArea: localStorage }));
};

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

    anotherTabChangesTheSession(() => startSignedIn());

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentPath()).toBe('/dashboard');
    expect(screen.getByText('Hello, Ana')).toBeInTheDocument();
  });
});
