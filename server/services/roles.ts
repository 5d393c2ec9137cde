import { isRoleKey, ROLE_KEYS } from '../../domain/roles';
import type { RoleRecord } from '../../domain/user';
import type { Queryable } from '../db/queryable';
import { roles } from '../db/schema/auth';

/** The seven roles as `{id, key}`, in the order of domain/roles.ts ROLE_KEYS (ROOT first). */
export async function loadRoles(db: Queryable): Promise<RoleRecord[]> {
  const rows = await db.select({ id: roles.id, key: roles.key }).from(roles);
  return rows
    .filter((row): row is RoleRecord => isRoleKey(row.key))
    .sort((left, right) => ROLE_KEYS.indexOf(left.key) - ROLE_KEYS.indexOf(right.key));
}
