import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { RecordOwnership, Viewer } from '../../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages';
import { isRoleKey, type RoleKey } from '../../../domain/roles';
import { GENDERS, keepScopeFieldsOf, scopeFieldsProblems, type UserInput, type UserRecord } from '../../../domain/user';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { roles, users } from '../../db/schema/auth';
import { establishments } from '../../db/schema/establishments';
import { promoterGroups } from '../../db/schema/promoterGroups';
import { ApiError } from '../../errors';
import { auditTrail, type AuditActor } from '../audit';
import { noticeAccessLinkSent, noticeAccountAccessChanged } from '../notifications/accountNotices';
import { REVOKE_REASONS, type AuthSessions } from '../authSessions';
import { idInIdsPlaceholder } from '../../db/conditions';
import { builtOncePerDatabase } from '../../db/prepared';

/**
 * The rules of the Users resource, free of HTTP: what a user record shows, whom it belongs to,
 * what a write must satisfy before it reaches the table, and the reads and writes themselves.
 * server/routes/users.ts wires them into the generic resource.
 */

/** The users' audit rows beside the generic resource's: access links sent, scopes an onboarding claimed. */
export const userAudit = auditTrail('users');

/** The columns a user record is read from: never the password hash, the auth id or any token. */
export const userRecordColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  phoneNumber: users.phoneNumber,
  billingLink: users.billingLink,
  hasPaidSubscription: users.hasPaidSubscription,
  gender: users.gender,
  roleId: users.roleId,
  establishmentId: users.establishmentId,
  promoterGroupId: users.promoterGroupId,
  language: users.language,
  isActive: users.isActive,
  version: users.version,
};

export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneNumber: string | null;
  billingLink: string | null;
  hasPaidSubscription: boolean;
  gender: string | null;
  roleId: number;
  establishmentId: number | null;
  promoterGroupId: number | null;
  language: string;
  isActive: boolean;
  version: number;
}

const isGender = (value: string | null): value is UserRecord['gender'] & string =>
  value !== null && (GENDERS as readonly string[]).includes(value);

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phoneNumber: row.phoneNumber,
    billingLink: row.billingLink,
    hasPaidSubscription: row.hasPaidSubscription,
    gender: isGender(row.gender) ? row.gender : null,
    roleId: row.roleId,
    establishmentId: row.establishmentId,
    promoterGroupId: row.promoterGroupId,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    isActive: row.isActive,
    version: row.version,
  };
}

/** A user belongs to its establishment, to its promoter group, and to itself (one always sees oneself). */
export function userOwnership(row: Pick<UserRow, 'id' | 'establishmentId' | 'promoterGroupId'>): RecordOwnership {
  return {
    userId: row.id,
    establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
    promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
  };
}

/**
 * Roles only ROOT may hand out. Today only ROOT may create or update users at all (domain/access.ts), but
 * the rule stays explicit so that a role later given USER update cannot make anyone ROOT.
 */
const ROLES_ONLY_ROOT_GRANTS: readonly RoleKey[] = ['ROOT'];

export const mayGrantRole = (viewerRoleKeys: readonly string[], roleKey: RoleKey): boolean =>
  !ROLES_ONLY_ROOT_GRANTS.includes(roleKey) || viewerRoleKeys.includes('ROOT');

/** What nobody may change on their own user record through /users: role, scope, being active. */
const SELF_LOCKED_FIELDS = ['roleId', 'establishmentId', 'promoterGroupId', 'isActive'] as const;

/**
 * The fields of one's own record that the input would change and that one may not change oneself. The
 * submitted values count, before a role's unused scope field is cleared: asking for another scope is the
 * attempt, whether or not the role would keep it.
 */
export function selfLockedChanges(
  viewer: Pick<Viewer, 'userId'>,
  existing: Pick<UserRow, 'id' | (typeof SELF_LOCKED_FIELDS)[number]>,
  input: Pick<UserInput, (typeof SELF_LOCKED_FIELDS)[number]>,
): string[] {
  if (existing.id !== viewer.userId) return [];
  return SELF_LOCKED_FIELDS.filter((field) => input[field] !== existing[field]);
}

/** 403 naming the locked fields the input would change (none for a self-delete). */
const selfEscalation = (fields: readonly string[]) =>
  new ApiError(
    403,
    RESOURCE_ERROR_CODES.selfEscalation,
    fields.length === 0
      ? undefined
      : Object.fromEntries(fields.map((field) => [field, RESOURCE_ERROR_CODES.selfEscalation])),
  );

/** Deleting or disabling oneself goes through the delete-account flow, never through /users. */
export function assertNotSelf(viewer: Pick<Viewer, 'userId'>, userId: number): void {
  if (viewer.userId === userId) throw selfEscalation([]);
}

/** The columns a create or update writes. */
export type UserValues = Omit<UserInput, 'version'>;

/** 409 on `send-access-link` for a disabled user: enable the account first. */
export const USER_DISABLED = RESOURCE_ERROR_CODES.userDisabled;

type Reader = Pick<Database, 'select'>;

const invalid = (errors: Record<string, string>) => new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, errors);

async function roleKeyOf(tx: Reader, roleId: number): Promise<RoleKey | undefined> {
  const [row] = await tx.select({ key: roles.key }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return row && isRoleKey(row.key) ? row.key : undefined;
}

async function exists(tx: Reader, table: typeof establishments | typeof promoterGroups, id: number): Promise<boolean> {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * 409 ALREADY_TAKEN naming every unique field (email, username) that another user already has. Both compare
 * without case: `Admin` beside `admin` would only confuse. The unique indexes on `lower(…)` stay the last
 * word against a concurrent write (server/routes/users.ts `uniqueFields`).
 */
async function assertUnique(
  tx: Reader,
  values: Pick<UserValues, 'email' | 'username'>,
  exceptUserId: number | undefined,
): Promise<void> {
  const taken = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        or(
          sql`lower(${users.email}) = lower(${values.email})`,
          sql`lower(${users.username}) = lower(${values.username})`,
        ),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  const errors: Record<string, string> = {};
  if (taken.some((row) => row.email.toLowerCase() === values.email.toLowerCase()))
    errors.email = RESOURCE_ERROR_CODES.alreadyTaken;
  if (taken.some((row) => row.username.toLowerCase() === values.username.toLowerCase()))
    errors.username = RESOURCE_ERROR_CODES.alreadyTaken;
  if (Object.keys(errors).length > 0) throw new ApiError(409, RESOURCE_ERROR_CODES.alreadyTaken, errors);
}

/** The role's key, or a 400 on `roleId`. */
async function requireRoleKey(tx: Reader, roleId: number): Promise<RoleKey> {
  const roleKey = await roleKeyOf(tx, roleId);
  if (!roleKey) throw invalid({ roleId: 'Unknown role' });
  return roleKey;
}

/**
 * The rules of a user write beyond the schema and the permission table, in the
 * write's transaction; `current` is the stored record (undefined on create):
 * - nobody changes their own role, scope or being active, nor deletes themselves (403
 *   CANNOT_CHANGE_OWN_ROLE_OR_SCOPE; deleting one's own account is the delete-account flow);
 * - the role exists (400 `roleId`) and the viewer may grant it (403);
 * - the role's scope field is set (400) and the establishment or promoter group exists (400 on that field);
 * - email and username are not another user's (409 ALREADY_TAKEN on those fields).
 */
export async function authorizeUserWrite(
  tx: Reader,
  viewer: Viewer,
  input: UserInput | null,
  current: (Pick<UserRow, 'id'> & Pick<UserRow, (typeof SELF_LOCKED_FIELDS)[number]>) | undefined,
): Promise<void> {
  if (input === null) {
    if (current) assertNotSelf(viewer, current.id);
    return;
  }
  if (current) {
    const locked = selfLockedChanges(viewer, current, input);
    if (locked.length > 0) throw selfEscalation(locked);
  }
  const roleKey = await requireRoleKey(tx, input.roleId);
  if (!mayGrantRole(viewer.roleKeys, roleKey))
    throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { roleId: 'Only ROOT may grant this role' });
  const scopeProblems = scopeFieldsProblems(roleKey, input);
  if (Object.keys(scopeProblems).length > 0) throw invalid(scopeProblems);
  const kept = keepScopeFieldsOf(roleKey, input);
  if (kept.establishmentId !== null && !(await exists(tx, establishments, kept.establishmentId))) {
    throw invalid({ establishmentId: 'Unknown establishment' });
  }
  if (kept.promoterGroupId !== null && !(await exists(tx, promoterGroups, kept.promoterGroupId))) {
    throw invalid({ promoterGroupId: 'Unknown promoter group' });
  }
  await assertUnique(tx, input, current?.id);
}

/** What a write stores: the input without its version, and only the scope field its role uses. */
export async function userValuesOf(tx: Reader, input: UserInput): Promise<UserValues> {
  const { version: _readAt, ...values } = input;
  return keepScopeFieldsOf(await requireRoleKey(tx, values.roleId), values);
}

// ---- reading and writing -----------------------------------------------------------------------------

/** Ends a user's sessions inside the write's transaction, so their access tokens stop working at once. */
export type SessionRevoker = Pick<AuthSessions, 'revokeAllOfUser'>;

const userRecordsQuery = builtOncePerDatabase('user_records', (db, statementName) =>
  db.select(userRecordColumns).from(users).where(idInIdsPlaceholder(users.id)).prepare(statementName),
);

export async function loadUsers(db: Queryable, ids: readonly number[]): Promise<UserRecord[]> {
  const rows = await userRecordsQuery(db).execute({ ids: [...ids] });
  return rows.map(toUserRecord);
}

/** A new user, without a password: the person signs in through an access link. Answers the id. */
export async function insertUser(tx: Queryable, input: UserInput): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values(await userValuesOf(tx, input))
    .returning({ id: users.id });
  return row.id;
}

/**
 * Writes the whole user; disabling an active user ends their sessions. A change of their role, establishment or
 * promoter group by someone else (`actorUserId`) tells them (ACCOUNT_ACCESS_CHANGED), in the same transaction.
 */
export async function updateUser(
  tx: Queryable,
  sessions: SessionRevoker,
  id: number,
  input: UserInput,
  current: Pick<UserRecord, 'isActive' | 'roleId' | 'establishmentId' | 'promoterGroupId'> | null,
  actorUserId: number,
): Promise<void> {
  const values = await userValuesOf(tx, input);
  await tx.update(users).set(values).where(eq(users.id, id));
  if (current?.isActive && !values.isActive) await sessions.revokeAllOfUser(tx, id, REVOKE_REASONS.disabledByAdmin);
  if (current) await noticeAccountAccessChanged(tx, { userId: id, actorUserId, before: current, after: values });
}

/**
 * After an access link was mailed to the user (AuthService.sendAccessLink): the audit row (action
 * SEND_ACCESS_LINK, the address it went to) and the user's ACCESS_LINK_SENT notification, in one transaction.
 */
export async function recordAccessLinkSent(
  db: Database,
  args: { actor: AuditActor; userId: number; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await userAudit(tx, {
      actor: args.actor,
      action: 'SEND_ACCESS_LINK',
      recordId: args.userId,
      before: null,
      after: { email: args.email },
    });
    await noticeAccessLinkSent(tx, args.userId);
  });
}

export async function removeUser(tx: Queryable, sessions: SessionRevoker, id: number): Promise<void> {
  // The sessions go with the user (foreign keys cascade); revoking first keeps the order of the
  // delete-account flow should sessions ever outlive their user.
  await sessions.revokeAllOfUser(tx, id, REVOKE_REASONS.deletedByAdmin);
  await tx.delete(users).where(eq(users.id, id));
}
