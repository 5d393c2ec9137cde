import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, usePermissions, type Identifier } from 'react-admin';
import { isInScope, permissionOf, ROLE_SCOPES, scopeFieldOf, type RecordOwnership } from '../../../domain/access';
import { isRoleKey } from '../../../domain/roles';
import type { SessionUser } from '../../../domain/user';
import { fetchCurrentUser } from '../../../providers/authApi';
import { readSessionOrNull } from '../../../providers/session';

const NO_ROLES: string[] = [];

export type PartnerResource = 'establishments' | 'promoters';

/** The user's field that names their own record of this kind. */
const OWN_RECORD_FIELD = { establishments: 'establishmentId', promoters: 'promoterGroupId' } as const;

/** An establishment is owned by itself, a promoter group by itself (their ids are the scope ids). */
const ownershipOf = (resource: PartnerResource, id: Identifier): RecordOwnership =>
  resource === 'establishments' ? { establishmentIds: [Number(id)] } : { promoterGroupIds: [Number(id)] };

/**
 * A partner (an ADMIN, a PROMOTER) who had no record of this kind when signing in: their first create made
 * one theirs on the server (onboarding, server/routes/shared/partner.ts), which the stored session cannot
 * know, so the server is asked again rather than opening their new record read only.
 */
const mayHaveOnboarded = (resource: PartnerResource, roleKeys: readonly string[], user: SessionUser | undefined): boolean => {
  const field = OWN_RECORD_FIELD[resource];
  const roles = roleKeys.filter(isRoleKey);
  return (
    user !== undefined &&
    user[field] === null &&
    roles.some((role) => scopeFieldOf(role) === field) &&
    !roles.some((role) => ROLE_SCOPES[role] === 'all')
  );
};

/**
 * May the signed-in user change this record? The resource's edit permission (canAccess) and the record's
 * write scope (domain/access.ts isInScope): an ADMIN reads other venues when they are published but edits
 * only its own. The scope fields come from the stored session (refreshed from the server after onboarding),
 * the role keys from the server; the server checks again on every write, this only decides what the drawer offers.
 */
export const useCanWriteRecord = (resource: PartnerResource, id: Identifier | undefined): boolean => {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const sessionUser = readSessionOrNull()?.authenticatedUser;
  const askServer = Boolean(canEdit) && id !== undefined && mayHaveOnboarded(resource, roleKeys, sessionUser);
  // Per record: each drawer opened in that state asks once; fetchCurrentUser also updates the stored session.
  const { data: serverUser } = useQuery({ queryKey: ['partner-owner-of', resource, id], queryFn: fetchCurrentUser, enabled: askServer, gcTime: 0 });
  const user = serverUser ?? sessionUser;
  return useMemo(() => {
    const permission = permissionOf(resource);
    if (id === undefined || !canEdit || !permission || !user) return false;
    const viewer = { userId: user.id, roleKeys, establishmentId: user.establishmentId, promoterGroupId: user.promoterGroupId };
    return isInScope(viewer, permission, ownershipOf(resource, id), 'write');
  }, [resource, id, canEdit, roleKeys, user]);
};
