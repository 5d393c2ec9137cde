import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { ROLE_SCOPES } from '../../../domain/access';
import { NOTIFICATION_RECIPIENT_ROLES, type NotificationKind } from '../../../domain/notification';
import type { Queryable } from '../../db/queryable';
import { roles, users } from '../../db/schema/auth';

/** The establishment and promoter group a record belongs to (either may be null). */
export interface RecordOwner {
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/**
 * The active staff of a record's owner who receive `kind` (domain/notification.ts NOTIFICATION_RECIPIENT_ROLES):
 * users of an establishment-scoped role attached to its establishment, and of a promoter-group-scoped role
 * attached to its promoter group, without `exceptUserId` (who made the change). Ids in ascending order.
 */
export async function scopeStaffOf(
  tx: Queryable,
  kind: NotificationKind,
  owner: RecordOwner,
  exceptUserId: number | null = null,
): Promise<number[]> {
  const receiving = NOTIFICATION_RECIPIENT_ROLES[kind];
  const venueRoles = receiving.filter((role) => ROLE_SCOPES[role] === 'establishment');
  const groupRoles = receiving.filter((role) => ROLE_SCOPES[role] === 'promoterGroup');
  const reaches: SQL[] = [];
  if (owner.establishmentId !== null && venueRoles.length > 0) {
    reaches.push(and(eq(users.establishmentId, owner.establishmentId), inArray(roles.key, venueRoles))!);
  }
  if (owner.promoterGroupId !== null && groupRoles.length > 0) {
    reaches.push(and(eq(users.promoterGroupId, owner.promoterGroupId), inArray(roles.key, groupRoles))!);
  }
  if (reaches.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(eq(users.isActive, true), or(...reaches), exceptUserId === null ? undefined : ne(users.id, exceptUserId)),
    )
    .orderBy(users.id);
  return rows.map((row) => row.id);
}
