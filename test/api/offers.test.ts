import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_CLAIM_ERROR_CODES } from '../../domain/errors';
import { OFFER_PROBLEMS, type ExclusiveOffer, type Offer, type OfferClaimListItem } from '../../domain/offer';
import { localDateOf } from '../../domain/recurrence';
import type { Database } from '../../server/db/client';
import {
  auditLog,
  authSessions,
  events,
  offerClaims,
  offers,
  offerTemplates,
  roles,
  users,
} from '../../server/db/schema';
import { offerTypes } from '../../server/db/schema/reference';
import { hasPermission, isInScope } from '../../domain/access';
import { seededScopes, viewerOf, type SeededScopes } from './authorizationMatrix';
import { DEMO_EMAILS, errorsOf, jsonParam, signIn, startTestServer, type TestServer } from './harness';

/**
 * `/offers` beyond the generated authorisation matrix: every field's validation (spots, window, template,
 * event, owner), the type toggle, each role's scope, the claims and their cancellation, and the claims under
 * concurrency: never more claims than spots, one live claim per customer, one cancellation per claim.
 */

let server: TestServer;
let scopes: SeededScopes;
let offerTypeId: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
  [{ id: offerTypeId }] = await server.db.select({ id: offerTypes.id }).from(offerTypes).limit(1);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const callWith = (token: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const call = (email: string, method: Method, url: string, payload?: object) =>
  callWith(tokens[email], method, url, payload);

const today = () => localDateOf(new Date().toISOString());
const dayFrom = (days: number) => Temporal.PlainDate.from(today()).add({ days }).toString();

// ---- fixtures straight into the database -----------------------------------------------------------

interface Owner {
  establishmentId: number | null;
  promoterGroupId: number | null;
}
const firstVenue = (): Owner => ({ establishmentId: scopes.firstEstablishmentId, promoterGroupId: null });
const secondVenue = (): Owner => ({ establishmentId: scopes.secondEstablishmentId, promoterGroupId: null });
const firstGroup = (): Owner => ({ establishmentId: null, promoterGroupId: scopes.firstPromoterGroupId });
const nobody: Owner = { establishmentId: null, promoterGroupId: null };

async function insertTemplate(
  options: { kind?: 'EXCLUSIVE' | 'RECURRENT'; approvalStatus?: string; owner?: Owner } = {},
): Promise<number> {
  const kind = options.kind ?? 'EXCLUSIVE';
  const [row] = await server.db
    .insert(offerTemplates)
    .values({
      kind,
      longTitle: `Template ${randomUUID().slice(0, 8)}`,
      shortTitle: 'Short',
      recurrencePattern: kind === 'RECURRENT' ? 'WEEKLY' : null,
      approvalStatus: options.approvalStatus ?? 'APPROVED',
      ...(options.owner ?? nobody),
      visibility: 'PUBLISHED',
    })
    .returning({ id: offerTemplates.id });
  return row.id;
}

async function insertEvent(owner: Owner, visibility = 'PUBLISHED'): Promise<number> {
  const [row] = await server.db
    .insert(events)
    .values({
      title: `Offer event ${randomUUID().slice(0, 8)}`,
      ...owner,
      eventTypeId: scopes.eventTypeId,
      startDate: dayFrom(3),
      startTime: '20:00',
      endTime: '23:00',
      firstStartsAt: new Date(Date.now() + 3 * 86_400_000),
      lastEndsAt: new Date(Date.now() + 3 * 86_400_000 + 3 * 3_600_000),
      visibility,
    })
    .returning({ id: events.id });
  return row.id;
}

let exclusiveTemplate: number;
let recurrentTemplate: number;
let venueEvent: number;

beforeAll(async () => {
  exclusiveTemplate = await insertTemplate();
  recurrentTemplate = await insertTemplate({ kind: 'RECURRENT' });
  venueEvent = await insertEvent(firstVenue());
});

const exclusiveBody = (changes: object = {}) => ({
  offerType: 'EXCLUSIVE',
  ...firstVenue(),
  eventId: venueEvent,
  offerTypeId,
  promotionId: exclusiveTemplate,
  availableSpots: 10,
  startDate: dayFrom(-1),
  startTime: '00:00',
  endDate: dayFrom(30),
  endTime: '23:00',
  ...changes,
});

const recurrentBody = (changes: object = {}) => ({
  offerType: 'RECURRENT',
  ...firstVenue(),
  eventId: venueEvent,
  offerTypeId,
  promotionId: recurrentTemplate,
  isActivated: true,
  ...changes,
});

async function create(body: object, email = 'admin@demo.ch'): Promise<Offer> {
  const response = await call(email, 'POST', '/offers', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Offer>();
}

/** A published exclusive offer open now. */
async function publishedOffer(changes: object = {}): Promise<ExclusiveOffer> {
  return (await create(exclusiveBody({ visibility: 'PUBLISHED', ...changes }))) as ExclusiveOffer;
}

async function read(id: number, email = 'root@demo.ch'): Promise<Offer> {
  const response = await call(email, 'GET', `/offers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Offer>();
}

const expectFieldError = (response: LightMyRequestResponse, field: string, problem?: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const errors = errorsOf(response);
  expect(Object.keys(errors), response.body).toContain(field);
  if (problem) expect(errors[field]).toBe(problem);
};

// ---- customers in bulk -----------------------------------------------------------------------------

/** Customers with a live session each and its access token, written straight into the database (no hashing). */
async function customersWithTokens(db: Database, count: number): Promise<{ id: number; token: string }[]> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  const batch = randomUUID().slice(0, 8);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        firstName: 'Claiming',
        lastName: `Customer ${index}`,
        username: `claim-${batch}-${index}`,
        email: `claim-${batch}-${index}@example.ch`,
        roleId: role.id,
        language: 'en',
      })),
    )
    .returning({ id: users.id });
  const sessions = await db
    .insert(authSessions)
    .values(created.map((user) => ({ userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })))
    .returning({ id: authSessions.id, userId: authSessions.userId });
  return Promise.all(
    sessions.map(async (session) => ({
      id: session.userId,
      token: await server.app.authService.accessTokens.sign({ userId: session.userId, sessionId: session.id }),
    })),
  );
}

const claim = (token: string, offerId: number) => callWith(token, 'POST', `/offers/${offerId}/claims`);

async function storedClaimedSpots(offerId: number): Promise<{ claimed: number; live: number }> {
  const [row] = await server.db.select({ claimed: offers.claimedSpots }).from(offers).where(eq(offers.id, offerId));
  const claims = await server.db
    .select({ cancelledAt: offerClaims.cancelledAt })
    .from(offerClaims)
    .where(eq(offerClaims.offerId, offerId));
  return { claimed: row.claimed, live: claims.filter((one) => one.cancelledAt === null).length };
}

/** The offer's audit rows of claims and cancellations, oldest first. */
async function claimAuditOf(offerId: number) {
  const rows = await server.db
    .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'offers'), eq(auditLog.recordId, String(offerId))))
    .orderBy(asc(auditLog.id));
  return rows.filter((row) => row.action === 'CLAIM' || row.action === 'CANCEL_CLAIM');
}

// ---- tests -------------------------------------------------------------------------------------------

describe('creating an offer', () => {
  it('answers the record: a draft with no claims, the type’s fields only', async () => {
    const offer = await create(exclusiveBody());
    expect(offer).toMatchObject({
      offerType: 'EXCLUSIVE',
      visibility: 'DRAFT',
      status: 'draft',
      claimedSpots: 0,
      availableSpots: 10,
      promotionId: exclusiveTemplate,
      version: 1,
    });
    const recurrent = await create(recurrentBody());
    expect(recurrent).toMatchObject({
      offerType: 'RECURRENT',
      visibility: 'DRAFT',
      isActivated: true,
      claimedSpots: 0,
    });
    expect(recurrent).not.toHaveProperty('availableSpots');
  });

  it('refuses fewer than one spot, a bad number, and an unknown type', async () => {
    for (const availableSpots of [0, -3, 1.5, '4', null]) {
      expectFieldError(
        await call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ availableSpots })),
        'availableSpots',
      );
    }
    expectFieldError(
      await call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ offerType: 'WEEKLY' })),
      'offerType',
    );
  });

  it('checks the window: real dates and times, the end after the start, an earlier end time on the start date ending the next day', async () => {
    const post = (changes: object) => call('admin@demo.ch', 'POST', '/offers', exclusiveBody(changes));
    expectFieldError(await post({ startDate: '2026-02-30' }), 'startDate');
    expectFieldError(await post({ endTime: '24:00' }), 'endTime');
    expectFieldError(
      await post({ startDate: dayFrom(5), endDate: dayFrom(4) }),
      'endDate',
      OFFER_PROBLEMS.endDateBeforeStartDate,
    );
    expectFieldError(
      await post({ startDate: dayFrom(5), endDate: dayFrom(5), startTime: '22:00', endTime: '22:00' }),
      'endTime',
      OFFER_PROBLEMS.endBeforeStart,
    );
    const overnight = await post({ startDate: dayFrom(5), endDate: dayFrom(5), startTime: '22:00', endTime: '02:00' });
    expect(overnight.statusCode, overnight.body).toBe(201);
    expect(overnight.json()).toMatchObject({ endDate: dayFrom(5), endTime: '02:00', status: 'draft' });
  });

  it('needs an approved template of its type that is the platform’s or the owner’s', async () => {
    const post = (promotionId: number) => call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ promotionId }));
    expectFieldError(await post(2_000_000), 'promotionId', 'UNKNOWN_REFERENCE');
    expectFieldError(
      await post(await insertTemplate({ approvalStatus: 'PENDING' })),
      'promotionId',
      OFFER_PROBLEMS.templateNotApproved,
    );
    expectFieldError(
      await post(await insertTemplate({ approvalStatus: 'REJECTED' })),
      'promotionId',
      OFFER_PROBLEMS.templateNotApproved,
    );
    expectFieldError(await post(recurrentTemplate), 'promotionId', OFFER_PROBLEMS.templateKindMismatch);
    expectFieldError(
      await post(await insertTemplate({ owner: secondVenue() })),
      'promotionId',
      OFFER_PROBLEMS.templateNotVisible,
    );
    expect((await post(await insertTemplate({ owner: firstVenue() }))).statusCode).toBe(201);
    const recurrentWithExclusive = await call(
      'admin@demo.ch',
      'POST',
      '/offers',
      recurrentBody({ promotionId: exclusiveTemplate }),
    );
    expectFieldError(recurrentWithExclusive, 'promotionId', OFFER_PROBLEMS.templateKindMismatch);
  });

  it('needs an event of the offer’s owner, an owner, and a known offer type', async () => {
    const otherVenuesEvent = await insertEvent(secondVenue());
    expectFieldError(
      await call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ eventId: otherVenuesEvent })),
      'eventId',
      OFFER_PROBLEMS.eventNotOwned,
    );
    expectFieldError(await call('root@demo.ch', 'POST', '/offers', exclusiveBody({ eventId: 2_000_000 })), 'eventId');
    expectFieldError(await call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ eventId: null })), 'eventId');
    expectFieldError(
      await call('root@demo.ch', 'POST', '/offers', exclusiveBody(nobody)),
      'establishmentId',
      OFFER_PROBLEMS.ownerRequired,
    );
    expectFieldError(
      await call('admin@demo.ch', 'POST', '/offers', exclusiveBody({ offerTypeId: 2_000_000 })),
      'offerTypeId',
    );
  });

  it('is refused outside the caller’s scope (403 naming the owner fields)', async () => {
    const response = await call('admin2@demo.ch', 'POST', '/offers', exclusiveBody());
    expect(response.statusCode, response.body).toBe(403);
    expect(await call('customer@demo.ch', 'POST', '/offers', exclusiveBody()).then((r) => r.statusCode)).toBe(403);
    expect(
      await call('coordinator-limited@demo.ch', 'POST', '/offers', exclusiveBody()).then((r) => r.statusCode),
    ).toBe(403);
  });
});

describe('changing an offer', () => {
  it('switches the type keeping the id and the visibility, resetting the other type’s fields', async () => {
    const offer = await publishedOffer();
    const switched = await call(
      'admin@demo.ch',
      'PUT',
      `/offers/${offer.id}`,
      recurrentBody({ version: offer.version }),
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      id: offer.id,
      offerType: 'RECURRENT',
      visibility: 'PUBLISHED',
      isActivated: true,
    });
    const [row] = await server.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ availableSpots: null, startDate: null, endTime: null, kind: 'RECURRENT' });
    const back = await call(
      'admin@demo.ch',
      'PUT',
      `/offers/${offer.id}`,
      exclusiveBody({ version: offer.version + 1 }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      id: offer.id,
      offerType: 'EXCLUSIVE',
      visibility: 'PUBLISHED',
      availableSpots: 10,
    });
    const [again] = await server.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(again.isActivated).toBe(false);
  });

  it('refuses fewer spots than claimed, and switching an exclusive offer with live claims', async () => {
    const offer = await publishedOffer({ availableSpots: 5 });
    const [first, second] = await customersWithTokens(server.db, 2);
    expect((await claim(first.token, offer.id)).statusCode).toBe(201);
    expect((await claim(second.token, offer.id)).statusCode).toBe(201);
    const put = (body: object) =>
      call('admin@demo.ch', 'PUT', `/offers/${offer.id}`, { ...body, version: offer.version });
    expectFieldError(
      await put(exclusiveBody({ availableSpots: 1, visibility: 'PUBLISHED' })),
      'availableSpots',
      OFFER_PROBLEMS.spotsBelowClaimed,
    );
    expectFieldError(await put(recurrentBody()), 'offerType', OFFER_PROBLEMS.switchWithClaims);
    const exact = await put(exclusiveBody({ availableSpots: 2 }));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json()).toMatchObject({
      availableSpots: 2,
      claimedSpots: 2,
      status: 'soldOut',
      visibility: 'PUBLISHED',
    });
    // With live claims the offer is not deleted (their customers hold a spot).
    const removed = await call('admin@demo.ch', 'DELETE', `/offers/${offer.id}`);
    expect(removed.statusCode, removed.body).toBe(409);
  });

  it('publishes and unpublishes many through POST /offers/visibility, within the caller’s scope', async () => {
    const mine = await create(exclusiveBody());
    const theirs = await create(
      exclusiveBody({ ...secondVenue(), eventId: await insertEvent(secondVenue()) }),
      'root@demo.ch',
    );
    const response = await call('admin@demo.ch', 'POST', '/offers/visibility', {
      ids: [mine.id, theirs.id],
      visibility: 'PUBLISHED',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<{ results: { id: number; ok: boolean; error?: { status: number } }[] }>();
    expect(results[0]).toMatchObject({ id: mine.id, ok: true });
    expect(results[1]).toMatchObject({ id: theirs.id, ok: false, error: { status: 404 } });
    expect((await read(mine.id)).visibility).toBe('PUBLISHED');
    expect((await read(theirs.id)).visibility).toBe('DRAFT');
  });
});

describe('reading offers', () => {
  let draft: Offer;
  let published: Offer;
  let onDraftEvent: Offer;
  let groups: Offer;

  beforeAll(async () => {
    draft = await create(exclusiveBody());
    published = await publishedOffer();
    onDraftEvent = await publishedOffer({ eventId: await insertEvent(firstVenue(), 'DRAFT') });
    const groupTemplate = await insertTemplate({ owner: firstGroup() });
    groups = await create(
      exclusiveBody({ ...firstGroup(), eventId: await insertEvent(firstGroup()), promotionId: groupTemplate }),
      'promoter@demo.ch',
    );
  });

  const listIds = async (email: string, filter: object = {}) => {
    const response = await call(email, 'GET', `/offers?filter=${jsonParam(filter)}&range=${jsonParam([0, 999])}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Offer[]>().map((offer) => offer.id);
  };

  it('shows each role its scope: all to the platform, the venue’s to its staff, the group’s to its promoter', async () => {
    for (const email of ['root@demo.ch', 'coordinator-full@demo.ch']) {
      expect(await listIds(email)).toEqual(
        expect.arrayContaining([draft.id, published.id, onDraftEvent.id, groups.id]),
      );
    }
    for (const email of ['admin@demo.ch', 'coordinator@demo.ch']) {
      const ids = await listIds(email);
      expect(ids).toEqual(expect.arrayContaining([draft.id, published.id, onDraftEvent.id]));
      expect(ids).not.toContain(groups.id);
    }
    const promoters = await listIds('promoter@demo.ch');
    expect(promoters).toContain(groups.id);
    expect(promoters).not.toContain(published.id);
    for (const email of ['admin2@demo.ch', 'promoter2@demo.ch']) {
      const ids = await listIds(email);
      for (const offer of [draft, published, groups]) expect(ids).not.toContain(offer.id);
      expect((await call(email, 'GET', `/offers/${published.id}`)).statusCode).toBe(404);
    }
    expect((await call('coordinator-limited@demo.ch', 'GET', '/offers')).statusCode).toBe(403);
  });

  it('shows a customer the published offers of published events only, and lets it change nothing', async () => {
    const ids = await listIds('customer@demo.ch');
    expect(ids).toContain(published.id);
    for (const hidden of [draft, onDraftEvent, groups]) {
      expect(ids).not.toContain(hidden.id);
      expect((await call('customer@demo.ch', 'GET', `/offers/${hidden.id}`)).statusCode).toBe(404);
    }
    const change = await call('customer@demo.ch', 'PUT', `/offers/${published.id}`, {
      ...published,
      availableSpots: 99,
    });
    expect(change.statusCode).toBe(403);
    expect((await call('customer@demo.ch', 'GET', `/offers/${published.id}/claims`)).statusCode).toBe(403);
  });

  it('filters by owner, event, type, visibility, status and the template’s title', async () => {
    expect(
      await listIds('root@demo.ch', { eventId: venueEvent, visibility: 'DRAFT', offerType: 'EXCLUSIVE' }),
    ).toContain(draft.id);
    expect(await listIds('root@demo.ch', { promoterGroupId: scopes.firstPromoterGroupId })).toContain(groups.id);
    expect(await listIds('root@demo.ch', { establishmentId: scopes.firstEstablishmentId })).not.toContain(groups.id);
    const running = await listIds('root@demo.ch', { status: 'running' });
    expect(running).toContain(published.id);
    expect(running).not.toContain(draft.id);
    expect(await listIds('root@demo.ch', { status: ['draft'] })).toContain(draft.id);
    const upcoming = await publishedOffer({ startDate: dayFrom(2), endDate: dayFrom(3) });
    expect(upcoming.status).toBe('upcoming');
    expect(await listIds('root@demo.ch', { status: 'upcoming' })).toContain(upcoming.id);
    expect(await listIds('root@demo.ch', { status: 'running' })).not.toContain(upcoming.id);
    const [template] = await server.db.select().from(offerTemplates).where(eq(offerTemplates.id, exclusiveTemplate));
    expect(await listIds('root@demo.ch', { q: template.longTitle.slice(-8) })).toContain(published.id);
    expect(await listIds('root@demo.ch', { q: 'no template is called this' })).toEqual([]);
    const bad = await call('root@demo.ch', 'GET', `/offers?filter=${jsonParam({ status: 'sleeping' })}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('claims', () => {
  it('a customer claims a spot of a published open offer; the staff see it; cancelling gives the spot back', async () => {
    const offer = await publishedOffer();
    const response = await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ id: number; offerId: number; userId: number; createdAt: string }>();
    const customer = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@demo.ch'));
    expect(created).toMatchObject({ offerId: offer.id, userId: customer[0].id });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(0);
    expect((await read(offer.id)).claimedSpots).toBe(1);

    const again = await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFER_CLAIM_ERROR_CODES.alreadyClaimed);
    expect((await read(offer.id)).claimedSpots).toBe(1);

    const list = await call('admin@demo.ch', 'GET', `/offers/${offer.id}/claims`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<OfferClaimListItem[]>()).toEqual([
      expect.objectContaining({
        id: created.id,
        cancelledAt: null,
        customer: expect.objectContaining({ email: 'customer@demo.ch' }),
      }),
    ]);
    expect((await call('admin2@demo.ch', 'GET', `/offers/${offer.id}/claims`)).statusCode).toBe(404);

    const [other] = await customersWithTokens(server.db, 1);
    expect((await callWith(other.token, 'DELETE', `/offers/${offer.id}/claims/${created.id}`)).statusCode).toBe(404);
    expect((await call('admin2@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${created.id}`)).statusCode).toBe(404);
    expect((await call('customer@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${created.id}`)).statusCode).toBe(204);
    const twice = await call('customer@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${created.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(OFFER_CLAIM_ERROR_CODES.claimNotFound);
    expect((await read(offer.id)).claimedSpots).toBe(0);

    // Claimed again after the cancellation, then cancelled by the venue's staff.
    const reclaimed = await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`);
    expect(reclaimed.statusCode).toBe(201);
    expect(
      (await call('admin@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${reclaimed.json().id}`)).statusCode,
    ).toBe(204);
    expect(await storedClaimedSpots(offer.id)).toEqual({ claimed: 0, live: 0 });
  });

  it('is for customers only, on published exclusive offers inside their window, with a code for each refusal', async () => {
    const open = await publishedOffer();
    for (const email of ['root@demo.ch', 'admin@demo.ch', 'promoter@demo.ch']) {
      expect((await call(email, 'POST', `/offers/${open.id}/claims`)).statusCode).toBe(403);
    }
    const refusal = async (offer: Offer) => {
      const response = await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`);
      return { status: response.statusCode, code: response.json<{ message: string }>().message };
    };
    expect(await refusal(await create(exclusiveBody()))).toEqual({
      status: 404,
      code: OFFER_CLAIM_ERROR_CODES.notPublished,
    });
    const onDraftEvent = await publishedOffer({ eventId: await insertEvent(firstVenue(), 'DRAFT') });
    expect(await refusal(onDraftEvent)).toEqual({ status: 404, code: OFFER_CLAIM_ERROR_CODES.notPublished });
    expect(await refusal(await create(recurrentBody({ visibility: 'PUBLISHED' })))).toEqual({
      status: 409,
      code: OFFER_CLAIM_ERROR_CODES.recurrent,
    });
    expect(await refusal(await publishedOffer({ startDate: dayFrom(1), endDate: dayFrom(2) }))).toEqual({
      status: 409,
      code: OFFER_CLAIM_ERROR_CODES.notStarted,
    });
    const past = await publishedOffer({ startDate: dayFrom(-5), endDate: dayFrom(-1) });
    expect(past.status).toBe('ended');
    expect(await refusal(past)).toEqual({ status: 409, code: OFFER_CLAIM_ERROR_CODES.ended });
    const single = await publishedOffer({ availableSpots: 1 });
    const [first] = await customersWithTokens(server.db, 1);
    expect((await claim(first.token, single.id)).statusCode).toBe(201);
    expect(await refusal(single)).toEqual({ status: 409, code: OFFER_CLAIM_ERROR_CODES.soldOut });
    expect((await read(single.id)).status).toBe('soldOut');
    expect((await call('customer@demo.ch', 'POST', '/offers/2000000/claims')).statusCode).toBe(404);
  });

  it('writes an audit row on the offer for each claim and cancellation, none for a refused claim', async () => {
    const offer = await publishedOffer({ availableSpots: 1 });
    const taken = await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`);
    expect(taken.statusCode, taken.body).toBe(201);
    const { id: claimId, userId } = taken.json<{ id: number; userId: number }>();
    const [other] = await customersWithTokens(server.db, 1);
    expect((await claim(other.token, offer.id)).statusCode).toBe(409);
    expect((await call('customer@demo.ch', 'POST', `/offers/${offer.id}/claims`)).statusCode).toBe(409);
    expect(await claimAuditOf(offer.id)).toEqual([
      {
        action: 'CLAIM',
        actorEmail: 'customer@demo.ch',
        changes: { claimId: { after: claimId }, userId: { after: userId }, claimedSpots: { before: 0, after: 1 } },
      },
    ]);
    expect((await call('admin@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${claimId}`)).statusCode).toBe(204);
    expect((await call('admin@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${claimId}`)).statusCode).toBe(404);
    const audit = await claimAuditOf(offer.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toEqual({
      action: 'CANCEL_CLAIM',
      actorEmail: 'admin@demo.ch',
      changes: {
        claimId: { before: claimId, after: null },
        userId: { before: userId, after: null },
        claimedSpots: { before: 1, after: 0 },
      },
    });
    // ROOT finds them in the audit log by the action.
    const logged = await call('root@demo.ch', 'GET', `/audit-log?filter=${jsonParam({ action: 'CANCEL_CLAIM' })}`);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json()).toContainEqual(expect.objectContaining({ resource: 'offers', recordId: String(offer.id) }));
  });

  it('200 customers claiming 10 spots at once get exactly 10 claims and 190 SOLD_OUT', async () => {
    const offer = await publishedOffer({ availableSpots: 10 });
    const customers = await customersWithTokens(server.db, 200);
    const responses = await Promise.all(customers.map((customer) => claim(customer.token, offer.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    expect(
      responses.filter((response) => response.statusCode === 409).every((r) => r.json().message === 'SOLD_OUT'),
    ).toBe(true);
    expect((await read(offer.id)).claimedSpots).toBe(10);
    expect(await storedClaimedSpots(offer.id)).toEqual({ claimed: 10, live: 10 });
    // One audit row per spot taken, each with its own count: the rows follow the row lock's order.
    const audit = await claimAuditOf(offer.id);
    expect(audit.map((row) => row.changes.claimedSpots).sort((a, b) => Number(a.after) - Number(b.after))).toEqual(
      Array.from({ length: 10 }, (_, index) => ({ before: index, after: index + 1 })),
    );
  });

  it('one customer claiming 20 times at once gets one claim; parallel cancellations of it give one spot back', async () => {
    const offer = await publishedOffer({ availableSpots: 50 });
    const [customer] = await customersWithTokens(server.db, 1);
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim(customer.token, offer.id)));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(1);
    expect(
      responses.filter((response) => response.statusCode === 409 && response.json().message === 'ALREADY_CLAIMED'),
    ).toHaveLength(19);
    expect(await storedClaimedSpots(offer.id)).toEqual({ claimed: 1, live: 1 });

    const claimId = created[0].json<{ id: number }>().id;
    const cancels = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? callWith(customer.token, 'DELETE', `/offers/${offer.id}/claims/${claimId}`)
          : call('admin@demo.ch', 'DELETE', `/offers/${offer.id}/claims/${claimId}`),
      ),
    );
    expect(cancels.filter((response) => response.statusCode === 204)).toHaveLength(1);
    expect(cancels.filter((response) => response.statusCode === 404)).toHaveLength(9);
    expect(await storedClaimedSpots(offer.id)).toEqual({ claimed: 0, live: 0 });
    expect((await claimAuditOf(offer.id)).map((row) => row.action)).toEqual(['CLAIM', 'CANCEL_CLAIM']);
  });
});

describe('the claim endpoints for every demo account', () => {
  /** What the staff endpoints answer an account about an offer of the first venue (domain/access.ts). */
  async function staffStatus(email: string, success: number): Promise<number> {
    const viewer = await viewerOf(server.db, email);
    if (!hasPermission(viewer.roleKeys, 'OFFER', 'update')) return 403;
    const ownership = { establishmentIds: [scopes.firstEstablishmentId], visibility: 'PUBLISHED' };
    if (!isInScope(viewer, 'OFFER', ownership, 'read')) return 404;
    return isInScope(viewer, 'OFFER', ownership, 'write') ? success : 403;
  }

  it.each(DEMO_EMAILS)('as %s: claims for customers, the list and cancelling for the offer’s staff', async (email) => {
    const offer = await publishedOffer();
    const isCustomer = (await viewerOf(server.db, email)).roleKey === 'CUSTOMER';
    expect((await call(email, 'POST', `/offers/${offer.id}/claims`)).statusCode).toBe(isCustomer ? 201 : 403);
    const [someone] = await customersWithTokens(server.db, 1);
    const claimed = await claim(someone.token, offer.id);
    expect(claimed.statusCode).toBe(201);
    const claimId = claimed.json<{ id: number }>().id;
    expect((await call(email, 'GET', `/offers/${offer.id}/claims`)).statusCode).toBe(await staffStatus(email, 200));
    // A customer cancels only its own claim: another's does not exist for it.
    const cancelled = await call(email, 'DELETE', `/offers/${offer.id}/claims/${claimId}`);
    expect(cancelled.statusCode).toBe(isCustomer ? 404 : await staffStatus(email, 204));
    const live = cancelled.statusCode === 204 ? 0 : 1;
    expect(await storedClaimedSpots(offer.id)).toEqual({
      claimed: live + (isCustomer ? 1 : 0),
      live: live + (isCustomer ? 1 : 0),
    });
  });
});
