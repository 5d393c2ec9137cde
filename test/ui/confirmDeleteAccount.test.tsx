import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSessionOrNull } from '../../src/providers';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

/** Records the confirmation and sign-out calls; sign-out answers `signOutStatus`. */
const recordCalls = (signOutStatus = 204) => {
  const calls: { path: string; body: unknown; csrf: string | null }[] = [];
  server.use(
    http.post(apiUrl('/auth/confirm-delete-account'), async ({ request }) => {
      calls.push({ path: 'confirm-delete-account', body: await request.json(), csrf: null });
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/auth/sign-out'), ({ request }) => {
      calls.push({ path: 'sign-out', body: null, csrf: request.headers.get('X-Requested-With') });
      return signOutStatus === 204
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ message: 'boom' }, { status: signOutStatus });
    }),
  );
  return calls;
};

const confirmDeletion = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
};

afterEach(() => vi.restoreAllMocks());

describe('/delete-account/:token', () => {
  it('deletes the account, then ends the session of this browser on the server', async () => {
    const calls = recordCalls();
    // The link may be another account's, opened in this browser signed in as Ana: her session must end too.
    startSignedIn();
    renderApp('/delete-account/the-confirm-token');
    await confirmDeletion();

    expect(await screen.findByText(/Your account was deleted/)).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'confirm-delete-account', body: { confirmDeleteAccountToken: 'the-confirm-token' }, csrf: null },
      { path: 'sign-out', body: null, csrf: 'XMLHttpRequest' },
    ]);
    expect(readSessionOrNull()).toBeNull();
  });

  it('only logs a failed server sign-out and still shows the deletion', async () => {
    const calls = recordCalls(500);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startSignedIn();
    renderApp('/delete-account/the-confirm-token');
    await confirmDeletion();

    expect(await screen.findByText(/Your account was deleted/)).toBeInTheDocument();
    expect(calls.map(({ path }) => path)).toEqual(['confirm-delete-account', 'sign-out']);
    expect(warn).toHaveBeenCalledOnce();
    expect(readSessionOrNull()).toBeNull();
  });

  it('signs nobody out when the link is refused', async () => {
    let signOuts = 0;
    server.use(
      http.post(apiUrl('/auth/confirm-delete-account'), () =>
        HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 404 }),
      ),
      http.post(apiUrl('/auth/sign-out'), () => {
        signOuts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    startSignedIn();
    renderApp('/delete-account/a-used-token');
    await confirmDeletion();

    expect(await screen.findByText(/This confirmation link is invalid/)).toBeInTheDocument();
    await waitFor(() => expect(readSessionOrNull()?.authenticatedUser.firstName).toBe('Ana'));
    expect(signOuts).toBe(0);
  });
});
