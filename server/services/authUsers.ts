import { eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../domain/user';
import { GENDERS } from '../../domain/user';
import { isRoleKey } from '../../domain/roles';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages';
import type { Database } from '../db/client';
import { roles, users } from '../db/schema/auth';
import { builtOncePerDatabase } from '../db/prepared';

/**
 * Reads users for authentication: the credentials row and the session user of the API (domain/user.ts).
 * Emails are stored lower-case (domain/user.ts normalises them); lookups compare `lower(email)` all the same,
 * so that they use the unique index on it (migration 0004) and find an address stored in any case.
 */

/** The account whose email is this one, whatever its case or surrounding blanks. */
const emailIs = (email: string): SQL => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

export interface UserCredentials {
  id: number;
  passwordHash: string | null;
  isActive: boolean;
}

export async function findCredentialsByEmail(db: Database, email: string): Promise<UserCredentials | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(emailIs(email))
    .limit(1);
  return row;
}

export interface MailRecipient {
  id: number;
  email: string;
  firstName: string;
  language: Language;
  authId: string;
  isActive: boolean;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  authId: users.authId,
  isActive: users.isActive,
};

const toRecipient = (row: Omit<MailRecipient, 'language'> & { language: string }): MailRecipient => ({
  ...row,
  language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
});

export async function findRecipientByEmail(db: Database, email: string): Promise<MailRecipient | undefined> {
  const [row] = await db.select(recipientColumns).from(users).where(emailIs(email)).limit(1);
  return row && toRecipient(row);
}

export async function findRecipientById(db: Database, userId: number): Promise<MailRecipient | undefined> {
  const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row && toRecipient(row);
}

export async function findAuthIdOfUser(db: Database, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ authId: users.authId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.authId;
}

/** The signed-in user, read on every navigation (`GET /auth/me`), built once. */
const sessionUserQuery = builtOncePerDatabase('session_user', (db, statementName) =>
  db
    .select({ user: users, roleKey: roles.key })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(statementName),
);

/** The user of `GET /auth/me` and of the sign-in answer; `userRoles` is derived from `users.role_id`. */
export async function loadSessionUser(db: Database, userId: number): Promise<SessionUser | undefined> {
  const [row] = await sessionUserQuery(db).execute({ userId });
  return row && sessionUserOf(row.user, row.roleKey);
}

/** A user's row and role key as the API's session user (domain/user.ts). */
export function sessionUserOf(user: typeof users.$inferSelect, roleKey: string): SessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    billingLink: user.billingLink,
    hasPaidSubscription: user.hasPaidSubscription,
    gender: (GENDERS as readonly string[]).includes(user.gender ?? '') ? (user.gender as SessionUser['gender']) : null,
    roleId: user.roleId,
    establishmentId: user.establishmentId,
    promoterGroupId: user.promoterGroupId,
    language: isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE,
    userRoles: isRoleKey(roleKey) ? [{ role: { id: user.roleId, key: roleKey } }] : [],
    hasPassword: user.passwordHash !== null,
  };
}
