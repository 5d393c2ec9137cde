import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  PUBLISHED_FOR_CUSTOMERS,
  READABLE_WHEN_PUBLISHED,
  ROLE_SCOPES,
  type PermissionResource,
  type ScopeKind,
  type Viewer,
} from '../../domain/access';
import { isRoleKey } from '../../domain/roles';

/**
 * The record scope of domain/access.ts (`isInScope`) as an SQL condition, so that a list, its total and a
 * lookup by id never see what the caller may not. Same semantics, clause by clause:
 *
 * - `global` resources (tags, audit log): no condition, the permission alone decides;
 * - a role of scope `all`: no condition;
 * - `establishment` / `promoterGroup` roles: the record belongs to the viewer's establishment / group;
 * - read only: the viewer's own user record; published records of READABLE_WHEN_PUBLISHED resources;
 *   published events for `published` roles (customers).
 *
 * test/api/resourceContract.test.ts checks row by row that this agrees with `isInScope`.
 */

/**
 * Which establishment / promoter group a record belongs to: a column (`events.establishment_id`), or, when a
 * record may belong to several, a condition builder (`EXISTS (SELECT 1 FROM links WHERE … = ${id})`).
 */
export type OwnerMatcher = PgColumn | ((ownerId: number) => SQL);

export interface ScopeMapping {
  establishment?: OwnerMatcher;
  promoterGroup?: OwnerMatcher;
  /** `DRAFT` / `PUBLISHED`: published records are readable more widely (see above). */
  visibility?: PgColumn;
  /**
   * What makes a record published for the readers outside its scope, when more than its own `visibility`
   * does (an offer is published when it and its event are); replaces `visibility` in the read scope.
   */
  published?: SQL;
  /** On user records: one always reads oneself. */
  userId?: PgColumn;
  /**
   * The input fields that place a record in a scope (`establishmentId`, `generalInfos.promoterGroupId`):
   * a write that would put the record outside the caller's scope is a 403 naming them.
   */
  fields?: readonly string[];
}

/** `global`: records that belong to nobody (tags, reference data, the audit log). */
export type ResourceScope = 'global' | ScopeMapping;

export type ScopeMode = 'read' | 'write';

const ownedBy = (matcher: OwnerMatcher, ownerId: number): SQL =>
  typeof matcher === 'function' ? matcher(ownerId) : eq(matcher, ownerId);

export const scopeKindsOf = (viewer: Viewer): ScopeKind[] =>
  viewer.roleKeys.filter(isRoleKey).map((roleKey) => ROLE_SCOPES[roleKey]);

/**
 * The condition a record must meet to be in the viewer's scope; `undefined` when every record is (drizzle's
 * `and()` skips it). A viewer who owns nothing of this resource gets `false`, never everything.
 */
export function scopeCondition(
  viewer: Viewer,
  permission: PermissionResource,
  scope: ResourceScope,
  mode: ScopeMode,
): SQL | undefined {
  const reach = scopeReach(viewer, permission, scope, mode);
  if (reach === 'everything') return undefined;
  const conditions = [...reach.owned];
  if (reach.published && scope !== 'global') {
    const published = scope.published ?? (scope.visibility && eq(scope.visibility, 'PUBLISHED'));
    if (published) conditions.push(published);
  }
  return conditions.length === 0 ? sql`false` : or(...conditions);
}

/** What a viewer reaches: everything, or the records they own (conditions) and, maybe, every published one. */
type ScopeReach = 'everything' | { owned: SQL[]; published: boolean };

function scopeReach(viewer: Viewer, permission: PermissionResource, scope: ResourceScope, mode: ScopeMode): ScopeReach {
  if (scope === 'global') return 'everything';
  const kinds = scopeKindsOf(viewer);
  if (kinds.includes('all')) return 'everything';
  const owned: SQL[] = [];
  if (kinds.includes('establishment') && viewer.establishmentId !== null && scope.establishment) {
    owned.push(ownedBy(scope.establishment, viewer.establishmentId));
  }
  if (kinds.includes('promoterGroup') && viewer.promoterGroupId !== null && scope.promoterGroup) {
    owned.push(ownedBy(scope.promoterGroup, viewer.promoterGroupId));
  }
  if (mode === 'write') return { owned, published: false };
  if (scope.userId) owned.push(eq(scope.userId, viewer.userId));
  const publishedIsReadable =
    READABLE_WHEN_PUBLISHED.includes(permission) ||
    (PUBLISHED_FOR_CUSTOMERS.includes(permission) && kinds.includes('published'));
  return { owned, published: Boolean(scope.visibility ?? scope.published) && publishedIsReadable };
}

/**
 * The rows a viewer reads when the database keeps their total (server/db/rowCounts.ts): a whole table, all
 * its published rows, or the rows of the one establishment or promoter group the viewer owns records through
 * (an owner column: `ownerColumn = ownerId`); undefined when the read scope is anything else, which is
 * counted through its index. A viewer who reads every published row and their own (a venue's coordinator
 * reading establishments) gets the condition of their own rows that are not published: the published
 * counter and a count of those few rows through the owner's index make the exact total.
 */
export function countedReadScope(
  viewer: Viewer,
  permission: PermissionResource,
  scope: ResourceScope,
): 'everything' | 'published' | { ownerColumn: PgColumn; ownerId: number } | { ownedUnpublished: SQL } | undefined {
  const reach = scopeReach(viewer, permission, scope, 'read');
  if (reach === 'everything') return 'everything';
  if (reach.owned.length === 0 && reach.published) return 'published';
  if (scope === 'global') return undefined;
  if (reach.published) {
    if (!scope.visibility || scope.published) return undefined;
    const ownedUnpublished = and(or(...reach.owned), ne(scope.visibility, 'PUBLISHED'));
    return ownedUnpublished && { ownedUnpublished };
  }
  if (reach.owned.length !== 1) return undefined;
  const kinds = scopeKindsOf(viewer);
  const owners = [
    kinds.includes('establishment') ? [scope.establishment, viewer.establishmentId] : undefined,
    kinds.includes('promoterGroup') ? [scope.promoterGroup, viewer.promoterGroupId] : undefined,
  ].filter((owner): owner is [OwnerMatcher, number] => owner?.[0] !== undefined && owner[1] !== null);
  if (owners.length !== 1 || typeof owners[0][0] === 'function') return undefined;
  return { ownerColumn: owners[0][0], ownerId: owners[0][1] };
}
