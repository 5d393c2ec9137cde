import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, jsonParam, signIn, startTestServer, totalOf, userRow, type TestServer } from './harness';

/**
 * An unfiltered list answers the total the database keeps in row_counts instead of counting every row; these
 * tests compare it with a real count after the writes that change it, including concurrent ones and deletes
 * that cascade from another table.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
let establishmentId = 0;
let eventTypeId = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const email of ['root@demo.ch', 'admin@demo.ch', 'customer@demo.ch', 'promoter@demo.ch'])
    tokens[email] = (await signIn(server.app, email)).accessToken;
  establishmentId = (await userRow(server.db, 'admin@demo.ch')).establishmentId ?? 0;
  eventTypeId = Number((await rows<{ id: number }>(sql`SELECT min(id) AS id FROM event_types`))[0].id);
});
afterAll(() => server.close());

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await server.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const call = (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${tokens[email]}`, ...CSRF },
    ...(payload ? { payload } : {}),
  });

async function listedTotal(resource: string, filter: object = {}, email = 'root@demo.ch'): Promise<number> {
  const response = await call(email, 'GET', `/${resource}?filter=${jsonParam(filter)}&range=${jsonParam([0, 0])}`);
  expect(response.statusCode, response.body).toBe(200);
  return totalOf(response);
}

const countedTotal = async (table: string) =>
  Number((await rows<{ n: string }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0].n);

const eventAt = (venue: number, city?: string) => ({
  generalInfos: {
    establishmentId: venue,
    ...(city ? { city } : {}),
    eventType: { id: eventTypeId },
    eventTitle: `Counted ${randomUUID().slice(0, 8)}`,
    ageMin: 18,
    promotable: true,
    isFree: true,
  },
  dateAndCalendar: { startDate: '2027-01-09', startTime: '21:00', endTime: '23:00' },
  descriptionAndMedia: {},
  description: { description: null, htmlDescription: null },
});

describe('the total of an unfiltered list', () => {
  it('is every row of the table, for each counted list', async () => {
    for (const [resource, table] of [
      ['events', 'events'],
      ['establishments', 'establishments'],
      ['promoters', 'promoter_groups'],
      ['users', 'users'],
      ['tags', 'tags'],
      ['audit-log', 'audit_log'],
      ['outbox', 'mail_outbox'],
    ]) {
      expect(await listedTotal(resource), resource).toBe(await countedTotal(table));
    }
  });

  it('stays exact through concurrent creates and deletes', async () => {
    const before = await listedTotal('events');
    const created = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await call('admin@demo.ch', 'POST', '/events', eventAt(establishmentId));
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      }),
    );
    const deletions = await Promise.all(
      [...created.slice(0, 4), ...created.slice(0, 4)].map((id) => call('admin@demo.ch', 'DELETE', `/events/${id}`)),
    );
    // Each event is deleted once, whichever of the two requests got there first.
    expect(deletions.filter((response) => response.statusCode === 200)).toHaveLength(4);
    expect(await listedTotal('events')).toBe(before + 8);
    expect(await listedTotal('events')).toBe(await countedTotal('events'));
  });

  it('follows deletes that cascade from another table', async () => {
    const [venue] = await rows<{ id: number }>(
      sql`INSERT INTO establishments (name, city, establishment_type_id, visibility)
          SELECT 'Cascade venue', 'Bern', establishment_type_id, 'PUBLISHED' FROM establishments LIMIT 1 RETURNING id`,
    );
    for (let index = 0; index < 3; index += 1) {
      const response = await call('root@demo.ch', 'POST', '/events', eventAt(Number(venue.id)));
      expect(response.statusCode, response.body).toBe(201);
    }
    const withVenue = await listedTotal('events');
    expect((await call('root@demo.ch', 'DELETE', `/establishments/${venue.id}`)).statusCode).toBe(200);
    expect(await listedTotal('events')).toBe(withVenue - 3);
    expect(await listedTotal('events')).toBe(await countedTotal('events'));
    expect(await listedTotal('establishments')).toBe(await countedTotal('establishments'));
  });

  it('of one visibility (a customer’s published events, a visibility filter) follows every change of it', async () => {
    const published = () => countedTotal("events WHERE visibility = 'PUBLISHED'");
    const drafts = () => countedTotal("events WHERE visibility = 'DRAFT'");
    const expectExact = async () => {
      expect(await listedTotal('events', {}, 'customer@demo.ch')).toBe(await published());
      expect(await listedTotal('events', { visibility: 'PUBLISHED' })).toBe(await published());
      expect(await listedTotal('events', { visibility: 'DRAFT' })).toBe(await drafts());
    };
    await expectExact();
    const created = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await call('admin@demo.ch', 'POST', '/events', eventAt(establishmentId));
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      }),
    );
    await expectExact();
    // Unpublished in parallel, one of them twice: each moves from one count to the other once.
    const moves = await Promise.all(
      [...created.slice(0, 3), created[0]].map((id) =>
        call('admin@demo.ch', 'POST', '/events/visibility', { ids: [id], visibility: 'DRAFT' }),
      ),
    );
    expect(moves.every((response) => response.statusCode === 200)).toBe(true);
    await expectExact();
    await call('admin@demo.ch', 'DELETE', `/events/${created[0]}`);
    await call('admin@demo.ch', 'DELETE', `/events/${created[4]}`);
    await expectExact();
    expect(await listedTotal('establishments', { visibility: 'PUBLISHED' })).toBe(
      await countedTotal("establishments WHERE visibility = 'PUBLISHED'"),
    );
  });

  it('of a city (its events, of a visibility too) follows the event’s city, its venue’s, visibility and deletes', async () => {
    const inCity = (city: string, visibility?: string) =>
      countedTotal(`events WHERE city_key = lower('${city}')${visibility ? ` AND visibility = '${visibility}'` : ''}`);
    const expectExact = async (cities: string[]) => {
      for (const city of cities) {
        expect(await listedTotal('events', { cities: [city] }), city).toBe(await inCity(city));
        expect(await listedTotal('events', { cities: [city] }, 'customer@demo.ch'), city).toBe(
          await inCity(city, 'PUBLISHED'),
        );
        expect(await listedTotal('events', { cities: [city], visibility: 'DRAFT' }), city).toBe(
          await inCity(city, 'DRAFT'),
        );
      }
      // Two spellings of one city are one city.
      expect(await listedTotal('events', { cities: cities.flatMap((city) => [city, city.toUpperCase()]) })).toBe(
        await countedTotal(`events WHERE city_key IN (${cities.map((city) => `lower('${city}')`).join(', ')})`),
      );
    };
    const [venue] = await rows<{ id: number }>(
      sql`INSERT INTO establishments (name, city, establishment_type_id, visibility)
          SELECT 'City venue', 'Luzern', establishment_type_id, 'PUBLISHED' FROM establishments LIMIT 1 RETURNING id`,
    );
    const created = await Promise.all(
      [undefined, undefined, undefined, 'Bern', 'Bern'].map(async (city) => {
        const response = await call('root@demo.ch', 'POST', '/events', eventAt(Number(venue.id), city));
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      }),
    );
    await expectExact(['Luzern', 'Bern', 'Thun']);
    // The totals come from the kept counters, not from counting.
    expect(await countedTotal("row_counts WHERE counter = 'events:city:PUBLISHED:luzern'")).toBeGreaterThan(0);
    await rows(sql`UPDATE establishments SET city = 'Thun' WHERE id = ${venue.id}`);
    await expectExact(['Luzern', 'Bern', 'Thun']);
    const moves = await Promise.all(
      [created[0], created[3], created[0]].map((id) =>
        call('root@demo.ch', 'POST', '/events/visibility', { ids: [id], visibility: 'DRAFT' }),
      ),
    );
    expect(moves.every((response) => response.statusCode === 200)).toBe(true);
    await expectExact(['Luzern', 'Bern', 'Thun']);
    await Promise.all(
      [created[1], created[1], created[4]].map((id) => call('root@demo.ch', 'DELETE', `/events/${id}`)),
    );
    await expectExact(['Bern', 'Thun']);
    expect((await call('root@demo.ch', 'DELETE', `/establishments/${venue.id}`)).statusCode).toBe(200);
    await expectExact(['Bern', 'Thun']);
  });

  it('of a venue’s or a promoter group’s own events follows creates, moves between venues and deletes', async () => {
    const promoterGroupId = (await userRow(server.db, 'promoter@demo.ch')).promoterGroupId ?? 0;
    const expectExact = async () => {
      expect(await listedTotal('events', {}, 'admin@demo.ch')).toBe(
        await countedTotal(`events WHERE establishment_id = ${establishmentId}`),
      );
      expect(await listedTotal('events', {}, 'promoter@demo.ch')).toBe(
        await countedTotal(`events WHERE promoter_group_id = ${promoterGroupId}`),
      );
    };
    await expectExact();
    expect(
      await countedTotal(`row_counts WHERE counter = 'events:establishment_id:${establishmentId}'`),
    ).toBeGreaterThan(0);
    const [otherVenue] = await rows<{ id: number }>(
      sql`INSERT INTO establishments (name, city, establishment_type_id, visibility)
          SELECT 'Other venue', 'Bern', establishment_type_id, 'PUBLISHED' FROM establishments LIMIT 1 RETURNING id`,
    );
    const created = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const event = eventAt(index < 2 ? establishmentId : Number(otherVenue.id));
        const body = { ...event, generalInfos: { ...event.generalInfos, promoterGroupId } };
        const response = await call('root@demo.ch', 'POST', '/events', body);
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      }),
    );
    await expectExact();
    await rows(sql`UPDATE events SET establishment_id = ${otherVenue.id} WHERE id = ${created[0]}`);
    await expectExact();
    await Promise.all([created[1], created[1]].map((id) => call('root@demo.ch', 'DELETE', `/events/${id}`)));
    await expectExact();
    expect((await call('root@demo.ch', 'DELETE', `/establishments/${otherVenue.id}`)).statusCode).toBe(200);
    await expectExact();
  });

  it('of every published record and the viewer’s own follows the own one’s visibility, publishes and deletes', async () => {
    const promoterGroupId = (await userRow(server.db, 'promoter@demo.ch')).promoterGroupId ?? 0;
    const readable = (table: string, ownId: number) =>
      countedTotal(`${table} WHERE visibility = 'PUBLISHED' OR id = ${ownId}`);
    const expectExact = async () => {
      expect(await listedTotal('establishments', {}, 'admin@demo.ch')).toBe(
        await readable('establishments', establishmentId),
      );
      expect(await listedTotal('promoters', {}, 'promoter@demo.ch')).toBe(
        await readable('promoter_groups', promoterGroupId),
      );
    };
    await expectExact();
    // The viewer's own records unpublished: read beside the published ones, counted once each.
    await rows(sql`UPDATE establishments SET visibility = 'DRAFT' WHERE id = ${establishmentId}`);
    await rows(sql`UPDATE promoter_groups SET visibility = 'DRAFT' WHERE id = ${promoterGroupId}`);
    await expectExact();
    const created = await Promise.all(
      ['PUBLISHED', 'PUBLISHED', 'DRAFT'].map(
        async (visibility) =>
          (
            await rows<{ id: number }>(
              sql`INSERT INTO establishments (name, city, establishment_type_id, visibility)
                  SELECT 'Counted venue', 'Bern', establishment_type_id, ${visibility} FROM establishments LIMIT 1
                  RETURNING id`,
            )
          )[0].id,
      ),
    );
    await expectExact();
    await Promise.all(
      [created[0], created[0], created[2]].map((id) => call('root@demo.ch', 'DELETE', `/establishments/${id}`)),
    );
    await expectExact();
    await rows(sql`UPDATE establishments SET visibility = 'PUBLISHED' WHERE id = ${establishmentId}`);
    await rows(sql`UPDATE promoter_groups SET visibility = 'PUBLISHED' WHERE id = ${promoterGroupId}`);
    await expectExact();
  });
});
