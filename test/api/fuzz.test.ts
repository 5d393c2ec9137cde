import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_RESOURCES } from '../../domain/reference';
import { establishmentTypes, eventTypes, musics, promoCodeTemplates, roles } from '../../server/db/schema';
import { awkwardValue, mutatedRecord } from '../support/jsonFuzz';
import {
  jsonParam,
  orderedIds,
  routesOf,
  signIn,
  startTestServer,
  userRow,
  type RouteEntry,
  type TestServer,
} from './harness';
import { seededScopes, type SeededScopes } from './authorizationMatrix';
import { insertTestPlan } from './billingFixtures';

/**
 * Random requests against every list and write route of the API (the auth routes have tests of their own), as
 * accounts that may write: any answer but a 5xx. Bodies are any JSON, or a valid record with a few fields
 * replaced or removed (so that they pass most checks and reach the record's rules across fields); query
 * strings mix the list parameters, their keys and awkward values. A fixed seed keeps each run the same.
 */

const SEED = 20_261_126;
/** Runs per route with a body; query strings get fewer (their parsing is shared by every route). */
const RUNS = 200;
const QUERY_RUNS = 120;
/** A few minutes for all: the runs are many, the machine shared. */
const FUZZ_TIMEOUT = 300_000;

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = {
  establishment: 0,
  eventType: 0,
  establishmentType: 0,
  music: 0,
  customerRole: 0,
  promoCodeTemplate: 0,
  plan: 0,
};
let scopes: SeededScopes;

// ---- valid bodies, every field filled ----------------------------------------------------------------------

const stamp = () => Math.random().toString(36).slice(2, 10);

function eventBody() {
  return {
    generalInfos: {
      establishmentId: ids.establishment,
      eventType: { id: ids.eventType },
      eventTitle: `Fuzz night ${stamp()}`,
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 25.5,
      urlBilletterie: 'https://tickets.example.ch',
      musics: [ids.music],
      promotable: true,
      isFree: false,
      localisation: 'Langstrasse 1, Zürich',
      lat: 47.37,
      lang: 8.52,
      city: 'Zürich',
    },
    dateAndCalendar: {
      startDate: '2026-11-27',
      endDate: '2026-11-28',
      startTime: '22:00',
      endTime: '04:00',
      recurrencePattern: 'WEEKLY',
      recurrenceDaysOfWeek: ['FRIDAY'],
      recurrenceEndType: 'ON_DATE',
      maxOccurrences: null,
      recurrenceEndDate: '2027-03-01',
      outOfScheduleEvents: [{ action: 'SKIP', originalStartsAt: '2026-12-04T21:00:00Z' }],
    },
    descriptionAndMedia: { tagTerms: [], eventCapacity: 300 },
    description: { description: 'Techno all night', htmlDescription: '<p>Techno all night</p>' },
    visibility: 'PUBLISHED',
  };
}

/** A valid POST body per collection (the ones whose records the generic writes). */
const CREATE_BODIES: Record<string, () => object> = {
  tags: () => ({
    generalInfos: { tagName: `Fuzz ${stamp()}`, category: 'Test', subCategory: 'Fuzz' },
    translation: { french: 'Essai', german: 'Test' },
  }),
  users: () => {
    const name = `fuzz-${stamp()}`;
    return {
      firstName: 'Fuzz',
      lastName: 'Test',
      username: name,
      email: `${name}@example.ch`,
      phoneNumber: '+41 79 000 00 00',
      roleId: ids.customerRole,
      language: 'de',
    };
  },
  establishments: () => ({
    generalInfos: {
      establishmentName: `Fuzz club ${stamp()}`,
      establishmentTypeId: ids.establishmentType,
      city: 'Zürich',
      lat: 47.37,
      lang: 8.52,
      email: 'info@example.ch',
      urlSite: 'https://example.ch',
      workSchedules: { FRIDAY: { isActive: true, startTime: '22:00', endTime: '04:00' } },
    },
    specificInfos: { musics: [ids.music], ambiance: [] },
    additionalInfos: {
      ageMin: 18,
      tarifMin: 10,
      tarifMax: 20,
      externalCapacity: 100,
      happyHours: [{ title: 'Early', days: ['FRIDAY'], startTime: '18:00', endTime: '20:00' }],
    },
    visibility: 'PUBLISHED',
  }),
  promoters: () => ({
    generalInfos: { promoterName: `Fuzz crew ${stamp()}`, email: 'crew@example.ch' },
    specificInfos: { musics: [ids.music], ambiance: [] },
  }),
  events: eventBody,
  'offer-templates': () => ({
    offerType: 'RECURRENT',
    reccurrencePattern: 'WEEKLY',
    longTitle: `Fuzz offer ${stamp()}`,
    shortTitle: 'Fuzz',
    htmlDescription: '<p>Fuzz <b>offer</b></p>',
  }),
  offers: () => ({
    offerType: 'EXCLUSIVE',
    establishmentId: ids.establishment,
    eventId: scopes.offer.eventId,
    offerTypeId: scopes.offer.offerTypeId,
    promotionId: scopes.offer.templateId,
    availableSpots: 20,
    startDate: '2026-12-01',
    startTime: '22:00',
    endDate: '2026-12-31',
    endTime: '04:00',
    visibility: 'PUBLISHED',
  }),
  'promo-code-templates': () => ({
    name: `Fuzz ${stamp()}`,
    discountKind: 'PERCENTAGE',
    discountValue: 15,
    validFrom: '2026-01-01',
    validUntil: '2027-01-01',
    htmlDescription: '<p>Fuzz</p>',
  }),
  'promo-codes': () => ({
    code: `FUZZ-${stamp().toUpperCase()}`,
    maxUsageCount: 5,
    promoCodeTemplateId: ids.promoCodeTemplate,
  }),
  plans: () => ({
    name: { en: `Fuzz ${stamp()}`, fr: 'Fuzz', de: 'Fuzz', it: 'Fuzz' },
    description: 'Fuzz plan',
    priceCentimes: 4901,
    interval: 'MONTH',
    features: { proLogo: true, exclusiveOffersPerMonth: 3 },
    isActive: true,
  }),
  // The first venue subscribes once; the others are refused (409), which is the point of the fuzzing.
  subscriptions: () => ({
    partner: { kind: 'ESTABLISHMENT', id: ids.establishment },
    planId: ids.plan,
    startsOn: '2026-11-01',
    billingAddress: { name: 'Fuzz AG', street: 'Rue', buildingNumber: '1', postalCode: '1003', town: 'Lausanne' },
    invoiceEmail: 'billing@example.ch',
    language: 'fr',
  }),
  invoices: () => ({ subscriptionId: 1, periodStart: '2026-11-01' }),
  ...Object.fromEntries(
    REFERENCE_RESOURCES.map((resource) => [
      resource,
      () => {
        const key = `FUZZ_${stamp().toUpperCase()}`;
        return { key, label: { en: key, fr: key, de: key, it: key }, position: 3, isActive: true };
      },
    ]),
  ),
};

/** The body of the routes beside the contract, by path pattern. */
const ACTION_BODIES: Record<string, object> = {
  '/events/:id/approve': { reason: 'Fine' },
  '/events/:id/reject': { reason: 'Not this time' },
  '/users/:id/send-access-link': {},
  '/uploads': {},
  '/establishments/visibility': { ids: [1, 2], visibility: 'PUBLISHED', versions: { '1': 1 } },
  '/promoters/visibility': { ids: [1, 2], visibility: 'PUBLISHED' },
  '/events/visibility': { ids: [1, 2], visibility: 'PUBLISHED' },
  '/widget-settings/:id/rotate-key': { version: 1 },
  '/offer-templates/visibility': { ids: [1, 2], visibility: 'PUBLISHED' },
  '/offer-templates/:id/approve': { reason: 'Fine' },
  '/offer-templates/:id/reject': { reason: 'Not this time' },
  '/offers/visibility': { ids: [1, 2], visibility: 'PUBLISHED' },
  '/offers/:id/claims': {},
  // The first seeded template (the seeded image is the same for every file).
  '/promo-codes/batch': { count: 3, prefix: 'FZ-', maxUsageCount: 2, promoCodeTemplateId: 1 },
  '/promo-codes/redeem': { code: 'FLON-STUDI' },
  '/notifications/read': { ids: [1, 2] },
  '/notifications/unread': { ids: [1, 2] },
  '/notifications/archive': { ids: [1, 2] },
  '/notifications/unarchive': { ids: [1, 2] },
  '/notifications/read-all': {},
  '/notifications/digest': {},
  '/notifications/stream-ticket': {},
  // A PUT of no record (the caller's own settings): fuzzed with this body, not as a record read back.
  '/notification-preferences': { deliveries: { PASSWORD_CHANGED: 'MAIL', ACCESS_LINK_SENT: 'DIGEST' } },
  // Tag terms (docs/tag-terms.md): the merge's target is another new tag (`:targetId`).
  '/tags/:id/merge-into/:targetId': {},
  '/tags/:id/assign': { resource: 'establishments', ids: [1, 2] },
  '/tags/:id/unassign': { resource: 'events', ids: [1, 2] },
  '/invoices/:id/mark-paid': { paidOn: '2026-11-01', version: 1 },
  '/invoices/:id/credit-note': { reason: 'Wrong address', version: 1 },
  '/invoices/:id/send-reminder': { version: 1 },
  // A camt.054 file is XML: as JSON (what the fuzzer sends) it is a 415 whatever the body.
  '/invoices/payments-import': { file: '<Document/>' },
};

/**
 * GET routes whose answer never ends (the live stream, text/event-stream): not fuzzed as lists, which wait for
 * the whole answer; test/api/notificationStream.test.ts checks its parameters.
 */
const STREAMS = ['/notifications/stream'];

// ---- requests ----------------------------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Sent {
  method: Method;
  url: string;
  body?: unknown;
  /** A body that is not JSON (sent as is, as JSON's content type). */
  raw?: string;
}

const API = '/api/v1';

function injected(email: string, request: Sent) {
  const headers: Record<string, string> = { authorization: `Bearer ${tokens[email]}` };
  const hasBody = request.body !== undefined || request.raw !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const payload = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return { method: request.method, url: `${API}${request.url}`, headers, payload };
}

async function send(email: string, request: Sent): Promise<LightMyRequestResponse> {
  return server.app.inject(injected(email, request));
}

/**
 * The status of an answer, its body read as text only when the property fails: some answers are pages of a
 * thousand records or the API document, and joining each into a string was a sixth to a quarter of this file's CPU.
 */
async function sendForStatus(email: string, request: Sent): Promise<{ statusCode: number; body: () => string }> {
  const response = await server.app.inject({ ...injected(email, request), payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) if (response.statusCode >= 500) chunks.push(chunk as Buffer);
  return { statusCode: response.statusCode, body: () => Buffer.concat(chunks).toString() };
}

/** Sends each generated request; a 5xx fails the property with what was sent and answered. */
async function expectNo5xx(email: string, requests: fc.Arbitrary<Sent>, numRuns = RUNS): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const response = await sendForStatus(email, request);
      if (response.statusCode >= 500) {
        throw new Error(
          `${request.method} ${request.url} ${request.raw ?? JSON.stringify(request.body) ?? ''} → ${response.statusCode} ${response.body()}`,
        );
      }
    }),
    { seed: SEED, numRuns },
  );
}

// ---- query strings -----------------------------------------------------------------------------------------

const FILTER_KEYS = [
  'id',
  'q',
  'from',
  'to',
  'establishmentId',
  'promoterGroupId',
  'eventTypeIds',
  'eventTypeId',
  'musicIds',
  'musicId',
  'cities',
  'city',
  'visibility',
  'eventId',
  'approvalStatus',
  'recurrencePattern',
  'rootsOnly',
  'category',
  'subCategory',
  'missingTranslation',
  'isActive',
  'roleId',
  'hasPaidSubscription',
  'establishmentTypeId',
  'promoterTypeId',
  'tagId',
  'resource',
  'recordId',
  'action',
  'actorUserId',
  'unread',
  'archived',
  'kind',
  'constructor',
  '__proto__',
  'tagIds',
  'untagged',
  'unused',
  'status',
  'planId',
  'partnerKind',
  'subscriptionId',
  'issuedFrom',
  'issuedTo',
];
const SORT_FIELDS = [
  'id',
  'startDate',
  'startsAt',
  'tagName',
  'lastName',
  'at',
  'position',
  'establishmentName',
  'promoterName',
  'createdAt',
  'events',
  'establishments',
  'priceCentimes',
  'issuedOn',
  'currentPeriodEnd',
];
const QUERY_KEYS = ['filter', 'sort', 'range', 'version', 'originalStartsAt', 'q', 'id', 'filter[]', 'version[]'];

const filterValue = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FILTER_KEYS), fc.string({ maxLength: 6 })), awkwardValue, { maxKeys: 4 }),
  fc.constant({ from: '2026-11-01', to: '2026-12-01' }),
  fc.record({ from: awkwardValue, to: awkwardValue }),
  awkwardValue,
);
const sortValue = fc.oneof(
  fc.tuple(
    fc.oneof(fc.constantFrom(...SORT_FIELDS), fc.string({ maxLength: 6 })),
    fc.constantFrom('ASC', 'DESC', 'asc', ''),
  ),
  awkwardValue,
);
const rangeValue = fc.oneof(
  fc.tuple(fc.integer({ min: -5, max: 3000 }), fc.integer({ min: -5, max: 3000 })),
  awkwardValue,
);

/** One parameter's text: JSON of a value (what simple-rest sends), or any text. */
const asText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    value.map((item) => JSON.stringify(item) ?? ''),
    fc.string({ maxLength: 10 }),
  );

const listParameters = fc.record(
  { filter: asText(filterValue), sort: asText(sortValue), range: asText(rangeValue) },
  { requiredKeys: [] },
);
const otherParameters = fc.dictionary(
  fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
  asText(awkwardValue),
  { maxKeys: 3 },
);

const encode = (parameters: Record<string, string>) =>
  Object.entries(parameters)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

/** A query string: list parameters and others, or raw text with percent signs and brackets. */
const queryString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(listParameters, otherParameters).map(([list, other]) => encode({ ...other, ...list })),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-zA-Z0-9%&=[\]._-]{0,24}$/) },
);

// ---- bodies ------------------------------------------------------------------------------------------------

/** A body: a valid one with fields replaced or removed (mostly), any JSON, or text that is not JSON. */
const bodyFrom = (valid: object): fc.Arbitrary<Pick<Sent, 'body' | 'raw'>> =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedRecord(valid).map((body) => ({ body })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => ({ body })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((raw) => ({ raw })) },
  );

// ---- the app's routes --------------------------------------------------------------------------------------

let routes: RouteEntry[] = [];

const apiPath = (path: string) => path.slice(API.length);
const isFuzzed = (route: RouteEntry) =>
  route.path.startsWith(`${API}/`) && !route.path.startsWith(`${API}/auth/`) && !route.path.includes('*');

/** GET routes that answer a list: no `:id`, no trailing slash twin. */
function listPaths(): string[] {
  const paths = routes.filter(
    (route) =>
      isFuzzed(route) && route.methods.includes('GET') && !route.path.includes(':') && !route.path.endsWith('/'),
  );
  return paths.map((route) => apiPath(route.path)).filter((path) => !STREAMS.includes(path));
}

function writeRoutes(method: Method): string[] {
  return routes
    .filter((route) => isFuzzed(route) && route.methods.includes(method))
    .map((route) => apiPath(route.path));
}

/** `/events/:id/approve` → `events`. */
const collectionOf = (path: string) => path.replace(/^\//, '').replace(/\/:id.*$/, '');

async function create(collection: string, email = 'root@demo.ch'): Promise<{ id: number }> {
  const response = await send(email, { method: 'POST', url: `/${collection}`, body: CREATE_BODIES[collection]() });
  expect(response.statusCode, `${collection}: ${response.body}`).toBe(201);
  return response.json<{ id: number }>();
}

/** Collections without a POST, whose records another's create makes: a record made that way. */
const MADE_WITH_ANOTHER: Record<string, () => Promise<{ id: number }>> = {
  'widget-settings': async () => {
    const establishment = await create('establishments');
    const response = await send('root@demo.ch', {
      method: 'GET',
      url: `/widget-settings?filter=${jsonParam({ establishmentId: establishment.id })}`,
    });
    const [settings] = response.json<{ id: number }[]>();
    return settings;
  },
  // A partner subscribes once: each record is a new venue's subscription.
  subscriptions: async () => {
    const establishment = await create('establishments');
    const response = await send('root@demo.ch', {
      method: 'POST',
      url: '/subscriptions',
      body: { ...CREATE_BODIES.subscriptions(), partner: { kind: 'ESTABLISHMENT', id: establishment.id } },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>();
  },
  // A period is invoiced once: each record is a new subscription's invoice.
  invoices: async () => {
    const subscription = await MADE_WITH_ANOTHER.subscriptions();
    const response = await send('root@demo.ch', {
      method: 'POST',
      url: '/invoices',
      body: { subscriptionId: subscription.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>();
  },
};

/** A new record of the collection, through its own POST or the one that makes it. */
const recordOf = (collection: string, email = 'root@demo.ch'): Promise<{ id: number }> =>
  collection in MADE_WITH_ANOTHER ? MADE_WITH_ANOTHER[collection]() : create(collection, email);

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ['root@demo.ch', 'admin@demo.ch', 'promoter@demo.ch'])
    tokens[email] = (await signIn(server.app, email)).accessToken;
  ids.establishment = (await userRow(server.db, 'admin@demo.ch')).establishmentId ?? 0;
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
  [ids.establishmentType] = await orderedIds(server.db, establishmentTypes.id);
  [ids.music] = await orderedIds(server.db, musics.id);
  const [customer] = await server.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  ids.customerRole = customer.id;
  scopes = await seededScopes(server.db);
  [ids.promoCodeTemplate] = await orderedIds(server.db, promoCodeTemplates.id);
  ids.plan = await insertTestPlan(server.db);
  routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
});
afterAll(() => server.close());

describe('no request answers a 5xx', () => {
  it('knows a body for every write route', () => {
    const posts = writeRoutes('POST');
    expect(posts.length).toBeGreaterThan(15);
    const unknown = [...posts, ...writeRoutes('PUT'), ...writeRoutes('DELETE'), ...writeRoutes('PATCH')].filter(
      (path) =>
        !(collectionOf(path) in CREATE_BODIES) &&
        !(collectionOf(path) in MADE_WITH_ANOTHER) &&
        !(path in ACTION_BODIES),
    );
    expect(unknown).toEqual([]);
  });

  it(
    'lists, with any query string',
    async () => {
      const paths = listPaths();
      expect(paths).toEqual(
        expect.arrayContaining(['/events', '/occurrences', '/audit-log', '/tags', '/users', '/statistics']),
      );
      for (const path of paths)
        await expectNo5xx(
          'root@demo.ch',
          queryString.map((query) => ({ method: 'GET', url: `${path}?${query}` })),
          QUERY_RUNS,
        );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'creates, with any body',
    async () => {
      for (const path of writeRoutes('POST').filter((candidate) => !candidate.includes(':'))) {
        const valid = path in ACTION_BODIES ? ACTION_BODIES[path] : CREATE_BODIES[collectionOf(path)]();
        await expectNo5xx(
          'root@demo.ch',
          bodyFrom(valid).map((body) => ({ method: 'POST', url: path, ...body })),
        );
      }
    },
    FUZZ_TIMEOUT,
  );

  it(
    'creates events as a venue and requests them as a promoter, with any body',
    async () => {
      await expectNo5xx(
        'admin@demo.ch',
        bodyFrom(eventBody()).map((body) => ({ method: 'POST', url: '/events', ...body })),
      );
      const request = { ...eventBody(), saveAction: 'requestEvent' };
      await expectNo5xx(
        'promoter@demo.ch',
        bodyFrom(request).map((body) => ({ method: 'POST', url: '/events', ...body })),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'updates, with any body (the record as read, fields replaced or removed)',
    async () => {
      for (const path of writeRoutes('PUT').filter((candidate) => !(candidate in ACTION_BODIES))) {
        const collection = collectionOf(path);
        const { id } = await recordOf(collection);
        const url = path.replace(':id', String(id));
        const read = (await send('root@demo.ch', { method: 'GET', url })).json<{ version: number }>();
        // Each run sends the version stored now (known from the last success), so that edits after the first
        // reach the record's checks instead of all being a 409.
        let storedVersion = read.version;
        const withStoredVersion = (sent: Sent): Sent => {
          const body = sent.body as { version?: unknown } | null | undefined;
          if (body === null || typeof body !== 'object' || body.version !== read.version) return sent;
          return { ...sent, body: { ...body, version: storedVersion } };
        };
        await fc.assert(
          fc.asyncProperty(bodyFrom(read), async (body) => {
            const sent = withStoredVersion({ method: 'PUT', url, ...body });
            const response = await send('root@demo.ch', sent);
            if (response.statusCode === 200) storedVersion = response.json<{ version: number }>().version;
            if (response.statusCode >= 500)
              throw new Error(
                `PUT ${url} ${sent.raw ?? JSON.stringify(sent.body)} → ${response.statusCode} ${response.body}`,
              );
          }),
          { seed: SEED, numRuns: RUNS },
        );
      }
    },
    FUZZ_TIMEOUT,
  );

  it(
    'replaces what is not a record (the caller’s notification preferences), with any body',
    async () => {
      const singletons = writeRoutes('PUT').filter((path) => path in ACTION_BODIES);
      expect(singletons).toContain('/notification-preferences');
      for (const path of singletons) {
        for (const email of ['root@demo.ch', 'promoter@demo.ch'])
          await expectNo5xx(
            email,
            bodyFrom(ACTION_BODIES[path]).map((body) => ({ method: 'PUT', url: path, ...body })),
            QUERY_RUNS,
          );
      }
    },
    FUZZ_TIMEOUT,
  );

  it(
    'acts on a record (approve, reject, send an access link), with any body',
    async () => {
      for (const path of writeRoutes('POST').filter((candidate) => candidate.includes(':id'))) {
        const { id } = await recordOf(
          collectionOf(path),
          collectionOf(path) === 'events' ? 'promoter@demo.ch' : 'root@demo.ch',
        );
        const target = path.includes(':targetId') ? await recordOf(collectionOf(path)) : undefined;
        const url = path.replace(':id', String(id)).replace(':targetId', String(target?.id));
        await expectNo5xx(
          'root@demo.ch',
          bodyFrom(ACTION_BODIES[path]).map((body) => ({ method: 'POST', url, ...body })),
          QUERY_RUNS,
        );
      }
    },
    FUZZ_TIMEOUT,
  );

  it(
    'reads a dashboard card, with any name and query string',
    async () => {
      const cards = routes.filter((route) => isFuzzed(route) && route.path.includes('/:card'));
      expect(cards.map((route) => apiPath(route.path))).toEqual(['/dashboard/cards/:card']);
      const names = fc.oneof(
        fc.constantFrom('drafts', 'pendingAsks', 'myCodes', 'widgetViews', 'platformPartners'),
        fc.string({ maxLength: 12 }),
        fc.stringMatching(/^[a-zA-Z%._-]{1,70}$/),
      );
      for (const email of ['root@demo.ch', 'admin@demo.ch', 'promoter@demo.ch'])
        await expectNo5xx(
          email,
          fc
            .tuple(names, queryString)
            .map(([name, query]) => ({ method: 'GET', url: `/dashboard/cards/${encodeURIComponent(name)}?${query}` })),
          QUERY_RUNS,
        );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'deletes, with any query string',
    async () => {
      for (const path of writeRoutes('DELETE')) {
        const { id } = await create(collectionOf(path));
        const url = path.replace(':id', String(id));
        await expectNo5xx(
          'root@demo.ch',
          queryString.map((query) => ({ method: 'DELETE', url: `${url}?${query}` })),
          QUERY_RUNS,
        );
      }
    },
    FUZZ_TIMEOUT,
  );
});
