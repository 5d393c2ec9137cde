import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { isInScope, type PermissionResource, type RecordOwnership, type Viewer } from '../../domain/access';
import { ROLE_KEYS } from '../../domain/roles';
import type { Tag } from '../../domain/tag';
import { establishments, events, promoterGroups, roles, tags, users } from '../../server/db/schema';
import { scopeCondition, type ResourceScope } from '../../server/db/scope';
import { DEMO_EMAILS, signIn, startTestServer, type TestServer } from './harness';

/**
 * The generic resource API (server/routes/shared/resource.ts) against the REST contract, with tags as
 * the subject: sort, filter, range, Content-Range, getMany, whole-record PUT with versions, DELETE, access.
 */

let server: TestServer;
let root: string;
let promoter: string;

beforeAll(async () => {
  server = await startTestServer();
  root = (await signIn(server.app, 'root@demo.ch')).accessToken;
  promoter = (await signIn(server.app, 'promoter@demo.ch')).accessToken;
});
afterAll(() => server.close());

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

function list(query: { sort?: unknown; range?: unknown; filter?: unknown }, token = root) {
  const parts = Object.entries(query).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? encodeURIComponent(value) : json(value)}`,
  );
  return call('GET', `/tags?${parts.join('&')}`, token);
}

const tagsOf = (response: LightMyRequestResponse) => response.json<Tag[]>();
/** The total of `Content-Range` (`tags 0-4/31`). */
const totalOf = (response: LightMyRequestResponse) => Number(String(response.headers['content-range']).split('/')[1]);

const newTag = (tagName: string, extra: Partial<{ category: string; subCategory: string | null }> = {}) => ({
  generalInfos: { tagName, category: extra.category ?? 'Probe', subCategory: extra.subCategory ?? null },
});

async function createTag(body: object): Promise<Tag> {
  const response = await call('POST', '/tags', root, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Tag>();
}

// Letters only, so that PostgreSQL's collation (C on PGlite, often en_US in CI) orders them as JavaScript does.
const PROBES = [
  { name: 'SortprobeEcho', category: 'Probecatb', subCategory: 'Zeta' },
  { name: 'Sortprobealpha', category: 'probecata', subCategory: null },
  { name: 'SortprobeDelta', category: 'Probecatb', subCategory: 'alpha' },
  { name: 'Sortprobebravo', category: 'Probecatc', subCategory: null },
  { name: 'SortprobeCharlie', category: 'ProbecatA', subCategory: 'Beta' },
];
const PROBE_FILTER = { q: 'sortprobe' };

describe('lists', () => {
  let probes: Tag[];
  beforeAll(async () => {
    probes = [];
    for (const probe of PROBES) probes.push(await createTag(newTag(probe.name, probe)));
  });

  const sortKey: Record<string, (tag: Tag) => string | number | null> = {
    id: (tag) => tag.id,
    tagName: (tag) => tag.generalInfos.tagName.toLowerCase(),
    category: (tag) => tag.generalInfos.category.toLowerCase(),
    subCategory: (tag) => tag.generalInfos.subCategory?.toLowerCase() ?? null,
  };

  /** PostgreSQL's order: NULLs last when ascending (first when descending), then id in the same direction. */
  function expectedOrder(field: string, order: 'ASC' | 'DESC'): number[] {
    const key = sortKey[field];
    const ascending = [...probes].sort((left, right) => {
      const [a, b] = [key(left), key(right)];
      if (a !== b) {
        if (a === null) return 1;
        if (b === null) return -1;
        return a < b ? -1 : 1;
      }
      return left.id - right.id;
    });
    const ids = ascending.map((tag) => tag.id);
    return order === 'ASC' ? ids : ids.reverse();
  }

  for (const field of Object.keys(sortKey)) {
    for (const order of ['ASC', 'DESC'] as const) {
      it(`sorts by ${field} ${order}, then by id`, async () => {
        const response = await list({ sort: [field, order], filter: PROBE_FILTER });
        expect(response.statusCode, response.body).toBe(200);
        expect(tagsOf(response).map((tag) => tag.id)).toEqual(expectedOrder(field, order));
      });
    }
  }

  it('refuses to sort on an undeclared field, naming the sort parameter', async () => {
    for (const sort of [
      ['description', 'ASC'],
      ['tagName', 'UP'],
      ['version', 'DESC'],
    ]) {
      const response = await list({ sort });
      expect(response.statusCode, JSON.stringify(sort)).toBe(400);
      expect(
        Object.keys(response.json().errors).some((path) => path.startsWith('sort')),
        response.body,
      ).toBe(true);
    }
  });

  it('refuses unknown filter keys and badly typed filter values, naming the filter', async () => {
    const unknown = await list({ filter: { nope: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['filter.nope']);
    const badValue = await list({ filter: { missingTranslation: 'yes' } });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().errors).toHaveProperty(['filter.missingTranslation']);
    const badIds = await list({ filter: { id: ['x'] } });
    expect(badIds.statusCode).toBe(400);
    expect((await list({ filter: 'not json' })).statusCode).toBe(400);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'refuses the filter key %s, which every object inherits (400, not a 500)',
    async (key) => {
      const response = await list({ filter: { [key]: 1 } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toHaveProperty([`filter.${key}`]);
    },
  );

  it('answers 400 to a NUL character in a filter value, which PostgreSQL cannot compare (never a 500)', async () => {
    for (const filter of [{ q: 'a\u0000b' }, { category: '\u0000' }]) {
      const response = await list({ filter });
      expect(response.statusCode, response.body).toBe(400);
      expect(
        Object.keys(response.json().errors).some((path) => path.startsWith('filter')),
        response.body,
      ).toBe(true);
    }
  });

  it.each([
    ['a negative start', [-1, 4]],
    ['a reversed range', [5, 1]],
    ['a page that is too large', [0, 5000]],
    ['a range that is not a pair', [0]],
    ['a range that is not JSON', '[0,'],
    ['fractional bounds', [0.5, 3]],
  ])('answers 400 for %s', async (_case, range) => {
    const response = await list({ range });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).some((path) => path.startsWith('range'))).toBe(true);
  });

  it('sets Content-Range on the first, a middle, the last, a past-the-end and an empty page', async () => {
    const total = PROBES.length;
    const page = async (range: [number, number], filter: object = PROBE_FILTER) => {
      const response = await list({ sort: ['id', 'ASC'], range, filter });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-expose-headers']).toBe('Content-Range');
      return { header: response.headers['content-range'], ids: tagsOf(response).map((tag) => tag.id) };
    };
    const ids = probes.map((tag) => tag.id).sort((a, b) => a - b);
    expect(await page([0, 1])).toEqual({ header: `tags 0-1/${total}`, ids: ids.slice(0, 2) });
    expect(await page([2, 3])).toEqual({ header: `tags 2-3/${total}`, ids: ids.slice(2, 4) });
    expect(await page([4, 5])).toEqual({ header: `tags 4-4/${total}`, ids: ids.slice(4) });
    expect(await page([10, 19])).toEqual({ header: `tags */${total}`, ids: [] });
    expect(await page([0, 9], { q: 'nothing-matches-this' })).toEqual({ header: 'tags */0', ids: [] });
  });

  it('counts every tag without a filter, and pages by 25 by default', async () => {
    const response = await call('GET', '/tags', root);
    const stored = await server.db.select({ id: tags.id }).from(tags);
    expect(tagsOf(response)).toHaveLength(Math.min(25, stored.length));
    expect(response.headers['content-range']).toBe(`tags 0-${Math.min(25, stored.length) - 1}/${stored.length}`);
  });

  it('answers getMany by ids (filter id as a list or one id), leaving out unknown ids', async () => {
    const wanted = [probes[3].id, probes[0].id, 999_999];
    const response = await list({ filter: { id: wanted } });
    expect(response.statusCode).toBe(200);
    expect(
      tagsOf(response)
        .map((tag) => tag.id)
        .sort(),
    ).toEqual([probes[0].id, probes[3].id].sort());
    expect(response.headers['content-range']).toBe('tags 0-1/2');
    expect(tagsOf(await list({ filter: { id: probes[2].id } }))).toEqual([probes[2]]);
    expect(tagsOf(await list({ filter: { id: [] } }))).toEqual([]);
  });

  it('searches with q, where % and _ are literal characters', async () => {
    const literal = await createTag(newTag('Probe 100%_sure'));
    expect(tagsOf(await list({ filter: { q: '100%_' } })).map((tag) => tag.id)).toEqual([literal.id]);
    expect(tagsOf(await list({ filter: { q: '%' } })).map((tag) => tag.id)).toEqual([literal.id]);
    expect(tagsOf(await list({ filter: { q: 'SORTPROBE' } }))).toHaveLength(PROBES.length);
  });
});

describe('one record', () => {
  it('answers a tag by id, 404 for an unknown id and 400 for an id that is not one', async () => {
    const tag = await createTag(newTag('Probe single'));
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(tag);
    expect((await call('GET', '/tags/999999', root)).statusCode).toBe(404);
    expect((await call('GET', '/tags/abc', root)).statusCode).toBe(400);
    expect((await call('GET', '/tags/0', root)).statusCode).toBe(400);
  });
});

interface SentStatement {
  text: string;
  /** Set when the statement is prepared under this name, so that its connection keeps its plan. */
  name?: string;
}

/** Every statement sent to the database while `work` runs (every pool's clients are pg.Client). */
async function sentDuring(work: () => Promise<void>): Promise<SentStatement[]> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return query.mock.calls.map(([sent]) => (typeof sent === 'string' ? { text: sent } : (sent as SentStatement)));
  } finally {
    query.mockRestore();
  }
}

const statementsDuring = async (work: () => Promise<void>) => (await sentDuring(work)).map(({ text }) => text);

describe('round trips', () => {
  it('asks ROOT, whose scope leaves no record out, nothing before the load or the version bump', async () => {
    const tag = await createTag(newTag('Probe round trips'));
    const sent = await statementsDuring(async () => {
      expect((await call('GET', `/tags/${tag.id}`, root)).statusCode).toBe(200);
      const replaced = await call('PUT', `/tags/${tag.id}`, root, {
        generalInfos: { tagName: 'Probe round trips, again', category: 'Probe' },
        version: tag.version,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
    });
    // The load answers 404 by itself, the bump's miss asks then whether the record is gone or only stale.
    expect(sent.filter((text) => /^select (true|"id") from "tags"/.test(text))).toEqual([]);
    expect(sent.filter((text) => /^update "tags" set "version"/.test(text))).toHaveLength(1);
  });

  it("names a plain list's first pages, so that each connection keeps their plan, but no filtered or far page", async () => {
    const pageOf = async (query: Parameters<typeof list>[0]) => {
      let response: LightMyRequestResponse | undefined;
      const sent = await sentDuring(async () => {
        response = await list(query);
        expect(response.statusCode, response.body).toBe(200);
      });
      const pages = sent.filter(({ text }) => /^select "id", "tag_name".* limit \d+/s.test(text));
      expect(pages).toHaveLength(1);
      return { tags: tagsOf(response as LightMyRequestResponse), name: pages[0].name };
    };
    const byName = ['tagName', 'ASC'];
    const first = await pageOf({ sort: byName, range: [0, 19] });
    const again = await pageOf({ sort: byName, range: [0, 19] });
    expect(first.name).toMatch(/^page_/);
    expect(again).toEqual(first);
    // Five pages down a page is planned each time, and its offset is still the one asked for.
    const far = await pageOf({ sort: byName, range: [10, 11] });
    expect(far.name).toBeUndefined();
    expect(far.tags).toEqual(first.tags.slice(10, 12));
    expect((await pageOf({ sort: byName, range: [2, 3] })).name).toMatch(/^page_/);
    expect((await pageOf({ sort: byName, range: [0, 19], filter: { q: 'Probe' } })).name).toBeUndefined();
    expect((await pageOf({ sort: byName, range: [0, 19], filter: { category: 'Probe' } })).name).toBeUndefined();
  });

  it("runs a plain list's page statement again with what is stored now", async () => {
    const byName = ['tagName', 'ASC'];
    const before = await list({ sort: byName, range: [0, 4] });
    const first = await createTag(newTag('Aaaa probe kept page'));
    const after = await list({ sort: byName, range: [0, 4] });
    expect(tagsOf(after)[0]).toEqual(first);
    expect(totalOf(after)).toBe(totalOf(before) + 1);
  });

  for (const [resource, sortField, byIds] of [
    ['establishments', 'establishmentName', 'partner_records_establishments'],
    ['promoters', 'promoterName', 'partner_records_promoter_groups'],
    ['events', 'startDate', 'event_records'],
  ]) {
    it(`reads a plain list's first page of ${resource} with their records, as they read by id`, async () => {
      const pageOf = (range: number[]) => `/${resource}?sort=${json([sortField, 'ASC'])}&range=${json(range)}`;
      let page: { id: number }[] = [];
      const sent = await sentDuring(async () => {
        page = (await call('GET', pageOf([0, 4]), root)).json<{ id: number }[]>();
      });
      expect(page.length).toBeGreaterThan(1);
      expect(sent.filter(({ name }) => name === byIds)).toEqual([]);
      // Read by ids: a filtered list, and a page past the first.
      const filtered = await call('GET', `/${resource}?filter=${json({ id: page.map(({ id }) => id) })}`, root);
      const byId = new Map(filtered.json<{ id: number }[]>().map((record) => [record.id, record]));
      expect(page).toEqual(page.map(({ id }) => byId.get(id)));
      const later = await sentDuring(async () => {
        expect((await call('GET', pageOf([1, 2]), root)).json()).toEqual(page.slice(1, 3));
      });
      expect(later.filter(({ name }) => name === byIds)).toHaveLength(1);
    });
  }

  it('asks nothing more when a first page finds nothing, and counts the list for a page past its end', async () => {
    let nothing: LightMyRequestResponse | undefined;
    const sent = await statementsDuring(async () => {
      nothing = await list({ filter: { q: 'No tag is called this' }, range: [0, 9] });
    });
    expect(tagsOf(nothing as LightMyRequestResponse)).toEqual([]);
    expect(totalOf(nothing as LightMyRequestResponse)).toBe(0);
    expect(sent.filter((text) => text.includes('"tags"'))).toHaveLength(1);
    const all = totalOf(await list({ range: [0, 0] }));
    const past = await list({ range: [all + 10, all + 19] });
    expect(tagsOf(past)).toEqual([]);
    expect(totalOf(past)).toBe(all);
  });

  it("keeps each viewer's page apart: two venue admins each list their own venue's events", async () => {
    const eventsPage = `/events?sort=${json(['startDate', 'DESC'])}&range=${json([0, 24])}`;
    const venues = [];
    for (const email of ['admin@demo.ch', 'admin2@demo.ch']) {
      const token = (await signIn(server.app, email)).accessToken;
      const me = (await call('GET', '/auth/me', token)).json<{ establishmentId: number }>();
      for (let round = 0; round < 2; round += 1) {
        const page = (await call('GET', eventsPage, token)).json<{ generalInfos: { establishmentId: number } }[]>();
        expect(page.length).toBeGreaterThan(0);
        expect(new Set(page.map((event) => event.generalInfos.establishmentId))).toEqual(new Set([me.establishmentId]));
      }
      venues.push(me.establishmentId);
    }
    expect(venues[0]).not.toBe(venues[1]);
  });
});

describe('PUT', () => {
  it('replaces the whole record: a field left out goes back to its default, and the version goes up', async () => {
    const tag = await createTag({
      generalInfos: { tagName: 'Probe replace', category: 'Probe', subCategory: 'Sub' },
      translation: { french: 'Remplacer', english: 'Replace', german: null, italian: null },
      advanced: { description: 'Plain', htmlDescription: '<p>Rich</p>' },
    });
    expect(tag.version).toBe(1);
    const response = await call('PUT', `/tags/${tag.id}`, root, {
      generalInfos: { tagName: 'Probe replaced', category: 'Probe' },
      version: tag.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected: Tag = {
      id: tag.id,
      tagId: tag.id,
      generalInfos: { tagName: 'Probe replaced', category: 'Probe', subCategory: null },
      translation: { french: null, english: null, german: null, italian: null },
      advanced: { description: null, htmlDescription: null },
      version: 2,
    };
    expect(response.json()).toEqual(expected);
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(expected);
  });

  it('needs the version it was read at: missing is a 400 on version', async () => {
    const tag = await createTag(newTag('Probe versionless'));
    const response = await call('PUT', `/tags/${tag.id}`, root, newTag('Probe versionless 2'));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('version');
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(tag);
  });

  it('answers 400 on version for a version beyond the column, not a database error', async () => {
    const tag = await createTag(newTag('Probe huge version'));
    const response = await call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe huge version'), version: 2 ** 31 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['version']);
  });

  it('answers 409 EDIT_CONFLICT for a stale version and leaves the record as it was', async () => {
    const tag = await createTag(newTag('Probe stale'));
    const first = await call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe stale first'), version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe stale second'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'EDIT_CONFLICT' });
    const ahead = await call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe stale ahead'), version: 7 });
    expect(ahead.statusCode).toBe(409);
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(first.json());
  });

  it('lets exactly one of two concurrent PUTs at the same version win', async () => {
    const tag = await createTag(newTag('Probe race'));
    const [left, right] = await Promise.all([
      call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe race left'), version: tag.version }),
      call('PUT', `/tags/${tag.id}`, root, { ...newTag('Probe race right'), version: tag.version }),
    ]);
    expect([left.statusCode, right.statusCode].sort()).toEqual([200, 409]);
    const winner = left.statusCode === 200 ? left : right;
    const stored = (await call('GET', `/tags/${tag.id}`, root)).json<Tag>();
    expect(stored).toEqual(winner.json());
    expect(stored.version).toBe(2);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('PUT', '/tags/999999', root, { ...newTag('Probe ghost'), version: 1 })).statusCode).toBe(404);
  });
});

describe('DELETE', () => {
  it('answers the deleted record, then 404', async () => {
    const tag = await createTag({ ...newTag('Probe delete'), translation: { german: 'Löschen' } });
    const response = await call('DELETE', `/tags/${tag.id}`, root);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(tag);
    expect((await call('GET', `/tags/${tag.id}`, root)).statusCode).toBe(404);
    expect((await call('DELETE', `/tags/${tag.id}`, root)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 to every endpoint without a valid bearer token', async () => {
    const tag = await createTag(newTag('Probe anonymous'));
    for (const token of [undefined, 'not-a-token']) {
      expect((await call('GET', '/tags', token)).statusCode).toBe(401);
      expect((await call('GET', `/tags/${tag.id}`, token)).statusCode).toBe(401);
      expect((await call('POST', '/tags', token, newTag('Probe anonymous 2'))).statusCode).toBe(401);
      expect((await call('PUT', `/tags/${tag.id}`, token, { ...newTag('x'), version: 1 })).statusCode).toBe(401);
      expect((await call('DELETE', `/tags/${tag.id}`, token)).statusCode).toBe(401);
    }
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(tag);
  });

  it('lets a role without TAG writes read tags but answers 403 to its writes, changing nothing', async () => {
    const tag = await createTag(newTag('Probe promoter'));
    expect((await call('GET', '/tags', promoter)).statusCode).toBe(200);
    expect((await call('GET', `/tags/${tag.id}`, promoter)).json()).toEqual(tag);
    const attempts = [
      await call('POST', '/tags', promoter, newTag('Probe by promoter')),
      await call('PUT', `/tags/${tag.id}`, promoter, { ...newTag('Probe by promoter'), version: 1 }),
      await call('DELETE', `/tags/${tag.id}`, promoter),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json()).toEqual({ message: 'FORBIDDEN' });
    }
    expect((await call('GET', `/tags/${tag.id}`, root)).json()).toEqual(tag);
    expect(tagsOf(await list({ filter: { q: 'Probe by promoter' } }))).toEqual([]);
  });
});

describe('GET /roles', () => {
  it('lists the seven roles in the order of ROLE_KEYS to any signed-in user, with Content-Range', async () => {
    const customer = (await signIn(server.app, 'customer@demo.ch')).accessToken;
    const response = await call('GET', `/roles?sort=${json(['id', 'DESC'])}&range=${json([0, 24])}`, customer);
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<{ id: number; key: string }>>();
    expect(rows.map((row) => row.key)).toEqual([...ROLE_KEYS]);
    expect(response.headers['content-range']).toBe('roles 0-6/7');
    const stored = await server.db.select().from(roles);
    for (const row of rows) expect(stored).toContainEqual(row);

    const one = await call('GET', `/roles/${rows[3].id}`, customer);
    expect(one.json()).toEqual(rows[3]);
    const many = await call('GET', `/roles?filter=${json({ id: [rows[5].id, rows[0].id] })}`, customer);
    expect(many.json()).toEqual([rows[0], rows[5]]);
    const searched = await call('GET', `/roles?filter=${json({ q: 'coordinator admin' })}`, customer);
    expect(searched.json<Array<{ key: string }>>().map((row) => row.key)).toEqual([
      'COORDINATOR_ADMIN_LIMITED',
      'COORDINATOR_ADMIN_FULL',
    ]);
    expect((await call('GET', '/roles/999999', customer)).statusCode).toBe(404);
    expect((await call('GET', `/roles?filter=${json({ nope: 1 })}`, customer)).statusCode).toBe(400);
    expect((await call('GET', '/roles', undefined)).statusCode).toBe(401);
  });
});

/**
 * The SQL scope (server/routes/shared/scope.ts) must keep exactly the rows that domain/access.ts
 * `isInScope` keeps, for every demo account, every mode, and each kind of mapping: the resources built
 * here (tags, audit log: global) and the owned tables later resources map the same way.
 */
describe('the SQL scope agrees with isInScope', () => {
  interface ScopeCase {
    permission: PermissionResource;
    table: PgTable;
    id: PgColumn;
    scope: ResourceScope;
    rows: () => Promise<Array<{ id: number; ownership: RecordOwnership }>>;
  }

  const CASES: Record<string, ScopeCase> = {
    tags: {
      permission: 'TAG',
      table: tags,
      id: tags.id,
      scope: 'global',
      rows: async () =>
        (await server.db.select({ id: tags.id }).from(tags)).map(({ id }) => ({ id, ownership: { global: true } })),
    },
    events: {
      permission: 'EVENT',
      table: events,
      id: events.id,
      scope: {
        establishment: events.establishmentId,
        promoterGroup: events.promoterGroupId,
        visibility: events.visibility,
      },
      rows: async () =>
        (
          await server.db
            .select({
              id: events.id,
              establishmentId: events.establishmentId,
              promoterGroupId: events.promoterGroupId,
              visibility: events.visibility,
            })
            .from(events)
        ).map((row) => ({
          id: row.id,
          ownership: {
            establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
            promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
            visibility: row.visibility,
          },
        })),
    },
    establishments: {
      permission: 'ESTABLISHMENT',
      table: establishments,
      id: establishments.id,
      scope: { establishment: establishments.id, visibility: establishments.visibility },
      rows: async () =>
        (
          await server.db.select({ id: establishments.id, visibility: establishments.visibility }).from(establishments)
        ).map((row) => ({
          id: row.id,
          ownership: { establishmentIds: [row.id], visibility: row.visibility },
        })),
    },
    promoters: {
      permission: 'PROMOTER_GROUP',
      table: promoterGroups,
      id: promoterGroups.id,
      scope: {
        promoterGroup: (groupId: number): SQL => eq(promoterGroups.id, groupId),
        visibility: promoterGroups.visibility,
      },
      rows: async () =>
        (
          await server.db.select({ id: promoterGroups.id, visibility: promoterGroups.visibility }).from(promoterGroups)
        ).map((row) => ({
          id: row.id,
          ownership: { promoterGroupIds: [row.id], visibility: row.visibility },
        })),
    },
    users: {
      permission: 'USER',
      table: users,
      id: users.id,
      scope: { establishment: users.establishmentId, promoterGroup: users.promoterGroupId, userId: users.id },
      rows: async () =>
        (
          await server.db
            .select({ id: users.id, establishmentId: users.establishmentId, promoterGroupId: users.promoterGroupId })
            .from(users)
        ).map((row) => ({
          id: row.id,
          ownership: {
            establishmentIds: row.establishmentId === null ? [] : [row.establishmentId],
            promoterGroupIds: row.promoterGroupId === null ? [] : [row.promoterGroupId],
            userId: row.id,
          },
        })),
    },
  };

  async function demoViewers(): Promise<Array<{ label: string; viewer: Viewer }>> {
    const rows = await server.db
      .select({
        id: users.id,
        email: users.email,
        roleKey: roles.key,
        establishmentId: users.establishmentId,
        promoterGroupId: users.promoterGroupId,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    const demo = rows
      .filter((row) => DEMO_EMAILS.includes(row.email))
      .map((row) => ({
        label: row.email,
        viewer: {
          userId: row.id,
          roleKeys: [row.roleKey],
          establishmentId: row.establishmentId,
          promoterGroupId: row.promoterGroupId,
        },
      }));
    expect(demo).toHaveLength(DEMO_EMAILS.length);
    // Edge cases: no role at all, and a scoped role whose scope field is empty.
    return [
      ...demo,
      {
        label: 'no role',
        viewer: { userId: demo[0].viewer.userId, roleKeys: [], establishmentId: null, promoterGroupId: null },
      },
      {
        label: 'ADMIN without establishment',
        viewer: { userId: -1, roleKeys: ['ADMIN'], establishmentId: null, promoterGroupId: null },
      },
    ];
  }

  for (const [name, scopeCase] of Object.entries(CASES)) {
    it(`for ${name}`, async () => {
      const rows = await scopeCase.rows();
      expect(rows.length).toBeGreaterThan(0);
      for (const { label, viewer } of await demoViewers()) {
        for (const mode of ['read', 'write'] as const) {
          const selected = await server.db
            .select({ id: scopeCase.id })
            .from(scopeCase.table)
            .where(scopeCondition(viewer, scopeCase.permission, scopeCase.scope, mode));
          const expected = rows
            .filter((row) => isInScope(viewer, scopeCase.permission, row.ownership, mode))
            .map((row) => row.id);
          expect(
            selected.map((row) => row.id as number).sort((a, b) => a - b),
            `${label} ${mode}`,
          ).toEqual(expected.sort((a, b) => a - b));
        }
      }
    });
  }
});
