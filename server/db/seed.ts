import { count } from 'drizzle-orm';
import { ROLE_KEYS } from '../../domain/roles';
import { hashPassword } from '../services/passwords';
import type { Database } from './client';
import { roles, users } from './schema';
import { DEMO_ACCOUNTS, DEMO_PEOPLE } from './seed/accounts';

export { DEMO_ACCOUNTS, type DemoAccount } from './seed/accounts';

/** A Drizzle handle: the database or a transaction. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Inserts the seven roles that are missing; safe to run on every start, production included. */
export async function ensureRoles(db: Executor): Promise<Map<string, number>> {
  await db
    .insert(roles)
    .values(ROLE_KEYS.map((key) => ({ key })))
    .onConflictDoNothing({ target: roles.key });
  const rows = await db.select({ id: roles.id, key: roles.key }).from(roles);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/**
 * Fills an empty database with the demo accounts and realistic Swiss data (never in production).
 * Idempotent: a database that already has users is left untouched. One transaction, so a failure
 * leaves the database empty and the next start tries again.
 */
export async function seedDemoData(db: Database, options: { demoPassword: string }): Promise<{ seeded: boolean }> {
  if (!(await isEmpty(db))) return { seeded: false };
  // Hashing is slow on purpose (argon2id): do it once, outside the transaction, and reuse the hash.
  const passwordHash = await hashPassword(options.demoPassword);
  return db.transaction(async (tx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    if (!(await isEmpty(tx))) return { seeded: false };
    const roleIds = await ensureRoles(tx);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account) => {
        const person = DEMO_PEOPLE[account.email];
        return {
          email: account.email,
          firstName: person.firstName,
          lastName: person.lastName,
          username: person.username,
          phoneNumber: person.phoneNumber,
          gender: person.gender,
          language: person.language,
          hasPaidSubscription: person.hasPaidSubscription,
          roleId: roleIds.get(account.roleKey)!,
          passwordHash,
        };
      }),
    );
    return { seeded: true };
  });
}

async function isEmpty(db: Executor): Promise<boolean> {
  const [{ userCount }] = await db.select({ userCount: count() }).from(users);
  return userCount === 0;
}
