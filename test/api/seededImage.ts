import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Temporal } from 'temporal-polyfill';
import { PGlite } from '@electric-sql/pglite';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import {
  migrateDatabase,
  openDatabase,
  PGLITE_EXTENSIONS,
  type Database,
  type DatabaseHandle,
} from '../../server/db/client';
import { users } from '../../server/db/schema';
import { EVENT_TIME_ZONE } from '../../domain/recurrence';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { ensureRoles, seedDemoData } from '../../server/seed';
import { runOnServer, TEST_START_PARAMS, uniqueDatabaseName } from './testDatabase';

/**
 * The API project's global set-up: one migrated database with the demo data, made once per run, that each
 * test file copies (openSeededTestDatabase). On PGlite a dump of its data directory, which a new PGlite loads
 * in about a second instead of initialising, migrating and seeding for four, kept between runs under
 * node_modules/.cache while its sources and the day are the same; on PostgreSQL (TEST_DATABASE_URL) a template
 * database that CREATE DATABASE … TEMPLATE copies.
 */
export type SeededDatabaseImage =
  | {
      engine: 'pglite';
      /** Migrated and seeded. */
      dumpFile: string;
      /** Initialised only: what a new PGlite holds before the first migration. */
      emptyDumpFile: string;
    }
  | { engine: 'postgres'; serverUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabaseImage: SeededDatabaseImage;
  }
}

/**
 * The demo accounts' password at argon2id's least cost instead of OWASP's: the API tests sign in some 600 times,
 * and the verifications of the product's hash took 22.5 s summed over one run of the API project.
 * Sign-in still verifies an argon2id hash; the product's own hashing (the seed, new passwords, the decoy for unknown
 * emails) is unchanged and tested on hashes it makes itself (seed.test.ts, authSignIn.test.ts, createUser).
 */
const LEAST_COST_ARGON2 = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

async function storeDemoPasswordAtLeastCost(db: Database): Promise<void> {
  const [root] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'root@demo.ch'));
  if (!root?.passwordHash) throw new Error('the seed gave root@demo.ch no password');
  const leastCostHash = await argon2.hash(DEFAULT_DEMO_PASSWORD, LEAST_COST_ARGON2);
  await db.update(users).set({ passwordHash: leastCostHash }).where(eq(users.passwordHash, root.passwordHash));
}

async function seed(handle: DatabaseHandle, today?: string): Promise<void> {
  await migrateDatabase(handle);
  await ensureRoles(handle.db);
  await seedDemoData(handle.db, { demoPassword: DEFAULT_DEMO_PASSWORD, today });
  await storeDemoPasswordAtLeastCost(handle.db);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Kept between runs, as Vitest keeps its transformed modules (node_modules/.experimental-vitest-cache). */
const PGLITE_IMAGE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'backoffice-api-image');
/** What the image is made of: the migrations, the seed and every module they import, the dependencies. */
const IMAGE_SOURCES = ['server', 'domain', 'test/api/seededImage.ts', 'test/api/testDatabase.ts', 'package-lock.json'];

function filesUnder(entry: string): string[] {
  const absolute = path.join(ROOT, entry);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [entry];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => path.relative(ROOT, path.join(item.parentPath, item.name)))
    .sort();
}

/** The image's name: a hash of its sources and of the day the demo calendar is built around. */
function imageKey(today: string): string {
  const hash = createHash('sha256');
  for (const file of IMAGE_SOURCES.flatMap(filesUnder))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)));
  return hash.update(today).digest('hex').slice(0, 32);
}

/**
 * The PGlite image of this run: the one a run of the same sources made today, else a new one, kept for the next
 * run (only the newest is kept). Making one takes several seconds before the first test file can start.
 */
async function cachedPgliteImage(): Promise<{ image: SeededDatabaseImage; dispose: () => void }> {
  // The seed places the demo events around today: an image of yesterday's calendar is not today's.
  const today = Temporal.Now.plainDateISO(EVENT_TIME_ZONE).toString();
  const directory = path.join(PGLITE_IMAGE_CACHE, imageKey(today));
  const files = { dumpFile: path.join(directory, 'seeded.tar'), emptyDumpFile: path.join(directory, 'empty.tar') };
  if (!existsSync(directory)) {
    mkdirSync(PGLITE_IMAGE_CACHE, { recursive: true });
    removeImagesOlderThanADay();
    // Made beside its place and renamed into it whole: a run stopped half-way leaves no half image under its name.
    const made = await makePgliteImage(today, mkdtempSync(path.join(PGLITE_IMAGE_CACHE, 'making-')));
    try {
      renameSync(made, directory);
    } catch (error) {
      // Another run, started at the same time, put the same image there first.
      rmSync(made, { recursive: true, force: true });
      if (!existsSync(directory)) throw error;
    }
  }
  return { image: { engine: 'pglite', ...files }, dispose: () => undefined };
}

/** Older images go; a run that started from one yesterday may still be reading it. */
function removeImagesOlderThanADay(): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(PGLITE_IMAGE_CACHE)) {
    const entry = path.join(PGLITE_IMAGE_CACHE, name);
    if (statSync(entry).mtimeMs < dayAgo) rmSync(entry, { recursive: true, force: true });
  }
}

/** Writes the image's two dumps into `directory`, which it removes when it fails. */
async function makePgliteImage(today: string, directory: string): Promise<string> {
  // Without recycling, a checkpoint deletes the WAL segments it no longer needs rather than keeping them for reuse.
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    startParams: [...TEST_START_PARAMS, '-c', 'wal_recycle=off'],
  });
  const handle = await openDatabase({ inProcess: client });
  const writeDump = async (name: string) => {
    // A new WAL segment and a checkpoint leave one segment of 16 MB in the dump instead of two: a third less to
    // copy into each test file's PGlite.
    await client.query('SELECT pg_switch_wal()');
    await client.query('CHECKPOINT');
    const file = path.join(directory, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  try {
    // Initialising a PGlite takes seconds; loading this dump a fraction of one (openEmptyTestDatabase).
    await writeDump('empty.tar');
    await seed(handle, today);
    // initdb's template databases serve only CREATE DATABASE, which no test does on PGlite (one database, one
    // session), as the build's template for the embedded database leaves them out: a third of the dump, and
    // about a third of the time each test file takes to load it.
    for (const template of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
    await writeDump('seeded.tar');
    return directory;
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

async function makePostgresTemplate(
  serverUrl: string,
): Promise<{ image: SeededDatabaseImage; dispose: () => Promise<void> }> {
  const templateName = uniqueDatabaseName('template');
  await runOnServer(serverUrl, `CREATE DATABASE "${templateName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${templateName}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await seed(handle);
  } finally {
    // A template may have no open connection while it is copied.
    await handle.close();
  }
  return {
    image: { engine: 'postgres', serverUrl, templateName },
    dispose: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`),
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { image, dispose } = serverUrl ? await makePostgresTemplate(serverUrl) : await cachedPgliteImage();
  project.provide('seededDatabaseImage', image);
  return dispose;
}
