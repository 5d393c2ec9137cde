import { useMemo } from 'react';
import { useCanAccess, usePermissions, type Identifier } from 'react-admin';
import { isInScope, permissionOf, type RecordOwnership } from '../../../domain/access';
import { readSessionOrNull } from '../../../providers/session';

export type PartnerResource = 'establishments' | 'promoters';

/** An establishment is owned by itself, a promoter group by itself (their ids are the scope ids). */
const ownershipOf = (resource: PartnerResource, id: Identifier): RecordOwnership =>
  resource === 'establishments' ? { establishmentIds: [Number(id)] } : { promoterGroupIds: [Number(id)] };

/**
 * May the signed-in user change this record? The resource's edit permission (canAccess) and the record's
 * write scope (domain/access.ts isInScope): an ADMIN reads other venues when they are published but edits
 * only its own. The scope fields come from the stored session, the role keys from the server; the server
 * checks again on every write, this only decides what the drawer offers.
 */
export const useCanWriteRecord = (resource: PartnerResource, id: Identifier | undefined): boolean => {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { permissions } = usePermissions<string[]>();
  return useMemo(() => {
    const permission = permissionOf(resource);
    const user = readSessionOrNull()?.authenticatedUser;
    if (id === undefined || !canEdit || !permission || !user) return false;
    const viewer = {
      userId: user.id,
      roleKeys: permissions ?? [],
      establishmentId: user.establishmentId,
      promoterGroupId: user.promoterGroupId,
    };
    return isInScope(viewer, permission, ownershipOf(resource, id), 'write');
  }, [resource, id, canEdit, permissions]);
};
