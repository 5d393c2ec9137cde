import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_STORE_NAME } from '../../providers/session';
import { readSessionOrNull } from '../../src/providers';
import { apiUrl, server, signInAnswer } from './msw';
import { renderApp } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

async function submitCredentials(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/email/i), email);
  await user.type(screen.getByLabelText(/password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in screen', () => {
  it('signs in and greets the user on the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/sign-in'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(signInAnswer());
      }),
    );
    renderApp('/auth');
    await submitCredentials('ana@demo.ch', 'a good long password');

    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(body).toEqual({ email: 'ana@demo.ch', password: 'a good long password' });
    expect(readSessionOrNull()?.authenticatedUser.firstName).toBe('Ana');
  });

  it('shows a wrong password in place and stays on /auth', async () => {
    server.use(
      http.post(apiUrl('/auth/sign-in'), () => HttpResponse.json({ message: 'INVALID_CREDENTIALS' }, { status: 401 })),
    );
    renderApp('/auth');
    await submitCredentials('ana@demo.ch', 'not the password');

    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(readSessionOrNull()).toBeNull();
  });

  it('shows a malformed email in place without asking the server (which would answer 400)', async () => {
    let requests = 0;
    server.use(
      http.post(apiUrl('/auth/sign-in'), () => {
        requests += 1;
        return HttpResponse.json(
          { message: 'Invalid input', errors: { email: 'Enter a valid email address.' } },
          { status: 400 },
        );
      }),
    );
    renderApp('/auth');
    await submitCredentials('ana@demo', 'a good long password');

    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(requests).toBe(0);
  });

  it('explains too many attempts', async () => {
    server.use(
      http.post(apiUrl('/auth/sign-in'), () => HttpResponse.json({ message: 'TOO_MANY_ATTEMPTS' }, { status: 429 })),
    );
    renderApp('/auth');
    await submitCredentials('ana@demo.ch', 'whatever');

    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
  });

  it.each([
    ['900', 'Too many attempts. Try again in 15 minutes.'],
    ['61', 'Too many attempts. Try again in 2 minutes.'],
    ['30', 'Too many attempts. Try again in 1 minute.'],
  ])('says how long to wait when the server answers Retry-After: %s', async (retryAfter, message) => {
    server.use(
      http.post(apiUrl('/auth/sign-in'), () =>
        HttpResponse.json({ message: 'TOO_MANY_ATTEMPTS' }, { status: 429, headers: { 'Retry-After': retryAfter } }),
      ),
    );
    renderApp('/auth');
    await submitCredentials('ana@demo.ch', 'whatever');

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('explains an unreachable server', async () => {
    server.use(http.post(apiUrl('/auth/sign-in'), () => HttpResponse.error()));
    renderApp('/auth');
    await submitCredentials('ana@demo.ch', 'whatever');

    expect(await screen.findByText(/The server cannot be reached/)).toBeInTheDocument();
  });

  it('returns to the private page that sent the visitor to /auth', async () => {
    server.use(http.post(apiUrl('/auth/sign-in'), () => HttpResponse.json(signInAnswer())));
    renderApp('/settings');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    await submitCredentials('ana@demo.ch', 'a good long password');

    await waitFor(() => expect(currentPath()).toBe('/settings'));
    expect(await screen.findByText('Preferences')).toBeInTheDocument();
  });

  it('asks to sign in again when the stored session cannot be read', async () => {
    // A session written with another secret or tampered with: the only case where we write storage by hand.
    localStorage.setItem(SESSION_STORE_NAME, 'U2FsdGVkX1+not-a-session');
    renderApp('/dashboard');

    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByText(/Your session could not be read/)).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_STORE_NAME)).toBeNull();
  });
});
