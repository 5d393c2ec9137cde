import { eq, inArray } from 'drizzle-orm';
import { isRoleKey } from '../../../domain/roles';
import type { Queryable } from '../../db/queryable';
import { roles, users } from '../../db/schema/auth';
import { establishments } from '../../db/schema/establishments';
import { promoterGroups } from '../../db/schema/promoterGroups';
import { notify } from './create';

/**
 * The notifications about one's own account (docs/notification-causes.md), each written in the transaction of
 * the change: the password changed or set, an access link mailed, the role or scope changed by someone else.
 * Each links to the user's own record (`users`, their id).
 */

/** PASSWORD_CHANGED: `CHANGED` in Settings with the current password, `RESET` through a reset or access link. */
export async function noticePasswordChanged(tx: Queryable, userId: number, how: 'CHANGED' | 'RESET'): Promise<void> {
  await notify(tx, [{ userId, kind: 'PASSWORD_CHANGED', resource: 'users', recordId: userId, params: { how } }]);
}

/** ACCESS_LINK_SENT: an access link was mailed to the user. */
export async function noticeAccessLinkSent(tx: Queryable, userId: number): Promise<void> {
  await notify(tx, [{ userId, kind: 'ACCESS_LINK_SENT', resource: 'users', recordId: userId, params: {} }]);
}

/** The fields of a user whose change is ACCOUNT_ACCESS_CHANGED. */
export interface AccountAccess {
  roleId: number;
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/**
 * ACCOUNT_ACCESS_CHANGED: someone else changed the user's role, establishment or promoter group (`after` as
 * stored by the write). Nothing when none of the three changed, or when the user made the change.
 */
export async function noticeAccountAccessChanged(
  tx: Queryable,
  args: { userId: number; actorUserId: number; before: AccountAccess; after: AccountAccess },
): Promise<void> {
  const { before, after } = args;
  if (args.userId === args.actorUserId) return;
  if (
    before.roleId === after.roleId &&
    before.establishmentId === after.establishmentId &&
    before.promoterGroupId === after.promoterGroupId
  ) {
    return;
  }
  await noticeAccessNow(tx, [args.userId]);
}

/**
 * ACCOUNT_ACCESS_CHANGED to each of these users with their role and scope as stored now: for a change the
 * caller has already decided is one (a deleted establishment or promoter group leaves its staff without it).
 */
export async function noticeAccessNow(tx: Queryable, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .select({
      userId: users.id,
      roleKey: roles.key,
      establishmentName: establishments.name,
      promoterGroupName: promoterGroups.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .leftJoin(promoterGroups, eq(promoterGroups.id, users.promoterGroupId))
    .where(inArray(users.id, [...userIds]));
  await notify(
    tx,
    rows.flatMap(({ userId, roleKey, establishmentName, promoterGroupName }) =>
      isRoleKey(roleKey)
        ? [
            {
              userId,
              kind: 'ACCOUNT_ACCESS_CHANGED' as const,
              resource: 'users' as const,
              recordId: userId,
              params: { roleKey, establishmentName, promoterGroupName },
            },
          ]
        : [],
    ),
  );
}
