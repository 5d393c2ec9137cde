import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canOpenPath } from '../../providers/accessControl';
import { appConfig } from '../config/env';
import { PATHS } from '../pages/paths';
import { DelayedLoader } from './DelayedLoader';
import { useServerRoleKeys } from './useServerRoleKeys';

/**
 * The route guard of SPEC §6 for the app's own pages (dashboard, settings, the placeholder areas):
 * the page opens when the server's role keys open the current path (SPEC §2's prefix rule over
 * domain/access.ts), otherwise the visitor goes to /unauthorized. Nothing of the page shows while the
 * roles load (only the delayed loader), so a forbidden page never flashes. Resource screens are guarded
 * by react-admin itself through the auth provider's canAccess, which reads the same table.
 */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { roleKeys, isPending } = useServerRoleKeys();
  if (isPending) return <DelayedLoader />;
  if (!canOpenPath(roleKeys, pathname, { isProduction: appConfig.isProduction })) {
    return <Navigate to={PATHS.unauthorized} replace />;
  }
  return <>{children}</>;
};
