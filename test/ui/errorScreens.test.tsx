import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Admin, CustomRoutes, memoryStore, testDataProvider } from 'react-admin';
import { MemoryRouter, Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/providers';
import { CrashBoundary } from '../../src/App';
import { Layout } from '../../src/layout/Layout';
import { sessionStore } from '../../src/publicProviders';
import { SessionStoreContext } from '../../providers/appContexts';
import { readSessionOrNull } from '../../src/providers';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';
import { ShownStyles } from './styles';

const currentPath = () => screen.getByTestId('location').textContent;

/** the test DOM cannot navigate: replace `location` so a Refresh can be observed. */
const stubLocation = () => {
  const assign = vi.fn();
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign, reload });
  return { assign, reload };
};

const Boom = (): never => {
  throw new Error('The page blew up');
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the error screens', () => {
  it('shows /unauthorized with a Refresh that reloads the site', async () => {
    renderApp('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Ooops, unAuthorized :(' })).toBeInTheDocument();

    const { assign } = stubLocation();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(assign).toHaveBeenCalledWith(window.location.origin);
  });

  it('offers the ways forward from /unauthorized: back to the dashboard, or sign out and in as someone else', async () => {
    let signOuts = 0;
    server.use(
      http.post(apiUrl('/auth/sign-out'), () => {
        signOuts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    startSignedIn();
    renderApp('/unauthorized');
    expect(
      await screen.findByText('You are signed in with an account that may not open this page.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByText('Hello, Ana')).toBeInTheDocument();
    cleanup();

    renderApp('/unauthorized');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in as someone else' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(signOuts).toBe(1);
    expect(readSessionOrNull()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers to request a new link from an unknown reset link', async () => {
    server.use(
      http.get(apiUrl('/auth/verify-reset-password-token'), () =>
        HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 404 }),
      ),
    );
    renderApp('/reset-password/an-unknown-token');
    expect(
      await screen.findByText('This password reset link is invalid, was already used or has expired.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(currentPath()).toBe('/forgot-password'));
    expect(await screen.findByRole('button', { name: 'Send the link' })).toBeInTheDocument();
  });

  it('checks a reset token with the server and shows the not-found style screen when it is unknown', async () => {
    const askedTokens: Array<string | null> = [];
    server.use(
      http.get(apiUrl('/auth/verify-reset-password-token'), ({ request }) => {
        askedTokens.push(new URL(request.url).searchParams.get('resetPasswordToken'));
        return HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 404 });
      }),
    );
    renderApp('/reset-password/an-unknown-token');

    expect(await screen.findByRole('heading', { name: 'Ooops, something went wrong :(' })).toBeInTheDocument();
    expect(askedTokens).toEqual(['an-unknown-token']);
    expect(screen.queryByLabelText(/new password/i)).not.toBeInTheDocument();

    const { assign } = stubLocation();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(assign).toHaveBeenCalledWith(window.location.origin);
  });

  it('opens the reset form only once the server knows the token', async () => {
    server.use(http.get(apiUrl('/auth/verify-reset-password-token'), () => new HttpResponse(null, { status: 204 })));
    renderApp('/reset-password/a-known-token');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^new password/i)).toBeInTheDocument();
  });

  it('replaces a crashed app with the crash fallback and its Refresh button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <CrashBoundary>
        <Boom />
      </CrashBoundary>,
      { wrapper: ShownStyles },
    );

    expect(await screen.findByRole('heading', { name: 'Ooops, something went wrong :(' })).toBeInTheDocument();
    const { reload } = stubLocation();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows a failing page as the router error box with a Show Error / Hide Error toggle', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/boom']} useTransitions={false}>
        {/* The layout's bell reads the signed-in user from the session, as in the app. */}
        <SessionStoreContext.Provider value={sessionStore}>
          <Admin i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()} layout={Layout}>
            <CustomRoutes>
              <Route path="/boom" element={<Boom />} />
            </CustomRoutes>
          </Admin>
        </SessionStoreContext.Provider>
      </MemoryRouter>,
      { wrapper: ShownStyles },
    );

    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.queryByText(/The page blew up/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(await screen.findByText(/The page blew up/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    await waitFor(() => expect(screen.queryByText(/The page blew up/)).not.toBeInTheDocument());
  });
});
