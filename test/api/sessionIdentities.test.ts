import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../domain/auth';
import { authSessions, roles, users } from '../../server/db/schema';
import {
  CSRF,
  TEST_PASSWORD,
  createUser,
  signIn,
  startSecondAppOnPostgres,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * The server keeps the identity behind a session between requests (server/services/sessionIdentityCache.ts). What
 * matters is that nothing a user could notice changes: a session ended, a user disabled or given another role or
 * venue is refused or rescoped by the very next request, however the change was made.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An authenticated request that is not /auth/me (which reads the user anyway): the audit log is ROOT's only. */
const auditLog = (app: FastifyInstance, accessToken: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/audit-log?range=[0,0]',
    headers: { authorization: `Bearer ${accessToken}` },
  });

const tags = (app: FastifyInstance, accessToken: string) =>
  app.inject({ method: 'GET', url: '/api/v1/tags?range=[0,0]', headers: { authorization: `Bearer ${accessToken}` } });

async function signedIn(roleKey: 'ROOT' | 'CUSTOMER' = 'ROOT') {
  const user = await createUser(server.db, { roleKey });
  const { accessToken, refreshToken } = await signIn(server.app, user.email, TEST_PASSWORD);
  return { user, accessToken, refreshToken };
}

async function roleIdOf(key: string): Promise<number> {
  const [role] = await server.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  return role.id;
}

describe('the identity behind a session', () => {
  it('is refused by the next request once the session is signed out', async () => {
    const { accessToken, refreshToken } = await signedIn();
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(200);
    const signOut = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { ...CSRF, authorization: `Bearer ${accessToken}` },
      cookies: { [REFRESH_COOKIE_NAME]: refreshToken },
    });
    expect(signOut.statusCode).toBe(204);
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(401);
  });

  it('is refused by the next request once the user is disabled or the session revoked in the database', async () => {
    const disabled = await signedIn();
    const revoked = await signedIn();
    expect((await auditLog(server.app, disabled.accessToken)).statusCode).toBe(200);
    expect((await auditLog(server.app, revoked.accessToken)).statusCode).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.user.id));
    await server.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, revoked.user.id));
    expect((await auditLog(server.app, disabled.accessToken)).statusCode).toBe(401);
    expect((await auditLog(server.app, revoked.accessToken)).statusCode).toBe(401);
  });

  it('takes a new role at the next request', async () => {
    const { user, accessToken } = await signedIn();
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(200);
    await server.db
      .update(users)
      .set({ roleId: await roleIdOf('CUSTOMER') })
      .where(eq(users.id, user.id));
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(403);
    expect((await tags(server.app, accessToken)).statusCode).toBe(200);
  });

  it('is kept between requests, and the database’s notice of a change is what ends it', async () => {
    const { user, accessToken } = await signedIn();
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(200);
    // A change written without its triggers (as no code of the product writes) sends no notice: the kept
    // identity still answers. Any change that notices then ends it.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    });
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(401);
  });

  it('answers many requests at once, each with the state committed before it was sent', async () => {
    const { user, accessToken } = await signedIn();
    const before = await Promise.all(Array.from({ length: 20 }, () => auditLog(server.app, accessToken)));
    expect(before.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const after = await Promise.all(Array.from({ length: 20 }, () => auditLog(server.app, accessToken)));
    expect(after.map((response) => response.statusCode)).toEqual(Array(20).fill(401));
  });
});

// ---- two API processes on one PostgreSQL database ---------------------------------------------------------

/** Only with PostgreSQL: PGlite is one process's database. */
const onPostgres = process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [];

describe.each(onPostgres)('two app instances on one %s database', () => {
  let second: Awaited<ReturnType<typeof startSecondAppOnPostgres>>;

  beforeAll(async () => {
    second = await startSecondAppOnPostgres(server);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a user disabled through one is refused by the other within a second', async () => {
    const { user, accessToken } = await signedIn();
    expect((await auditLog(second.app, accessToken)).statusCode).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await auditLog(server.app, accessToken)).statusCode).toBe(401);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1000) {
      status = (await auditLog(second.app, accessToken)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(401);
  });
});
