import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isPublicPagePath, loadAdminApp, loadPublicApp } from './appChunks';
import { reportBoundaryError } from './errorReporting';
import { CrashFallback } from './pages/errors/CrashFallback';
import { createQueryClient } from './queryClient';

/**
 * The app's entry decides by path which of its two halves to load. The public pages (sign-in, access link,
 * password and account flows) are a small chunk of their own, on MUI and a small translate; the signed-in
 * app (react-admin, the resources) loads only for every other path, which is to say after sign-in, and each
 * resource's screens load when first opened. Both run under one router and one query cache: a sign-in moves
 * on to the dashboard, and a sign-out back to /auth, without reloading the page.
 */

const PublicApp = lazy(loadPublicApp);
const AdminApp = lazy(() => loadAdminApp().then((module) => ({ default: module.AdminApp })));

const defaultQueryClient = createQueryClient();

/** The half of the app for the current path (inside a router: the browser's, or a test's memory router). */
export const AppByPath = ({ queryClient = defaultQueryClient }: { queryClient?: QueryClient }) => {
  const { pathname } = useLocation();
  // No fallback: the first paint waits for the chunk, as it waited for the whole bundle before.
  return (
    <Suspense fallback={null}>
      {isPublicPagePath(pathname) ? <PublicApp queryClient={queryClient} /> : <AdminApp queryClient={queryClient} />}
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

/**
 * Navigation is synchronous (`useTransitions={false}`): react-admin's logout navigates and clears its
 * query cache in one go, and a navigation deferred as a transition would let the cleared auth check
 * run again on the old private page, signing out in a loop instead of reaching /auth.
 */
export const Root = () => (
  <CrashBoundary>
    <BrowserRouter useTransitions={false}>
      <AppByPath />
    </BrowserRouter>
  </CrashBoundary>
);
