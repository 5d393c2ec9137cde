import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInScope, type Viewer } from '../../domain/access';
import { awaitsViewer, type AskKind } from '../../domain/ask';
import {
  DASHBOARD_CARD_DATA_SCHEMAS,
  DASHBOARD_CARDS,
  dashboardCardsOf,
  type DashboardCardData,
  type DashboardCardId,
  type DashboardOccurrence,
} from '../../domain/dashboard';
import type { OccurrenceItem } from '../../domain/event';
import { offerWindowInstants } from '../../domain/offer';
import type { RoleKey } from '../../domain/roles';
import {
  asks,
  dailyStatistics,
  establishments,
  establishmentTypes,
  events,
  eventTypes,
  mailOutbox,
  notifications,
  offerClaims,
  offers,
  offerTemplates,
  promoCodeRedemptions,
  promoCodes,
  promoterGroups,
  users,
} from '../../server/db/schema';
import { viewerOf } from './authorizationMatrix';
import {
  createUser,
  DEMO_EMAILS,
  errorsOf,
  jsonParam,
  orderedIds,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  TestClock,
  type TestServer,
} from './harness';

/**
 * The dashboard (docs/dashboard.md): every demo account's cards, and every card's figures against counts made
 * here from the tables (each its own filter over the rows, never the dashboard's service); scopes (records of
 * the second establishment and group leave the first ones' figures alone); the ISO week's boundary in Zurich;
 * an empty scope; 401, 403, 404 and 400.
 */

const ZURICH = 'Europe/Zurich';
const DAY_MS = 86_400_000;

let server: TestServer;
const tokens = new Map<string, string>();
const viewers = new Map<string, Viewer & { roleKey: RoleKey }>();
const ids = { eventType: 0, establishmentType: 0 };

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) {
    tokens.set(email, (await signIn(server.app, email)).accessToken);
    viewers.set(email, await viewerOf(server.db, email));
  }
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
  [ids.establishmentType] = await orderedIds(server.db, establishmentTypes.id);
});
afterAll(() => server.close());

const call = (token: string | undefined, url: string, app = server.app) =>
  app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

const ok = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

async function cardOf<Id extends DashboardCardId>(
  token: string,
  id: Id,
  app = server.app,
): Promise<DashboardCardData[Id]> {
  const body = ok<{ id: string; data: unknown }>(await call(token, `/dashboard/cards/${id}`, app));
  expect(body.id).toBe(id);
  // The exact shape: no field more, none less.
  return DASHBOARD_CARD_DATA_SCHEMAS[id].parse(body.data) as DashboardCardData[Id];
}

// ---- time, as the test reads it ------------------------------------------------------------------------

const plain = (date: string) => Temporal.PlainDate.from(date);
const zurichDate = (instant: Date) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(ZURICH).toPlainDate().toString();
const plusDays = (date: string, days: number) => plain(date).add({ days }).toString();
/** The instant a Zurich day starts. */
const dayStart = (date: string) =>
  new Date(plain(date).toZonedDateTime({ timeZone: ZURICH, plainTime: '00:00' }).epochMilliseconds);
const mondayOf = (date: string) => plusDays(date, 1 - plain(date).dayOfWeek);
const zurichInstant = (date: string, time: string) =>
  new Date(Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(ZURICH).epochMilliseconds);

// ---- scopes, as the test reads them -----------------------------------------------------------------------

type Scope =
  | { kind: 'platform' }
  | { kind: 'establishment'; id: number | null }
  | { kind: 'group'; id: number | null }
  | { kind: 'customer' };

function scopeOf(viewer: Viewer & { roleKey: RoleKey }): Scope {
  switch (viewer.roleKey) {
    case 'ROOT':
    case 'COORDINATOR_ADMIN_FULL':
      return { kind: 'platform' };
    case 'ADMIN':
    case 'COORDINATOR':
    case 'COORDINATOR_ADMIN_LIMITED':
      return { kind: 'establishment', id: viewer.establishmentId };
    case 'PROMOTER':
      return { kind: 'group', id: viewer.promoterGroupId };
    case 'CUSTOMER':
      return { kind: 'customer' };
  }
}

const owns = (scope: Scope, row: { establishmentId: number | null; promoterGroupId: number | null }): boolean =>
  scope.kind === 'platform' ||
  (scope.kind === 'establishment' && scope.id !== null && row.establishmentId === scope.id) ||
  (scope.kind === 'group' && scope.id !== null && row.promoterGroupId === scope.id);

/** The roll-up's key of a scope (null: none). */
const rollupKey = (scope: Scope): { scope: string; scopeId: number } | null =>
  scope.kind === 'platform'
    ? { scope: 'PLATFORM', scopeId: 0 }
    : scope.kind === 'establishment' && scope.id !== null
      ? { scope: 'ESTABLISHMENT', scopeId: scope.id }
      : scope.kind === 'group' && scope.id !== null
        ? { scope: 'PROMOTER_GROUP', scopeId: scope.id }
        : null;

// ---- occurrences, through GET /occurrences as ROOT ------------------------------------------------------

async function occurrencesIn(from: Date, to: Date): Promise<OccurrenceItem[]> {
  const items: OccurrenceItem[] = [];
  const filter = jsonParam({ from: from.toISOString(), to: to.toISOString(), visibility: 'PUBLISHED' });
  for (let first = 0; ; first += 1000) {
    const response = await call(
      tokens.get('root@demo.ch'),
      `/occurrences?filter=${filter}&range=${jsonParam([first, first + 999])}`,
    );
    const page = ok<OccurrenceItem[]>(response);
    items.push(...page);
    if (page.length < 1000) return items;
  }
}

const isPublished = (item: OccurrenceItem) =>
  item.visibility === 'PUBLISHED' && (item.approvalStatus === null || item.approvalStatus === 'APPROVED');
const asCardItem = (item: OccurrenceItem): DashboardOccurrence => ({
  occurrenceId: item.id,
  eventId: item.eventId,
  title: item.eventTitle,
  startsAt: item.startsAt,
  endsAt: item.endsAt,
  establishmentId: item.establishmentId,
  establishmentName: item.establishmentName,
});

// ---- every card, counted from the tables ---------------------------------------------------------------

async function expectedCard(
  viewer: Viewer & { roleKey: RoleKey },
  card: DashboardCardId,
  now: Date,
  scope: Scope = scopeOf(viewer),
): Promise<unknown> {
  const today = zurichDate(now);
  const sevenDaysAgo = dayStart(plusDays(today, -6));
  const fourteenDaysAgo = dayStart(plusDays(today, -13));
  const rollup = async (metric: string, from: string, to: string) => {
    const key = rollupKey(scope);
    const rows = key
      ? (await server.db.select().from(dailyStatistics)).filter(
          (row) =>
            row.scope === key.scope &&
            row.scopeId === key.scopeId &&
            row.metric === metric &&
            row.day >= from &&
            row.day <= to,
        )
      : [];
    const days: { date: string; value: number }[] = [];
    for (let day = from; day <= to; day = plusDays(day, 1))
      days.push({ date: day, value: rows.filter((row) => row.day === day).reduce((sum, row) => sum + row.value, 0) });
    return days;
  };
  const sum = (days: { value: number }[]) => days.reduce((total, day) => total + day.value, 0);

  switch (card) {
    case 'pendingAsks': {
      const mine = viewer.roleKey === 'PROMOTER';
      const waiting = (await server.db.select().from(asks)).filter(
        (ask) =>
          isInScope(
            viewer,
            'ASK',
            {
              establishmentIds: ask.establishmentId === null ? [] : [ask.establishmentId],
              promoterGroupIds: ask.promoterGroupId === null ? [] : [ask.promoterGroupId],
            },
            'read',
          ) &&
          (mine
            ? ask.status === 'PENDING' && ask.requestedByUserId === viewer.userId
            : awaitsViewer(viewer, {
                kind: ask.kind as AskKind,
                status: ask.status as 'PENDING',
                establishmentId: ask.establishmentId,
              })),
      );
      const oldest = waiting.map((ask) => ask.requestedAt.getTime()).sort((a, b) => a - b)[0];
      return {
        count: waiting.length,
        mine,
        oldestRequestedAt: oldest === undefined ? null : new Date(oldest).toISOString(),
      };
    }
    case 'unreadNotifications':
      return {
        count: (await server.db.select().from(notifications)).filter(
          (row) => row.userId === viewer.userId && row.readAt === null && row.archivedAt === null,
        ).length,
      };
    case 'weekOccurrences': {
      const monday = mondayOf(today);
      const from = dayStart(monday);
      const inWeek = (await occurrencesIn(from, dayStart(plusDays(monday, 7)))).filter(
        (item) => isPublished(item) && owns(scope, item) && Date.parse(item.startsAt) >= from.getTime(),
      );
      const next = (await occurrencesIn(now, new Date(now.getTime() + 366 * DAY_MS))).find(
        (item) => isPublished(item) && owns(scope, item) && Date.parse(item.startsAt) >= now.getTime(),
      );
      return {
        weekStart: monday,
        weekEnd: plusDays(monday, 6),
        count: inWeek.length,
        next: next ? asCardItem(next) : null,
      };
    }
    case 'drafts':
      return {
        count: (await server.db.select().from(events)).filter((row) => row.visibility === 'DRAFT' && owns(scope, row))
          .length,
      };
    case 'offers': {
      const rows = (await server.db.select().from(offers)).filter(
        (row) => row.visibility === 'PUBLISHED' && owns(scope, row),
      );
      const exclusiveToday = rows.filter(
        (row) => row.kind === 'EXCLUSIVE' && row.startDate! <= today && row.endDate! >= today,
      );
      const left = (row: (typeof rows)[number]) => row.availableSpots! - row.claimedSpots;
      return {
        running: exclusiveToday.length + rows.filter((row) => row.kind === 'RECURRENT' && row.isActivated).length,
        // Under a tenth of the spots: 10 × left < spots, in integers.
        nearlySoldOut: exclusiveToday.filter((row) => left(row) > 0 && 10 * left(row) < row.availableSpots!).length,
        soldOut: exclusiveToday.filter((row) => left(row) <= 0).length,
      };
    }
    case 'promoCodes': {
      const days = await rollup('promoCodeRedemptions', plusDays(today, -13), today);
      return { last7Days: sum(days.slice(7)), previous7Days: sum(days.slice(0, 7)) };
    }
    case 'widgetViews': {
      const days = await rollup('widgetViews', plusDays(today, -13), today);
      return {
        last7Days: sum(days.slice(7)),
        previous7Days: sum(days.slice(0, 7)),
        days: days.map((day) => ({ date: day.date, views: day.value })),
      };
    }
    case 'platformPartners': {
      const venues = await server.db.select().from(establishments);
      const groups = await server.db.select().from(promoterGroups);
      return {
        establishments: venues.length,
        promoterGroups: groups.length,
        newLast7Days: [...venues, ...groups].filter((row) => row.createdAt >= sevenDaysAgo).length,
      };
    }
    case 'platformEventsPublished': {
      const thisMonday = mondayOf(today);
      const weeks = [];
      for (let week = 7; week >= 0; week -= 1) {
        const weekStart = plusDays(thisMonday, -7 * week);
        weeks.push({ weekStart, count: sum(await rollup('eventsPublished', weekStart, plusDays(weekStart, 6))) });
      }
      return { weeks };
    }
    case 'platformNewUsers': {
      const rows = await server.db.select().from(users);
      return {
        last7Days: rows.filter((row) => row.createdAt >= sevenDaysAgo).length,
        previous7Days: rows.filter((row) => row.createdAt >= fourteenDaysAgo && row.createdAt < sevenDaysAgo).length,
      };
    }
    case 'outboxFailures': {
      const recent = (await server.db.select().from(mailOutbox)).filter((row) => row.createdAt >= sevenDaysAgo);
      return {
        failedLast7Days: recent.filter((row) => row.status === 'failed').length,
        retrying: recent.filter((row) => row.status === 'pending').length,
      };
    }
    case 'upcomingEvents': {
      const items = (await occurrencesIn(now, new Date(now.getTime() + 366 * DAY_MS))).filter(
        (item) => isPublished(item) && Date.parse(item.startsAt) >= now.getTime(),
      );
      return { items: items.slice(0, 5).map(asCardItem) };
    }
    case 'myClaims': {
      const rows = await server.db
        .select({ claim: offerClaims, offer: offers, title: offerTemplates.shortTitle })
        .from(offerClaims)
        .innerJoin(offers, eq(offers.id, offerClaims.offerId))
        .leftJoin(offerTemplates, eq(offerTemplates.id, offers.templateId));
      const live = rows
        .filter(
          ({ claim, offer }) =>
            claim.userId === viewer.userId &&
            claim.cancelledAt === null &&
            Date.parse(
              offerWindowInstants({
                startDate: offer.startDate!,
                startTime: offer.startTime!,
                endDate: offer.endDate!,
                endTime: offer.endTime!,
              }).endsAt,
            ) > now.getTime(),
        )
        .sort((a, b) => a.offer.startDate!.localeCompare(b.offer.startDate!) || a.claim.id - b.claim.id);
      return {
        count: live.length,
        items: live.slice(0, 5).map(({ claim, offer, title }) => ({
          claimId: claim.id,
          offerId: offer.id,
          title: title ?? `#${offer.id}`,
          startDate: offer.startDate,
          claimedAt: claim.createdAt.toISOString(),
        })),
      };
    }
    case 'myCodes': {
      const rows = (
        await server.db
          .select({ redemption: promoCodeRedemptions, code: promoCodes.code })
          .from(promoCodeRedemptions)
          .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.promoCodeId))
      )
        .filter(({ redemption }) => redemption.userId === viewer.userId)
        .sort(
          (a, b) =>
            b.redemption.createdAt.getTime() - a.redemption.createdAt.getTime() || b.redemption.id - a.redemption.id,
        );
      return {
        count: rows.length,
        items: rows.slice(0, 5).map(({ redemption, code }) => ({
          promoCodeId: redemption.promoCodeId,
          code,
          redeemedAt: redemption.createdAt.toISOString(),
        })),
      };
    }
  }
}

/** Every card of the account against the tables; answers the cards' data. */
async function expectCardsOf(email: string): Promise<Partial<DashboardCardData>> {
  const viewer = viewers.get(email)!;
  const token = tokens.get(email)!;
  const { cards } = ok<{ cards: DashboardCardId[] }>(await call(token, '/dashboard'));
  expect(cards, email).toEqual(dashboardCardsOf(viewer));
  const answers: Partial<Record<DashboardCardId, unknown>> = {};
  for (const card of cards) {
    const data = await cardOf(token, card);
    expect(data, `${email} ${card}`).toEqual(await expectedCard(viewer, card, server.clock.now()));
    answers[card] = data;
  }
  return answers as Partial<DashboardCardData>;
}

// ---- records that make the figures non-zero --------------------------------------------------------------

const unique = () => randomUUID().slice(0, 8);

/** A one-off event of an establishment (or a group's request at it), published unless told. */
async function addEvent(options: {
  establishmentId: number | null;
  promoterGroupId?: number | null;
  startsAt: Date;
  visibility?: 'DRAFT' | 'PUBLISHED';
  approvalStatus?: 'PENDING' | 'APPROVED' | null;
}): Promise<number> {
  const start = Temporal.Instant.fromEpochMilliseconds(options.startsAt.getTime()).toZonedDateTimeISO(ZURICH);
  const end = start.add({ hours: 2 });
  const [row] = await server.db
    .insert(events)
    .values({
      title: `Dashboard probe ${unique()}`,
      establishmentId: options.establishmentId,
      promoterGroupId: options.promoterGroupId ?? null,
      eventTypeId: ids.eventType,
      startDate: start.toPlainDate().toString(),
      endDate: end.toPlainDate().toString(),
      startTime: start.toPlainTime().toString({ smallestUnit: 'minute' }),
      endTime: end.toPlainTime().toString({ smallestUnit: 'minute' }),
      firstStartsAt: options.startsAt,
      lastEndsAt: new Date(end.epochMilliseconds),
      recurrencePattern: 'NONE',
      visibility: options.visibility ?? 'PUBLISHED',
      approvalStatus: options.approvalStatus ?? null,
    })
    .returning({ id: events.id });
  return row.id;
}

async function addRollup(scope: string, scopeId: number, day: string, metric: string, value: number) {
  await server.db.execute(
    `INSERT INTO daily_statistics (scope, scope_id, day, metric, value) VALUES ('${scope}', ${scopeId}, '${day}', '${metric}', ${value})
     ON CONFLICT (scope, scope_id, day, metric, shard) DO UPDATE SET value = daily_statistics.value + EXCLUDED.value` as never,
  );
}

// ---- the tests ---------------------------------------------------------------------------------------------

describe('every demo account', () => {
  it('has the cards of dashboardCardsOf, and each card the figures counted from the tables', async () => {
    const now = server.clock.now();
    const today = zurichDate(now);
    const customer = viewers.get('customer@demo.ch')!;
    const admin = viewers.get('admin@demo.ch')!;
    // Figures that the seed may leave at zero: a failed and a pending mail, unread, read and archived
    // notifications, roll-up rows inside and just outside the 14 days, a customer's claim and redemption.
    for (const status of ['failed', 'pending', 'sent', 'failed'])
      await server.db.insert(mailOutbox).values({
        toAddress: 'probe@example.ch',
        subject: 'Probe',
        textBody: 'Probe',
        htmlBody: '<p>Probe</p>',
        template: 'notification',
        language: 'en',
        transport: 'smtp',
        status,
      });
    await server.db.insert(mailOutbox).values({
      toAddress: 'old@example.ch',
      subject: 'Old',
      textBody: 'Old',
      htmlBody: '<p>Old</p>',
      template: 'notification',
      language: 'en',
      transport: 'smtp',
      status: 'failed',
      createdAt: new Date(dayStart(plusDays(today, -6)).getTime() - 1000),
    });
    for (const email of DEMO_EMAILS) {
      const { userId } = viewers.get(email)!;
      const base = { userId, kind: 'PASSWORD_CHANGED', params: { how: 'CHANGED' } };
      await server.db
        .insert(notifications)
        .values([base, base, { ...base, readAt: now }, { ...base, archivedAt: now }]);
    }
    for (const [scope, scopeId] of [
      ['PLATFORM', 0],
      ['ESTABLISHMENT', admin.establishmentId!],
      ['PROMOTER_GROUP', viewers.get('promoter@demo.ch')!.promoterGroupId!],
    ] as const) {
      await addRollup(scope, scopeId, today, 'widgetViews', 5);
      await addRollup(scope, scopeId, plusDays(today, -6), 'widgetViews', 7);
      await addRollup(scope, scopeId, plusDays(today, -7), 'widgetViews', 11);
      await addRollup(scope, scopeId, plusDays(today, -13), 'widgetViews', 13);
      await addRollup(scope, scopeId, plusDays(today, -14), 'widgetViews', 1000);
      await addRollup(scope, scopeId, plusDays(today, -2), 'promoCodeRedemptions', 3);
      await addRollup(scope, scopeId, plusDays(today, -9), 'promoCodeRedemptions', 2);
      await addRollup(scope, scopeId, plusDays(today, -3), 'eventsPublished', 4);
      await addRollup(scope, scopeId, plusDays(mondayOf(today), -49), 'eventsPublished', 6);
      await addRollup(scope, scopeId, plusDays(mondayOf(today), -50), 'eventsPublished', 100);
    }
    // The customer claims a running exclusive offer and has redeemed a code.
    const [claimable] = (await server.db.select().from(offers)).filter(
      (row) =>
        row.kind === 'EXCLUSIVE' &&
        row.visibility === 'PUBLISHED' &&
        row.claimedSpots < row.availableSpots! &&
        row.endDate! > plusDays(today, 1),
    );
    expect(claimable, 'the seed has an offer to claim').toBeDefined();
    const claim = await server.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${claimable.id}/claims`,
      payload: {},
      headers: { authorization: `Bearer ${tokens.get('customer@demo.ch')}` },
    });
    expect([201, 200, 409], claim.body).toContain(claim.statusCode);
    const [code] = await server.db.select().from(promoCodes).limit(1);
    await server.db
      .insert(promoCodeRedemptions)
      .values({ promoCodeId: code.id, userId: customer.userId })
      .onConflictDoNothing();

    for (const email of DEMO_EMAILS) await expectCardsOf(email);

    // The figures these records make, as written above (beside what the seed has).
    const rootCards = await expectCardsOf('root@demo.ch');
    expect(rootCards.outboxFailures!.failedLast7Days).toBeGreaterThanOrEqual(2);
    expect(rootCards.outboxFailures!.retrying).toBeGreaterThanOrEqual(1);
    const adminCards = await expectCardsOf('admin@demo.ch');
    expect(adminCards.unreadNotifications!.count).toBeGreaterThanOrEqual(2);
    expect(adminCards.widgetViews!.days).toHaveLength(14);
    expect(adminCards.widgetViews!.days[13]).toEqual({ date: today, views: expect.any(Number) as number });
    expect(adminCards.widgetViews!.days[0].date).toBe(plusDays(today, -13));
    // The seed's calendar is built around today: the first venue has this week's occurrences.
    expect(adminCards.weekOccurrences!.count).toBeGreaterThan(0);
    expect(adminCards.weekOccurrences!.next).not.toBeNull();
    const customerCards = await expectCardsOf('customer@demo.ch');
    expect(customerCards.myCodes!.count).toBeGreaterThanOrEqual(1);
    expect(customerCards.myClaims!.count).toBeGreaterThanOrEqual(1);
    expect(customerCards.upcomingEvents!.items.length).toBeGreaterThan(0);
  });
});

describe('scopes', () => {
  it('records of the second establishment and group leave the first ones’ figures alone, and move the second’s', async () => {
    const firstAccounts = ['admin@demo.ch', 'coordinator@demo.ch', 'coordinator-limited@demo.ch', 'promoter@demo.ch'];
    const before = new Map<string, unknown>();
    for (const email of firstAccounts) before.set(email, await expectCardsOf(email));
    const admin2Before = await expectCardsOf('admin2@demo.ch');
    const promoter2Before = await expectCardsOf('promoter2@demo.ch');

    const second = viewers.get('admin2@demo.ch')!.establishmentId!;
    const secondGroup = viewers.get('promoter2@demo.ch')!.promoterGroupId!;
    const now = server.clock.now();
    const today = zurichDate(now);
    // A draft, a published occurrence this week and the next to start, of each.
    // On a whole minute, as events start.
    const soon = new Date(Math.ceil((now.getTime() + 60_000) / 60_000) * 60_000);
    for (const owner of [{ establishmentId: second }, { establishmentId: null, promoterGroupId: secondGroup }]) {
      await addEvent({ ...owner, startsAt: soon });
      await addEvent({ ...owner, startsAt: soon, visibility: 'DRAFT' });
    }
    // A running offer, sold out, at the second venue.
    const [template] = await server.db.select({ id: offerTemplates.id }).from(offerTemplates).limit(1);
    await server.db.insert(offers).values({
      kind: 'EXCLUSIVE',
      establishmentId: second,
      templateId: template.id,
      availableSpots: 0,
      startDate: today,
      endDate: today,
      startTime: '00:00',
      endTime: '23:59',
      visibility: 'PUBLISHED',
    });
    for (const [scope, scopeId] of [
      ['ESTABLISHMENT', second],
      ['PROMOTER_GROUP', secondGroup],
    ] as const) {
      await addRollup(scope, scopeId, today, 'widgetViews', 17);
      await addRollup(scope, scopeId, today, 'promoCodeRedemptions', 19);
    }
    // promoter2's pending request at the second venue: admin2 decides it, promoter2 follows it.
    const promoter2 = viewers.get('promoter2@demo.ch')!;
    const request = await server.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      payload: {
        generalInfos: {
          establishmentId: second,
          eventType: { id: ids.eventType },
          eventTitle: `Scope probe ${unique()}`,
          ageMin: 18,
        },
        dateAndCalendar: { startDate: plusDays(today, 20), startTime: '22:00', endTime: '04:00' },
        saveAction: 'requestEvent',
      },
      headers: { authorization: `Bearer ${tokens.get('promoter2@demo.ch')}` },
    });
    expect(request.statusCode, request.body).toBe(201);
    expect(promoter2.promoterGroupId).toBe(secondGroup);

    for (const email of firstAccounts) expect(await expectCardsOf(email), email).toEqual(before.get(email));
    const admin2After = await expectCardsOf('admin2@demo.ch');
    const promoter2After = await expectCardsOf('promoter2@demo.ch');
    // The draft added and the request, which waits for its decision as a draft.
    expect(admin2After.drafts!.count).toBe(admin2Before.drafts!.count + 2);
    expect(admin2After.offers!.soldOut).toBe(admin2Before.offers!.soldOut + 1);
    expect(admin2After.offers!.running).toBe(admin2Before.offers!.running + 1);
    expect(admin2After.weekOccurrences!.count).toBe(admin2Before.weekOccurrences!.count + 1);
    expect(admin2After.weekOccurrences!.next?.startsAt).toBe(soon.toISOString().replace('.000Z', 'Z'));
    expect(admin2After.pendingAsks!.count).toBe(admin2Before.pendingAsks!.count + 1);
    expect(admin2After.promoCodes!.last7Days).toBe(admin2Before.promoCodes!.last7Days + 19);
    expect(admin2After.widgetViews!.last7Days).toBe(admin2Before.widgetViews!.last7Days + 17);
    expect(promoter2After.drafts!.count).toBe(promoter2Before.drafts!.count + 2);
    expect(promoter2After.pendingAsks).toMatchObject({ count: promoter2Before.pendingAsks!.count + 1, mine: true });
    expect(promoter2After.promoCodes!.last7Days).toBe(promoter2Before.promoCodes!.last7Days + 19);
  });
});

describe('an empty scope', () => {
  it('gives zeros: a new establishment’s admin, and an admin without an establishment', async () => {
    const [venue] = await server.db
      .insert(establishments)
      .values({ name: `Empty venue ${unique()}`, establishmentTypeId: ids.establishmentType } as never)
      .returning({ id: establishments.id });
    const today = zurichDate(server.clock.now());
    const monday = mondayOf(today);
    const zeros = {
      pendingAsks: { count: 0, mine: false, oldestRequestedAt: null },
      unreadNotifications: { count: 0 },
      weekOccurrences: { weekStart: monday, weekEnd: plusDays(monday, 6), count: 0, next: null },
      drafts: { count: 0 },
      offers: { running: 0, nearlySoldOut: 0, soldOut: 0 },
      promoCodes: { last7Days: 0, previous7Days: 0 },
      widgetViews: {
        last7Days: 0,
        previous7Days: 0,
        days: Array.from({ length: 14 }, (_, index) => ({ date: plusDays(today, index - 13), views: 0 })),
      },
    };
    for (const establishmentId of [venue.id, null]) {
      const user = await createUser(server.db, { roleKey: 'ADMIN' });
      await server.db.update(users).set({ establishmentId }).where(eq(users.id, user.id));
      const token = (await signIn(server.app, user.email, TEST_PASSWORD)).accessToken;
      const { cards } = ok<{ cards: DashboardCardId[] }>(await call(token, '/dashboard'));
      expect(cards).toEqual(Object.keys(zeros));
      for (const card of cards)
        expect(await cardOf(token, card), `${establishmentId} ${card}`).toEqual(zeros[card as keyof typeof zeros]);
    }
  });
});

describe('offers', () => {
  it('runs while published and dated today, or activated; nearly sold out under a tenth of the spots left; sold out at none', async () => {
    const [venue] = await server.db
      .insert(establishments)
      .values({ name: `Offer venue ${unique()}`, establishmentTypeId: ids.establishmentType } as never)
      .returning({ id: establishments.id });
    const today = zurichDate(server.clock.now());
    const exclusive = (claimedSpots: number, changes: Partial<typeof offers.$inferInsert> = {}) => ({
      kind: 'EXCLUSIVE',
      establishmentId: venue.id,
      availableSpots: 20,
      claimedSpots,
      startDate: plusDays(today, -1),
      endDate: plusDays(today, 1),
      startTime: '18:00',
      endTime: '23:00',
      visibility: 'PUBLISHED',
      ...changes,
    });
    await server.db.insert(offers).values([
      exclusive(0),
      exclusive(18), // 2 left of 20: a tenth exactly, not under it
      exclusive(19), // 1 left: nearly sold out
      exclusive(20), // none left: sold out
      exclusive(19, { startDate: today, endDate: today }), // today only: running, nearly sold out
      exclusive(19, { visibility: 'DRAFT' }), // a draft: not running
      exclusive(20, { startDate: plusDays(today, -5), endDate: plusDays(today, -1) }), // over
      exclusive(19, { startDate: plusDays(today, 1), endDate: plusDays(today, 3) }), // not yet
      { kind: 'RECURRENT', establishmentId: venue.id, isActivated: true, visibility: 'PUBLISHED' },
      { kind: 'RECURRENT', establishmentId: venue.id, isActivated: false, visibility: 'PUBLISHED' },
      { kind: 'RECURRENT', establishmentId: venue.id, isActivated: true, visibility: 'DRAFT' },
    ]);
    const user = await createUser(server.db, { roleKey: 'ADMIN' });
    await server.db.update(users).set({ establishmentId: venue.id }).where(eq(users.id, user.id));
    const token = (await signIn(server.app, user.email, TEST_PASSWORD)).accessToken;
    expect(await cardOf(token, 'offers')).toEqual({ running: 6, nearlySoldOut: 2, soldOut: 1 });
    const viewer = {
      userId: user.id,
      roleKeys: ['ADMIN'],
      roleKey: 'ADMIN' as const,
      establishmentId: venue.id,
      promoterGroupId: null,
    };
    expect(await expectedCard(viewer, 'offers', server.clock.now())).toEqual({
      running: 6,
      nearlySoldOut: 2,
      soldOut: 1,
    });
  });
});

describe('the week, in Zurich', () => {
  it('an occurrence on Sunday 23:30 belongs to this week, one on Monday 00:30 to the next; the clock moves the week', async () => {
    const clock = new TestClock();
    const moved = await startTestServer({ clock });
    try {
      const [venue] = await server.db
        .insert(establishments)
        .values({ name: `Week venue ${unique()}`, establishmentTypeId: ids.establishmentType } as never)
        .returning({ id: establishments.id });
      // A week well ahead, so that the clock only moves forward: Wednesday noon of the week after next.
      const monday = plusDays(mondayOf(zurichDate(clock.now())), 14);
      const sunday = plusDays(monday, 6);
      const sundayLate = zurichInstant(sunday, '23:30');
      const mondayEarly = zurichInstant(plusDays(monday, 7), '00:30');
      await addEvent({ establishmentId: venue.id, startsAt: sundayLate });
      await addEvent({ establishmentId: venue.id, startsAt: mondayEarly });
      // A request at the venue that is not approved is not published: never counted.
      await addEvent({ establishmentId: venue.id, startsAt: sundayLate, approvalStatus: 'PENDING' });

      const user = await createUser(server.db, { roleKey: 'ADMIN' });
      await server.db.update(users).set({ establishmentId: venue.id }).where(eq(users.id, user.id));
      const weekOf = async () => {
        const token = (await signIn(moved.app, user.email, TEST_PASSWORD)).accessToken;
        return cardOf(token, 'weekOccurrences', moved.app);
      };
      const moveTo = (instant: Date) => clock.advance(instant.getTime() - clock.now().getTime());

      moveTo(zurichInstant(plusDays(monday, 2), '12:00'));
      const thisWeek = await weekOf();
      expect(thisWeek).toMatchObject({ weekStart: monday, weekEnd: sunday, count: 1 });
      expect(thisWeek.next?.startsAt).toBe(sundayLate.toISOString().replace('.000Z', 'Z'));

      // The last minute of Sunday, then the first of Monday: the week changes at midnight Zurich time.
      moveTo(zurichInstant(sunday, '23:59'));
      expect(await weekOf()).toMatchObject({ weekStart: monday, count: 1 });
      expect((await weekOf()).next?.startsAt).toBe(mondayEarly.toISOString().replace('.000Z', 'Z'));
      moveTo(zurichInstant(plusDays(monday, 7), '00:00'));
      const nextWeek = await weekOf();
      expect(nextWeek).toMatchObject({ weekStart: plusDays(monday, 7), weekEnd: plusDays(sunday, 7), count: 1 });
      moveTo(zurichInstant(plusDays(monday, 7), '03:00'));
      expect(await weekOf()).toMatchObject({ count: 1, next: null });
    } finally {
      await moved.close();
    }
  });
});

describe('refusals', () => {
  it('answers 401 without a token, 404 for an unknown card, 403 for a card not the caller’s, 400 for a name that is none', async () => {
    expect((await call(undefined, '/dashboard')).statusCode).toBe(401);
    expect((await call(undefined, '/dashboard/cards/drafts')).statusCode).toBe(401);
    for (const email of DEMO_EMAILS) {
      const token = tokens.get(email);
      const mine = dashboardCardsOf(viewers.get(email)!);
      for (const card of DASHBOARD_CARDS)
        expect((await call(token, `/dashboard/cards/${card}`)).statusCode, `${email} ${card}`).toBe(
          mine.includes(card) ? 200 : 403,
        );
      expect((await call(token, '/dashboard/cards/nope')).statusCode, email).toBe(404);
      expect((await call(token, '/dashboard/cards/constructor')).statusCode, email).toBe(404);
    }
    const token = tokens.get('root@demo.ch');
    for (const text of ['%20', 'drafts-1', 'drafts%2F1', 'x'.repeat(65)]) {
      const response = await call(token, `/dashboard/cards/${text}`);
      expect(response.statusCode, text).toBe(400);
      expect(errorsOf(response).card, text).toBeTruthy();
    }
  });
});

describe('the answers shared by every platform viewer', () => {
  it('are one for simultaneous askers, and forgotten when an event changes', async () => {
    const token = tokens.get('root@demo.ch')!;
    const together = await Promise.all([1, 2, 3].map(() => cardOf(token, 'weekOccurrences')));
    expect(together[1]).toEqual(together[0]);
    expect(together[2]).toEqual(together[0]);
    const before = together[0]!.count;
    const weekEnds = dayStart(plusDays(mondayOf(zurichDate(server.clock.now())), 7)).getTime();
    // Within this week, a minute on (or just before it ends, when the test runs that late).
    const nextMinute = Math.ceil((server.clock.now().getTime() + 60_000) / 60_000) * 60_000;
    const startsAt = new Date(Math.min(nextMinute, weekEnds - 60_000));
    await addEvent({ establishmentId: viewers.get('admin@demo.ch')!.establishmentId, startsAt });
    await expect
      .poll(async () => (await cardOf(token, 'weekOccurrences')).count, { timeout: 5_000, interval: 100 })
      .toBe(before + 1);
  });
});
