import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, usePermissions, type Identifier } from 'react-admin';
import { isInScope, permissionOf, type RecordOwnership } from '../../../domain/access';
import { createRefusalOf, isOnboardingCreate, type PartnerKind } from '../../../domain/partner';
import type { SessionUser } from '../../../domain/user';
import { fetchCurrentUser } from '../../../providers/authApi';
import { readSessionOrNull } from '../../../providers/session';

const NO_ROLES: string[] = [];

export type PartnerResource = 'establishments' | 'promoters';

/** The kind of record (the scope kind that owns it) each partner resource holds. */
const PARTNER_KIND: Readonly<Record<PartnerResource, PartnerKind>> = {
  establishments: 'establishment',
  promoters: 'promoterGroup',
};

/** An establishment is owned by itself, a promoter group by itself (their ids are the scope ids). */
const ownershipOf = (resource: PartnerResource, id: Identifier): RecordOwnership =>
  resource === 'establishments' ? { establishmentIds: [Number(id)] } : { promoterGroupIds: [Number(id)] };

/**
 * A partner (an ADMIN, a PROMOTER) who had no record of this kind when signing in: their first create made
 * one theirs on the server (onboarding, server/routes/shared/partner.ts), which the stored session cannot
 * know, so the server is asked again rather than opening their new record read only.
 */
const mayHaveOnboarded = (
  resource: PartnerResource,
  roleKeys: readonly string[],
  user: SessionUser | undefined,
): boolean => user !== undefined && isOnboardingCreate({ ...user, roleKeys }, PARTNER_KIND[resource]);

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
  const { data: serverUser } = useQuery({
    queryKey: ['partner-owner-of', resource, id],
    queryFn: fetchCurrentUser,
    enabled: askServer,
    gcTime: 0,
  });
  const user = serverUser ?? sessionUser;
  return useMemo(
    () => id !== undefined && Boolean(canEdit) && mayWriteAs(user, roleKeys, resource, id),
    [resource, id, canEdit, roleKeys, user],
  );
};

/** The record's write scope (domain/access.ts isInScope) for this user and role keys; the edit permission is the caller's. */
const mayWriteAs = (
  user: SessionUser | undefined,
  roleKeys: readonly string[],
  resource: PartnerResource,
  id: Identifier,
): boolean => {
  const permission = permissionOf(resource);
  if (!permission || !user) return false;
  const viewer = {
    userId: user.id,
    roleKeys,
    establishmentId: user.establishmentId,
    promoterGroupId: user.promoterGroupId,
  };
  return isInScope(viewer, permission, ownershipOf(resource, id), 'write');
};

/**
 * For a list: which of its records may the signed-in user change? (the edit permission and each record's
 * write scope, from the stored session). Rows it may not change cannot be selected for bulk changes.
 */
export const useCanWriteRecords = (resource: PartnerResource): ((id: Identifier) => boolean) => {
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const user = readSessionOrNull()?.authenticatedUser;
  return useCallback(
    (id: Identifier) => Boolean(canEdit) && mayWriteAs(user, roleKeys, resource, id),
    [canEdit, user, roleKeys, resource],
  );
};

/** Why a role without the create permission cannot create (a translation key per resource). */
const NO_CREATE_PERMISSION: Readonly<Record<PartnerResource, string>> = {
  establishments: 'resources.establishments.createRefused',
  promoters: 'resources.promoters.createRefused',
};

/**
 * Why the signed-in user may not create a record of this kind, as a translation key; null when it may,
 * undefined while canAccess answers. The resource's create permission, then the onboarding rule the server
 * refuses by (domain/partner.ts createRefusalOf): an ADMIN or a PROMOTER who already has their establishment
 * or group may not create another. Without a readable session the server decides alone.
 */
export const useCreatePartnerRefusal = (resource: PartnerResource): string | null | undefined => {
  const { canAccess: canCreate, isPending } = useCanAccess({ resource, action: 'create' });
  const { permissions: roleKeys = NO_ROLES } = usePermissions<string[]>();
  const user = readSessionOrNull()?.authenticatedUser;
  if (isPending) return undefined;
  if (!canCreate) return NO_CREATE_PERMISSION[resource];
  return user === undefined ? null : createRefusalOf({ ...user, roleKeys }, PARTNER_KIND[resource]);
};

/** May the signed-in user create a record of this kind? (useCreatePartnerRefusal: no refusal.) */
export const useCanCreatePartner = (resource: PartnerResource): boolean => useCreatePartnerRefusal(resource) === null;
