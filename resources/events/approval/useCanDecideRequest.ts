import { usePermissions } from 'react-admin';
import { hasPermission, isInScope } from '../../../domain/access';
import type { Event } from '../../../domain/event';
import { readSessionOrNull } from '../../../providers/session';

const NO_ROLES: string[] = [];

/** A promoter requests events; deciding is never theirs, whatever other grant it would meet. */
const DECIDING_ROLES_EXCLUDE: ReadonlySet<string> = new Set(['PROMOTER']);

/**
 * May the signed-in user approve or reject this request? The rule the server decides by
 * (POST /events/:id/approve|reject): EVENT update through a role whose scope reaches the event's venue,
 * that is the staff of that establishment or a role that sees everything (ROOT, COORDINATOR_ADMIN_FULL);
 * never a promoter. Role keys come from the server (usePermissions), the establishment from the stored
 * session. Only decides what the screen offers: the server checks again.
 */
export const useCanDecideRequest = (record: Pick<Event, 'generalInfos'> | undefined): boolean => {
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const user = readSessionOrNull()?.authenticatedUser;
  const establishmentId = record?.generalInfos.establishmentId ?? null;
  if (!record || record.generalInfos.approvalStatus !== 'PENDING' || establishmentId === null || !user) return false;
  const decidingRoles = roleKeys.filter((key) => !DECIDING_ROLES_EXCLUDE.has(key));
  if (!hasPermission(decidingRoles, 'EVENT', 'update')) return false;
  const viewer = {
    userId: user.id,
    roleKeys: decidingRoles,
    establishmentId: user.establishmentId,
    promoterGroupId: null,
  };
  return isInScope(viewer, 'EVENT', { establishmentIds: [establishmentId] }, 'write');
};
