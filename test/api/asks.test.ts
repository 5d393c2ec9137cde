import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInScope } from '../../domain/access';
import { awaitsViewer, type AskRecord } from '../../domain/ask';
import type { Event } from '../../domain/event';
import type { OfferTemplate } from '../../domain/offerTemplate';
import { asks, eventTypes, events } from '../../server/db/schema';
import { viewerOf } from './authorizationMatrix';
import {
  DEMO_EMAILS,
  errorsOf,
  jsonParam,
  orderedIds,
  signIn,
  startTestServer,
  totalOf,
  userRow,
  type TestServer,
} from './harness';

/**
 * `GET /asks` (docs/asks.md): what each demo account reads, the filters and sorts, `awaitsMe`, and the rows the
 * database keeps beside each request (migration 0015) through requests, decisions, re-submissions and deletes,
 * with the NOTIFY on channel `asks_changed` at commit.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { admin: 0, promoter: 0, root: 0, limited: 0, gleis7: 0, nachtwerk: 0, eventType: 0 };

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) tokens[email] = (await signIn(server.app, email)).accessToken;
  const admin = await userRow(server.db, 'admin@demo.ch');
  const promoter = await userRow(server.db, 'promoter@demo.ch');
  ids.admin = admin.id;
  ids.promoter = promoter.id;
  ids.root = (await userRow(server.db, 'root@demo.ch')).id;
  ids.limited = (await userRow(server.db, 'coordinator-limited@demo.ch')).id;
  ids.gleis7 = admin.establishmentId!;
  ids.nachtwerk = promoter.promoterGroupId!;
  [ids.eventType] = await orderedIds(server.db, eventTypes.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${tokens[email]}` } });

const list = (email: string, filter: object = {}, sort?: [string, string], range: [number, number] = [0, 999]) =>
  call(
    email,
    'GET',
    `/asks?filter=${jsonParam(filter)}&range=${jsonParam(range)}${sort ? `&sort=${jsonParam(sort)}` : ''}`,
  );
const asksOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AskRecord[]>();
};
const idsOf = (records: AskRecord[]) => records.map((record) => record.id).sort((a, b) => a - b);

/** The ask of one record, as this account reads it (undefined when it reads none). */
async function askOf(email: string, kind: AskRecord['kind'], recordId: number): Promise<AskRecord | undefined> {
  const stored = (await server.db.select().from(asks).where(eq(asks.recordId, recordId))).find(
    (ask) => ask.kind === kind,
  );
  if (!stored) return undefined;
  const response = await call(email, 'GET', `/asks/${stored.id}`);
  return response.statusCode === 200 ? response.json<AskRecord>() : undefined;
}

/** A promoter's request for Gleis 7. */
async function requestAsPromoter(title = `Ask probe ${randomUUID().slice(0, 8)}`): Promise<Event> {
  const response = await call('promoter@demo.ch', 'POST', '/events', {
    generalInfos: { establishmentId: ids.gleis7, eventType: { id: ids.eventType }, eventTitle: title, ageMin: 18 },
    dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
    saveAction: 'requestEvent',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const readEvent = async (email: string, id: number) => (await call(email, 'GET', `/events/${id}`)).json<Event>();

describe('what each account reads', () => {
  it('every account lists exactly the asks of its scope; a customer none (403)', async () => {
    const stored = await server.db.select().from(asks);
    for (const email of DEMO_EMAILS) {
      const viewer = await viewerOf(server.db, email);
      const response = await list(email);
      if (viewer.roleKey === 'CUSTOMER') {
        expect(response.statusCode, email).toBe(403);
        expect((await call(email, 'GET', `/asks/${stored[0].id}`)).statusCode).toBe(403);
        continue;
      }
      const expected = stored
        .filter((ask) =>
          isInScope(
            viewer,
            'ASK',
            {
              establishmentIds: ask.establishmentId === null ? [] : [ask.establishmentId],
              promoterGroupIds: ask.promoterGroupId === null ? [] : [ask.promoterGroupId],
            },
            'read',
          ),
        )
        .map((ask) => ask.id)
        .sort((a, b) => a - b);
      const records = asksOf(response);
      expect(idsOf(records), email).toEqual(expected);
      expect(totalOf(response), email).toBe(expected.length);
      // awaitsMe is the viewer's own.
      for (const record of records) expect(record.awaitsMe, `${email} ${record.id}`).toBe(awaitsViewer(viewer, record));
      // Outside the scope an ask does not exist for the account.
      for (const ask of stored.filter((one) => !expected.includes(one.id)).slice(0, 3)) {
        expect((await call(email, 'GET', `/asks/${ask.id}`)).statusCode, email).toBe(404);
      }
    }
  });

  it('a promoter reads its group’s requests, a venue admin those at its venue, neither the others’', async () => {
    const promoterAsks = asksOf(await list('promoter@demo.ch'));
    expect(promoterAsks.length).toBeGreaterThan(0);
    expect(promoterAsks.every((ask) => ask.promoterGroupId === ids.nachtwerk)).toBe(true);
    expect(promoterAsks.map((ask) => `${ask.kind} ${ask.status}`)).toEqual(
      expect.arrayContaining([
        'EVENT_REQUEST PENDING',
        'EVENT_REQUEST APPROVED',
        'EVENT_REQUEST REJECTED',
        'TEMPLATE_REQUEST PENDING',
      ]),
    );
    const adminAsks = asksOf(await list('admin@demo.ch'));
    expect(adminAsks.every((ask) => ask.establishmentId === ids.gleis7)).toBe(true);
    const admin2Asks = asksOf(await list('admin2@demo.ch'));
    expect(admin2Asks.length).toBeGreaterThan(0);
    expect(idsOf(admin2Asks).filter((id) => idsOf(adminAsks).includes(id))).toEqual([]);
  });

  it('an ask carries the contract’s fields and the names of who asked and who decided', async () => {
    const warehouse = asksOf(await list('admin@demo.ch', { q: 'Warehouse 12h' }))[0];
    expect(warehouse).toMatchObject({
      kind: 'EVENT_REQUEST',
      resource: 'events',
      status: 'PENDING',
      reason: null,
      requestedBy: ids.promoter,
      decidedBy: null,
      decidedAt: null,
      awaitsMe: true,
      title: 'Nachtwerk presents: Warehouse 12h',
      establishmentId: ids.gleis7,
      promoterGroupId: ids.nachtwerk,
      decidedByName: null,
    });
    const promoter = await userRow(server.db, 'promoter@demo.ch');
    expect(warehouse.requestedByName).toBe(`${promoter.firstName} ${promoter.lastName}`);
    expect(new Date(warehouse.requestedAt).toISOString()).toBe(warehouse.requestedAt);
    const [event] = await server.db.select().from(events).where(eq(events.id, warehouse.recordId));
    expect(event.approvalStatus).toBe('PENDING');
    // The promoter asked: it does not decide.
    expect((await call('promoter@demo.ch', 'GET', `/asks/${warehouse.id}`)).json<AskRecord>().awaitsMe).toBe(false);
    expect((await call('root@demo.ch', 'GET', `/asks/${warehouse.id}`)).json<AskRecord>().awaitsMe).toBe(true);
  });
});

describe('filters and sorts', () => {
  it('sorts pending ones oldest first, then decided ones newest decision first, by default', async () => {
    const records = asksOf(await list('root@demo.ch'));
    const pending = records.filter((record) => record.status === 'PENDING');
    expect(records.slice(0, pending.length)).toEqual(pending);
    const requested = pending.map((record) => Date.parse(record.requestedAt));
    expect(requested).toEqual([...requested].sort((a, b) => a - b));
    const decided = records.slice(pending.length).map((record) => Date.parse(record.decidedAt ?? record.requestedAt));
    expect(decided).toEqual([...decided].sort((a, b) => b - a));
    // Descending reverses it, and the other sort fields are accepted.
    const reversed = asksOf(await list('root@demo.ch', {}, ['pendingFirst', 'DESC']));
    expect(reversed.map((record) => record.id)).toEqual(records.map((record) => record.id).reverse());
    for (const field of ['requestedAt', 'decidedAt', 'status', 'kind', 'id']) {
      expect((await list('root@demo.ch', {}, [field, 'ASC'])).statusCode, field).toBe(200);
    }
    expect((await list('root@demo.ch', {}, ['title', 'ASC'])).statusCode).toBe(400);
  });

  it('filter by kind, status, owner, date, search and ids; an unknown filter is a 400 on it', async () => {
    const all = asksOf(await list('root@demo.ch'));
    const expectIds = async (filter: object, predicate: (ask: AskRecord) => boolean) =>
      expect(idsOf(asksOf(await list('root@demo.ch', filter))), JSON.stringify(filter)).toEqual(
        idsOf(all.filter(predicate)),
      );
    await expectIds({ kind: 'TEMPLATE_REQUEST' }, (ask) => ask.kind === 'TEMPLATE_REQUEST');
    await expectIds({ status: 'REJECTED' }, (ask) => ask.status === 'REJECTED');
    await expectIds({ status: ['PENDING', 'APPROVED'] }, (ask) => ask.status !== 'REJECTED');
    await expectIds({ establishmentId: ids.gleis7 }, (ask) => ask.establishmentId === ids.gleis7);
    await expectIds({ promoterGroupId: [ids.nachtwerk] }, (ask) => ask.promoterGroupId === ids.nachtwerk);
    await expectIds({ q: 'warehouse' }, (ask) => ask.title.toLowerCase().includes('warehouse'));
    await expectIds({ id: all.slice(0, 2).map((ask) => ask.id) }, (ask) => all.slice(0, 2).includes(ask));
    await expectIds({ mine: true }, (ask) => ask.requestedBy === ids.root);
    await expectIds({ mine: false }, (ask) => ask.requestedBy !== ids.root);

    // Zurich days: today's asks are found from today, none up to yesterday.
    const today = Temporal.Now.plainDateISO('Europe/Zurich');
    const todays = (ask: AskRecord) =>
      Temporal.Instant.from(ask.requestedAt).toZonedDateTimeISO('Europe/Zurich').toPlainDate().equals(today);
    await expectIds({ requestedFrom: today.toString() }, (ask) => todays(ask));
    await expectIds({ requestedTo: today.subtract({ days: 1 }).toString() }, (ask) => !todays(ask));
    await expectIds({ requestedFrom: today.toString(), requestedTo: today.toString() }, todays);

    for (const filter of [{ colour: 'red' }, { kind: 'OFFER' }, { requestedFrom: '28.11.2026' }, { awaitsMe: 'yes' }]) {
      const refused = await list('root@demo.ch', filter);
      expect(refused.statusCode, JSON.stringify(filter)).toBe(400);
      expect(Object.keys(errorsOf(refused)).join(), JSON.stringify(filter)).toContain(Object.keys(filter)[0]);
    }
  });

  it('awaitsMe: the pending asks the viewer decides, and the total the menu shows', async () => {
    const stored = await server.db.select().from(asks);
    for (const email of DEMO_EMAILS.filter((one) => one !== 'customer@demo.ch')) {
      const viewer = await viewerOf(server.db, email);
      const response = await list(email, { awaitsMe: true }, undefined, [0, 0]);
      expect(response.statusCode, email).toBe(200);
      const expected = stored.filter(
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
          awaitsViewer(viewer, {
            kind: ask.kind as AskRecord['kind'],
            status: ask.status as AskRecord['status'],
            establishmentId: ask.establishmentId,
          }),
      );
      expect(totalOf(response), email).toBe(expected.length);
      const others = asksOf(await list(email, { awaitsMe: false }));
      expect(others.some((ask) => ask.awaitsMe)).toBe(false);
    }
    // A promoter decides nothing; its own pending ones are what it waits for.
    expect(totalOf(await list('promoter@demo.ch', { awaitsMe: true }, undefined, [0, 0]))).toBe(0);
    expect(totalOf(await list('promoter@demo.ch', { mine: true, status: 'PENDING' }, undefined, [0, 0]))).toBe(
      stored.filter((ask) => ask.requestedByUserId === ids.promoter && ask.status === 'PENDING').length,
    );
    expect(totalOf(await list('admin@demo.ch', { awaitsMe: true }, undefined, [0, 0]))).toBeGreaterThan(0);
    expect(totalOf(await list('root@demo.ch', { awaitsMe: true }, undefined, [0, 0]))).toBe(
      stored.filter((ask) => ask.status === 'PENDING').length,
    );
  });

  it('is read-only: no create, change or delete', async () => {
    const [one] = asksOf(await list('root@demo.ch', {}, undefined, [0, 0]));
    expect((await call('root@demo.ch', 'POST', '/asks', {})).statusCode).toBe(404);
    expect((await call('root@demo.ch', 'PUT', `/asks/${one.id}`, one)).statusCode).toBe(404);
    expect((await call('root@demo.ch', 'DELETE', `/asks/${one.id}`)).statusCode).toBe(404);
  });
});

describe('the ask follows its request', () => {
  it('through a request, a change, a rejection, a re-submission, an approval, a rename and a delete', async () => {
    const requested = await requestAsPromoter();
    const asked = (await askOf('admin@demo.ch', 'EVENT_REQUEST', requested.id))!;
    expect(asked).toMatchObject({ status: 'PENDING', requestedBy: ids.promoter, decidedBy: null, awaitsMe: true });

    // A change while it waits keeps its place in the queue.
    const changed = await call('promoter@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...requested,
      generalInfos: { ...requested.generalInfos, ageMin: 20 },
      saveAction: 'requestEvent',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await askOf('admin@demo.ch', 'EVENT_REQUEST', requested.id))!.requestedAt).toBe(asked.requestedAt);

    const rejected = await call('admin@demo.ch', 'POST', `/events/${requested.id}/reject`, { reason: 'Full house' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const afterRejection = (await askOf('promoter@demo.ch', 'EVENT_REQUEST', requested.id))!;
    expect(afterRejection).toMatchObject({ status: 'REJECTED', reason: 'Full house', decidedBy: ids.admin });
    expect(afterRejection.decidedByName).toBeTruthy();
    expect(afterRejection.decidedAt).not.toBeNull();

    const resubmitted = await call('promoter@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...(await readEvent('promoter@demo.ch', requested.id)),
      saveAction: 'requestEvent',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const again = (await askOf('admin@demo.ch', 'EVENT_REQUEST', requested.id))!;
    expect(again).toMatchObject({ status: 'PENDING', reason: null, decidedBy: null, decidedAt: null, awaitsMe: true });
    expect(Date.parse(again.requestedAt)).toBeGreaterThan(Date.parse(asked.requestedAt));
    expect(again.id).toBe(asked.id);

    const approved = await call('coordinator-limited@demo.ch', 'POST', `/events/${requested.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await askOf('admin@demo.ch', 'EVENT_REQUEST', requested.id)).toMatchObject({
      status: 'APPROVED',
      decidedBy: ids.limited,
      awaitsMe: false,
    });

    const event = await readEvent('admin@demo.ch', requested.id);
    const renamed = await call('admin@demo.ch', 'PUT', `/events/${requested.id}`, {
      ...event,
      generalInfos: { ...event.generalInfos, eventTitle: `${event.generalInfos.eventTitle} (renamed)` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await askOf('admin@demo.ch', 'EVENT_REQUEST', requested.id))!.title).toMatch(/\(renamed\)$/);

    const deleted = await call('admin@demo.ch', 'DELETE', `/events/${requested.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await server.db.select().from(asks).where(eq(asks.id, asked.id))).toEqual([]);
    expect((await call('admin@demo.ch', 'GET', `/asks/${asked.id}`)).statusCode).toBe(404);
  });

  it('a venue’s own event is no ask; a template request is one until its template is deleted', async () => {
    const own = await call('admin@demo.ch', 'POST', '/events', {
      generalInfos: { establishmentId: ids.gleis7, eventType: { id: ids.eventType }, eventTitle: 'Own night' },
      dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
      saveAction: 'createDraft',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await askOf('root@demo.ch', 'EVENT_REQUEST', own.json<Event>().id)).toBeUndefined();

    const platformOwn = await call('root@demo.ch', 'POST', '/offer-templates', {
      offerType: 'EXCLUSIVE',
      longTitle: `Platform template ${randomUUID().slice(0, 8)}`,
      shortTitle: 'Platform',
    });
    expect(platformOwn.statusCode, platformOwn.body).toBe(201);
    expect(await askOf('root@demo.ch', 'TEMPLATE_REQUEST', platformOwn.json<OfferTemplate>().id)).toBeUndefined();

    const created = await call('promoter@demo.ch', 'POST', '/offer-templates', {
      offerType: 'EXCLUSIVE',
      longTitle: `Guest list ${randomUUID().slice(0, 8)}`,
      shortTitle: 'Guest list',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<OfferTemplate>();
    const asked = (await askOf('promoter@demo.ch', 'TEMPLATE_REQUEST', template.id))!;
    expect(asked).toMatchObject({
      resource: 'offer-templates',
      status: 'PENDING',
      title: 'Guest list',
      promoterGroupId: ids.nachtwerk,
      establishmentId: null,
      requestedBy: ids.promoter,
      awaitsMe: false,
    });
    expect((await askOf('coordinator-full@demo.ch', 'TEMPLATE_REQUEST', template.id))!.awaitsMe).toBe(true);
    // A venue's admin decides event requests, never template requests.
    expect(await askOf('admin@demo.ch', 'TEMPLATE_REQUEST', template.id)).toBeUndefined();

    const approved = await call('root@demo.ch', 'POST', `/offer-templates/${template.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await askOf('promoter@demo.ch', 'TEMPLATE_REQUEST', template.id)).toMatchObject({
      status: 'APPROVED',
      decidedBy: ids.root,
    });
    const removed = await call('root@demo.ch', 'DELETE', `/offer-templates/${template.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await server.db.select().from(asks).where(eq(asks.id, asked.id))).toEqual([]);
  });
});

describe('the NOTIFY of a changed ask', () => {
  it('is sent at commit on asks_changed with the owners and the kind; a refused request sends none', async () => {
    const received: string[] = [];
    const stop = await server.listen('asks_changed', (payload) => received.push(payload));
    try {
      const expected = JSON.stringify({
        establishmentId: ids.gleis7,
        promoterGroupId: ids.nachtwerk,
        kind: 'EVENT_REQUEST',
      });
      // A request refused before anything is written, and one rolled back by the database: no NOTIFY.
      const refused = await call('promoter@demo.ch', 'POST', '/events', {
        generalInfos: { establishmentId: null, eventType: { id: ids.eventType }, eventTitle: 'No venue' },
        dateAndCalendar: { startDate: '2026-11-28', startTime: '22:00', endTime: '04:00' },
        saveAction: 'requestEvent',
      });
      expect(refused.statusCode).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([]);

      const requested = await requestAsPromoter();
      await waitFor(() => received.length > 0);
      expect(received).toEqual([expected]);

      const decided = await call('admin@demo.ch', 'POST', `/events/${requested.id}/approve`, {});
      expect(decided.statusCode).toBe(200);
      await waitFor(() => received.length > 1);
      expect(received).toEqual([expected, expected]);
    } finally {
      await stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
