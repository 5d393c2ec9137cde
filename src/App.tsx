import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import * as Sentry from '@sentry/react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource, useTranslate, type AuthProvider } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { MapsApiKeyContext, SessionStoreContext } from '../providers/appContexts';
import auditLog from '../resources/audit-log';
import establishments from '../resources/establishments';
import events from '../resources/events';
import outbox from '../resources/outbox';
import promoters from '../resources/promoters';
import {
  REFERENCE_DATA_RESOURCE_NAMES,
  ReferenceDataHome,
  referenceDataResourceProps,
} from '../resources/reference-data';
import tags from '../resources/tags';
import users from '../resources/users';
import { DelayedLoader, DelayedLoadingPage } from '../resources/shared/DelayedLoader';
import { GuardedLayout } from './layout/GuardedLayout';
import { RouterErrorBox } from './layout/RouterErrorBox';
import { ToastNotification } from './notifications/ToastNotification';
import { SignInPage } from './pages/auth/SignInPage';
import { isUnreadableSessionError, rememberSignInNotice } from './pages/auth/signInNotice';
import { DashboardPage } from './pages/DashboardPage';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { AccessDenied } from './pages/errors/AccessDenied';
import { CrashFallback } from './pages/errors/CrashFallback';
import { ReactAdminLoginRedirect } from './pages/errors/ReactAdminLoginRedirect';
import { UnauthorizedPage } from './pages/errors/UnauthorizedPage';
import { areaPath, PATHS } from './pages/paths';
import { PlaceholderPage, PLACEHOLDER_AREAS } from './pages/placeholders';
import { authProvider, dataProvider, i18nProvider, mapsApiKey, preferencesStore, sessionStore } from './providers';
import { darkTheme, lightTheme } from './theme';

/** Data is fresh 60 s, no retry, no refetch on focus; unused data is kept 5 minutes. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * react-admin drops the reason of a failed check when it sends the visitor to /auth; remember the one
 * the sign-in screen must explain (the session could not be read).
 */
const withSignInNotice = (provider: AuthProvider): AuthProvider => ({
  ...provider,
  checkAuth: async (params) => {
    try {
      return await provider.checkAuth(params);
    } catch (error) {
      if (isUnreadableSessionError(error)) rememberSignInNotice(error.reason);
      throw error;
    }
  },
});

const appAuthProvider = withSignInNotice(authProvider);

/** Loads a page's code on first visit; the spinner only shows when that takes more than a second. */
const lazyPage = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  const LazyPage = () => (
    <Suspense fallback={<DelayedLoader />}>
      <Page />
    </Suspense>
  );
  return LazyPage;
};

const AccessLinkPage = lazyPage(() => import('./pages/auth/AccessLinkPage'), 'AccessLinkPage');
const UpdatePasswordPage = lazyPage(() => import('./pages/auth/UpdatePasswordPage'), 'UpdatePasswordPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage');
const DeleteAccountPage = lazyPage(() => import('./pages/auth/DeleteAccountPage'), 'DeleteAccountPage');
const ConfirmDeleteAccountPage = lazyPage(
  () => import('./pages/auth/ConfirmDeleteAccountPage'),
  'ConfirmDeleteAccountPage',
);
const SettingsPage = lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage');

/** `/` (the dashboard slot of react-admin) is only a way in: the dashboard lives at /dashboard. */
const RootRedirect = () => <Navigate to={PATHS.dashboard} />;

const defaultQueryClient = createQueryClient();

/** The app's name where react-admin shows a default title (Not Found, error pages), translated. */
const AppName = () => <>{useTranslate()('app.name')}</>;

export interface AdminAppProps {
  queryClient?: QueryClient;
}

/** What the screens read besides react-admin's providers (providers/appContexts.ts). */
const AppContexts = ({ children }: { children: ReactNode }) => (
  <SessionStoreContext.Provider value={sessionStore}>
    <MapsApiKeyContext.Provider value={mapsApiKey}>{children}</MapsApiKeyContext.Provider>
  </SessionStoreContext.Provider>
);

/**
 * The react-admin application, without a router: `App` adds the browser router, tests a memory router.
 * `requireAuth` sends every route that is not a public (noLayout) route to /auth when signed out.
 */
export const AdminApp = ({ queryClient = defaultQueryClient }: AdminAppProps) => (
  <AppContexts>
    <Admin
      title={<AppName />}
      dataProvider={dataProvider}
      authProvider={appAuthProvider}
      i18nProvider={i18nProvider}
      store={preferencesStore}
      queryClient={queryClient}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      layout={GuardedLayout}
      dashboard={RootRedirect}
      notification={ToastNotification}
      error={RouterErrorBox}
      loading={DelayedLoadingPage}
      accessDenied={AccessDenied}
      catchAll={NotFoundPage}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path={PATHS.signIn} element={<SignInPage />} />
        <Route path={PATHS.accessLink} element={<AccessLinkPage />} />
        <Route path={PATHS.updatePassword} element={<UpdatePasswordPage />} />
        <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={`${PATHS.resetPassword}/:resetPasswordToken`} element={<ResetPasswordPage />} />
        <Route path={PATHS.deleteAccount} element={<DeleteAccountPage />} />
        <Route path={`${PATHS.deleteAccount}/:confirmDeleteAccountToken`} element={<ConfirmDeleteAccountPage />} />
        <Route path={PATHS.unauthorized} element={<UnauthorizedPage />} />
        <Route path={PATHS.reactAdminLogin} element={<ReactAdminLoginRedirect />} />
      </CustomRoutes>
      {/* Every page in the layout, custom or resource, is guarded by the server's role keys (GuardedLayout). */}
      <CustomRoutes>
        <Route path={PATHS.dashboard} element={<DashboardPage />} />
        <Route path={PATHS.settings} element={<SettingsPage />} />
        <Route path={areaPath('reference-data')} element={<ReferenceDataHome />} />
        {PLACEHOLDER_AREAS.map((area) => (
          <Route key={area} path={`${areaPath(area)}/*`} element={<PlaceholderPage area={area} />} />
        ))}
      </CustomRoutes>
      <Resource name="users" {...users} />
      <Resource name="tags" {...tags} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="outbox" {...outbox} />
      {REFERENCE_DATA_RESOURCE_NAMES.map((name) => (
        <Resource key={name} name={name} {...referenceDataResourceProps} />
      ))}
      <Resource name="establishments" {...establishments} />
      <Resource name="promoters" {...promoters} />
      <Resource {...events} />
    </Admin>
  </AppContexts>
);

/** The global crash fallback around everything; Sentry reports what it catches. */
export const CrashBoundary = ({ children }: { children: ReactNode }) => (
  <Sentry.ErrorBoundary fallback={<CrashFallback />}>{children}</Sentry.ErrorBoundary>
);

/**
 * Navigation is synchronous (`useTransitions={false}`): react-admin's logout navigates and clears its
 * query cache in one go, and a navigation deferred as a transition would let the cleared auth check
 * run again on the old private page, signing out in a loop instead of reaching /auth.
 */
export const App = () => (
  <CrashBoundary>
    <BrowserRouter useTransitions={false}>
      <AdminApp />
    </BrowserRouter>
  </CrashBoundary>
);
