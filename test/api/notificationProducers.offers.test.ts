import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../domain/recurrence';
import type { Database } from '../../server/db/client';
import { authSessions, events, offerClaims, offers, offerTemplates, roles, users } from '../../server/db/schema';
import { DEMO_EMAILS, signIn, startTestServer, userRow, type TestServer } from './harness';
import {
  failingCommitsOf,
  lastNotificationId,
  notificationsSince,
  recipientsOf,
  type StoredNotification,
} from './notificationRows';

/**
 * OFFER_NEARLY_SOLD_OUT and OFFER_SOLD_OUT (docs/notification-causes.md): the claim that takes an exclusive
 * offer below a tenth of its spots, or to none, tells the offer's staff (ADMIN and COORDINATOR of its venue,
 * PROMOTER of its group) once per crossing, whatever the number of claims in parallel; a cancellation that
 * goes back over the threshold lets the next crossing tell again; a claim rolled back leaves none.
 */

let server: TestServer;
const ids: Record<string, number> = {};
const scope = { firstVenue: 0, firstGroup: 0 };
let eventId = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) ids[email] = (await userRow(server.db, email)).id;
  scope.firstVenue = (await userRow(server.db, 'admin@demo.ch')).establishmentId!;
  scope.firstGroup = (await userRow(server.db, 'promoter@demo.ch')).promoterGroupId!;
  // A published event of the first venue and group, so that the offers are claimable.
  const [event] = await server.db
    .insert(events)
    .values({
      title: `Offer night ${randomUUID().slice(0, 8)}`,
      establishmentId: scope.firstVenue,
      promoterGroupId: scope.firstGroup,
      startDate: dayFrom(3),
      startTime: '20:00',
      endTime: '23:00',
      firstStartsAt: new Date(Date.now() + 3 * 86_400_000),
      lastEndsAt: new Date(Date.now() + 3 * 86_400_000 + 3 * 3_600_000),
      visibility: 'PUBLISHED',
    })
    .returning({ id: events.id });
  eventId = event.id;
});
afterAll(() => server.close());

const dayFrom = (days: number) =>
  Temporal.PlainDate.from(localDateOf(new Date().toISOString())).add({ days }).toString();

const idsOf = (...emails: string[]) => emails.map((email) => ids[email]).sort((a, b) => a - b);
/** The offer staff of the first venue (ADMIN, COORDINATOR; not COORDINATOR_ADMIN_LIMITED) and of the first group. */
const VENUE_KEEPERS = ['admin@demo.ch', 'coordinator@demo.ch'];
const GROUP_KEEPERS = ['promoter@demo.ch'];

interface OfferFixture {
  id: number;
  title: string;
}

/** A published exclusive offer open now, straight into the database; `claimed` spots already taken. */
async function offerOf(
  spots: number,
  owner: { establishmentId: number | null; promoterGroupId: number | null },
  claimed = 0,
): Promise<OfferFixture> {
  const title = `Two for one ${randomUUID().slice(0, 8)}`;
  const [template] = await server.db
    .insert(offerTemplates)
    .values({
      kind: 'EXCLUSIVE',
      longTitle: `${title}, all night`,
      shortTitle: title,
      approvalStatus: 'APPROVED',
      visibility: 'PUBLISHED',
      ...owner,
    })
    .returning({ id: offerTemplates.id });
  const [offer] = await server.db
    .insert(offers)
    .values({
      kind: 'EXCLUSIVE',
      ...owner,
      eventId,
      templateId: template.id,
      availableSpots: spots,
      claimedSpots: claimed,
      startDate: dayFrom(-1),
      startTime: '00:00',
      endDate: dayFrom(30),
      endTime: '23:00',
      visibility: 'PUBLISHED',
    })
    .returning({ id: offers.id });
  return { id: offer.id, title };
}

/** Customers with a live session each, written straight into the database (no password hashing). */
async function customers(db: Database, count: number): Promise<{ id: number; token: string }[]> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'CUSTOMER'));
  const batch = randomUUID().slice(0, 8);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        firstName: 'Spot',
        lastName: `Taker ${index}`,
        username: `spots-${batch}-${index}`,
        email: `spots-${batch}-${index}@example.ch`,
        roleId: role.id,
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

const claim = (token: string, offerId: number) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/claims`,
    headers: { authorization: `Bearer ${token}` },
  });
const cancel = (token: string, offerId: number, claimId: number) =>
  server.app.inject({
    method: 'DELETE',
    url: `/api/v1/offers/${offerId}/claims/${claimId}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function claimedSpotsOf(offerId: number): Promise<{ claimed: number; live: number }> {
  const [row] = await server.db.select({ claimed: offers.claimedSpots }).from(offers).where(eq(offers.id, offerId));
  const live = await server.db
    .select({ id: offerClaims.id })
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), isNull(offerClaims.cancelledAt)));
  return { claimed: row.claimed, live: live.length };
}

const spotsNotices = async (mark: number, offerId: number) =>
  (await notificationsSince(server.db, mark)).filter((row) => row.recordId === offerId && row.resource === 'offers');
const ofKind = (rows: StoredNotification[], kind: string) => rows.filter((row) => row.kind === kind);

describe('OFFER_SOLD_OUT and OFFER_NEARLY_SOLD_OUT', () => {
  it('20 customers claiming 10 spots at once: 10 claims, and exactly one SOLD_OUT per member of the venue’s staff', async () => {
    const offer = await offerOf(10, { establishmentId: scope.firstVenue, promoterGroupId: null });
    const takers = await customers(server.db, 20);
    const mark = await lastNotificationId(server.db);
    const answers = await Promise.all(takers.map((taker) => claim(taker.token, offer.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 409 && answer.json().message === 'SOLD_OUT')).toHaveLength(
      10,
    );
    expect(await claimedSpotsOf(offer.id)).toEqual({ claimed: 10, live: 10 });
    const rows = await spotsNotices(mark, offer.id);
    // With 10 spots a tenth is one spot: fewer than that is none, so the crossing is SOLD_OUT alone.
    expect(rows.every((row) => row.kind === 'OFFER_SOLD_OUT')).toBe(true);
    expect(recipientsOf(rows)).toEqual(idsOf(...VENUE_KEEPERS));
    for (const row of rows) expect(row.params).toEqual({ title: offer.title, spots: 10 });
  });

  it('100 spots, 80 taken, 30 claims at once: one NEARLY (9 left) and one SOLD_OUT per member of both owners’ staff', async () => {
    const offer = await offerOf(100, { establishmentId: scope.firstVenue, promoterGroupId: scope.firstGroup }, 80);
    const takers = await customers(server.db, 30);
    const mark = await lastNotificationId(server.db);
    const answers = await Promise.all(takers.map((taker) => claim(taker.token, offer.id)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect((await claimedSpotsOf(offer.id)).claimed).toBe(100);
    const rows = await spotsNotices(mark, offer.id);
    const keepers = idsOf(...VENUE_KEEPERS, ...GROUP_KEEPERS);
    const nearly = ofKind(rows, 'OFFER_NEARLY_SOLD_OUT');
    expect(recipientsOf(nearly)).toEqual(keepers);
    for (const row of nearly) expect(row.params).toEqual({ title: offer.title, spotsLeft: 9, spots: 100 });
    expect(recipientsOf(ofKind(rows, 'OFFER_SOLD_OUT'))).toEqual(keepers);
    expect(rows).toHaveLength(2 * keepers.length);
    // Nobody outside the offer's owners: not the other venue, the other group, the platform roles or customers.
    const outsiders = idsOf(
      'admin2@demo.ch',
      'promoter2@demo.ch',
      'coordinator-limited@demo.ch',
      'root@demo.ch',
      'coordinator-full@demo.ch',
      'customer@demo.ch',
    );
    expect(rows.filter((row) => outsiders.includes(row.userId))).toEqual([]);
  });

  it('one by one: each threshold once per crossing; a cancellation back over it lets the next crossing tell again', async () => {
    // 30 spots: a tenth is 3 exactly, so 3 left is not yet nearly sold out, 2 left is.
    const offer = await offerOf(30, { establishmentId: null, promoterGroupId: scope.firstGroup }, 26);
    const promoterToken = (await signIn(server.app, 'promoter@demo.ch')).accessToken;
    const takers = await customers(server.db, 8);
    const claimIds: number[] = [];
    const kindsAfter = async (taker: { token: string }) => {
      const mark = await lastNotificationId(server.db);
      const answer = await claim(taker.token, offer.id);
      expect(answer.statusCode, answer.body).toBe(201);
      claimIds.push(answer.json<{ id: number }>().id);
      const rows = await spotsNotices(mark, offer.id);
      // The group's offer: its promoters are told, nobody else.
      expect(new Set(rows.map((row) => row.userId))).toEqual(new Set(rows.length === 0 ? [] : idsOf(...GROUP_KEEPERS)));
      return rows.map((row) => [row.kind, row.params]);
    };
    expect(await kindsAfter(takers[0])).toEqual([]); // 27 taken, 3 left
    expect(await kindsAfter(takers[1])).toEqual([
      ['OFFER_NEARLY_SOLD_OUT', { title: offer.title, spotsLeft: 2, spots: 30 }],
    ]);
    expect(await kindsAfter(takers[2])).toEqual([]); // 1 left: still below, no new crossing
    expect(await kindsAfter(takers[3])).toEqual([['OFFER_SOLD_OUT', { title: offer.title, spots: 30 }]]);

    // A spot back (1 left) and taken again: sold out again.
    expect((await cancel(promoterToken, offer.id, claimIds[3])).statusCode).toBe(204);
    expect(await kindsAfter(takers[4])).toEqual([['OFFER_SOLD_OUT', { title: offer.title, spots: 30 }]]);
    // Two back (2 left, still below the tenth): the next claim (1 left) crosses nothing.
    expect((await cancel(promoterToken, offer.id, claimIds[4])).statusCode).toBe(204);
    expect((await cancel(promoterToken, offer.id, claimIds[2])).statusCode).toBe(204);
    expect(await kindsAfter(takers[5])).toEqual([]); // 1 left
    // Back over the tenth (3 left), then below it again: nearly sold out again.
    expect((await cancel(promoterToken, offer.id, claimIds[5])).statusCode).toBe(204);
    expect((await cancel(promoterToken, offer.id, claimIds[1])).statusCode).toBe(204);
    expect(await kindsAfter(takers[6])).toEqual([
      ['OFFER_NEARLY_SOLD_OUT', { title: offer.title, spotsLeft: 2, spots: 30 }],
    ]);
    // 26 taken before (no claim rows), then the live claims of takers 0 and 6.
    expect(await claimedSpotsOf(offer.id)).toEqual({ claimed: 28, live: 2 });
  });

  it('a crossing claim whose transaction fails at its commit takes no spot and leaves no notification', async () => {
    const offer = await offerOf(10, { establishmentId: scope.firstVenue, promoterGroupId: null }, 9);
    const [taker, next] = await customers(server.db, 2);
    const mark = await lastNotificationId(server.db);
    const restore = await failingCommitsOf(server.db, 'OFFER_SOLD_OUT');
    try {
      expect((await claim(taker.token, offer.id)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await spotsNotices(mark, offer.id)).toEqual([]);
    expect(await claimedSpotsOf(offer.id)).toEqual({ claimed: 9, live: 0 });
    // The spot is still there for the next customer, whose claim tells.
    expect((await claim(next.token, offer.id)).statusCode).toBe(201);
    expect(recipientsOf(await spotsNotices(mark, offer.id))).toEqual(idsOf(...VENUE_KEEPERS));
  });
});
