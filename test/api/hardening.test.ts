import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import * as schema from '../../server/db/schema';
import { auditLog, tags, users } from '../../server/db/schema';
import {
  CONSTRAINT_ERROR_CODES,
  CONSTRAINT_FIELDS,
  WHOLE_RECORD_FIELD,
  databaseErrorAnswer,
} from '../../server/plugins/databaseErrors';
import { listQueryParser, parseListQuery } from '../../server/routes/shared/listQuery';
import {
  DEMO_PASSWORD,
  TEST_PASSWORD,
  createUser,
  errorsOf,
  jsonParam,
  routesOf,
  signIn,
  startTestServer,
  type TestServer,
} from './harness';

/**
 * Server hardening across the resources: ids in URLs, constraint violations, case-insensitive
 * usernames and emails, the access link in the audit log, list parameters parsed by schemas built once.
 */

let server: TestServer;
let rootToken: string;

beforeAll(async () => {
  server = await startTestServer();
  rootToken = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

const asRoot = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${rootToken}` } });

const unique = () => randomUUID().slice(0, 8);

// ---- 1. ids in URLs ----------------------------------------------------------------------------------

/** What `Number()` takes for a number but is not the plain decimal writing of an id, and ids out of range. */
const NOT_IDS = [
  '0x10',
  '1e1',
  '%207',
  '7%20',
  '+7',
  '07',
  '7.0',
  '-7',
  '0',
  '2147483648',
  '12345678901',
  '7abc',
  '1_0',
  'Infinity',
];

describe('record ids in URLs', () => {
  const memberRoutes = () =>
    routesOf(server.app.printRoutes({ commonPrefix: false })).filter((route) => route.path.includes(':id'));

  it('finds the routes that take an id: every resource, its actions, roles, uploads, the outbox', () => {
    const paths = memberRoutes().map((route) => route.path);
    for (const expected of [
      '/api/v1/tags/:id',
      '/api/v1/users/:id/send-access-link',
      '/api/v1/events/:id/approve',
      '/api/v1/outbox/:id',
      '/api/v1/uploads/:id',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 400 on `id` for anything but a plain positive decimal integer within the int range, on every route and method', async () => {
    const refusals: string[] = [];
    for (const route of memberRoutes()) {
      for (const method of route.methods.filter((name) => name !== 'HEAD') as ('GET' | 'POST' | 'PUT' | 'DELETE')[]) {
        for (const text of NOT_IDS) {
          const url = route.path.replace(':id', text);
          const response = await asRoot(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
          if (response.statusCode !== 400 || !errorsOf(response).id)
            refusals.push(`${method} ${url} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });

  it('still reads a record by its plain id', async () => {
    const [tag] = await server.db.select({ id: tags.id }).from(tags).limit(1);
    const response = await asRoot('GET', `/api/v1/tags/${tag.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: number }>().id).toBe(tag.id);
    expect((await asRoot('GET', '/api/v1/tags/2147483647')).statusCode).toBe(404);
  });
});

describe('the target tag id of a merge', () => {
  it('answers 400 on `targetId` for anything but a plain positive decimal integer', async () => {
    const [tag] = await server.db.select({ id: tags.id }).from(tags).limit(1);
    const refusals: string[] = [];
    for (const text of NOT_IDS) {
      const url = `/api/v1/tags/${tag.id}/merge-into/${text}`;
      const response = await asRoot('POST', url, {});
      if (response.statusCode !== 400 || !errorsOf(response).targetId)
        refusals.push(`POST ${url} → ${response.statusCode} ${response.body}`);
    }
    expect(refusals).toEqual([]);
  });
});

describe('dashboard card names in URLs', () => {
  it('answers 400 on `card` for what is not a name, 404 for a name that is no card, never a 5xx', async () => {
    const answers: string[] = [];
    for (const text of [...NOT_IDS, '', '%00', 'drafts%2F..', 'DRAFTS', '__proto__', 'toString', 'x'.repeat(65)]) {
      const response = await asRoot('GET', `/api/v1/dashboard/cards/${text}`);
      const expected = /^[A-Za-z]{1,64}$/.test(decodeURIComponent(text)) ? 404 : text === '' ? [400, 404] : 400;
      const fine = Array.isArray(expected) ? expected.includes(response.statusCode) : response.statusCode === expected;
      if (!fine || (response.statusCode === 400 && !errorsOf(response).card))
        answers.push(`${text} → ${response.statusCode} ${response.body}`);
    }
    expect(answers).toEqual([]);
    expect((await asRoot('GET', '/api/v1/dashboard/cards/drafts')).statusCode).toBe(200);
  });
});

// ---- 2. constraint violations ------------------------------------------------------------------------

/** Every unique, primary-key, foreign-key and check constraint (and unique index) of the Drizzle schema. */
function schemaConstraintNames(): string[] {
  const names: string[] = [];
  for (const table of Object.values(schema)) {
    if (!(table instanceof PgTable)) continue;
    const config = getTableConfig(table);
    names.push(...config.foreignKeys.map((foreignKey) => foreignKey.getName()));
    names.push(...config.checks.map((check) => check.name));
    names.push(...config.uniqueConstraints.map((constraint) => constraint.getName() ?? ''));
    names.push(...config.primaryKeys.map((primaryKey) => primaryKey.getName()));
    names.push(...config.indexes.filter((index) => index.config.unique).map((index) => index.config.name ?? ''));
    names.push(...config.columns.filter((column) => column.isUnique).map((column) => column.uniqueName ?? ''));
  }
  return names.sort();
}

/** The error a statement raises, as the driver (PGlite or pg, through drizzle) throws it. */
async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the statement succeeded');
}

describe('constraint violations', () => {
  it('names every constraint of the schema with a field, and nothing the schema lacks', () => {
    expect(schemaConstraintNames()).toEqual(Object.keys(CONSTRAINT_FIELDS).sort());
  });

  it('answers a mapped unique violation with a 409 on its field', async () => {
    const [root] = await server.db.select().from(users).where(eq(users.email, 'root@demo.ch'));
    const error = await errorOf(() =>
      server.db.insert(users).values({
        firstName: 'A',
        lastName: 'B',
        username: root.username.toUpperCase(),
        email: `${unique()}@example.ch`,
        roleId: root.roleId,
      }),
    );
    expect(databaseErrorAnswer(error, 'create')).toEqual({
      statusCode: 409,
      body: { message: RESOURCE_ERROR_CODES.alreadyTaken, errors: { username: CONSTRAINT_ERROR_CODES.unique } },
    });
  });

  it('answers a mapped foreign-key violation with a 400 on its field, and a 409 IN_USE while deleting', async () => {
    const error = await errorOf(() =>
      server.db.insert(schema.tagTranslations).values({ tagId: 2_000_000_000, language: 'en', label: 'x' }),
    );
    expect(databaseErrorAnswer(error, 'update')).toEqual({
      statusCode: 400,
      body: { message: RESOURCE_ERROR_CODES.invalidInput, errors: { id: CONSTRAINT_ERROR_CODES.foreignKey } },
    });
    expect(databaseErrorAnswer(error, 'delete')).toEqual({
      statusCode: 409,
      body: { message: RESOURCE_ERROR_CODES.inUse },
    });
  });

  it('answers a violation of a constraint it does not know on the whole record, without the internal name', async () => {
    const error = await errorOf(() =>
      server.db.transaction(async (tx) => {
        await tx.execute(
          sql`CREATE TEMPORARY TABLE hardening_probe (code text CONSTRAINT hardening_probe_secret_unique UNIQUE) ON COMMIT DROP`,
        );
        await tx.execute(sql`INSERT INTO hardening_probe VALUES ('a'), ('a')`);
      }),
    );
    const answer = databaseErrorAnswer(error, 'create');
    expect(answer).toEqual({
      statusCode: 409,
      body: {
        message: RESOURCE_ERROR_CODES.alreadyTaken,
        errors: { [WHOLE_RECORD_FIELD]: CONSTRAINT_ERROR_CODES.unique },
      },
    });
    expect(JSON.stringify(answer)).not.toContain('hardening_probe');
  });

  it('leaves errors that are not the caller’s to the 500 handler', () => {
    expect(databaseErrorAnswer(new Error('connection lost'), 'create')).toBeUndefined();
    expect(databaseErrorAnswer(Object.assign(new Error('deadlock'), { code: '40P01' }), 'update')).toBeUndefined();
  });
});

// ---- 3. usernames and emails without case ------------------------------------------------------------

describe('usernames and emails are unique whatever their case', () => {
  const insertUser = async (username: string, email: string) => {
    const [role] = await server.db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(eq(schema.roles.key, 'CUSTOMER'));
    return server.db
      .insert(users)
      .values({ firstName: 'Case', lastName: 'Test', username, email, roleId: role.id })
      .returning({ id: users.id });
  };

  it('refuses, in the database, a username or an email that differs from another only by case', async () => {
    const suffix = unique();
    await insertUser(`anna-${suffix}`, `anna-${suffix}@example.ch`);
    const sameUsername = await errorOf(() => insertUser(`Anna-${suffix}`, `other-${suffix}@example.ch`));
    expect(databaseErrorAnswer(sameUsername, 'create')?.body.errors).toEqual({
      username: RESOURCE_ERROR_CODES.alreadyTaken,
    });
    const sameEmail = await errorOf(() => insertUser(`other-${suffix}`, `ANNA-${suffix}@Example.CH`));
    expect(databaseErrorAnswer(sameEmail, 'create')?.body.errors).toEqual({ email: RESOURCE_ERROR_CODES.alreadyTaken });
  });

  it('answers 409 on both fields through POST /users', async () => {
    const [root] = await server.db.select().from(users).where(eq(users.email, 'root@demo.ch'));
    const response = await asRoot('POST', '/api/v1/users', {
      firstName: 'Case',
      lastName: 'Test',
      username: root.username.toUpperCase(),
      email: 'Root@Demo.CH',
      roleId: root.roleId,
    });
    expect(response.statusCode).toBe(409);
    expect(errorsOf(response)).toEqual({
      username: RESOURCE_ERROR_CODES.alreadyTaken,
      email: RESOURCE_ERROR_CODES.alreadyTaken,
    });
  });

  it('signs in by email in any case, also an account whose address was stored with capitals', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: ' ROOT@Demo.CH ', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);

    const account = await createUser(server.db);
    const storedWithCapitals = account.email.replace(/^test/, 'Test').toUpperCase();
    await server.db.update(users).set({ email: storedWithCapitals }).where(eq(users.id, account.id));
    const signedIn = await signIn(server.app, account.email.toLowerCase(), TEST_PASSWORD);
    expect(signedIn.body.user.id).toBe(account.id);
  });
});

// ---- 4. the access link in the audit log -------------------------------------------------------------

describe('sending an access link', () => {
  const auditRowsOf = (userId: number) =>
    server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'users'),
          eq(auditLog.recordId, String(userId)),
          eq(auditLog.action, 'SEND_ACCESS_LINK'),
        ),
      );

  it('writes who sent it to which address, readable through GET /audit-log', async () => {
    const account = await createUser(server.db, { password: null });
    const response = await asRoot('POST', `/api/v1/users/${account.id}/send-access-link`);
    expect(response.statusCode).toBe(202);

    const rows = await auditRowsOf(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorEmail: 'root@demo.ch', changes: { email: { after: account.email } } });

    const listed = await asRoot(
      'GET',
      `/api/v1/audit-log?filter=${jsonParam({ action: 'SEND_ACCESS_LINK', recordId: String(account.id) })}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ action: string; recordId: string }[]>()).toEqual([
      expect.objectContaining({ action: 'SEND_ACCESS_LINK', recordId: String(account.id) }),
    ]);
  });

  it('writes nothing when no link goes out (a disabled user)', async () => {
    const account = await createUser(server.db, { isActive: false });
    expect((await asRoot('POST', `/api/v1/users/${account.id}/send-access-link`)).statusCode).toBe(409);
    expect(await auditRowsOf(account.id)).toHaveLength(0);
  });
});

// ---- 5. list parameters --------------------------------------------------------------------------------

describe('list parameters parsed by schemas built once', () => {
  const filter = z.object({ q: z.string().optional(), tags: z.array(z.number()).default([]) }).default({ tags: [] });

  it('keeps lists with one filter schema but other sortable fields or defaults apart', () => {
    const byName = parseListQuery(
      { sort: '["name","ASC"]' },
      { sortable: ['name'], defaultSort: { field: 'name', order: 'ASC' }, filter },
    );
    expect(byName.sort).toEqual({ field: 'name', order: 'ASC' });
    // Same filter schema, another list: `name` is not sortable there, and its defaults are its own.
    expect(() =>
      parseListQuery(
        { sort: '["name","ASC"]' },
        { sortable: ['city'], defaultSort: { field: 'city', order: 'DESC' }, filter },
      ),
    ).toThrow();
    const byCity = parseListQuery(
      {},
      { sortable: ['city'], defaultSort: { field: 'city', order: 'DESC' }, filter, defaultPageSize: 10 },
    );
    expect(byCity).toMatchObject({ sort: { field: 'city', order: 'DESC' }, range: { start: 0, end: 9 }, limit: 10 });
  });

  it('gives every request a filter of its own', () => {
    const parse = listQueryParser({ sortable: ['name'], defaultSort: { field: 'name', order: 'ASC' }, filter });
    const first = parse({});
    first.filter.tags.push(7);
    expect(parse({}).filter).toEqual({ tags: [] });
    expect(parse({ filter: '{"tags":[1]}', range: '[5,9]' })).toMatchObject({
      filter: { tags: [1] },
      offset: 5,
      limit: 5,
    });
  });
});
