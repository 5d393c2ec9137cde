import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord } from '../../domain/notification';
import type { StreamTicket } from '../../domain/notificationApi';
import { notifications } from '../../server/db/schema/notifications';
import { notify, type NotificationInput } from '../../server/services/notifications/create';
import { NotificationHub } from '../../server/services/notifications/live';
import { SseClient } from '../support/sseClient';
import { createUser, DEMO_PASSWORD, signIn, startTestServer, TEST_PASSWORD, userRow, type TestServer } from './harness';

/**
 * The live stream (docs/notifications.md "Live stream"): authentication by Bearer or single-use ticket, a
 * committed notification arriving within a second and a rolled-back one never, the resume from Last-Event-ID,
 * the asks events by scope, and a server that closes with streams open.
 */

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => server.close());

interface Account {
  id: number;
  email: string;
  token: string;
}

async function newAccount(roleKey: 'PROMOTER' | 'CUSTOMER' | 'ADMIN' = 'PROMOTER', language = 'en'): Promise<Account> {
  const user = await createUser(server.db, { roleKey, language });
  return { id: user.id, email: user.email, token: (await signIn(server.app, user.email, TEST_PASSWORD)).accessToken };
}

async function demoAccount(email: string): Promise<Account> {
  return {
    id: (await userRow(server.db, email)).id,
    email,
    token: (await signIn(server.app, email, DEMO_PASSWORD)).accessToken,
  };
}

const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

const openStream = (account: Account, headers: Record<string, string> = {}, query = '') =>
  SseClient.open(`${base}/notifications/stream${query}`, { ...bearer(account), ...headers });

let recordIds = 5000;
const soldOut = (userId: number, title = 'Two for one'): NotificationInput => ({
  userId,
  kind: 'OFFER_SOLD_OUT',
  resource: 'offers',
  recordId: (recordIds += 1),
  params: { title, spots: 20 },
});

const commit = (...inputs: NotificationInput[]) => server.db.transaction((tx) => notify(tx, inputs));

const notificationIds = (client: SseClient) =>
  client.named<NotificationRecord>('notification').map((event) => event.json.id);

describe('authentication', () => {
  it('answers 401 without a bearer token or ticket, and with a bad one', async () => {
    const anonymous = await SseClient.open(`${base}/notifications/stream`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ message: expect.any(String) });
    const forged = await SseClient.open(`${base}/notifications/stream`, { authorization: 'Bearer nonsense' });
    expect(forged.status).toBe(401);
    const badTicket = await SseClient.open(
      `${base}/notifications/stream?ticket=00000000-0000-0000-0000-000000000000.x`,
    );
    expect(badTicket.status).toBe(401);
  });

  it('opens with Bearer: an event stream, not cached, not compressed, that says the unread count first', async () => {
    const account = await newAccount();
    await commit(soldOut(account.id));
    const client = await openStream(account, { 'accept-encoding': 'gzip, br' });
    try {
      expect(client.status).toBe(200);
      expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(client.headers.get('cache-control')).toBe('no-store');
      expect(client.headers.get('content-encoding')).toBeNull();
      expect(client.headers.get('x-content-type-options')).toBe('nosniff');
      await client.until(() => client.named('unread').length > 0);
      expect(client.named('unread')[0].json).toEqual({ unread: 1 });
      // Without Last-Event-ID the ones before the connection are not sent again.
      expect(notificationIds(client)).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('opens with a ticket once; the ticket is single use and expires after 60 s', async () => {
    const account = await newAccount();
    const ticketOf = async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/stream-ticket',
        headers: bearer(account),
      });
      expect(response.statusCode).toBe(200);
      return response.json<StreamTicket>();
    };
    const { ticket, expiresAt } = await ticketOf();
    expect(new Date(expiresAt).getTime() - server.clock.now().getTime()).toBeGreaterThan(55_000);
    const first = await SseClient.open(`${base}/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    try {
      expect(first.status).toBe(200);
      await first.until(() => first.named('unread').length > 0);
    } finally {
      first.close();
    }
    const again = await SseClient.open(`${base}/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);

    const late = await ticketOf();
    server.clock.advanceSeconds(61);
    const expired = await SseClient.open(`${base}/notifications/stream?ticket=${encodeURIComponent(late.ticket)}`);
    expect(expired.status).toBe(401);

    const stream = await SseClient.open(`${base}/notifications/stream?ticket=`);
    expect(stream.status).toBe(400);
    // Without a bearer token the ticket route itself is refused.
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/v1/notifications/stream-ticket' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('delivery', () => {
  it('sends a notification committed through notify() within a second, rendered, with its id', async () => {
    const account = await newAccount('PROMOTER', 'fr');
    const client = await openStream(account);
    try {
      await client.until(() => client.named('unread').length > 0);
      const started = Date.now();
      const [id] = await commit(soldOut(account.id, 'Deux pour un'));
      await client.until(() => notificationIds(client).includes(id), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      const [event] = client.named<NotificationRecord>('notification');
      expect(event.id).toBe(String(id));
      expect(event.json).toMatchObject({ id, kind: 'OFFER_SOLD_OUT', resource: 'offers', title: 'Offre épuisée' });
      await client.until(() => client.named<{ unread: number }>('unread').some((unread) => unread.json.unread === 1));
    } finally {
      client.close();
    }
  });

  it('never sends one of a rolled-back transaction, nor another user’s', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const client = await openStream(account);
    try {
      await client.until(() => client.named('unread').length > 0);
      await expect(
        server.db.transaction(async (tx) => {
          await notify(tx, [soldOut(account.id, 'Rolled back')]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await commit(soldOut(other.id, 'Not yours'));
      const [committed] = await commit(soldOut(account.id, 'Committed'));
      await client.until(() => notificationIds(client).includes(committed), 1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(client.named<NotificationRecord>('notification').map((event) => event.json.text)).toEqual([
        expect.stringContaining('Committed'),
      ]);
    } finally {
      client.close();
    }
  });

  it('tells the new unread count when notifications are read elsewhere', async () => {
    const account = await newAccount();
    const ids = await commit(soldOut(account.id), soldOut(account.id));
    const client = await openStream(account);
    try {
      await client.until(() => client.named('unread').length > 0);
      expect(client.named('unread')[0].json).toEqual({ unread: 2 });
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/read',
        headers: bearer(account),
        payload: { ids: [ids[0]] },
      });
      await client.until(() => client.named<{ unread: number }>('unread').some((event) => event.json.unread === 1));
    } finally {
      client.close();
    }
  });

  it('stays quiet when a notification is only marked mailed: the reader sees nothing new', async () => {
    const account = await newAccount();
    const client = await openStream(account);
    const unreadCounts = () => client.named<{ unread: number }>('unread').map((event) => event.json.unread);
    try {
      await client.until(() => unreadCounts().length > 0);
      const [id] = await commit(soldOut(account.id));
      await client.until(() => unreadCounts().includes(1), 1000);
      // What the mail dispatcher's claim writes; a stream that heard of it would send `unread: 1` again.
      await server.db
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(eq(notifications.id, id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/read',
        headers: bearer(account),
        payload: { ids: [id] },
      });
      await client.until(() => unreadCounts().at(-1) === 0, 1000);
      expect(unreadCounts()).toEqual([0, 1, 0]);
    } finally {
      client.close();
    }
  });

  it('resumes from Last-Event-ID (header or query): only later, unarchived ones, then the new ones', async () => {
    const account = await newAccount();
    const [first, second, third, fourth] = await commit(
      soldOut(account.id),
      soldOut(account.id),
      soldOut(account.id),
      soldOut(account.id),
    );
    await server.db.update(notifications).set({ archivedAt: new Date() }).where(eq(notifications.id, third));
    const client = await openStream(account, { 'last-event-id': String(first) });
    const byQuery = await openStream(account, {}, `?lastEventId=${second}`);
    try {
      await client.until(() => notificationIds(client).includes(fourth));
      expect(notificationIds(client)).toEqual([second, fourth]);
      await byQuery.until(() => notificationIds(byQuery).includes(fourth));
      expect(notificationIds(byQuery)).toEqual([fourth]);
      const [fifth] = await commit(soldOut(account.id));
      await client.until(() => notificationIds(client).includes(fifth), 1000);
      expect(notificationIds(client)).toEqual([second, fourth, fifth]);
    } finally {
      client.close();
      byQuery.close();
    }
    const bad = await openStream(account, { 'last-event-id': 'x1' });
    expect(bad.status).toBe(400);
  });
});

describe('asks', () => {
  it('sends `event: asks` to the streams whose viewer sees the ask, and only to them', async () => {
    const [root, admin, admin2, promoter, customer] = await Promise.all(
      ['root@demo.ch', 'admin@demo.ch', 'admin2@demo.ch', 'promoter@demo.ch', 'customer@demo.ch'].map(demoAccount),
    );
    const adminRow = await userRow(server.db, 'admin@demo.ch');
    const promoterRow = await userRow(server.db, 'promoter@demo.ch');
    const clients = await Promise.all([root, admin, admin2, promoter, customer].map((account) => openStream(account)));
    const [rootStream, adminStream, admin2Stream, promoterStream, customerStream] = clients;
    try {
      for (const client of clients) await client.until(() => client.named('unread').length > 0);
      const payload = JSON.stringify({
        establishmentId: adminRow.establishmentId,
        promoterGroupId: promoterRow.promoterGroupId,
        kind: 'EVENT_REQUEST',
      });
      await server.db.execute(sql`select pg_notify('asks_changed', ${payload})`);
      for (const client of [rootStream, adminStream, promoterStream])
        await client.until(() => client.named('asks').length === 1, 1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(admin2Stream.named('asks')).toEqual([]);
      expect(customerStream.named('asks')).toEqual([]);
      expect(adminStream.named('asks')[0].json).toEqual({});
    } finally {
      for (const client of clients) client.close();
    }
  });
});

describe('heartbeat', () => {
  it('writes a `: ping` comment to every open stream at each beat, and ends them on stop', async () => {
    const written: string[] = [];
    const response = {
      destroyed: false,
      writableEnded: false,
      write: (chunk: string) => written.push(chunk),
      end() {
        this.writableEnded = true;
      },
      on: () => undefined,
    };
    const hub = new NotificationHub({ db: server.db, log: () => undefined, heartbeatMs: 40 });
    await hub.start({ listen: async () => async () => undefined });
    const account = await newAccount();
    hub.open(response as unknown as ServerResponse, {
      userId: account.id,
      viewer: { userId: account.id, roleKeys: ['PROMOTER'], establishmentId: null, promoterGroupId: null },
      language: 'en',
      fallbackLanguage: 'en',
      lastSentId: 0,
    });
    await expect.poll(() => written.filter((chunk) => chunk === ': ping\n\n').length).toBeGreaterThanOrEqual(2);
    expect(written.some((chunk) => chunk.startsWith('event: unread\n'))).toBe(true);
    await hub.stop();
    expect(response.writableEnded).toBe(true);
    expect(hub.size).toBe(0);
  });
});

describe('closing', () => {
  it('drops a stream whose client left, and app.close() ends the open ones at once', async () => {
    const other = await startTestServer();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/v1/notifications/stream`;
    const user = await createUser(other.db, { roleKey: 'CUSTOMER' });
    const token = (await signIn(other.app, user.email, TEST_PASSWORD)).accessToken;
    const left = await SseClient.open(url, { authorization: `Bearer ${token}` });
    const staying = await SseClient.open(url, { authorization: `Bearer ${token}` });
    await left.until(() => left.named('unread').length > 0);
    await staying.until(() => staying.named('unread').length > 0);
    expect(other.app.notifications.hub.size).toBe(2);
    left.close();
    await expect.poll(() => other.app.notifications.hub.size).toBe(1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await staying.until(() => staying.ended, 2000, 'the end of the stream');
  });
});
