import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OccurrenceItem } from '../../domain/event';
import {
  METRICS_OF_SCOPE,
  STATISTIC_METRICS,
  type StatisticFigures,
  type StatisticMetric,
  type StatisticScope,
  type StatisticsReply,
} from '../../domain/statistics';
import type { Database } from '../../server/db/client';
import { eventTypes, events, offerClaims, offers, widgetSettings } from '../../server/db/schema';
import { WidgetCounts } from '../../server/services/widgetCounts';
import {
  OCCURRENCES_JOB,
  countOccurrencesOfDay,
  replaceOccurrencesOfDay,
  runDueOccurrenceJobs,
  runOccurrencesJobFor,
} from '../../server/services/statistics/occurrences';
import { scheduleStatisticsJobs } from '../../server/services/statistics/schedule';
import { seededScopes, viewerOf, type SeededScopes } from './authorizationMatrix';
import {
  DEMO_EMAILS,
  createUser,
  errorsOf,
  jsonParam,
  orderedIds,
  signIn,
  startTestServer,
  type TestServer,
} from './harness';
import { RECORDED_FACTS } from './statisticsFacts';

/**
 * `GET /statistics` (docs/statistics.md): every figure of each demo account's own scope against the same
 * figure counted in this file from the records themselves (claims, redemptions, widget counts, events'
 * publication, asks, the calendar's occurrences); who may read which scope; Zurich days, buckets, periods;
 * bad filters; the daily occurrences job.
 */

let server: TestServer;
let scopes: SeededScopes;
const tokens: Record<string, string> = {};

const ZURICH = 'Europe/Zurich';
const today = () => Temporal.Now.plainDateISO(ZURICH);
const plusDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();
const daysFrom = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; Temporal.PlainDate.compare(Temporal.PlainDate.from(day), Temporal.PlainDate.from(to)) <= 0;)
    [days[days.length], day] = [day, plusDays(day, 1)];
  return days;
};

/** The default period (the last 30 days) and the one before it. */
const defaultPeriod = () => ({ from: today().subtract({ days: 29 }).toString(), to: today().toString() });

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
  await recordFactsOfToday();
  // The occurrences of both default periods, counted as the daily job does.
  const { from, to } = defaultPeriod();
  for (const day of daysFrom(plusDays(from, -30), to)) await replaceOccurrencesOfDay(server.db, day);
}, 120_000);
afterAll(() => server.close());

/**
 * Facts of today beside the seed's, for each partner: views from two sites and clicks on each venue's widget
 * (one on an event of the first group), a claim of the first group's offer, a promoter's request decided after
 * an hour's wait.
 */
async function recordFactsOfToday(): Promise<void> {
  const widgets = await server.db
    .select({ id: widgetSettings.id, establishmentId: widgetSettings.establishmentId })
    .from(widgetSettings);
  const groupEvent = await eventOf(
    sql`promoter_group_id = ${scopes.firstPromoterGroupId} AND visibility = 'PUBLISHED'`,
  );
  const counter = new WidgetCounts({ db: server.db });
  for (const widget of widgets.filter((row) =>
    [scopes.firstEstablishmentId, scopes.secondEstablishmentId].includes(row.establishmentId),
  )) {
    for (let view = 0; view < 7; view += 1) counter.view(widget.id, view % 2 === 0 ? 'https://stats.example' : null);
    counter.ticketClick(widget.id, groupEvent);
    counter.websiteClick(widget.id);
  }
  await counter.flush();
  const [groupOffer] = await server.db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.promoterGroupId, scopes.firstPromoterGroupId))
    .limit(1);
  if (groupOffer) await claimAt(groupOffer.id, new Date().toISOString());
  const [eventType] = await orderedIds(server.db, eventTypes.id);
  const requested = await server.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { authorization: `Bearer ${tokens['promoter@demo.ch']}` },
    payload: {
      generalInfos: {
        establishmentId: scopes.firstEstablishmentId,
        eventType: { id: eventType },
        eventTitle: `Statistics request ${randomUUID().slice(0, 8)}`,
        ageMin: 18,
      },
      dateAndCalendar: { startDate: plusDays(today().toString(), 3), startTime: '22:00', endTime: '04:00' },
      saveAction: 'requestEvent',
    },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const { id } = requested.json<{ id: number }>();
  await server.db.execute(sql`UPDATE events SET approval_requested_at = now() - interval '1 hour' WHERE id = ${id}`);
  const approved = await server.app.inject({
    method: 'POST',
    url: `/api/v1/events/${id}/approve`,
    headers: { authorization: `Bearer ${tokens['admin@demo.ch']}` },
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

const statistics = (email: string | null, filter?: object) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/statistics${filter === undefined ? '' : `?filter=${jsonParam(filter)}`}`,
    headers: email === null ? {} : { authorization: `Bearer ${tokens[email]}` },
  });

async function replyOf(email: string, filter?: object): Promise<StatisticsReply> {
  const response = await statistics(email, filter);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatisticsReply>();
}

// ---- the figures counted afresh from the records ---------------------------------------------------------

type Rows<Row> = { rows: Row[] };
const rowsOf = async <Row>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<Row>).rows;

interface Scope {
  kind: StatisticScope;
  id: number;
}

/** The facts' owners that belong to a scope (the roll-up's rule: the widget's venue, the offer's owners…). */
const belongs = (scope: Scope) => {
  switch (scope.kind) {
    case 'PLATFORM':
      return sql`true`;
    case 'ESTABLISHMENT':
      return sql`fact.establishment_id = ${scope.id}`;
    case 'PROMOTER_GROUP':
      return sql`fact.promoter_group_id = ${scope.id}`;
    case 'EVENT':
      return sql`fact.event_id = ${scope.id}`;
  }
};

/** Each day's figures of a scope between two dates, from claims, redemptions, widget counts, events and asks. */
async function recountedDays(scope: Scope, from: string, to: string): Promise<Map<string, StatisticFigures>> {
  const rows = await rowsOf<{ day: string; metric: StatisticMetric; value: string }>(
    server.db,
    sql`WITH fact AS (${RECORDED_FACTS}
    )
    SELECT day::text AS day, metric, sum(delta)::text AS value FROM fact
    WHERE ${belongs(scope)} AND day BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2`,
  );
  const days = new Map(daysFrom(from, to).map((day) => [day, zeros()]));
  for (const row of rows) days.get(row.day)![row.metric] += Number(row.value);
  // The calendar's occurrences of published events, as GET /occurrences shows them to ROOT.
  const window = { from, to, visibility: 'PUBLISHED' };
  const filter =
    scope.kind === 'ESTABLISHMENT'
      ? { ...window, establishmentId: scope.id }
      : scope.kind === 'PROMOTER_GROUP'
        ? { ...window, promoterGroupId: scope.id }
        : scope.kind === 'EVENT'
          ? { ...window, eventId: scope.id }
          : window;
  for (let start = 0; ; start += 1000) {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/occurrences?filter=${jsonParam(filter)}&range=${jsonParam([start, start + 999])}`,
      headers: { authorization: `Bearer ${tokens['root@demo.ch']}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<OccurrenceItem[]>();
    for (const item of items) {
      if (item.approvalStatus !== null && item.approvalStatus !== 'APPROVED') continue;
      const day = days.get(Temporal.Instant.from(item.startsAt).toZonedDateTimeISO(ZURICH).toPlainDate().toString());
      if (day) day.occurrencesPublished += 1;
    }
    if (items.length < 1000) break;
  }
  // Figures a scope does not have are 0 in the answer.
  for (const figures of days.values())
    for (const metric of STATISTIC_METRICS) if (!METRICS_OF_SCOPE[scope.kind].includes(metric)) figures[metric] = 0;
  return days;
}

const zeros = (): StatisticFigures =>
  Object.fromEntries(STATISTIC_METRICS.map((metric) => [metric, 0])) as StatisticFigures;

const summed = (figures: Iterable<StatisticFigures>): StatisticFigures => {
  const sum = zeros();
  for (const one of figures) for (const metric of STATISTIC_METRICS) sum[metric] += one[metric];
  return sum;
};

/** Each account's own scope: its venue, its group, or the platform. */
const DEFAULT_SCOPES: Record<string, (scopes: SeededScopes) => Scope | null> = {
  'root@demo.ch': () => ({ kind: 'PLATFORM', id: 0 }),
  'coordinator-full@demo.ch': () => ({ kind: 'PLATFORM', id: 0 }),
  'admin@demo.ch': (s) => ({ kind: 'ESTABLISHMENT', id: s.firstEstablishmentId }),
  'coordinator@demo.ch': (s) => ({ kind: 'ESTABLISHMENT', id: s.firstEstablishmentId }),
  'coordinator-limited@demo.ch': (s) => ({ kind: 'ESTABLISHMENT', id: s.firstEstablishmentId }),
  'admin2@demo.ch': (s) => ({ kind: 'ESTABLISHMENT', id: s.secondEstablishmentId }),
  'promoter@demo.ch': (s) => ({ kind: 'PROMOTER_GROUP', id: s.firstPromoterGroupId }),
  'promoter2@demo.ch': (s) => ({ kind: 'PROMOTER_GROUP', id: s.secondPromoterGroupId }),
  'customer@demo.ch': () => null,
};

describe('each demo account’s own figures', () => {
  it('covers every demo account', () => {
    expect(Object.keys(DEFAULT_SCOPES).sort()).toEqual([...DEMO_EMAILS].sort());
  });

  it.each(DEMO_EMAILS)('%s: every figure of the last 30 days and the 30 before, counted afresh', async (email) => {
    const scope = DEFAULT_SCOPES[email](scopes);
    if (scope === null) {
      expect((await statistics(email)).statusCode).toBe(403);
      return;
    }
    const reply = await replyOf(email);
    const period = defaultPeriod();
    const previousPeriod = { from: plusDays(period.from, -30), to: plusDays(period.from, -1) };
    expect(reply.scope.kind).toBe(scope.kind);
    expect(reply.scope.id).toBe(scope.kind === 'PLATFORM' ? null : scope.id);
    expect(reply.metrics).toEqual(METRICS_OF_SCOPE[scope.kind]);
    expect(reply.period).toEqual(period);
    expect(reply.previousPeriod).toEqual(previousPeriod);
    expect(reply.bucket).toBe('day');
    const days = await recountedDays(scope, previousPeriod.from, period.to);
    const inPeriod = daysFrom(period.from, period.to);
    expect(reply.series.map((point) => point.date)).toEqual(inPeriod);
    expect(reply.series).toEqual(inPeriod.map((date) => ({ date, ...days.get(date) })));
    expect(reply.totals).toEqual(summed(inPeriod.map((day) => days.get(day)!)));
    expect(reply.previous).toEqual(
      summed(daysFrom(previousPeriod.from, previousPeriod.to).map((day) => days.get(day)!)),
    );

    // Not a comparison of zeros: the seed's history and this file's facts of today are in it.
    expect(reply.totals.requestsDecided, email).toBeGreaterThan(0);
    if (scope.kind !== 'PROMOTER_GROUP') expect(reply.totals.widgetViews, email).toBeGreaterThan(0);
    if (scope.kind === 'PLATFORM') expect(reply.totals.occurrencesPublished).toBeGreaterThan(0);
    if (email === 'admin@demo.ch' || email === 'promoter@demo.ch') {
      expect(reply.totals.approvalSeconds, email).toBeGreaterThanOrEqual(3600);
      expect(reply.totals.ticketClicks, email).toBeGreaterThan(0);
    }

    // Views per embedding site: the venue's widget only.
    if (scope.kind === 'ESTABLISHMENT') {
      const sites = await rowsOf<{ origin: string; views: string }>(
        server.db,
        sql`SELECT views.embedding_origin AS origin, sum(views.views)::text AS views FROM widget_daily_views views
            JOIN widget_settings widget ON widget.id = views.widget_settings_id
            WHERE widget.establishment_id = ${scope.id} AND views.day BETWEEN ${period.from}::date AND ${period.to}::date
            GROUP BY 1 HAVING sum(views.views) > 0`,
      );
      const expected = sites
        .map((site) => ({ origin: site.origin, views: Number(site.views) }))
        .sort((a, b) => b.views - a.views || (a.origin < b.origin ? -1 : 1))
        .slice(0, 20);
      expect(reply.embeddingSites).toEqual(expected);
      expect(reply.embeddingSites.reduce((sum, site) => sum + site.views, 0)).toBe(
        sites.length <= 20 ? reply.totals.widgetViews : expect.any(Number),
      );
    } else expect(reply.embeddingSites).toEqual([]);

    // Offers: live claims made in the period, against the offer's spots.
    const claims = await rowsOf<{ id: number; claims: string; claimed: number; spots: number | null; kind: string }>(
      server.db,
      sql`SELECT offer.id, count(*)::text AS claims, offer.claimed_spots AS claimed, offer.available_spots AS spots, offer.kind
          FROM offer_claims claim JOIN offers offer ON offer.id = claim.offer_id
          WHERE claim.cancelled_at IS NULL
            AND (claim.created_at AT TIME ZONE 'Europe/Zurich')::date BETWEEN ${period.from}::date AND ${period.to}::date
            AND ${
              scope.kind === 'PLATFORM'
                ? sql`true`
                : scope.kind === 'ESTABLISHMENT'
                  ? sql`offer.establishment_id = ${scope.id}`
                  : sql`offer.promoter_group_id = ${scope.id}`
            }
          GROUP BY offer.id`,
    );
    const expectedOffers = claims
      .map((row) => ({
        id: row.id,
        offerType: row.kind,
        claims: Number(row.claims),
        claimedSpots: row.claimed,
        availableSpots: row.spots,
      }))
      .sort((a, b) => b.claims - a.claims || a.id - b.id)
      .slice(0, 20);
    expect(reply.offers.map(({ title: _title, ...offer }) => offer)).toEqual(expectedOffers);
    expect(reply.offers.reduce((sum, offer) => sum + offer.claims, 0)).toBe(
      claims.length <= 20 ? reply.totals.offerClaims : expect.any(Number),
    );
  });

  it('names the scope: the venue’s or group’s name, the platform none', async () => {
    const admin = await replyOf('admin@demo.ch');
    const [venue] = await rowsOf<{ name: string }>(
      server.db,
      sql`SELECT name FROM establishments WHERE id = ${scopes.firstEstablishmentId}`,
    );
    expect(admin.scope.name).toBe(venue!.name);
    const promoter = await replyOf('promoter@demo.ch');
    const [group] = await rowsOf<{ name: string }>(
      server.db,
      sql`SELECT name FROM promoter_groups WHERE id = ${scopes.firstPromoterGroupId}`,
    );
    expect(promoter.scope.name).toBe(group!.name);
    expect((await replyOf('root@demo.ch')).scope).toEqual({ kind: 'PLATFORM', id: null, name: '' });
  });

  it('an event’s figures, named by its title, for its venue and for the platform alike', async () => {
    const [event] = await server.db
      .select({ id: events.id, title: events.title })
      .from(events)
      .where(and(eq(events.establishmentId, scopes.firstEstablishmentId), isNull(events.parentEventId)))
      .limit(1);
    const asAdmin = await replyOf('admin@demo.ch', { eventId: event!.id });
    expect(asAdmin.scope).toEqual({ kind: 'EVENT', id: event!.id, name: event!.title });
    expect(asAdmin.metrics).toEqual(METRICS_OF_SCOPE.EVENT);
    const days = await recountedDays({ kind: 'EVENT', id: event!.id }, asAdmin.period.from, asAdmin.period.to);
    expect(asAdmin.totals).toEqual(summed(days.values()));
    expect(await replyOf('root@demo.ch', { eventId: event!.id })).toEqual(asAdmin);
  });
});

// ---- scopes ------------------------------------------------------------------------------------------------

async function eventOf(condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(server.db, sql`SELECT id FROM events WHERE ${condition} LIMIT 1`);
  if (!row) throw new Error('the seed has no such event');
  return row.id;
}

describe('scopes: nobody reads another partner’s figures', () => {
  it('a venue’s staff: its own venue and its events, 404 for the other venue, its events and any group', async () => {
    const secondVenueEvent = await eventOf(
      sql`establishment_id = ${scopes.secondEstablishmentId} AND promoter_group_id IS NULL`,
    );
    const ownEvent = await eventOf(sql`establishment_id = ${scopes.firstEstablishmentId}`);
    for (const email of ['admin@demo.ch', 'coordinator@demo.ch', 'coordinator-limited@demo.ch']) {
      expect((await statistics(email, { establishmentId: scopes.firstEstablishmentId })).statusCode).toBe(200);
      expect((await statistics(email, { eventId: ownEvent })).statusCode).toBe(200);
      for (const filter of [
        { establishmentId: scopes.secondEstablishmentId },
        { eventId: secondVenueEvent },
        { promoterGroupId: scopes.firstPromoterGroupId },
        { promoterGroupId: scopes.secondPromoterGroupId },
        { establishmentId: 2_000_000_000 },
      ])
        expect((await statistics(email, filter)).statusCode, `${email} ${JSON.stringify(filter)}`).toBe(404);
    }
    expect((await statistics('admin2@demo.ch', { establishmentId: scopes.firstEstablishmentId })).statusCode).toBe(404);
    expect((await statistics('admin2@demo.ch', { eventId: ownEvent })).statusCode).toBe(404);
  });

  it('a promoter: its own group and its events, 404 for other groups, venues and their events', async () => {
    const groupEvent = await eventOf(sql`promoter_group_id = ${scopes.firstPromoterGroupId}`);
    const venueEvent = await eventOf(
      sql`establishment_id = ${scopes.firstEstablishmentId} AND promoter_group_id IS NULL`,
    );
    expect((await statistics('promoter@demo.ch', { promoterGroupId: scopes.firstPromoterGroupId })).statusCode).toBe(
      200,
    );
    const own = await replyOf('promoter@demo.ch', { eventId: groupEvent });
    expect(own.scope.kind).toBe('EVENT');
    for (const filter of [
      { promoterGroupId: scopes.secondPromoterGroupId },
      { establishmentId: scopes.firstEstablishmentId },
      { establishmentId: scopes.secondEstablishmentId },
      { eventId: venueEvent },
      { promoterGroupId: 2_000_000_000 },
    ])
      expect((await statistics('promoter@demo.ch', filter)).statusCode, JSON.stringify(filter)).toBe(404);
    expect((await statistics('promoter2@demo.ch', { eventId: groupEvent })).statusCode).toBe(404);
    expect((await statistics('promoter2@demo.ch', { promoterGroupId: scopes.firstPromoterGroupId })).statusCode).toBe(
      404,
    );
  });

  it('the platform roles read every scope; a record that does not exist is a 404', async () => {
    for (const email of ['root@demo.ch', 'coordinator-full@demo.ch']) {
      for (const filter of [
        { establishmentId: scopes.secondEstablishmentId },
        { promoterGroupId: scopes.secondPromoterGroupId },
        { eventId: scopes.offer.eventId },
      ])
        expect((await statistics(email, filter)).statusCode).toBe(200);
      expect((await statistics(email, { eventId: 2_000_000_000 })).statusCode).toBe(404);
    }
  });

  it('a customer: 403 whatever the filter; nobody signed in: 401', async () => {
    expect((await statistics('customer@demo.ch')).statusCode).toBe(403);
    expect((await statistics('customer@demo.ch', { establishmentId: scopes.firstEstablishmentId })).statusCode).toBe(
      403,
    );
    expect((await statistics('customer@demo.ch', { from: 'nonsense' })).statusCode).toBe(403);
    expect((await statistics(null)).statusCode).toBe(401);
  });

  it('every partner account reads exactly its own scope by default', async () => {
    for (const email of DEMO_EMAILS) {
      const scope = DEFAULT_SCOPES[email](scopes);
      if (scope === null) continue;
      const viewer = await viewerOf(server.db, email);
      const reply = await replyOf(email);
      expect(reply.scope.kind, email).toBe(scope.kind);
      if (scope.kind === 'ESTABLISHMENT') expect(reply.scope.id).toBe(viewer.establishmentId);
      if (scope.kind === 'PROMOTER_GROUP') expect(reply.scope.id).toBe(viewer.promoterGroupId);
    }
  });
});

// ---- days, buckets, periods -------------------------------------------------------------------------------

/** A live claim of one of the first venue's offers at an exact instant, by a new customer. */
async function claimAt(offerId: number, createdAt: string): Promise<void> {
  const user = await createUser(server.db, { password: null });
  await server.db.insert(offerClaims).values({ offerId, userId: user.id, createdAt: new Date(createdAt) });
}

async function firstVenueOffer(): Promise<number> {
  const [offer] = await server.db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.establishmentId, scopes.firstEstablishmentId))
    .limit(1);
  return offer!.id;
}

describe('Zurich days, buckets and periods', () => {
  it('counts a claim at 22:59:59 UTC and one at 23:00:00 UTC in winter on two Zurich days', async () => {
    const offerId = await firstVenueOffer();
    await claimAt(offerId, '2025-01-14T22:59:59Z');
    await claimAt(offerId, '2025-01-14T23:00:00Z');
    const reply = await replyOf('admin@demo.ch', { from: '2025-01-14', to: '2025-01-15' });
    expect(reply.series.map((point) => [point.date, point.offerClaims])).toEqual([
      ['2025-01-14', 1],
      ['2025-01-15', 1],
    ]);
    expect(reply.totals.offerClaims).toBe(2);
    expect(reply.offers).toEqual([expect.objectContaining({ id: offerId, claims: 2 })]);
    const first = await replyOf('admin@demo.ch', { from: '2025-01-14', to: '2025-01-14' });
    expect(first.totals.offerClaims).toBe(1);
    expect(first.offers).toEqual([expect.objectContaining({ id: offerId, claims: 1 })]);
    // In summer the day changes at 22:00 UTC.
    await claimAt(offerId, '2025-07-14T21:59:59Z');
    await claimAt(offerId, '2025-07-14T22:00:00Z');
    const summer = await replyOf('root@demo.ch', { from: '2025-07-14', to: '2025-07-15' });
    expect(summer.series.map((point) => point.offerClaims)).toEqual([1, 1]);
  });

  it('answers an empty period with zeros: one point per day, no sites, no offers', async () => {
    for (const email of ['root@demo.ch', 'admin@demo.ch', 'promoter@demo.ch']) {
      const reply = await replyOf(email, { from: '1990-03-01', to: '1990-03-10' });
      expect(reply.totals).toEqual(zeros());
      expect(reply.previous).toEqual(zeros());
      expect(reply.series).toEqual(daysFrom('1990-03-01', '1990-03-10').map((date) => ({ date, ...zeros() })));
      expect(reply.embeddingSites).toEqual([]);
      expect(reply.offers).toEqual([]);
    }
  });

  it('buckets a period over 62 days per ISO week, the first starting at `from`', async () => {
    const offerId = await firstVenueOffer();
    await claimAt(offerId, '2024-01-09T10:00:00Z'); // Tuesday of the week of Monday 8 January
    await claimAt(offerId, '2024-04-10T10:00:00Z'); // the last day, a Wednesday
    await claimAt(offerId, '2023-12-01T10:00:00Z'); // in the previous period
    const reply = await replyOf('admin@demo.ch', { from: '2024-01-03', to: '2024-04-10' });
    expect(reply.bucket).toBe('week');
    expect(reply.series[0]!.date).toBe('2024-01-03');
    expect(reply.series[1]!.date).toBe('2024-01-08');
    const mondays = reply.series.slice(1).map((point) => Temporal.PlainDate.from(point.date).dayOfWeek);
    expect(new Set(mondays)).toEqual(new Set([1]));
    expect(reply.series.at(-1)!.date).toBe('2024-04-08');
    expect(reply.series).toHaveLength(15);
    expect(reply.series.find((point) => point.date === '2024-01-08')!.offerClaims).toBe(1);
    expect(reply.series.at(-1)!.offerClaims).toBe(1);
    expect(reply.totals.offerClaims).toBe(2);
    expect(reply.previous.offerClaims).toBe(1);
    // The previous period: as many days, ending the day before.
    expect(reply.previousPeriod).toEqual({ from: '2023-09-26', to: '2024-01-02' });
    const length = (period: { from: string; to: string }) =>
      Temporal.PlainDate.from(period.from).until(Temporal.PlainDate.from(period.to)).days + 1;
    expect(length(reply.previousPeriod)).toBe(length(reply.period));
  });

  it('defaults `from` to 29 days before `to`, and `to` to today', async () => {
    const onlyTo = await replyOf('root@demo.ch', { to: '2025-03-31' });
    expect(onlyTo.period).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    const onlyFrom = await replyOf('root@demo.ch', { from: plusDays(today().toString(), -6) });
    expect(onlyFrom.period.to).toBe(today().toString());
    expect(onlyFrom.series).toHaveLength(7);
  });
});

// ---- bad filters -------------------------------------------------------------------------------------------

describe('bad filters', () => {
  it.each([
    ['two scopes', { establishmentId: 1, eventId: 2 }, 'filter.eventId'],
    ['to before from', { from: '2025-02-10', to: '2025-02-01' }, 'filter.to'],
    ['a period too long', { from: '2020-01-01', to: '2023-01-01' }, 'filter.to'],
    ['a date that does not exist', { from: '2025-02-30', to: '2025-03-01' }, 'filter.from'],
    ['no date at all', { to: 'tomorrow' }, 'filter.to'],
    ['a date out of range', { from: '9999-99-99' }, 'filter.from'],
    ['two dates out of range', { from: '2025-13-45', to: '9999-99-99' }, 'filter.from'],
    ['a year too early', { from: '0001-01-01', to: '0001-01-31' }, 'filter.from'],
    ['a wrong id', { establishmentId: 'x' }, 'filter.establishmentId'],
    ['from after today, without to', { from: '2999-01-01' }, 'filter.from'],
  ])('%s: 400 on the field', async (_name, filter, field) => {
    const response = await statistics('root@demo.ch', filter);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(errorsOf(response))).toContain(field);
  });

  it('a filter that is not JSON, or with an unknown key: 400 on the filter', async () => {
    const notJson = await server.app.inject({
      method: 'GET',
      url: '/api/v1/statistics?filter=%7Bnope',
      headers: { authorization: `Bearer ${tokens['root@demo.ch']}` },
    });
    expect(notJson.statusCode).toBe(400);
    expect(Object.keys(errorsOf(notJson))).toContain('filter');
    const unknown = await statistics('root@demo.ch', { venue: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(errorsOf(unknown)).some((key) => key.startsWith('filter'))).toBe(true);
  });
});

// ---- the occurrences job -----------------------------------------------------------------------------------

describe('the occurrences job', () => {
  async function weeklySeries(): Promise<number> {
    const [eventType] = await orderedIds(server.db, eventTypes.id);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { authorization: `Bearer ${tokens['admin@demo.ch']}` },
      payload: {
        generalInfos: {
          establishmentId: scopes.firstEstablishmentId,
          eventType: { id: eventType },
          eventTitle: `Weekly ${randomUUID().slice(0, 8)}`,
          ageMin: 18,
        },
        dateAndCalendar: {
          startDate: '2025-03-07',
          startTime: '23:30',
          endTime: '04:00',
          recurrencePattern: 'WEEKLY',
          recurrenceDaysOfWeek: ['FRIDAY'],
          recurrenceEndType: 'ON_DATE',
          recurrenceEndDate: '2025-03-28',
        },
        visibility: 'PUBLISHED',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  it('counts one occurrence per Friday of a weekly series, and running a day again does not double it', async () => {
    const eventId = await weeklySeries();
    for (const day of daysFrom('2025-03-01', '2025-03-31')) await replaceOccurrencesOfDay(server.db, day);
    const reply = await replyOf('admin@demo.ch', { eventId, from: '2025-03-01', to: '2025-03-31' });
    const fridays = ['2025-03-07', '2025-03-14', '2025-03-21', '2025-03-28'];
    expect(reply.series.filter((point) => point.occurrencesPublished > 0).map((point) => point.date)).toEqual(fridays);
    expect(reply.series.every((point) => point.occurrencesPublished <= 1)).toBe(true);
    expect(reply.totals.occurrencesPublished).toBe(4);

    const venueBefore = await replyOf('admin@demo.ch', { from: '2025-03-14', to: '2025-03-14' });
    await replaceOccurrencesOfDay(server.db, '2025-03-14');
    await replaceOccurrencesOfDay(server.db, '2025-03-14');
    const venueAfter = await replyOf('admin@demo.ch', { from: '2025-03-14', to: '2025-03-14' });
    expect(venueAfter.totals.occurrencesPublished).toBe(venueBefore.totals.occurrencesPublished);
    expect((await replyOf('admin@demo.ch', { eventId, from: '2025-03-14', to: '2025-03-14' })).totals).toMatchObject({
      occurrencesPublished: 1,
    });
    // The platform's figure is the engine's count of that day.
    const counts = await countOccurrencesOfDay(server.db, '2025-03-14');
    expect((await replyOf('root@demo.ch', { from: '2025-03-14', to: '2025-03-14' })).totals.occurrencesPublished).toBe(
      counts.platform,
    );
    expect(counts.events.get(eventId)).toBe(1);
  });

  it('drops a day’s figure when the event is no longer published, on the next count of that day', async () => {
    const eventId = await weeklySeries();
    await replaceOccurrencesOfDay(server.db, '2025-03-21');
    expect((await replyOf('root@demo.ch', { eventId, from: '2025-03-21', to: '2025-03-21' })).totals).toMatchObject({
      occurrencesPublished: 1,
    });
    await server.db.update(events).set({ visibility: 'DRAFT' }).where(eq(events.id, eventId));
    await replaceOccurrencesOfDay(server.db, '2025-03-21');
    expect((await replyOf('root@demo.ch', { eventId, from: '2025-03-21', to: '2025-03-21' })).totals).toMatchObject({
      occurrencesPublished: 0,
    });
  });

  it('runs each day once, whoever runs it, and catches up the last 35 days', async () => {
    const now = new Date('2030-06-15T10:00:00Z');
    const counted = await runDueOccurrenceJobs(server.db, now);
    expect(counted).toHaveLength(35);
    expect(counted[0]).toBe('2030-05-11');
    expect(counted.at(-1)).toBe('2030-06-14');
    expect(await runDueOccurrenceJobs(server.db, now)).toEqual([]);
    expect(await runOccurrencesJobFor(server.db, '2030-06-14')).toBe(false);
    const runs = await rowsOf<{ count: number }>(
      server.db,
      sql`SELECT count(*)::int AS count FROM scheduled_job_runs WHERE job = ${OCCURRENCES_JOB} AND run_on >= '2030-05-01'`,
    );
    expect(runs[0]!.count).toBe(35);
    // Two processes at once: each day is counted by one of them.
    const [left, right] = await Promise.all([
      runDueOccurrenceJobs(server.db, new Date('2030-06-17T10:00:00Z')),
      runDueOccurrenceJobs(server.db, new Date('2030-06-17T10:00:00Z')),
    ]);
    expect([...left, ...right].sort()).toEqual(['2030-06-15', '2030-06-16']);
  });

  it('is scheduled in each API process: the catch-up runs once the app is ready', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', server.db);
    scheduleStatisticsJobs(app, () => new Date('2031-03-10T08:00:00Z'));
    await app.ready();
    const runsOf = async () =>
      (
        await rowsOf<{ count: number }>(
          server.db,
          sql`SELECT count(*)::int AS count FROM scheduled_job_runs
              WHERE job = ${OCCURRENCES_JOB} AND run_on BETWEEN '2031-02-01' AND '2031-03-10'`,
        )
      )[0]!.count;
    for (let tries = 0; tries < 200 && (await runsOf()) < 35; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(await runsOf()).toBe(35);
  });
});
