import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { Event } from '../../domain/event';
import { REFERENCE_RESOURCES } from '../../domain/reference';
import { auditLog, eventOutOfSchedule, establishmentTypes, eventTypes, roles } from '../../server/db/schema';
import { seededScopes, type SeededScopes } from './authorizationMatrix';
import { errorsOf, orderedIds, routesOf, signIn, startTestServer, userRow, type TestServer } from './harness';

/**
 * DELETE on every resource of the generic (server/routes/shared/resource.ts) and the occurrence DELETE of
 * events: a parameter it does not know is a 400 (a misspelled `originalStartsAt` once deleted the whole
 * series), a stale `version` a 409, and of parallel deletes of one record exactly one succeeds, with one
 * audit row; the others are a 404. Run it on PostgreSQL too (TEST_DATABASE_URL): PGlite runs one
 * transaction at a time, so only PostgreSQL shows the race.
 */

let server: TestServer;
let rootToken: string;
let adminToken: string;
const ids = { establishment: 0, eventType: 0, establishmentType: 0, customerRole: 0 };
let scopes: SeededScopes;

beforeAll(async () => {
  server = await startTestServer();
  rootToken = (await signIn(server.app, 'root@demo.ch')).accessToken;
  adminToken = (await signIn(server.app, 'admin@demo.ch')).accessToken;
  ids.establishment = (await userRow(server.db, 'admin@demo.ch')).establishmentId ?? 0;
  scopes = await seededScopes(server.db);
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
  [ids.establishmentType] = await orderedIds(server.db, establishmentTypes.id);
  const [customer] = await server.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  ids.customerRole = customer.id;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });

const unique = () => randomUUID().slice(0, 8);

// ---- one record of each resource ------------------------------------------------------------------------

/** The first occurrence of `seriesBody`'s series: Saturday 3 October 2026, 22:00 in Zurich. */
const FIRST_SATURDAY = '2026-10-03T20:00:00.000Z';

function seriesBody() {
  return {
    generalInfos: {
      establishmentId: ids.establishment,
      eventType: { id: ids.eventType },
      eventTitle: `Saturdays ${unique()}`,
    },
    dateAndCalendar: {
      startDate: '2026-10-03',
      startTime: '22:00',
      endTime: '04:00',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['SATURDAY'],
      recurrenceEndType: 'AFTER_OCCURRENCES',
      maxOccurrences: 10,
    },
    visibility: 'PUBLISHED',
  };
}

/** A POST body that creates one record, by collection name; every DELETE route needs one (checked below). */
const CREATE_BODIES: Record<string, () => object> = {
  tags: () => ({ generalInfos: { tagName: `Tag ${unique()}`, category: 'Test' } }),
  users: () => {
    const name = `delete-${unique()}`;
    return {
      firstName: 'Delete',
      lastName: 'Me',
      username: name,
      email: `${name}@example.ch`,
      roleId: ids.customerRole,
    };
  },
  establishments: () => ({
    generalInfos: { establishmentName: `Club ${unique()}`, establishmentTypeId: ids.establishmentType, city: 'Zürich' },
  }),
  promoters: () => ({ generalInfos: { promoterName: `Crew ${unique()}` } }),
  events: seriesBody,
  'offer-templates': () => ({ offerType: 'EXCLUSIVE', longTitle: `Template ${unique()}`, shortTitle: 'Template' }),
  offers: () => ({
    offerType: 'EXCLUSIVE',
    establishmentId: ids.establishment,
    eventId: scopes.offer.eventId,
    offerTypeId: scopes.offer.offerTypeId,
    promotionId: scopes.offer.templateId,
    availableSpots: 5,
    startDate: '2026-12-01',
    startTime: '22:00',
    endDate: '2026-12-31',
    endTime: '04:00',
  }),
  'promo-code-templates': () => ({ name: `Template ${unique()}`, discountKind: 'FREE_ENTRY' }),
  'promo-codes': () => ({ code: `DELETE-${unique().toUpperCase()}`, promoCodeTemplateId: scopes.promoCodeTemplateId }),
  plans: () => ({
    name: { en: `Plan ${unique()}`, fr: 'Plan', de: 'Plan', it: 'Piano' },
    priceCentimes: 4900,
    interval: 'MONTH',
  }),
  ...Object.fromEntries(
    REFERENCE_RESOURCES.map((resource) => [
      resource,
      () => {
        const key = `DELETE_${unique().toUpperCase()}`.replace(/[^A-Z0-9_]/g, 'X');
        return { key, label: { en: key, fr: key, de: key, it: key } };
      },
    ]),
  ),
};

interface Created {
  id: number;
  version: number;
}

async function create(collection: string): Promise<Created> {
  const response = await call(rootToken, 'POST', `/${collection}`, CREATE_BODIES[collection]());
  expect(response.statusCode, `${collection}: ${response.body}`).toBe(201);
  return response.json<Created>();
}

const exists = async (collection: string, id: number) =>
  (await call(rootToken, 'GET', `/${collection}/${id}`)).statusCode === 200;

async function deleteAuditRows(collection: string, id: number) {
  return server.db
    .select({ id: auditLog.id, actorEmail: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.resource, collection), eq(auditLog.recordId, String(id)), eq(auditLog.action, 'DELETE')));
}

/** The collections with a `DELETE /:id` route, read from the app's routes. */
function deletableCollections(): string[] {
  return routesOf(server.app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.methods.includes('DELETE') && route.path.endsWith('/:id'))
    .map((route) => route.path.replace(/^\/api\/v1\//, '').replace(/\/:id$/, ''))
    .sort();
}

// ---- parameters ------------------------------------------------------------------------------------------

describe('DELETE parameters', () => {
  it('knows how to create a record of every collection that has a DELETE route', () => {
    const collections = deletableCollections();
    expect(collections).toEqual(expect.arrayContaining(['events', 'tags', 'users', 'establishments', 'promoters']));
    expect(collections).toEqual(Object.keys(CREATE_BODIES).sort());
  });

  it('refuses a parameter it does not know with a 400 on that parameter, on every collection, and deletes nothing', async () => {
    const refusals: string[] = [];
    for (const collection of deletableCollections()) {
      const record = await create(collection);
      for (const query of ['force=1', 'Version=1', 'version[]=1', 'id=1']) {
        const response = await call(rootToken, 'DELETE', `/${collection}/${record.id}?${query}`);
        const parameter = query.split('=')[0];
        if (response.statusCode !== 400 || !errorsOf(response)[parameter])
          refusals.push(`${collection}?${query} → ${response.statusCode} ${response.body}`);
      }
      if (!(await exists(collection, record.id))) refusals.push(`${collection}/${record.id} was deleted`);
    }
    expect(refusals).toEqual([]);
  });

  it('checks the version the caller read: a stale one is a 409 and the record stays; the stored one deletes', async () => {
    const problems: string[] = [];
    for (const collection of deletableCollections()) {
      const record = await create(collection);
      const stale = await call(rootToken, 'DELETE', `/${collection}/${record.id}?version=${record.version + 998}`);
      if (stale.statusCode !== 409 || stale.json<{ message: string }>().message !== RESOURCE_ERROR_CODES.editConflict)
        problems.push(`${collection} stale → ${stale.statusCode}`);
      const notAVersion = await call(rootToken, 'DELETE', `/${collection}/${record.id}?version=abc`);
      if (notAVersion.statusCode !== 400 || !errorsOf(notAVersion).version)
        problems.push(`${collection} version=abc → ${notAVersion.statusCode}`);
      if (!(await exists(collection, record.id))) problems.push(`${collection}/${record.id} was deleted`);
      const current = await call(rootToken, 'DELETE', `/${collection}/${record.id}?version=${record.version}`);
      if (current.statusCode !== 200)
        problems.push(`${collection} current version → ${current.statusCode} ${current.body}`);
      if (await exists(collection, record.id)) problems.push(`${collection}/${record.id} is still there`);
    }
    expect(problems).toEqual([]);
  });

  it('still deletes without a version (an API client that did not read the record)', async () => {
    const record = await create('tags');
    expect((await call(rootToken, 'DELETE', `/tags/${record.id}`)).statusCode).toBe(200);
    expect(await exists('tags', record.id)).toBe(false);
  });
});

const skipRows = (eventId: number) =>
  server.db.select().from(eventOutOfSchedule).where(eq(eventOutOfSchedule.eventId, eventId));

describe('DELETE /events/:id with a misspelled or stale occurrence parameter', () => {
  it.each([
    ['originalStartAt', `originalStartAt=${FIRST_SATURDAY}`],
    ['originalStartsAt[]', `originalStartsAt[]=${FIRST_SATURDAY}`],
    ['OriginalStartsAt', `OriginalStartsAt=${FIRST_SATURDAY}`],
    ['versoin', `originalStartsAt=${FIRST_SATURDAY}&versoin=1`],
  ])('?%s is a 400 on that parameter; the series and its occurrences stay', async (parameter, query) => {
    const series = await create('events');
    const response = await call(
      adminToken,
      'DELETE',
      `/events/${series.id}?${query.replace('originalStartsAt[]', encodeURIComponent('originalStartsAt[]'))}`,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorsOf(response)).toHaveProperty([parameter]);
    const stored = await call(adminToken, 'GET', `/events/${series.id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<Event>().version).toBe(series.version);
    expect(await skipRows(series.id)).toEqual([]);
  });

  it('?version=999 on the series is a 409 and the series stays', async () => {
    const series = await create('events');
    const response = await call(adminToken, 'DELETE', `/events/${series.id}?version=999`);
    expect(response.statusCode, response.body).toBe(409);
    expect(await exists('events', series.id)).toBe(true);
  });

  it('deleting an occurrence already deleted is a 404, and writes nothing', async () => {
    const series = await create('events');
    const url = `/events/${series.id}?originalStartsAt=${encodeURIComponent(FIRST_SATURDAY)}`;
    expect((await call(adminToken, 'DELETE', url)).statusCode).toBe(200);
    const again = await call(adminToken, 'DELETE', url);
    expect(again.statusCode, again.body).toBe(404);
    expect((await call(adminToken, 'GET', `/events/${series.id}`)).json<Event>().version).toBe(series.version + 1);
  });
});

// ---- parallel deletes ------------------------------------------------------------------------------------

const PARALLEL = 10;

/** The status codes of PARALLEL requests sent at once, in ascending order. */
async function parallelStatuses(send: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: PARALLEL }, send));
  return responses.map((response) => response.statusCode).sort();
}

const ONE_SUCCESS = [200, ...Array<number>(PARALLEL - 1).fill(404)];

describe('parallel deletes of one record', () => {
  it('on every collection: exactly one 200 and one audit row, the others 404', async () => {
    const outcomes: Record<string, { statuses: number[]; auditRows: number; exists: boolean }> = {};
    for (const collection of deletableCollections()) {
      const record = await create(collection);
      const statuses = await parallelStatuses(() => call(rootToken, 'DELETE', `/${collection}/${record.id}`));
      outcomes[collection] = {
        statuses,
        auditRows: (await deleteAuditRows(collection, record.id)).length,
        exists: await exists(collection, record.id),
      };
    }
    for (const outcome of Object.values(outcomes))
      expect(outcome).toEqual({ statuses: ONE_SUCCESS, auditRows: 1, exists: false });
  });

  it('of one occurrence: exactly one skip, one audit row and one version bump; the others 404', async () => {
    const series = await create('events');
    const auditRowsOfSeries = () =>
      server.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'events'), eq(auditLog.recordId, String(series.id))));
    const auditRowsBefore = await auditRowsOfSeries();
    const url = `/events/${series.id}?originalStartsAt=${encodeURIComponent(FIRST_SATURDAY)}`;
    const statuses = await parallelStatuses(() => call(adminToken, 'DELETE', url));
    expect(statuses).toEqual(ONE_SUCCESS);
    const auditRowsAfter = await auditRowsOfSeries();
    expect(auditRowsAfter.length - auditRowsBefore.length).toBe(1);
    expect((await call(adminToken, 'GET', `/events/${series.id}`)).json<Event>().version).toBe(series.version + 1);
    expect(await skipRows(series.id)).toHaveLength(1);
  });
});
