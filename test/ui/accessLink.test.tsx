import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ana, apiUrl, server, signInAnswer } from './msw';
import { renderApp, startSignedIn } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;
const OTHER_AUTH_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the access-link landing /auth/sign_in', () => {
  it('signs in a user without a password and continues to /auth/update_password', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/auth/access-link'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(signInAnswer({ ...ana, hasPassword: false }));
      }),
    );
    renderApp(`/auth/sign_in?authId=${signInAnswer().authId}&token=one-time-token`);

    await waitFor(() => expect(currentPath()).toBe('/auth/update_password'));
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/current password/i)).not.toBeInTheDocument();
    expect(posted).toEqual([{ authId: signInAnswer().authId, token: 'one-time-token' }]);
  });

  it('sends a visitor signed in as someone else back to /auth without using the link', async () => {
    let posts = 0;
    server.use(
      http.post(apiUrl('/auth/access-link'), () => {
        posts += 1;
        return HttpResponse.json(signInAnswer());
      }),
    );
    startSignedIn();
    renderApp(`/auth/sign_in?authId=${OTHER_AUTH_ID}&token=one-time-token`);

    // /auth itself forwards a signed-in visitor to the dashboard.
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(posts).toBe(0);
  });

  it('explains an invalid link and offers the way to /auth', async () => {
    server.use(
      http.post(apiUrl('/auth/access-link'), () =>
        HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 401 }),
      ),
    );
    renderApp(`/auth/sign_in?authId=${signInAnswer().authId}&token=used-token`);

    expect(await screen.findByText(/This access link is invalid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/auth');
  });
});
