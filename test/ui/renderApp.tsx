import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminApp, CrashBoundary, createQueryClient } from '../../src/App';
import { signIn } from '../../providers/session';
import { signInAnswer } from './msw';
import type { SessionUser } from '../../domain/user';

/** Where the app's router is now, written into the page so tests can wait for a redirect. */
const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
};

/** The whole app (crash boundary, react-admin, every route) at `path`, with a fresh query cache. */
export const renderApp = (path: string) =>
  render(
    <CrashBoundary>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AdminApp queryClient={createQueryClient()} />
        <LocationProbe />
      </MemoryRouter>
    </CrashBoundary>,
  );

/** Stores a session the way a real sign-in does (the providers' session API). */
export const startSignedIn = (user?: SessionUser) => signIn(signInAnswer(user));
