import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, startSignedIn } from './renderApp';

const currentPath = () => screen.getByTestId('location').textContent;

describe('the redirects of SPEC §2', () => {
  it('sends a signed-out visitor from / to /auth', async () => {
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor from / to /dashboard', async () => {
    startSignedIn();
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
  });

  it.each(['/dashboard', '/settings', '/outbox', '/establishments'])('sends a signed-out visitor from %s to /auth', async (path) => {
    renderApp(path);
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByLabelText(/email/i)).toBeInTheDocument();
  });

  it('sends a signed-in visitor from /auth to /dashboard', async () => {
    startSignedIn();
    renderApp('/auth');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
  });
});
