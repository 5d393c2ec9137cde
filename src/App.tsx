import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource, useTranslate } from 'react-admin';
import { BrowserRouter, Navigate, Route, useLocation } from 'react-router-dom';
import { MapsApiKeyContext, SessionStoreContext } from '../providers/appContexts';
import asks from '../resources/asks';
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
import tagTerms from '../resources/tag-terms';
import users from '../resources/users';
import widgetSettings, { WidgetSettingsEdit, WidgetSettingsHome } from '../resources/widget-settings';
import offerTemplates, { OfferTemplateListPage, TemplateRequestsPage } from '../resources/offer-templates';
import offers, { OfferListPage } from '../resources/offers';
import promoCodes, { promoCodeTemplates, PromoCodesPage } from '../resources/promo-codes';
import notifications from '../resources/notifications';
import { StatisticsPage } from '../resources/statistics';
import { BillingPage, invoices, plans, subscriptions } from '../resources/billing';
import { DelayedLoader, DelayedLoadingPage } from '../resources/shared/DelayedLoader';
import { notifyLocationChange } from './browserLocation';
import { GuardedLayout } from './layout/GuardedLayout';
import { RouterErrorBox } from './layout/RouterErrorBox';
import { ToastNotification } from './notifications/ToastNotification';
import { withSignInNotice } from './pages/auth/withSignInNotice';
import { DashboardPage } from './pages/DashboardPage';
import { NotFoundPage } from './pages/errors/NotFoundPage';
import { AccessDenied } from './pages/errors/AccessDenied';
import { ReactAdminLoginRedirect } from './pages/errors/ReactAdminLoginRedirect';
import { UnauthorizedPage } from './pages/errors/UnauthorizedPage';
import { areaPath, PATHS } from './pages/paths';
import { authProvider, dataProvider, i18nProvider, mapsApiKey, preferencesStore, sessionStore } from './providers';
import { createQueryClient } from './queryClient';
import { darkTheme, lightTheme } from './theme';

export { createQueryClient } from './queryClient';
export { CrashBoundary } from './Root';

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

const SettingsPage = lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage');

/** `/` (the dashboard slot of react-admin) is only a way in: the dashboard lives at /dashboard. */
const RootRedirect = () => <Navigate to={PATHS.dashboard} />;

/** The signed-in app's query cache, kept across sign-outs and sign-ins (react-admin clears it on logout). */
export const defaultQueryClient = createQueryClient();

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
 * The react-admin application (every path but the public pages'), without a router: RoutedAdminApp puts it
 * under the browser's router, some tests under a memory router. `requireAuth` sends every route that is not a
 * noLayout route to /auth when signed out.
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
        <Route path={PATHS.unauthorized} element={<UnauthorizedPage />} />
        <Route path={PATHS.reactAdminLogin} element={<ReactAdminLoginRedirect />} />
      </CustomRoutes>
      {/* Every page in the layout, custom or resource, is guarded by the server's role keys (GuardedLayout). */}
      <CustomRoutes>
        <Route path={PATHS.dashboard} element={<DashboardPage />} />
        <Route path={PATHS.settings} element={<SettingsPage />} />
        <Route path={areaPath('reference-data')} element={<ReferenceDataHome />} />
        {/* The widget settings live under the menu's area (the permission table's route), not the API's name. */}
        <Route path={areaPath('iframe')} element={<WidgetSettingsHome />} />
        <Route path={`${areaPath('iframe')}/:id`} element={<WidgetSettingsEdit />} />
        {/* The offer templates' pages at the table's routes; their drawers open by path below them. */}
        <Route path={`${areaPath('discount-template')}/*`} element={<OfferTemplateListPage />} />
        <Route path={`${areaPath('request-discount-template')}/*`} element={<TemplateRequestsPage />} />
        {/* The offers live under the menu's area (the permission table's `discount`), not the API's name. */}
        <Route path={`${areaPath('discount')}/*`} element={<OfferListPage />} />
        {/* The codes and their templates share the permission table's promo-code page (tabs, drawers by path). */}
        <Route path={`${areaPath('promo-code')}/*`} element={<PromoCodesPage />} />
        <Route path={areaPath('statistics')} element={<StatisticsPage />} />
        {/* Billing: ROOT's tabs (invoices, subscriptions, plans) or a partner's own page, drawers by path. */}
        <Route path={`${areaPath('billing')}/*`} element={<BillingPage />} />
      </CustomRoutes>
      <Resource name="users" {...users} />
      <Resource name="tags" {...tags} />
      <Resource {...tagTerms} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="outbox" {...outbox} />
      {REFERENCE_DATA_RESOURCE_NAMES.map((name) => (
        <Resource key={name} name={name} {...referenceDataResourceProps} />
      ))}
      <Resource name="establishments" {...establishments} />
      <Resource name="promoters" {...promoters} />
      <Resource {...events} />
      <Resource {...widgetSettings} />
      <Resource {...offerTemplates} />
      <Resource {...offers} />
      <Resource {...promoCodes} />
      <Resource {...promoCodeTemplates} />
      <Resource {...notifications} />
      <Resource {...asks} />
      <Resource {...plans} />
      <Resource {...subscriptions} />
      <Resource {...invoices} />
    </Admin>
  </AppContexts>
);

/** Tells src/Root.tsx of every move of the router, so that a sign-out to /auth shows the public pages. */
const LocationReporter = () => {
  const location = useLocation();
  useEffect(() => notifyLocationChange(), [location]);
  return null;
};

/**
 * The signed-in app under the browser's router, which only this half of the app loads (the public pages use
 * src/browserLocation.ts). Navigation is synchronous (`useTransitions={false}`): react-admin's logout navigates
 * and clears its query cache in one go, and a navigation deferred as a transition would let the cleared auth
 * check run again on the old private page, signing out in a loop instead of reaching /auth.
 */
export const RoutedAdminApp = (props: AdminAppProps) => (
  <BrowserRouter useTransitions={false}>
    <LocationReporter />
    <AdminApp {...props} />
  </BrowserRouter>
);
