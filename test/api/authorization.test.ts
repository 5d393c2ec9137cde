import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type Viewer } from '../../domain/access';
import { AUTH_ERROR_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { VisibilityChangeAnswer } from '../../domain/records';
import type { RoleKey } from '../../domain/roles';
import { tags, users } from '../../server/db/schema';
import { toUserRecord, userRecordColumns } from '../../server/services/users';
import {
  DASHBOARD_ENDPOINTS,
  RESOURCE_FIXTURES,
  expectedDashboardStatus,
  expectedStatus,
  representativeRows,
  seededScopes,
  viewerOf,
  visibleIds,
  type ResourceFixture,
  type SeededScopes,
  VISIBILITY_ACTION,
  expectedStatisticsStatus,
  statisticsScopeCases,
  TAG_TERM_ACTIONS,
  expectedTagTermActionStatus,
  type StatisticsScopeCase,
} from './authorizationMatrix';
import { DEMO_EMAILS, signIn, startTestServer, type TestServer } from './harness';

/**
 * The generated authorisation tests: every demo account against every endpoint of every resource in
 * test/api/authorizationMatrix.ts, expecting exactly what domain/access.ts says (action and record scope),
 * plus every account's attempts to raise its own role or widen its own scope.
 */

interface Account {
  email: string;
  viewer: Viewer & { roleKey: RoleKey };
  accessToken: string;
}

let server: TestServer;
let scopes: SeededScopes;
const accounts = new Map<string, Account>();

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  for (const email of DEMO_EMAILS) {
    const { accessToken } = await signIn(server.app, email);
    accounts.set(email, { email, viewer: await viewerOf(server.db, email), accessToken });
  }
});
afterAll(() => server.close());

const accountOf = (email: string): Account => {
  const account = accounts.get(email);
  if (!account) throw new Error(`${email} did not sign in`);
  return account;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (account: Account, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method,
    url: `/api/v1/${url}`,
    payload,
    headers: { authorization: `Bearer ${account.accessToken}` },
  });

const listUrl = (fixture: ResourceFixture, range: [number, number], filter?: object) =>
  `${fixture.collection}?${new URLSearchParams({
    sort: JSON.stringify(['id', 'ASC']),
    range: JSON.stringify(range),
    ...(filter ? { filter: JSON.stringify(filter) } : {}),
  })}`;

/** `Content-Range: users 0-8/9` → 9. */
const totalOf = (response: LightMyRequestResponse): number => {
  const match = /\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''));
  if (!match) throw new Error(`no total in Content-Range: ${String(response.headers['content-range'])}`);
  return Number(match[1]);
};

const idsOf = (response: LightMyRequestResponse): number[] =>
  response.json<{ id: number }[]>().map((record) => record.id);
const sortedIds = (response: LightMyRequestResponse): number[] => idsOf(response).sort((a, b) => a - b);

const root = () => accountOf('root@demo.ch');

/** The record as ROOT reads it (ROOT reads every resource under test), or undefined once it is gone. */
async function readAsRoot(fixture: ResourceFixture, id: number): Promise<Record<string, unknown> | undefined> {
  const response = await call(root(), 'GET', `${fixture.collection}/${id}`);
  if (response.statusCode === 404) return undefined;
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

/** A refused call answers the API's error body with the reason. */
function expectRefusal(response: LightMyRequestResponse, status: number): void {
  if (status === 403) expect(response.json().message).toBe(AUTH_ERROR_CODES.forbidden);
  if (status === 404) expect(response.json()).toHaveProperty('message');
}

describe.each(RESOURCE_FIXTURES.map((fixture) => [fixture.collection, fixture] as const))(
  '%s',
  (_collection, fixture) => {
    it.each(DEMO_EMAILS)('list as %s: exactly the records in scope, and their total', async (email) => {
      const account = accountOf(email);
      const rows = await fixture.rows(server.db);
      const expected = expectedStatus(account.viewer, fixture, 'list');
      const response = await call(account, 'GET', listUrl(fixture, [0, 999]));
      expect(response.statusCode).toBe(expected);
      if (expected !== 200) return expectRefusal(response, expected);
      const visible = visibleIds(account.viewer, fixture, rows);
      expect(visible.length, 'one page holds the whole scope').toBeLessThanOrEqual(1000);
      expect(sortedIds(response)).toEqual(visible);
      expect(totalOf(response)).toBe(visible.length);
      // The total counts the whole scope, not the page.
      const firstPage = await call(account, 'GET', listUrl(fixture, [0, 1]));
      expect(idsOf(firstPage)).toHaveLength(Math.min(2, visible.length));
      expect(visible).toEqual(expect.arrayContaining(idsOf(firstPage)));
      expect(totalOf(firstPage)).toBe(visible.length);
    });

    it.each(DEMO_EMAILS)('getOne as %s: a record outside the scope does not exist', async (email) => {
      const account = accountOf(email);
      for (const row of representativeRows(await fixture.rows(server.db))) {
        const expected = expectedStatus(account.viewer, fixture, 'getOne', row.ownership);
        const response = await call(account, 'GET', `${fixture.collection}/${row.id}`);
        expect(response.statusCode, `GET ${fixture.collection}/${row.id}`).toBe(expected);
        if (expected === 200) expect(response.json().id).toBe(row.id);
        else expectRefusal(response, expected);
      }
    });

    it.each(DEMO_EMAILS)('getMany as %s: only the asked records in scope', async (email) => {
      const account = accountOf(email);
      const asked = representativeRows(await fixture.rows(server.db));
      const expected = expectedStatus(account.viewer, fixture, 'getMany');
      const response = await call(account, 'GET', listUrl(fixture, [0, 999], { id: asked.map((row) => row.id) }));
      expect(response.statusCode).toBe(expected);
      if (expected !== 200) return expectRefusal(response, expected);
      expect(sortedIds(response)).toEqual(visibleIds(account.viewer, fixture, asked));
    });

    it.each(DEMO_EMAILS)('create as %s', async (email) => {
      const account = accountOf(email);
      const before = (await fixture.rows(server.db)).map((row) => row.id);
      const input = fixture.writes?.newInput(scopes) ?? {};
      const ownership = fixture.writes?.ownershipOfInput(input);
      const expected = expectedStatus(account.viewer, fixture, 'create', ownership);
      const response = await call(account, 'POST', fixture.collection, input);
      expect(response.statusCode).toBe(expected);
      const after = (await fixture.rows(server.db)).map((row) => row.id);
      if (expected === 201) {
        const created = response.json<{ id: number }>().id;
        expect(after).toContain(created);
        expect(after).toHaveLength(before.length + 1);
      } else {
        expectRefusal(response, expected);
        expect(after.sort()).toEqual(before.sort());
      }
    });

    it.each(DEMO_EMAILS)('update as %s, of a record of each scope', async (email) => {
      const account = accountOf(email);
      const writes = fixture.writes;
      if (!writes) {
        // A read-only resource has no PUT for anybody.
        const [row] = await fixture.rows(server.db);
        const response = await call(account, 'PUT', `${fixture.collection}/${row.id}`, {});
        expect(response.statusCode).toBe(expectedStatus(account.viewer, fixture, 'update', row.ownership));
        return;
      }
      for (const owner of writes.owners) {
        const id = await writes.insertThrowaway(server.db, owner, scopes);
        const ownership = (await fixture.rows(server.db)).find((row) => row.id === id)?.ownership;
        const record = await readAsRoot(fixture, id);
        if (!record) throw new Error(`ROOT cannot read throwaway ${fixture.collection}/${id}`);
        const mark = `Edited ${randomUUID().slice(0, 8)}`;
        const expected = expectedStatus(account.viewer, fixture, 'update', ownership);
        const response = await call(account, 'PUT', `${fixture.collection}/${id}`, writes.edit(record, mark));
        expect(response.statusCode, `PUT a record of ${owner}`).toBe(expected);
        const stored = writes.markOf((await readAsRoot(fixture, id)) ?? {});
        if (expected === 200) expect(stored).toBe(mark);
        else {
          expectRefusal(response, expected);
          expect(stored, `a refused PUT changes nothing (${owner})`).toBe(writes.markOf(record));
        }
      }
    });

    it.each(DEMO_EMAILS)('bulk visibility as %s, of a record of each scope: a result per record', async (email) => {
      const account = accountOf(email);
      const writes = fixture.writes;
      const [row] = await fixture.rows(server.db);
      const whole = expectedStatus(account.viewer, fixture, VISIBILITY_ACTION);
      if (!writes || whole !== 200) {
        const response = await call(account, 'POST', `${fixture.collection}/visibility`, {
          ids: [row.id],
          visibility: 'DRAFT',
        });
        expect(response.statusCode).toBe(whole);
        return;
      }
      for (const owner of writes.owners) {
        const id = await writes.insertThrowaway(server.db, owner, scopes);
        const ownership = (await fixture.rows(server.db)).find((candidate) => candidate.id === id)?.ownership;
        const record = await readAsRoot(fixture, id);
        if (!record) throw new Error(`ROOT cannot read throwaway ${fixture.collection}/${id}`);
        const visibility = record.visibility === 'PUBLISHED' ? 'DRAFT' : 'PUBLISHED';
        const inScope = expectedStatus(account.viewer, fixture, VISIBILITY_ACTION, ownership);
        const expected = inScope === 200 ? (writes.visibilityRefusal?.(record) ?? 200) : inScope;
        const response = await call(account, 'POST', `${fixture.collection}/visibility`, { ids: [id], visibility });
        expect(response.statusCode).toBe(200);
        const [result] = response.json<VisibilityChangeAnswer>().results;
        const stored = await readAsRoot(fixture, id);
        if (expected === 200) {
          expect(result, `a record of ${owner}`).toEqual({ id, ok: true, version: (record.version as number) + 1 });
          expect(stored?.visibility).toBe(visibility);
        } else {
          expect(result, `a record of ${owner}`).toMatchObject({ id, ok: false, error: { status: expected } });
          expect(stored, `a refused change changes nothing (${owner})`).toEqual(record);
        }
      }
    });

    it.each(DEMO_EMAILS)('delete as %s, of a record of each scope', async (email) => {
      const account = accountOf(email);
      const writes = fixture.writes;
      if (!writes) {
        const [row] = await fixture.rows(server.db);
        const response = await call(account, 'DELETE', `${fixture.collection}/${row.id}`);
        expect(response.statusCode).toBe(expectedStatus(account.viewer, fixture, 'delete', row.ownership));
        expect((await fixture.rows(server.db)).map((stored) => stored.id)).toContain(row.id);
        return;
      }
      for (const owner of writes.owners) {
        const id = await writes.insertThrowaway(server.db, owner, scopes);
        const ownership = (await fixture.rows(server.db)).find((row) => row.id === id)?.ownership;
        const expected = expectedStatus(account.viewer, fixture, 'delete', ownership);
        const response = await call(account, 'DELETE', `${fixture.collection}/${id}`);
        expect(response.statusCode, `DELETE a record of ${owner}`).toBe(expected);
        const remaining = (await fixture.rows(server.db)).map((row) => row.id);
        if (expected === 200) {
          expect(response.json().id).toBe(id);
          expect(remaining).not.toContain(id);
        } else {
          expectRefusal(response, expected);
          expect(remaining, `a refused DELETE keeps the record (${owner})`).toContain(id);
        }
      }
    });
  },
);

describe('the second establishment and promoter group against the first ones', () => {
  const firstEstablishmentStaff = ['admin@demo.ch', 'coordinator@demo.ch', 'coordinator-limited@demo.ch'];

  it('admin2 lists only its own establishment (itself), never the first establishment’s users', async () => {
    const response = await call(accountOf('admin2@demo.ch'), 'GET', listUrl(RESOURCE_FIXTURES[0], [0, 999]));
    expect(response.statusCode).toBe(200);
    const emails = response.json<{ email: string }[]>().map((user) => user.email);
    expect(emails).toContain('admin2@demo.ch');
    for (const email of firstEstablishmentStaff) expect(emails).not.toContain(email);
    expect(totalOf(response)).toBe(emails.length);
  });

  it('promoter2 lists only its own group (itself), never promoter@demo.ch', async () => {
    const response = await call(accountOf('promoter2@demo.ch'), 'GET', listUrl(RESOURCE_FIXTURES[0], [0, 999]));
    expect(response.statusCode).toBe(200);
    const emails = response.json<{ email: string }[]>().map((user) => user.email);
    expect(emails).toContain('promoter2@demo.ch');
    expect(emails).not.toContain('promoter@demo.ch');
  });

  it.each([
    ['admin2@demo.ch', 'admin@demo.ch'],
    ['admin2@demo.ch', 'coordinator@demo.ch'],
    ['promoter2@demo.ch', 'promoter@demo.ch'],
  ])('%s cannot read %s (404), nor change or delete it', async (email, otherEmail) => {
    const other = accountOf(otherEmail).viewer.userId;
    const account = accountOf(email);
    expect((await call(account, 'GET', `users/${other}`)).statusCode).toBe(404);
    const many = await call(account, 'GET', listUrl(RESOURCE_FIXTURES[0], [0, 999], { id: [other] }));
    expect(idsOf(many)).toEqual([]);
    expect(totalOf(many)).toBe(0);
    // Without USER update or delete the action itself is refused first; either way nothing changes.
    expect([403, 404]).toContain((await call(account, 'PUT', `users/${other}`, {})).statusCode);
    expect([403, 404]).toContain((await call(account, 'DELETE', `users/${other}`)).statusCode);
    expect(await server.db.select({ id: users.id }).from(users).where(eq(users.id, other))).toHaveLength(1);
  });
});

describe('everybody reads their own user record (README Access)', () => {
  it.each(DEMO_EMAILS)('%s: GET /users/<own id> is 200 with its own record', async (email) => {
    const account = accountOf(email);
    const response = await call(account, 'GET', `users/${account.viewer.userId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.viewer.userId, email });
  });
});

describe('nobody raises their own role or widens their own scope', () => {
  const storedUser = async (id: number) => {
    const [row] = await server.db.select(userRecordColumns).from(users).where(eq(users.id, id));
    return toUserRecord(row);
  };

  type Attempt = (own: Awaited<ReturnType<typeof storedUser>>) => Record<string, unknown>;
  const attempts: [string, Attempt][] = [
    [
      'another role (ROOT, or CUSTOMER for ROOT)',
      (own) => ({ roleId: own.roleId === scopes.roleIds.ROOT ? scopes.roleIds.CUSTOMER : scopes.roleIds.ROOT }),
    ],
    [
      'another establishment',
      (own) => ({
        establishmentId:
          own.establishmentId === scopes.secondEstablishmentId
            ? scopes.firstEstablishmentId
            : scopes.secondEstablishmentId,
      }),
    ],
    [
      'another promoter group',
      (own) => ({
        promoterGroupId:
          own.promoterGroupId === scopes.secondPromoterGroupId
            ? scopes.firstPromoterGroupId
            : scopes.secondPromoterGroupId,
      }),
    ],
    ['being disabled', () => ({ isActive: false })],
  ];

  const cases = DEMO_EMAILS.flatMap((email) => attempts.map(([label, attempt]) => [email, label, attempt] as const));

  it.each(cases)('%s asking for %s on its own record: 403, nothing changes', async (email, _label, attempt) => {
    const account = accountOf(email);
    const own = await storedUser(account.viewer.userId);
    const response = await call(account, 'PUT', `users/${own.id}`, { ...own, ...attempt(own) });
    expect(response.statusCode).toBe(403);
    const mayUpdateUsers = hasPermission(account.viewer.roleKeys, 'USER', 'update');
    expect(response.json().message).toBe(
      mayUpdateUsers ? RESOURCE_ERROR_CODES.selfEscalation : AUTH_ERROR_CODES.forbidden,
    );
    expect(await storedUser(own.id)).toEqual(own);
    // The session still works: nothing about the account changed.
    expect((await call(account, 'GET', 'auth/me')).statusCode).toBe(200);
  });

  it.each(DEMO_EMAILS)('%s cannot delete itself through /users (403)', async (email) => {
    const account = accountOf(email);
    const response = await call(account, 'DELETE', `users/${account.viewer.userId}`);
    expect(response.statusCode).toBe(403);
    const mayDeleteUsers = hasPermission(account.viewer.roleKeys, 'USER', 'delete');
    expect(response.json().message).toBe(
      mayDeleteUsers ? RESOURCE_ERROR_CODES.selfEscalation : AUTH_ERROR_CODES.forbidden,
    );
    expect(
      await server.db.select({ id: users.id }).from(users).where(eq(users.id, account.viewer.userId)),
    ).toHaveLength(1);
  });
});

describe('GET /statistics: every demo account against every kind of scope', () => {
  let cases: StatisticsScopeCase[] = [];
  beforeAll(async () => {
    cases = await statisticsScopeCases(server.db, scopes);
  });

  it.each(DEMO_EMAILS)('%s gets its own figures, and another partner’s never', async (email) => {
    const account = accountOf(email);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const scopeCase of cases) {
      const response = await call(
        account,
        'GET',
        `statistics?filter=${encodeURIComponent(JSON.stringify(scopeCase.filter))}`,
      );
      answers.push(`${scopeCase.name}: ${response.statusCode}`);
      expected.push(`${scopeCase.name}: ${expectedStatisticsStatus(account.viewer, scopeCase.ownership)}`);
    }
    expect(answers).toEqual(expected);
  });
});

describe('the dashboard: every account against both endpoints and each card', () => {
  it.each(DEMO_EMAILS)('%s', async (email) => {
    const account = accountOf(email);
    for (const endpoint of DASHBOARD_ENDPOINTS) {
      const expected = expectedDashboardStatus(account.viewer, endpoint);
      const response = await call(account, 'GET', endpoint);
      expect(response.statusCode, `${email} GET /${endpoint}: ${response.body}`).toBe(expected);
      if (expected !== 200) expectRefusal(response, expected);
      else if (endpoint.startsWith('dashboard/cards/')) expect(response.json().id).toBe(endpoint.split('/')[2]);
    }
    const refused = await server.app.inject({ method: 'GET', url: '/api/v1/dashboard' });
    expect(refused.statusCode).toBe(401);
  });
});

describe('the tag actions of the tag terms: every account against each, on a tag that exists and one that does not', () => {
  const newTag = async () => {
    const [row] = await server.db
      .insert(tags)
      .values({ tagName: `Matrix action ${randomUUID().slice(0, 8)}`, category: 'Matrix' })
      .returning({ id: tags.id });
    return row.id;
  };
  const urlOf = (action: (typeof TAG_TERM_ACTIONS)[number], tagId: number, targetId: number) =>
    action === 'merge-into' ? `tags/${tagId}/merge-into/${targetId}` : `tags/${tagId}/${action}`;

  it.each(DEMO_EMAILS)('%s', async (email) => {
    const account = accountOf(email);
    for (const action of TAG_TERM_ACTIONS) {
      for (const tagExists of [true, false]) {
        const [tagId, targetId] = [tagExists ? await newTag() : 999_999, await newTag()];
        const body =
          action === 'merge-into' ? undefined : { resource: 'establishments', ids: [scopes.firstEstablishmentId] };
        const response = await call(account, 'POST', urlOf(action, tagId, targetId), body);
        const expected = expectedTagTermActionStatus(account.viewer, tagExists);
        expect(response.statusCode, `${email} POST ${action} (tag exists: ${tagExists}): ${response.body}`).toBe(
          expected,
        );
        if (expected !== 200) expectRefusal(response, expected);
      }
    }
    const refused = await server.app.inject({ method: 'POST', url: '/api/v1/tags/1/assign' });
    expect(refused.statusCode).toBe(401);
  });
});
