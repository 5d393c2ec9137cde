import { usePermissions } from 'react-admin';
import { hasPermission } from '../../domain/access';
import { decidesTemplates } from '../../domain/offerTemplate';

const NO_ROLES: readonly string[] = [];

/**
 * Whether these role keys decide any request: template requests (the platform's staff, decidesTemplates) or
 * promoters' event requests (EVENT update through a role other than PROMOTER, canDecideRequest's rule without
 * a venue). Only chooses what the screen offers (the menu's count, the "Awaiting me" filter): the server
 * decides which asks await whom.
 */
export const decidesAsks = (roleKeys: readonly string[]): boolean =>
  decidesTemplates(roleKeys) ||
  hasPermission(
    roleKeys.filter((key) => key !== 'PROMOTER'),
    'EVENT',
    'update',
  );

/** The signed-in user's role keys (the server's) and whether they decide requests. */
export const useAskViewer = (): { decides: boolean; isPending: boolean } => {
  const { permissions, isPending } = usePermissions<string[]>();
  const roleKeys = Array.isArray(permissions) ? permissions : NO_ROLES;
  return { decides: decidesAsks(roleKeys), isPending };
};

/**
 * The menu's count: the asks awaiting the viewer's decision, or for those who decide nothing their own
 * pending ones (ARCHITECTURE.md §9, `range=[0,0]`: the total only).
 */
export const pendingCountFilterOf = (decides: boolean): Record<string, unknown> =>
  decides ? { awaitsMe: true } : { mine: true, status: 'PENDING' };
