import { screen, waitFor, within } from '@testing-library/react';
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

  it.each(['/dashboard', '/settings', '/outbox', '/establishments'])(
    'sends a signed-out visitor from %s to /auth',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(currentPath()).toBe('/auth'));
      expect(await screen.findByLabelText(/email/i)).toBeInTheDocument();
    },
  );

  it('sends a signed-in visitor from /auth to /dashboard', async () => {
    startSignedIn();
    renderApp('/auth');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
  });

  it('shows a signed-in visitor the Not Found page for an unknown path, with a way back to the dashboard', async () => {
    startSignedIn();
    renderApp('/no-such-page');
    const heading = await screen.findByRole('heading', { name: 'Not Found', level: 1 });
    const page = within(heading.closest('section') as HTMLElement);
    // react-admin's own page appended a second period to this sentence.
    expect(page.getByText('Either you typed a wrong URL, or you followed a bad link.')).toBeInTheDocument();
    page.getByRole('link', { name: 'Dashboard' }).click();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });
});
