import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, REFRESH_COOKIE_NAME } from '../../domain/auth';
import type { RoleKey } from '../../domain/roles';
import type { SignInResponse } from '../../domain/auth';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { DEFAULT_DEMO_PASSWORD, parseEnvironment, type ServerConfig } from '../../server/config';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { openSeededTestDatabase } from './testDatabase';
import { mailOutbox, roles, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed';
import { createMailer } from '../../server/services/mail';
import { hashPassword } from '../../server/services/passwords';
import type { RateLimitPolicy } from '../../server/services/rateLimits';

/**
 * One test server per test file. With TEST_DATABASE_URL set (a PostgreSQL server),
 * each file gets a fresh, uniquely named database that is dropped afterwards; otherwise an in-memory
 * PGlite, shared by every app the file builds (each new one loads a dump of the seeded database). The demo
 * data is seeded.
 *
 *   let server: TestServer;
 *   beforeAll(async () => { server = await startTestServer(); });
 *   afterAll(() => server.close());
 */

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;
export const TEST_PUBLIC_URL = 'http://localhost:3000';

/**
 * An app on `database` as a test builds one by hand (not `startTestServer`'s shared database): NODE_ENV test, its
 * uploads and served files under `root`, a random JWT secret, no logs and no mails; `options` adds the rest.
 */
export function buildTestApp(
  database: DatabaseHandle,
  root: string,
  options: Partial<BuildAppOptions> = {},
): Promise<FastifyInstance> {
  const jwtSecret = randomBytes(32).toString('hex');
  const config: ServerConfig = {
    ...parseEnvironment({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: root, JWT_SECRET: jwtSecret }),
    jwtSecret,
  };
  return buildApp({
    config,
    database,
    mailer: createMailer({ db: database.db, logLinks: false }),
    logger: false,
    staticRoot: root,
    ...options,
  });
}
export const DEMO_EMAILS = DEMO_ACCOUNTS.map((account) => account.email);

/** A clock that tests move forward instead of sleeping. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}

/** Limits so high that ordinary tests never meet them; rate-limit tests pass the real policy. */
export const RELAXED_RATE_LIMITS: RateLimitPolicy = {
  signIn: { max: 10_000, windowMs: 60_000 },
  failedSignIns: { max: 10_000, windowMs: 60_000 },
  failedUntrustedSignInsPerAccount: { max: 10_000, windowMs: 60_000 },
  failedSignInsPerDevice: { max: 10_000, windowMs: 60_000 },
  tokenSubmissions: { max: 10_000, windowMs: 60_000 },
  refresh: { max: 10_000, windowMs: 60_000 },
  mailRequests: { max: 10_000, windowMs: 60_000 },
  mailsPerRecipient: { max: 10_000, windowMs: 60_000 },
  passwordChanges: { max: 10_000, windowMs: 60_000 },
  widgetPages: { max: 10_000, windowMs: 60_000 },
  promoCodeRedemptions: { max: 10_000, windowMs: 60_000 },
};

interface SharedDatabase {
  handle: DatabaseHandle;
  users: number;
  dispose(): Promise<void>;
}

let shared: Promise<SharedDatabase> | undefined;

async function createSharedDatabase(): Promise<SharedDatabase> {
  return { ...(await openSeededTestDatabase('test')), users: 0 };
}

export interface TestServerOptions {
  /** Environment overrides (NODE_ENV, PUBLIC_URL…) on top of the test configuration. */
  env?: Record<string, string>;
  lifetimes?: BuildAppOptions['lifetimes'];
  /** Default: RELAXED_RATE_LIMITS. */
  rateLimits?: Partial<RateLimitPolicy>;
  /** Default: UPLOAD_PROCESSING. */
  uploadProcessing?: BuildAppOptions['uploadProcessing'];
  clock?: TestClock;
  onRoute?: BuildAppOptions['onRoute'];
  /** Writes files into the served app's directory before the app starts (it lists them once, at start). */
  builtFiles?: (staticRoot: string) => void;
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  engine: DatabaseHandle['engine'];
  /** LISTEN on the test database (the app's `DatabaseHandle.listen`): NOTIFYs committed by any connection. */
  listen: DatabaseHandle['listen'];
  config: ServerConfig;
  clock: TestClock;
  /** The directory served as the built app (an index.html made for the tests). */
  staticRoot: string;
  /** A temporary DATA_DIR, removed by close(); uploads are stored in its `uploads` folder. */
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  shared ??= createSharedDatabase();
  const database = await shared;
  database.users += 1;
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'backoffice-dist-'));
  writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  options.builtFiles?.(staticRoot);
  // DATA_DIR of its own (uploads land in DATA_DIR/uploads), apart from the served app's directory.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-data-'));
  const jwtSecret = options.env?.JWT_SECRET ?? randomBytes(32).toString('hex');
  const environment = {
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    ...options.env,
    JWT_SECRET: jwtSecret,
  };
  const config: ServerConfig = { ...parseEnvironment(environment), jwtSecret };
  const clock = options.clock ?? new TestClock();
  const app = await buildApp({
    config,
    database: database.handle,
    mailer: createMailer({ db: database.handle.db, logLinks: false }),
    logger: false,
    now: clock.now,
    lifetimes: options.lifetimes,
    rateLimits: { ...RELAXED_RATE_LIMITS, ...options.rateLimits },
    uploadProcessing: options.uploadProcessing,
    staticRoot,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    db: database.handle.db,
    engine: database.handle.engine,
    listen: (channel, onNotification, onGap) => database.handle.listen(channel, onNotification, onGap),
    config,
    clock,
    staticRoot,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(staticRoot, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      database.users -= 1;
      if (database.users === 0) {
        shared = undefined;
        await database.dispose();
      }
    },
  };
}

/**
 * A second API process on the test server's PostgreSQL database (TEST_DATABASE_URL): its own pool and app, as
 * another process behind the same proxy would have. `close` ends both.
 */
export async function startSecondAppOnPostgres(
  server: TestServer,
): Promise<{ app: FastifyInstance; handle: DatabaseHandle; close(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('a second process needs TEST_DATABASE_URL');
  const result = (await server.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(serverUrl);
  url.pathname = `/${result.rows[0].name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const app = await buildApp({
    config: server.config,
    database: handle,
    mailer: createMailer({ db: handle.db, logLinks: false }),
    logger: false,
    rateLimits: RELAXED_RATE_LIMITS,
    staticRoot: server.staticRoot,
  });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

// ---- users -------------------------------------------------------------------------------------------

export interface TestUser {
  id: number;
  email: string;
  authId: string;
  password: string | null;
}

let passwordHashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'Test-Password-2026';

/** A fresh user, so that tests which change passwords or delete accounts do not disturb the others. */
export async function createUser(
  db: Database,
  options: { roleKey?: RoleKey; password?: string | null; language?: string; isActive?: boolean } = {},
): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  // Hashing is slow on purpose; one hash of the shared test password serves every user that uses it.
  const passwordHash =
    password === null
      ? null
      : password === TEST_PASSWORD
        ? await (passwordHashCache ??= hashPassword(TEST_PASSWORD))
        : await hashPassword(password);
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.key, options.roleKey ?? 'CUSTOMER'));
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${suffix}`,
      username: `test-${suffix}`,
      email: `test-${suffix}@example.ch`,
      roleId: role.id,
      language: options.language ?? 'en',
      passwordHash,
      isActive: options.isActive ?? true,
    })
    .returning({ id: users.id, email: users.email, authId: users.authId });
  return { ...user, password };
}

// ---- HTTP helpers ------------------------------------------------------------------------------------

export const CSRF = { [CSRF_HEADER.name]: CSRF_HEADER.value };

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookies(response: LightMyRequestResponse): ParsedCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair, ...attributeParts] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const part of attributeParts) {
      const [key, ...rest] = part.split('=');
      attributes[key.toLowerCase()] = rest.length > 0 ? rest.join('=') : true;
    }
    return { name: pair.slice(0, separator), value: decodeURIComponent(pair.slice(separator + 1)), attributes };
  });
}

/** The refresh token a response set ('' when it cleared the cookie, undefined when it did not touch it). */
export function refreshCookieOf(response: LightMyRequestResponse): ParsedCookie | undefined {
  return parseSetCookies(response).find((cookie) => cookie.name === REFRESH_COOKIE_NAME);
}

export interface SignedInClient {
  response: LightMyRequestResponse;
  body: SignInResponse;
  accessToken: string;
  refreshToken: string;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
  remoteAddress?: string,
): Promise<SignedInClient> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
  const body = response.json<SignInResponse>();
  const cookie = refreshCookieOf(response);
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  return { response, body, accessToken: body.accessToken, refreshToken: cookie.value };
}

export const refresh = (
  app: FastifyInstance,
  refreshToken: string | undefined,
  headers: Record<string, string> = CSRF,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-tokens',
    headers,
    cookies: refreshToken === undefined ? {} : { [REFRESH_COOKIE_NAME]: refreshToken },
  });

export const getMe = (app: FastifyInstance, accessToken: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

// ---- resources ---------------------------------------------------------------------------------------

export interface RouteEntry {
  path: string;
  methods: string[];
}

/**
 * Every route of the app with its methods, read from Fastify's route tree (`app.printRoutes({ commonPrefix:
 * false })`).
 */
export function routesOf(tree: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    prefixes.length = depth;
    const path = `${prefixes.join('')}${match[2]}`;
    prefixes.push(match[2]);
    if (match[3]) routes.push({ path: `/${path}`.replace(/\/+/g, '/'), methods: match[3].split(', ') });
  }
  return routes;
}

/** A list query parameter (`filter`, `sort`, `range`) as ra-data-simple-rest sends it. */
export const jsonParam = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** A 400's field errors (none when the answer names no field). */
export const errorsOf = (response: LightMyRequestResponse): Record<string, string> =>
  response.json<{ errors?: Record<string, string> }>().errors ?? {};

/** The total of a list answer, from its `Content-Range` (`events 0-24/319` → 319). */
export const totalOf = (response: LightMyRequestResponse): number =>
  Number(/\/(\d+)$/.exec(String(response.headers['content-range']))?.[1]);

/** A (demo) account's row, by email. */
export async function userRow(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

/** The ids of a table in ascending order (the seeded reference data), e.g. `orderedIds(db, musics.id)`. */
export async function orderedIds(db: Database, column: PgColumn): Promise<number[]> {
  return (await db.select({ id: column }).from(column.table).orderBy(asc(column))).map((row) => row.id as number);
}

// ---- mails -------------------------------------------------------------------------------------------

export async function mailsTo(db: Database, to: string, template?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(desc(mailOutbox.id));
}

/** The first link of the mail's text that starts with the public URL. */
export function linkIn(text: string, publicUrl = TEST_PUBLIC_URL): URL {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no link to ${publicUrl} in: ${text}`);
  return new URL(match[0]);
}

/** The token at the end of a link's path (reset-password, delete-account) or in its `token` parameter. */
export function tokenOf(link: URL): string {
  return link.searchParams.get('token') ?? decodeURIComponent(link.pathname.split('/').pop() ?? '');
}

/** Waits for mails sent after the answer (forgot-password, delete-account), then returns the newest. */
export async function latestMailTo(server: TestServer, to: string, template?: string) {
  await server.app.background.idle();
  const [mail] = await mailsTo(server.db, to, template);
  return mail;
}
