import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { RoleKey } from '../../domain/roles';
import { userInputSchema, userRecordSchema, type UserRecord } from '../../domain/user';
import { auditLog, authSessions, users } from '../../server/db/schema';
import { REVOKE_REASONS } from '../../server/services/authSessions';
import { USER_DISABLED, authorizeUserWrite, mayGrantRole } from '../../server/services/users';
import { seededScopes, viewerOf, type SeededScopes } from './authorizationMatrix';
import {
  TEST_PASSWORD,
  createUser,
  getMe,
  latestMailTo,
  linkIn,
  refresh,
  signIn,
  startTestServer,
  tokenOf,
  type TestServer,
} from './harness';

let server: TestServer;
let scopes: SeededScopes;
let rootToken: string;

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  rootToken = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const asRoot = (method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url: `/api/v1/${url}`, payload, headers: { authorization: `Bearer ${rootToken}` } });

const listUsers = (query: { sort?: [string, string]; range?: [number, number]; filter?: object }) =>
  asRoot(
    'GET',
    `users?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])))}`,
  );

const unique = () => randomUUID().slice(0, 8);
const idsOf = (response: LightMyRequestResponse) => response.json<UserRecord[]>().map((user) => user.id);

/** A valid create body for a customer; override what the test is about. */
const newUser = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const suffix = unique();
  return {
    firstName: 'Anna',
    lastName: `Muster ${suffix}`,
    username: `anna-${suffix}`,
    email: `anna-${suffix}@example.ch`,
    roleId: scopes.roleIds.CUSTOMER,
    ...overrides,
  };
};

async function created(overrides: Record<string, unknown> = {}): Promise<UserRecord> {
  const response = await asRoot('POST', 'users', newUser(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return userRecordSchema.parse(response.json());
}

const storedRow = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /users: validation, field by field', () => {
  it.each([
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: 'x'.repeat(101) }],
    ['firstName', { firstName: 'Nul\u0000' }],
    ['lastName', { lastName: '\u0000' }],
    ['lastName', { lastName: undefined }],
    ['username', { username: 'with space' }],
    ['email', { email: 'not-an-email' }],
    ['phoneNumber', { phoneNumber: 'call me' }],
    ['billingLink', { billingLink: 'ftp://billing.example.ch' }],
    ['hasPaidSubscription', { hasPaidSubscription: 'yes' }],
    ['gender', { gender: 'ROBOT' }],
    ['roleId', { roleId: 'ROOT' }],
    ['roleId', { roleId: 0 }],
    ['establishmentId', { establishmentId: -3 }],
    ['language', { language: 'es' }],
    ['isActive', { isActive: 'no' }],
  ])('400 on %s for %j, and nothing is created', async (field, overrides) => {
    const body = newUser(overrides);
    const response = await asRoot('POST', 'users', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(
      await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, String(body.username))),
    ).toHaveLength(0);
  });

  it('creates a user without a password, answers the record and never a secret', async () => {
    const response = await asRoot(
      'POST',
      'users',
      newUser({
        phoneNumber: '+41 79 555 12 34',
        billingLink: 'https://billing.example.ch/anna',
        gender: 'FEMALE',
        language: 'fr',
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(userRecordSchema.shape).sort());
    const record = userRecordSchema.parse(body);
    expect(record).toMatchObject({
      phoneNumber: '+41 79 555 12 34',
      gender: 'FEMALE',
      language: 'fr',
      isActive: true,
      version: 1,
    });
    expect((await storedRow(record.id)).passwordHash).toBeNull();
    expect((await asRoot('GET', `users/${record.id}`)).json()).toEqual(body);
  });

  it('stores the email lower-case', async () => {
    const record = await created({ email: `Mixed.${unique()}@Example.CH` });
    expect(record.email).toBe(record.email.toLowerCase());
  });
});

describe('the role decides the scope field', () => {
  it.each([
    ['ADMIN', 'establishmentId'],
    ['COORDINATOR', 'establishmentId'],
    ['COORDINATOR_ADMIN_LIMITED', 'establishmentId'],
    ['PROMOTER', 'promoterGroupId'],
  ] as [RoleKey, string][])('a %s needs %s (400 on that field)', async (roleKey, field) => {
    const response = await asRoot('POST', 'users', newUser({ roleId: scopes.roleIds[roleKey] }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('keeps the scope field a role uses and clears the other one', async () => {
    const both = { establishmentId: scopes.firstEstablishmentId, promoterGroupId: scopes.firstPromoterGroupId };
    expect(await created({ roleId: scopes.roleIds.ADMIN, ...both })).toMatchObject({
      establishmentId: scopes.firstEstablishmentId,
      promoterGroupId: null,
    });
    expect(await created({ roleId: scopes.roleIds.PROMOTER, ...both })).toMatchObject({
      establishmentId: null,
      promoterGroupId: scopes.firstPromoterGroupId,
    });
    expect(await created({ roleId: scopes.roleIds.CUSTOMER, ...both })).toMatchObject({
      establishmentId: null,
      promoterGroupId: null,
    });
  });

  it.each([
    ['roleId', { roleId: 999_999 }],
    ['establishmentId', { roleId: 'ADMIN', establishmentId: 999_999 }],
    ['promoterGroupId', { roleId: 'PROMOTER', promoterGroupId: 999_999 }],
  ])('an unknown %s is a 400 on that field', async (field, overrides) => {
    const roleId =
      typeof overrides.roleId === 'string' ? scopes.roleIds[overrides.roleId as RoleKey] : overrides.roleId;
    const response = await asRoot('POST', 'users', newUser({ ...overrides, roleId }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });
});

describe('email and username are unique', () => {
  it.each([
    ['email', { email: 'admin@demo.ch' }],
    ['email', { email: 'ADMIN@demo.ch' }],
    ['username', { username: 'admin' }],
    ['username', { username: 'Admin' }],
  ])('409 ALREADY_TAKEN on %s for %j', async (field, overrides) => {
    const response = await asRoot('POST', 'users', newUser(overrides));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: RESOURCE_ERROR_CODES.alreadyTaken,
      errors: { [field]: RESOURCE_ERROR_CODES.alreadyTaken },
    });
  });

  it('names both fields when both are taken, and a PUT may keep its own', async () => {
    const both = await asRoot('POST', 'users', newUser({ email: 'promoter@demo.ch', username: 'promoter' }));
    expect(both.statusCode).toBe(409);
    expect(Object.keys(both.json().errors).sort()).toEqual(['email', 'username']);
    const record = await created();
    const kept = await asRoot('PUT', `users/${record.id}`, { ...record, firstName: 'Renamed' });
    expect(kept.statusCode).toBe(200);
    const taken = await asRoot('PUT', `users/${record.id}`, { ...kept.json(), email: 'customer@demo.ch' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: RESOURCE_ERROR_CODES.alreadyTaken });
    expect((await storedRow(record.id)).email).toBe(record.email);
  });
});

describe('PUT /users/:id', () => {
  it('replaces the record, bumps the version and refuses a stale version with 409', async () => {
    const record = await created();
    const first = await asRoot('PUT', `users/${record.id}`, { ...record, lastName: 'First edit' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ lastName: 'First edit', version: record.version + 1 });
    const stale = await asRoot('PUT', `users/${record.id}`, { ...record, lastName: 'Second edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RESOURCE_ERROR_CODES.editConflict);
    expect((await storedRow(record.id)).lastName).toBe('First edit');
  });

  it('changes a user’s role and moves the scope field with it', async () => {
    const record = await created({ roleId: scopes.roleIds.ADMIN, establishmentId: scopes.firstEstablishmentId });
    const response = await asRoot('PUT', `users/${record.id}`, {
      ...record,
      roleId: scopes.roleIds.PROMOTER,
      promoterGroupId: scopes.secondPromoterGroupId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ establishmentId: null, promoterGroupId: scopes.secondPromoterGroupId });
  });

  it('writes the change to the audit log, without secrets', async () => {
    const record = await created();
    expect((await asRoot('PUT', `users/${record.id}`, { ...record, firstName: 'Audited' })).statusCode).toBe(200);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, String(record.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'UPDATE',
      actorEmail: 'root@demo.ch',
      changes: { firstName: { before: 'Anna', after: 'Audited' } },
    });
    expect(JSON.stringify(entry.changes)).not.toMatch(/password|authId/i);
  });
});

describe('disabling or deleting a user ends their sessions at once', () => {
  async function signedInCustomer() {
    const user = await createUser(server.db, { roleKey: 'CUSTOMER' });
    const session = await signIn(server.app, user.email, TEST_PASSWORD);
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(200);
    return { user, session };
  }

  it('disabled: the access token is refused (401), the refresh fails, sign-in fails', async () => {
    const { user, session } = await signedInCustomer();
    const record = userRecordSchema.parse((await asRoot('GET', `users/${user.id}`)).json());
    const response = await asRoot('PUT', `users/${user.id}`, { ...record, isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().isActive).toBe(false);
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(server.app, session.refreshToken)).statusCode).toBe(401);
    const sessions = await server.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions.map((row) => row.revokedReason)).toEqual([REVOKE_REASONS.disabledByAdmin]);
    await expect(signIn(server.app, user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('an edit that keeps the user active keeps their sessions', async () => {
    const { user, session } = await signedInCustomer();
    const record = userRecordSchema.parse((await asRoot('GET', `users/${user.id}`)).json());
    expect((await asRoot('PUT', `users/${user.id}`, { ...record, lastName: 'Still active' })).statusCode).toBe(200);
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(200);
  });

  it('deleted: answers the deleted record; the access token and the refresh fail', async () => {
    const { user, session } = await signedInCustomer();
    const response = await asRoot('DELETE', `users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(response.json()).not.toHaveProperty('passwordHash');
    expect(await storedRow(user.id)).toBeUndefined();
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(server.app, session.refreshToken)).statusCode).toBe(401);
  });
});

describe('a change of role or scope takes effect on the next request', () => {
  it('a demoted admin reads only itself with the same access token', async () => {
    const user = await createUser(server.db, { roleKey: 'ADMIN' });
    await server.db.update(users).set({ establishmentId: scopes.firstEstablishmentId }).where(eq(users.id, user.id));
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    const list = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/v1/users?range=[0,999]',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const before = await list();
    expect(before.json<UserRecord[]>().map((record) => record.email)).toEqual(
      expect.arrayContaining(['admin@demo.ch', user.email]),
    );
    const record = userRecordSchema.parse((await asRoot('GET', `users/${user.id}`)).json());
    expect((await asRoot('PUT', `users/${user.id}`, { ...record, roleId: scopes.roleIds.CUSTOMER })).statusCode).toBe(
      200,
    );
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json<UserRecord[]>().map((listed) => listed.id)).toEqual([user.id]);
  });
});

describe('POST /users/:id/send-access-link', () => {
  const sendLink = (id: number, accessToken = rootToken) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/users/${id}/send-access-link`,
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('mails the user a working access link (202)', async () => {
    const record = await created({ language: 'de' });
    const response = await sendLink(record.id);
    expect(response.statusCode).toBe(202);
    const mail = await latestMailTo(server, record.email, 'accessLink');
    expect(mail).toMatchObject({ userId: record.id, language: 'de' });
    const link = linkIn(mail.textBody);
    expect(link.pathname).toBe('/auth/sign_in');
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/access-link',
      payload: { authId: link.searchParams.get('authId'), token: tokenOf(link) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: record.id, hasPassword: false });
  });

  it('refuses a disabled user with 409 and mails nothing', async () => {
    const record = await created({ isActive: false });
    const response = await sendLink(record.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(USER_DISABLED);
    expect(await latestMailTo(server, record.email, 'accessLink')).toBeUndefined();
  });

  it('is 404 for an unknown user and 403 without USER update', async () => {
    expect((await sendLink(999_999)).statusCode).toBe(404);
    const record = await created();
    const admin = await signIn(server.app, 'admin@demo.ch');
    const refused = await sendLink(record.id, admin.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_ERROR_CODES.forbidden);
    expect(await latestMailTo(server, record.email, 'accessLink')).toBeUndefined();
  });
});

describe('GET /users: sort, filters, search', () => {
  const SORTABLE = [
    'id',
    'lastName',
    'firstName',
    'username',
    'email',
    'roleId',
    'hasPaidSubscription',
    'isActive',
    'createdAt',
  ];

  it.each(SORTABLE)(
    'sorts by %s: descending is ascending reversed (id breaks ties in the same direction)',
    async (field) => {
      const ascending = await listUsers({ sort: [field, 'ASC'], range: [0, 999] });
      const descending = await listUsers({ sort: [field, 'DESC'], range: [0, 999] });
      expect(ascending.statusCode).toBe(200);
      expect(idsOf(descending)).toEqual(idsOf(ascending).reverse());
      expect(idsOf(ascending).length).toBeGreaterThan(1);
    },
  );

  it.each(['id', 'roleId', 'hasPaidSubscription', 'isActive'] as const)(
    'orders %s ascending (false before true)',
    async (field) => {
      const keys = (await listUsers({ sort: [field, 'ASC'], range: [0, 999] }))
        .json<UserRecord[]>()
        .map((user) => Number(user[field]));
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    },
  );

  it.each(['lastName', 'firstName', 'username', 'email'])(
    'orders %s alphabetically, whatever the case',
    async (field) => {
      // Letters only, so that every database collation agrees on the order.
      const marker = `qz${unique().replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)])}`;
      const people = ['Charlie', 'alpha', 'Bravo'].map((name) => ({
        firstName: `${name}${marker}`,
        lastName: `${name}${marker}`,
        username: `${name}${marker}`,
        email: `${name.toLowerCase()}${marker}@example.ch`,
      }));
      const ids = new Map<string, number>();
      for (const person of people) ids.set(person.firstName, (await created(person)).id);
      const response = await listUsers({ sort: [field, 'ASC'], filter: { q: marker }, range: [0, 999] });
      expect(idsOf(response)).toEqual(
        [`alpha${marker}`, `Bravo${marker}`, `Charlie${marker}`].map((name) => ids.get(name)),
      );
    },
  );

  it('sorts by creation time (not in the record: the newest user comes first when descending)', async () => {
    const newest = await created();
    const response = await listUsers({ sort: ['createdAt', 'DESC'], range: [0, 0] });
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([newest.id]);
  });

  it.each([['passwordHash'], ['authId'], ['language']])('refuses to sort by %s (400)', async (field) => {
    expect((await listUsers({ sort: [field, 'ASC'] })).statusCode).toBe(400);
  });

  it('refuses an undeclared filter (400)', async () => {
    expect((await listUsers({ filter: { passwordHash: 'x' } })).statusCode).toBe(400);
  });

  it('filters by role, establishment, promoter group, subscription and activity', async () => {
    const admins = (await listUsers({ filter: { roleId: scopes.roleIds.ADMIN }, range: [0, 999] })).json<
      UserRecord[]
    >();
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((user) => user.roleId === scopes.roleIds.ADMIN)).toBe(true);
    const ofFirst = (
      await listUsers({ filter: { establishmentId: scopes.firstEstablishmentId }, range: [0, 999] })
    ).json<UserRecord[]>();
    expect(ofFirst.map((user) => user.email)).toEqual(expect.arrayContaining(['admin@demo.ch', 'coordinator@demo.ch']));
    expect(ofFirst.every((user) => user.establishmentId === scopes.firstEstablishmentId)).toBe(true);
    const ofSecondGroup = (
      await listUsers({ filter: { promoterGroupId: scopes.secondPromoterGroupId }, range: [0, 999] })
    ).json<UserRecord[]>();
    expect(ofSecondGroup.map((user) => user.email)).toContain('promoter2@demo.ch');
    expect(ofSecondGroup.every((user) => user.promoterGroupId === scopes.secondPromoterGroupId)).toBe(true);
    const paying = (await listUsers({ filter: { hasPaidSubscription: true }, range: [0, 999] })).json<UserRecord[]>();
    expect(paying.length).toBeGreaterThan(0);
    expect(paying.every((user) => user.hasPaidSubscription)).toBe(true);
    const disabled = await created({ isActive: false });
    const inactive = (await listUsers({ filter: { isActive: false }, range: [0, 999] })).json<UserRecord[]>();
    expect(inactive.map((user) => user.id)).toContain(disabled.id);
    expect(inactive.every((user) => !user.isActive)).toBe(true);
  });

  it.each([
    ['first name', 'Matthias', 'admin@demo.ch'],
    ['last name', 'oberholzer', 'root@demo.ch'],
    ['username', 'coordinator-lim', 'coordinator-limited@demo.ch'],
    ['email', 'promoter2@', 'promoter2@demo.ch'],
    ['phone number', '555 06 55', 'promoter2@demo.ch'],
  ])('q searches the %s', async (_what, q, email) => {
    const response = await listUsers({ filter: { q }, range: [0, 999] });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserRecord[]>().map((user) => user.email)).toEqual([email]);
  });
});

describe('only ROOT grants the ROOT role (kept explicit for future roles)', () => {
  it('mayGrantRole', () => {
    expect(mayGrantRole(['ROOT'], 'ROOT')).toBe(true);
    expect(mayGrantRole(['COORDINATOR_ADMIN_FULL'], 'ROOT')).toBe(false);
    expect(mayGrantRole(['ADMIN'], 'CUSTOMER')).toBe(true);
  });

  it('a write by a non-ROOT viewer that grants ROOT is refused on roleId (403)', async () => {
    const viewer = await viewerOf(server.db, 'coordinator-full@demo.ch');
    const input = userInputSchema.parse(newUser({ roleId: scopes.roleIds.ROOT }));
    await expect(authorizeUserWrite(server.db, viewer, input, undefined)).rejects.toMatchObject({
      statusCode: 403,
      errors: { roleId: expect.any(String) },
    });
    const asRootViewer = await viewerOf(server.db, 'root@demo.ch');
    await expect(authorizeUserWrite(server.db, asRootViewer, input, undefined)).resolves.toBeUndefined();
  });
});
