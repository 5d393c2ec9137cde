import { count } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { hashPassword } from '../services/passwords';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { establishments } from '../db/schema/establishments';
import type { Creditor } from '../../domain/billing';
import { EVENT_TIME_ZONE } from '../../domain/recurrence';
import { DEMO_BILLING_CREDITOR } from '../config';
import {
  assignUploadsOwner,
  ensureRoles,
  seedAuditLog,
  seedEstablishments,
  seedEvents,
  seedOffers,
  seedPromoCodes,
  seedPromoterGroups,
  seedReferenceData,
  seedTags,
  seedUploads,
  seedUsers,
  seedWidgetSettings,
  type Executor,
  type SeedFile,
} from './sections';
import { seedBilling } from './billing';
import { seedWidgetHistory } from './history';
import { seedNotifications } from './notifications';

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts';
export { ensureRoles } from './sections';

/**
 * Where the demo logos and pictures go: the server's FileStorage (server/services/storage), the local disk or
 * the S3 bucket, so that they are served like any upload. Only `put` is needed here.
 */
export interface SeedFileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

export interface SeedOptions {
  demoPassword: string;
  /** Where the demo logos and pictures are written; without it only the rows exist. */
  storage?: SeedFileStore;
  /** The day the demo calendar is built around (tests pin it); today in Zürich by default. */
  today?: string;
  /** The server's public address: the demo partners' users' `billingLink` leads to its /billing page. */
  publicUrl?: string;
  /** Who the demo invoices pay (their references depend on its IBAN): the server's, else the demo creditor. */
  billingCreditor?: Creditor;
}

/** The public address when the caller gives none (the server's default port on this machine). */
export const SEED_DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/**
 * Fills an empty database with the demo accounts and realistic Swiss data (never call it in production).
 * Idempotent: a database that already has users or establishments is left untouched. Everything is
 * written in one transaction, so a failure leaves the database empty and the next start tries again.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<{ seeded: boolean }> {
  if (!(await isEmpty(db))) return { seeded: false };
  // argon2id is slow on purpose: hashed once for every account, in libuv's threads while the rows before the
  // accounts are written.
  const passwordHash = hashPassword(options.demoPassword);
  passwordHash.catch(() => undefined); // awaited by seedUsers; a failure before then is the seed's, not unhandled
  const today = options.today ? Temporal.PlainDate.from(options.today) : Temporal.Now.plainDateISO(EVENT_TIME_ZONE);
  return db.transaction(async (tx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    if (!(await isEmpty(tx))) return { seeded: false };
    const files = await seedEverything(tx, {
      passwordHash,
      today,
      publicUrl: (options.publicUrl ?? SEED_DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
      creditor: options.billingCreditor ?? DEMO_BILLING_CREDITOR,
    });
    if (options.storage) await storeFiles(options.storage, files);
    return { seeded: true };
  });
}

async function seedEverything(
  tx: Executor,
  input: { passwordHash: Promise<string>; today: Temporal.PlainDate; publicUrl: string; creditor: Creditor },
): Promise<SeedFile[]> {
  const roleIds = await ensureRoles(tx);
  const reference = await seedReferenceData(tx);
  const tagIds = await seedTags(tx);
  const { files, uploadIds } = await seedUploads(tx);
  const establishmentIds = await seedEstablishments(tx, { reference, tagIds, uploadIds });
  const promoterGroupIds = await seedPromoterGroups(tx, { reference, tagIds, uploadIds });
  const userIds = await seedUsers(tx, {
    roleIds,
    passwordHash: await input.passwordHash,
    establishmentIds,
    promoterGroupIds,
  });
  await assignUploadsOwner(tx, userIds.get('root@demo.ch')!);
  const scope = { today: input.today, reference, userIds, establishmentIds, promoterGroupIds };
  const eventIds = await seedEvents(tx, { ...scope, tagIds, uploadIds });
  await seedOffers(tx, { ...scope, eventIds });
  await seedPromoCodes(tx, scope);
  await seedWidgetSettings(tx, establishmentIds);
  await seedWidgetHistory(tx, input.today);
  await seedAuditLog(tx, { userIds, establishmentIds, eventIds });
  await seedNotifications(tx);
  await seedBilling(tx, { ...scope, creditor: input.creditor, publicUrl: input.publicUrl });
  return files;
}

async function isEmpty(db: Executor): Promise<boolean> {
  const [{ userCount }] = await db.select({ userCount: count() }).from(users);
  const [{ establishmentCount }] = await db.select({ establishmentCount: count() }).from(establishments);
  return userCount === 0 && establishmentCount === 0;
}

/** A few at a time: a remote store answers each request after a round trip. */
const PARALLEL_PUTS = 8;

async function storeFiles(storage: SeedFileStore, files: SeedFile[]): Promise<void> {
  for (let start = 0; start < files.length; start += PARALLEL_PUTS) {
    await Promise.all(
      files
        .slice(start, start + PARALLEL_PUTS)
        .map((file) => storage.put(file.storageKey, file.bytes, file.contentType)),
    );
  }
}
