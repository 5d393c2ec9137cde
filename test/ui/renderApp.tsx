import { useSyncExternalStore } from 'react';
import { render } from '@testing-library/react';
import { currentLocation, subscribeToLocation } from '../../src/browserLocation';
import { createQueryClient } from '../../src/queryClient';
import { AppByPath, CrashBoundary } from '../../src/Root';
import { sessionStore } from '../../src/providers';
import { signInAnswer } from './msw';
import type { SessionUser } from '../../domain/user';
import { ShownStyles } from './styles';

/**
 * The app loads its two halves and each resource's screens when first shown. Loaded here once, when a test file
 * imports this harness, as the whole app was before it was split: otherwise the first test of a file to show a
 * screen would also pay for compiling it, within its own time limits.
 */
await Promise.all(
  Object.values(
    import.meta.glob([
      '../../src/App.tsx',
      '../../src/public/PublicApp.tsx',
      '../../resources/*/*List.tsx',
      '../../resources/*/*Show.tsx',
      '../../resources/*/*Forms.tsx',
    ]),
  ).map((load) => load()),
);

/** Where the app is now (the path, with the query string when asked), so tests can wait for a redirect. */
const LocationProbe = ({ withQuery }: { withQuery: boolean }) => {
  const location = useSyncExternalStore(subscribeToLocation, currentLocation);
  return (
    <output data-testid="location">{withQuery ? `${location.pathname}${location.search}` : location.pathname}</output>
  );
};

/** The app routes on the browser's history (the public pages on their own, the signed-in app with its router). */
const renderAppAt = (path: string, withQuery: boolean) => {
  window.history.replaceState(null, '', path);
  return render(
    <CrashBoundary>
      <AppByPath queryClient={createQueryClient()} />
      <LocationProbe withQuery={withQuery} />
    </CrashBoundary>,
    { wrapper: ShownStyles },
  );
};

/** The whole app (crash boundary, the public pages or react-admin as the path says) at `path`, with a fresh query cache. */
export const renderApp = (path: string) => renderAppAt(path, false);

/** The whole app at `path` (as renderApp), with a probe that also shows the query string (`?occurrence=`). */
export const renderAppWithQuery = (path: string) => renderAppAt(path, true);

/** Stores a session the way a real sign-in does (the providers' session API). */
export const startSignedIn = (user?: SessionUser) => sessionStore.signIn(signInAnswer(user));
