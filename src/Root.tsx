import { Component, lazy, Suspense, useMemo, useSyncExternalStore, type ErrorInfo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { adminAppIfLoaded, isPublicPagePath, loadAdminApp, loadPublicApp } from './appChunks';
import { currentLocation, subscribeToLocation } from './browserLocation';
import { reportBoundaryError } from './errorReporting';
import { CrashFallback } from './pages/errors/CrashFallback';
import { SessionAnswersContext } from './public/sessionAnswers';

/**
 * The app's entry decides by path which of its two halves to load. The public pages (sign-in, access link,
 * password and account flows) are a small chunk of their own, on MUI, a small translate and the browser's
 * history (src/browserLocation.ts); the signed-in app (react-admin, react-router, TanStack Query, the resources)
 * loads only for every other path, which is to say after sign-in, and each resource's screens load when first
 * opened. A sign-in moves on to the dashboard, and a sign-out back to /auth, without reloading the page.
 */

const PublicApp = lazy(loadPublicApp);
const AdminApp = lazy(() => loadAdminApp().then((module) => ({ default: module.RoutedAdminApp })));

const currentPathname = () => currentLocation().pathname;

/**
 * After a public page signs someone in (or out), everything the signed-in app cached belongs to the session before,
 * so it is dropped, as react-admin's own logout drops it. Marking it stale would not do: a stale answer is still
 * served while it is fetched again, and react-admin asks for the permissions even signed out (its routes are
 * configured from them), so the route guard would read that visitor's "no roles" and send the new user to
 * /unauthorized. Nothing to drop when the signed-in app never loaded.
 */
const forgetSessionAnswers = (queryClient: QueryClient | undefined) => async () => {
  const adminApp = adminAppIfLoaded();
  if (!adminApp) return;
  const { defaultQueryClient } = await adminApp;
  (queryClient ?? defaultQueryClient).clear();
};

/** The half of the app for the browser's current path; tests give each render a query cache of its own. */
export const AppByPath = ({ queryClient }: { queryClient?: QueryClient }) => {
  const pathname = useSyncExternalStore(subscribeToLocation, currentPathname);
  const forgetAnswers = useMemo(() => forgetSessionAnswers(queryClient), [queryClient]);
  // No fallback: the first paint waits for the chunk, as it waited for the whole bundle before.
  return (
    <Suspense fallback={null}>
      {isPublicPagePath(pathname) ? (
        <SessionAnswersContext.Provider value={forgetAnswers}>
          <PublicApp />
        </SessionAnswersContext.Provider>
      ) : (
        <AdminApp queryClient={queryClient} />
      )}
    </Suspense>
  );
};

/** The global crash fallback around everything; what it catches is reported (src/errorReporting.ts). */
export class CrashBoundary extends Component<{ children: ReactNode }, { hasCrashed: boolean }> {
  override state = { hasCrashed: false };

  static getDerivedStateFromError() {
    return { hasCrashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportBoundaryError(error, info.componentStack);
  }

  override render() {
    return this.state.hasCrashed ? <CrashFallback /> : this.props.children;
  }
}

export const Root = () => (
  <CrashBoundary>
    <AppByPath />
  </CrashBoundary>
);
