import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isAreaPath } from '../../domain/access';
import { canOpenPath } from '../../providers/accessControl';
import { appConfig } from '../config/env';
import { PATHS } from '../pages/paths';
import { DelayedLoader } from '../../resources/shared/DelayedLoader';
import { useServerRoleKeys } from './useServerRoleKeys';

/**
 * The route guard for every private page, custom or resource: an area's page opens when the
 * role keys the server gives the user open the current path (the prefix rule over the table),
 * otherwise the visitor goes to /unauthorized. While the roles load nothing of the page shows (only the
 * delayed loader), so a forbidden page never flashes and a forbidden list never loads its records.
 * Within an open area, react-admin still asks the auth provider's canAccess for each action (a
 * COORDINATOR_ADMIN_FULL opens /users but may not edit a user).
 */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { roleKeys, isPending } = useServerRoleKeys();
  // Paths of no area (the Not Found page, react-admin's own pages) pass.
  if (!isAreaPath(pathname)) return <>{children}</>;
  if (isPending) return <DelayedLoader />;
  if (!canOpenPath(roleKeys, pathname, { isProduction: appConfig.isProduction })) {
    return <Navigate to={PATHS.unauthorized} replace />;
  }
  return <>{children}</>;
};
