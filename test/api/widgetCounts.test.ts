import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetSettings } from '../../domain/widget';
import {
  eventMusics,
  events,
  musics,
  widgetDailyClicks,
  widgetDailyViews,
  widgetSettings,
} from '../../server/db/schema';
import { WidgetCounts } from '../../server/services/widgetCounts';
import { insertThrowawayEstablishment, seededScopes, type SeededScopes } from './authorizationMatrix';
import { jsonParam, signIn, startTestServer, type TestServer } from './harness';

/**
 * What the public widget records and what tells its page cache to forget: the change feed of committed writes
 * (migration 0010's triggers, LISTEN on either engine) and the daily counts of views and clicks, written by
 * several processes at once without losing or doubling any.
 */

let server: TestServer;
let scopes: SeededScopes;
let rootToken: string;

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  rootToken = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

/** The establishments the feed announced while `write` ran (null: every widget), once its commit is delivered. */
async function announcedDuring(write: () => Promise<unknown>): Promise<(number | null)[]> {
  const announced: (number | null)[] = [];
  const stop = server.app.widgetChanges.onChange((establishmentId) => announced.push(establishmentId));
  try {
    await write();
    // Delivery follows the commit on the listening connection; give it a moment on a real server.
    await expect.poll(() => announced.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return announced;
  } finally {
    stop();
  }
}

describe('the widget change feed', () => {
  it('announces a saved widget setting with its establishment', async () => {
    const list = await server.app.inject({
      url: `/api/v1/widget-settings?filter=${jsonParam({ establishmentId: scopes.firstEstablishmentId })}`,
      headers: { authorization: `Bearer ${rootToken}` },
    });
    const [record] = list.json<WidgetSettings[]>();
    const announced = await announcedDuring(() =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/widget-settings/${record.id}`,
        headers: { authorization: `Bearer ${rootToken}` },
        payload: {
          ...record,
          widgetTheme: { ...record.widgetTheme, hasEnabledCalendar: !record.widgetTheme.hasEnabledCalendar },
        },
      }),
    );
    expect(announced).toEqual([scopes.firstEstablishmentId]);
  });

  it('announces an event moved between venues for both, once each', async () => {
    const [event] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.establishmentId, scopes.firstEstablishmentId))
      .limit(1);
    const announced = await announcedDuring(() =>
      server.db.transaction(async (tx) => {
        await tx.update(events).set({ establishmentId: scopes.secondEstablishmentId }).where(eq(events.id, event.id));
        await tx
          .update(events)
          .set({ title: sql`${events.title}` })
          .where(eq(events.id, event.id));
        await tx.update(events).set({ establishmentId: scopes.firstEstablishmentId }).where(eq(events.id, event.id));
      }),
    );
    expect([...announced].sort()).toEqual([scopes.firstEstablishmentId, scopes.secondEstablishmentId].sort());
  });

  it("announces a change of a row that names its event (the event's music) with the event's venue", async () => {
    const [event] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.establishmentId, scopes.secondEstablishmentId))
      .limit(1);
    const [music] = await server.db.select({ id: musics.id }).from(musics).limit(1);
    const announced = await announcedDuring(() =>
      server.db.transaction(async (tx) => {
        await tx.delete(eventMusics).where(and(eq(eventMusics.eventId, event.id), eq(eventMusics.musicId, music.id)));
        await tx.insert(eventMusics).values({ eventId: event.id, musicId: music.id });
      }),
    );
    expect(announced).toEqual([scopes.secondEstablishmentId]);
  });

  it('announces nothing for a write that rolls back', async () => {
    const announced: (number | null)[] = [];
    const stop = server.app.widgetChanges.onChange((establishmentId) => announced.push(establishmentId));
    await server.db
      .transaction(async (tx) => {
        await tx.update(events).set({ title: 'Never' }).where(eq(events.establishmentId, scopes.firstEstablishmentId));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A later write's notification arrives after any earlier one would have.
    const later = await announcedDuring(() =>
      server.db.execute(sql`UPDATE musics SET position = position WHERE id = (SELECT min(id) FROM musics)`),
    );
    stop();
    expect(later).toEqual([null]);
    expect(announced).toEqual([null]);
  });
});

describe('widget counts', () => {
  const zurichDay = (iso: string) => new Date(iso);

  async function viewsOf(widgetSettingsId: number) {
    return server.db
      .select({ day: widgetDailyViews.day, origin: widgetDailyViews.embeddingOrigin, views: widgetDailyViews.views })
      .from(widgetDailyViews)
      .where(eq(widgetDailyViews.widgetSettingsId, widgetSettingsId))
      .orderBy(widgetDailyViews.day, widgetDailyViews.embeddingOrigin);
  }

  async function throwawayWidget(): Promise<number> {
    const establishmentId = await insertThrowawayEstablishment(server.db, scopes);
    const [row] = await server.db
      .select({ id: widgetSettings.id })
      .from(widgetSettings)
      .where(eq(widgetSettings.establishmentId, establishmentId));
    return row.id;
  }

  it('adds up the views of two processes flushing at the same time, per Zurich day and embedding site', async () => {
    const widget = await throwawayWidget();
    // 23:30 UTC on 31 December is already 1 January in Zurich.
    const clock = () => zurichDay('2026-12-31T23:30:00Z');
    const processes = [
      new WidgetCounts({ db: server.db, now: clock }),
      new WidgetCounts({ db: server.db, now: clock }),
    ];
    for (let round = 0; round < 5; round++) {
      for (const counts of processes) {
        for (let view = 0; view < 40; view++) counts.view(widget, view % 2 === 0 ? 'HTTPS://Bar.example.CH:443' : null);
      }
      await Promise.all(processes.flatMap((counts) => [counts.flush(), counts.flush()]));
    }
    expect(await viewsOf(widget)).toEqual([
      { day: '2027-01-01', origin: '', views: 200 },
      { day: '2027-01-01', origin: 'https://bar.example.ch', views: 200 },
    ]);
  });

  it('keeps at most the configured number of sites per widget and day, counting the rest as unknown', async () => {
    const widget = await throwawayWidget();
    const counts = new WidgetCounts({ db: server.db, maxOriginsPerWidgetDay: 3 });
    for (let site = 0; site < 10; site++) counts.view(widget, `https://site${site}.example`);
    counts.view(widget, 'javascript:alert(1)');
    await counts.flush();
    const rows = await viewsOf(widget);
    expect(rows.map((row) => [row.origin, row.views])).toEqual([
      ['', 8],
      ['https://site0.example', 1],
      ['https://site1.example', 1],
      ['https://site2.example', 1],
    ]);
  });

  it('counts ticket clicks per event and website clicks, and drops the counts of a widget deleted meanwhile', async () => {
    const widget = await throwawayWidget();
    const gone = await throwawayWidget();
    const counts = new WidgetCounts({ db: server.db });
    counts.ticketClick(widget, 7);
    counts.ticketClick(widget, 7);
    counts.ticketClick(widget, 8);
    counts.websiteClick(widget);
    counts.websiteClick(gone);
    counts.view(gone, null);
    await server.db.delete(widgetSettings).where(eq(widgetSettings.id, gone));
    await counts.flush();
    counts.websiteClick(widget);
    await counts.flush();
    const clicks = await server.db
      .select({ kind: widgetDailyClicks.kind, eventId: widgetDailyClicks.eventId, clicks: widgetDailyClicks.clicks })
      .from(widgetDailyClicks)
      .where(eq(widgetDailyClicks.widgetSettingsId, widget))
      .orderBy(widgetDailyClicks.kind, widgetDailyClicks.eventId);
    expect(clicks).toEqual([
      { kind: 'TICKET', eventId: 7, clicks: 2 },
      { kind: 'TICKET', eventId: 8, clicks: 1 },
      { kind: 'WEBSITE', eventId: null, clicks: 2 },
    ]);
    const goneRows = await server.db
      .select()
      .from(widgetDailyClicks)
      .where(and(eq(widgetDailyClicks.widgetSettingsId, gone)));
    expect(goneRows).toEqual([]);
  });
});
