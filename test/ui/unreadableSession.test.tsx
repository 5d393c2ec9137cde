import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../domain/authErrorCodes';
import { SESSION_STORE_NAME } from '../../providers/session';
import { takeSignInNotice } from '../../src/pages/auth/signInNotice';
import { withSignInNotice } from '../../src/pages/auth/withSignInNotice';
import { authProvider } from '../../src/providers';
import { apiUrl, server } from './msw';
import { renderApp } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

/**
 * Stores a session written with another secret or tampered with (the only case where a test writes storage by
 * hand), and counts the sign-outs the app then asks the server for.
 */
function storeUnreadableSession(): { count: number } {
  const signOuts = { count: 0 };
  server.use(
    http.post(apiUrl('/auth/sign-out'), () => {
      signOuts.count += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  localStorage.setItem(SESSION_STORE_NAME, 'U2FsdGVkX1+not-a-session');
  return signOuts;
}

describe('an unreadable session on a private route', () => {
  it.each(['/settings', '/dashboard', '/outbox', '/', '/auth'])(
    '%s: signs out once and explains it once, in the sign-in alert',
    async (path) => {
      const signOuts = storeUnreadableSession();
      renderApp(path);

      await waitFor(() => expect(currentPath()).toBe('/auth'));
      // The sign-in screen loads lazily: the first case in a worker waits for its modules on a busy machine.
      expect(
        await screen.findByText(/Your session could not be read/, undefined, { timeout: 15_000 }),
      ).toBeInTheDocument();
      // Anything late (a second sign-out, a toast) would arrive within this pause.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(screen.getAllByText(/Your session could not be read/)).toHaveLength(1);
      // The sign-in alert is the only alert: no toast repeats it.
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(signOuts.count).toBe(1);
      expect(localStorage.getItem(SESSION_STORE_NAME)).toBeNull();
    },
  );
});

describe("the sign-in screen's notice of an unreadable session", () => {
  it('is remembered whichever method reads the session first: the identity before the auth check', async () => {
    const signOuts = storeUnreadableSession();
    const provider = withSignInNotice(authProvider);

    await expect(provider.getIdentity!()).rejects.toMatchObject({ name: 'SessionUnreadableAuthError' });
    // The identity signed the session out: the auth check finds none, and has nothing to explain.
    await expect(provider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth', message: false });
    expect(signOuts.count).toBe(1);
    expect(takeSignInNotice()).toBe(AUTH_ERROR_CODES.accessLinkRequired);
  });
});
