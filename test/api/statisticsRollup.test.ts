import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTIC_METRICS } from '../../domain/statistics';
import type { Database } from '../../server/db/client';
import { events, offerClaims, offers, widgetSettings } from '../../server/db/schema';
import { WidgetCounts } from '../../server/services/widgetCounts';
import { seededScopes, type SeededScopes } from './authorizationMatrix';
import { createUser, startTestServer, type TestServer } from './harness';
import { RECORDED_FACTS } from './statisticsFacts';

/**
 * The statistics' daily roll-up (migration 0016) against the records it summarises: after the seed and after
 * each kind of fact, every row of `daily_statistics` equals the same figure counted afresh from the source
 * tables, for the platform and every establishment, promoter group and event.
 */

let server: TestServer;
let scopes: SeededScopes;

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
});
afterAll(() => server.close());

type Row = { scope: string; scope_id: number; day: string; metric: string; value: string };

const rowsOf = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Every figure counted from the source tables, one query per kind of fact, spread over the scopes. */
async function recounted(db: Database): Promise<Map<string, number>> {
  const facts = await rowsOf(
    db,
    sql`
    WITH fact AS (${RECORDED_FACTS}
    )
    SELECT 'PLATFORM' AS scope, 0 AS scope_id, day::text, metric, sum(delta)::text AS value FROM fact GROUP BY 3, 4
    UNION ALL SELECT 'ESTABLISHMENT', establishment_id, day::text, metric, sum(delta)::text FROM fact
      WHERE establishment_id IS NOT NULL GROUP BY 2, 3, 4
    UNION ALL SELECT 'PROMOTER_GROUP', promoter_group_id, day::text, metric, sum(delta)::text FROM fact
      WHERE promoter_group_id IS NOT NULL GROUP BY 2, 3, 4
    UNION ALL SELECT 'EVENT', event_id, day::text, metric, sum(delta)::text FROM fact
      WHERE event_id IS NOT NULL GROUP BY 2, 3, 4`,
  );
  return figuresOf(facts);
}

async function rolledUp(db: Database): Promise<Map<string, number>> {
  const rows = await rowsOf(
    db,
    // A figure may be spread over several rows (`shard`): its value is their sum.
    sql`SELECT scope, scope_id, day::text, metric, sum(value)::text AS value FROM daily_statistics
        WHERE metric <> 'occurrencesPublished' GROUP BY scope, scope_id, day, metric`,
  );
  return figuresOf(rows);
}

function figuresOf(rows: Row[]): Map<string, number> {
  const figures = new Map<string, number>();
  for (const row of rows) {
    const value = Number(row.value);
    if (value !== 0) figures.set(`${row.scope}/${row.scope_id}/${row.day}/${row.metric}`, value);
  }
  return figures;
}

async function expectRollUpTrue() {
  const [expected, actual] = [await recounted(server.db), await rolledUp(server.db)];
  expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
}

describe('the statistics roll-up', () => {
  it('matches the seeded records, with every kind of figure present', async () => {
    await expectRollUpTrue();
    const metrics = await rowsOf(
      server.db,
      sql`SELECT DISTINCT metric, '' AS scope, 0 AS scope_id, '' AS day, '0' AS value FROM daily_statistics`,
    );
    expect(
      metrics.map((row) => row.metric).every((metric) => (STATISTIC_METRICS as readonly string[]).includes(metric)),
    ).toBe(true);
  });

  it('adds widget views and clicks written by two counting processes at once', async () => {
    const [widget] = await server.db
      .select({ id: widgetSettings.id })
      .from(widgetSettings)
      .where(eq(widgetSettings.establishmentId, scopes.firstEstablishmentId));
    const [event] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.establishmentId, scopes.firstEstablishmentId))
      .limit(1);
    const counters = [new WidgetCounts({ db: server.db }), new WidgetCounts({ db: server.db })];
    for (const [index, counter] of counters.entries()) {
      for (let view = 0; view < 5 + index; view += 1) counter.view(widget!.id, `https://site-${view % 3}.example`);
      counter.ticketClick(widget!.id, event!.id);
      counter.websiteClick(widget!.id);
    }
    await Promise.all(counters.map((counter) => counter.flush()));
    await Promise.all(counters.map((counter) => counter.flush()));
    await expectRollUpTrue();
  });

  it('follows claims made and cancelled, and an event published once however often it is saved', async () => {
    const [offer] = await server.db
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.establishmentId, scopes.firstEstablishmentId))
      .limit(1);
    const [claim] = await server.db
      .insert(offerClaims)
      .values({ offerId: offer!.id, userId: (await createUser(server.db, { password: null })).id })
      .returning();
    await expectRollUpTrue();
    await server.db.update(offerClaims).set({ cancelledAt: new Date() }).where(eq(offerClaims.id, claim!.id));
    await expectRollUpTrue();

    const [draft] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.visibility} = 'DRAFT' AND ${events.approvalStatus} IS NULL`)
      .limit(1);
    if (draft) {
      await server.db.update(events).set({ visibility: 'PUBLISHED' }).where(eq(events.id, draft.id));
      await server.db.update(events).set({ visibility: 'DRAFT' }).where(eq(events.id, draft.id));
      await server.db.update(events).set({ visibility: 'PUBLISHED' }).where(eq(events.id, draft.id));
      const [row] = await rowsOf(
        server.db,
        sql`SELECT 'EVENT' AS scope, ${draft.id}::int AS scope_id, '' AS day, 'eventsPublished' AS metric,
              coalesce(sum(value), 0)::text AS value FROM daily_statistics WHERE scope = 'EVENT' AND scope_id = ${draft.id} AND metric = 'eventsPublished'`,
      );
      expect(row!.value).toBe('1');
    }
    await expectRollUpTrue();
  });
});
