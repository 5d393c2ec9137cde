import { useCallback, useMemo } from 'react';
import { useCanAccess, usePermissions, type Identifier } from 'react-admin';
import { canAccessRecord, type Viewer } from '../../../domain/access';
import { createRefusalOf, type PartnerKind } from '../../../domain/partner';
import type { SessionUser } from '../../../domain/user';
import { useSessionUser } from '../../../providers/appContexts';

const NO_ROLES: string[] = [];

export type PartnerResource = 'establishments' | 'promoters';

/** The kind of record (the scope kind that owns it) each partner resource holds. */
const PARTNER_KIND: Readonly<Record<PartnerResource, PartnerKind>> = {
  establishments: 'establishment',
  promoters: 'promoterGroup',
};

/**
 * May the signed-in user change this record? react-admin's canAccess with the record: the resource's edit
 * permission and the record's write scope (domain/access.ts canAccessRecord); an ADMIN reads other venues
 * when they are published but edits only its own. The auth provider asks the server again for a partner who
 * may have made a record theirs since signing in (onboarding). The server checks again on every write, this
 * only decides what the drawer offers.
 */
export const useCanWriteRecord = (resource: PartnerResource, id: Identifier | undefined): boolean => {
  const { canAccess } = useCanAccess({
    resource,
    action: 'edit',
    record: { id },
    enabled: id !== undefined,
  });
  return id !== undefined && canAccess === true;
};

/** The signed-in user with the server's role keys, for the checks a list makes row by row without waiting. */
const viewerOf = (user: SessionUser | null, roleKeys: readonly string[]): Viewer | null =>
  user && {
    userId: user.id,
    roleKeys,
    establishmentId: user.establishmentId,
    promoterGroupId: user.promoterGroupId,
  };

/**
 * For a list: which of its records may the signed-in user change? The same rule as canAccess with a record
 * (domain/access.ts canAccessRecord), answered at once for each row, since a row's checkbox cannot wait.
 * Rows it may not change cannot be selected for bulk changes.
 */
export const useCanWriteRecords = (resource: PartnerResource): ((id: Identifier) => boolean) => {
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const user = useSessionUser();
  const viewer = useMemo(() => viewerOf(user, roleKeys), [user, roleKeys]);
  return useCallback(
    (id: Identifier) => viewer !== null && canAccessRecord(viewer, resource, 'edit', { id }),
    [viewer, resource],
  );
};

/** Why a role without the create permission cannot create (a translation key per resource). */
const NO_CREATE_PERMISSION: Readonly<Record<PartnerResource, string>> = {
  establishments: 'resources.establishments.createRefused',
  promoters: 'resources.promoters.createRefused',
};

/**
 * Why the signed-in user may not create a record of this kind, as a translation key; null when it may,
 * undefined while canAccess answers. The resource's create permission (canAccess), then the onboarding rule
 * the server refuses by (domain/partner.ts createRefusalOf): an ADMIN or a PROMOTER who already has their
 * establishment or group may not create another. Without a readable session the server decides alone.
 */
export const useCreatePartnerRefusal = (resource: PartnerResource): string | null | undefined => {
  const { canAccess: canCreate, isPending } = useCanAccess({ resource, action: 'create' });
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const user = useSessionUser();
  if (isPending) return undefined;
  if (!canCreate) return NO_CREATE_PERMISSION[resource];
  return user === null ? null : createRefusalOf({ ...user, roleKeys }, PARTNER_KIND[resource]);
};

/** May the signed-in user create a record of this kind? (useCreatePartnerRefusal: no refusal.) */
export const useCanCreatePartner = (resource: PartnerResource): boolean => useCreatePartnerRefusal(resource) === null;
