import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages';
import {
  defaultDeliveryOf,
  NOTIFICATION_KINDS,
  notificationKindsOf,
  type NotificationRecord,
} from '../../domain/notification';
import { NOTIFICATION_KIND_NOT_RECEIVED } from '../../domain/notificationApi';
import type { RoleKey } from '../../domain/roles';
import { notifications } from '../../server/db/schema/notifications';
import { notify, type NotificationInput } from '../../server/services/notifications/create';
import { renderNotification } from '../../server/services/notifications/texts';
import {
  createUser,
  errorsOf,
  jsonParam,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  totalOf,
  type TestServer,
  type TestUser,
} from './harness';

/**
 * The notifications API (docs/notifications.md): the caller's own notifications, listed, filtered, marked read or
 * unread, archived, all read at once; the preferences of the kinds the role receives; titles and texts in the
 * reader's language.
 */

let server: TestServer;

interface Account extends TestUser {
  token: string;
}

async function account(options: { roleKey: RoleKey }): Promise<Account> {
  const user = await createUser(server.db, options);
  return { ...user, token: (await signIn(server.app, user.email, TEST_PASSWORD)).accessToken };
}

const call = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { authorization: `Bearer ${who.token}`, ...headers },
  });

const list = (who: Account, filter?: object, range: [number, number] = [0, 99], sort = ['id', 'DESC']) =>
  call(
    who,
    'GET',
    `/notifications?sort=${jsonParam(sort)}&range=${jsonParam(range)}${filter ? `&filter=${jsonParam(filter)}` : ''}`,
  );

const idsOf = (response: LightMyRequestResponse) => response.json<NotificationRecord[]>().map((record) => record.id);

async function give(userId: number, count = 1, kind: NotificationInput['kind'] = 'OFFER_SOLD_OUT'): Promise<number[]> {
  const inputs = Array.from({ length: count }, (_, index) => inputOf(userId, kind, 1000 + index));
  return server.db.transaction((tx) => notify(tx, inputs));
}

function inputOf(userId: number, kind: NotificationInput['kind'], recordId: number): NotificationInput {
  switch (kind) {
    case 'EVENT_REQUEST_REJECTED':
      return {
        userId,
        kind,
        resource: 'events',
        recordId,
        params: { title: 'Jazz night', venueName: 'Kaufleuten', reason: 'Fully booked that week' },
      };
    case 'PASSWORD_CHANGED':
      return { userId, kind, resource: 'users', recordId: userId, params: { how: 'CHANGED' } };
    default:
      return {
        userId,
        kind: 'OFFER_SOLD_OUT',
        resource: 'offers',
        recordId,
        params: { title: 'Two for one', spots: 20 },
      };
  }
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  server = await startTestServer();
  alice = await account({ roleKey: 'PROMOTER' });
  bob = await account({ roleKey: 'PROMOTER' });
});
afterAll(() => server.close());

describe('GET /notifications', () => {
  it('lists only the caller’s own, newest first, with the total in Content-Range', async () => {
    const mine = await give(alice.id, 3);
    const theirs = await give(bob.id, 2);
    const response = await list(alice);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([...mine].reverse());
    expect(totalOf(response)).toBe(3);
    expect(response.headers['content-range']).toBe('notifications 0-2/3');
    for (const id of theirs) expect(idsOf(response)).not.toContain(id);
    const page = await list(alice, undefined, [0, 0]);
    expect(idsOf(page)).toEqual([mine[2]]);
    expect(totalOf(page)).toBe(3);
  });

  it('answers the record shape of the contract, its title and text in the reader’s language', async () => {
    const [id] = await give(alice.id, 1, 'EVENT_REQUEST_REJECTED');
    const response = await call(alice, 'GET', `/notifications/${id}`);
    expect(response.statusCode).toBe(200);
    const record = response.json<NotificationRecord>();
    expect(Object.keys(record).sort()).toEqual(
      ['archivedAt', 'createdAt', 'id', 'kind', 'readAt', 'recordId', 'resource', 'text', 'title'].sort(),
    );
    expect(record).toMatchObject({ id, kind: 'EVENT_REQUEST_REJECTED', resource: 'events', readAt: null });
    expect(record.title).toBe('Event request rejected');
    expect(record.text).toContain('Fully booked that week');
    const german = await call(alice, 'GET', `/notifications/${id}`, undefined, { 'accept-language': 'de-CH' });
    expect(german.json<NotificationRecord>().title).toBe('Veranstaltungsanfrage abgelehnt');
    expect(german.json<NotificationRecord>().text).toContain('Begründung: Fully booked that week');
  });

  it('answers 404 for another user’s notification and for an unknown one', async () => {
    const [theirs] = await give(bob.id);
    expect((await call(alice, 'GET', `/notifications/${theirs}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/notifications/${theirs}`)).statusCode).toBe(200);
    expect((await call(alice, 'GET', '/notifications/2147483647')).statusCode).toBe(404);
  });

  it('filters unread, kind, archived (hidden by default) and ids (getMany, only one’s own)', async () => {
    const carol = await account({ roleKey: 'PROMOTER' });
    const [first, second, third] = await give(carol.id, 3);
    const [password] = await give(carol.id, 1, 'PASSWORD_CHANGED');
    const [theirs] = await give(bob.id);
    expect((await call(carol, 'POST', '/notifications/read', { ids: [first] })).statusCode).toBe(200);
    expect((await call(carol, 'POST', '/notifications/archive', { ids: [second] })).statusCode).toBe(200);

    expect(idsOf(await list(carol))).toEqual([password, third, first]);
    expect(idsOf(await list(carol, { unread: true }))).toEqual([password, third]);
    expect(totalOf(await list(carol, { unread: true }))).toBe(2);
    expect(idsOf(await list(carol, { unread: false }))).toEqual([first]);
    expect(idsOf(await list(carol, { kind: 'PASSWORD_CHANGED' }))).toEqual([password]);
    expect(idsOf(await list(carol, { kind: ['PASSWORD_CHANGED', 'OFFER_SOLD_OUT'] }))).toHaveLength(3);
    expect(idsOf(await list(carol, { archived: true }))).toEqual([second]);
    expect(idsOf(await list(carol, { id: [first, second, theirs] }))).toEqual([second, first]);
    expect(idsOf(await list(carol, undefined, [0, 99], ['createdAt', 'ASC']))).toEqual([first, third, password]);
  });

  it('refuses unknown filters, sort fields and kinds with a 400 naming them', async () => {
    const unknownFilter = await list(alice, { userId: bob.id });
    expect(unknownFilter.statusCode).toBe(400);
    expect(Object.keys(errorsOf(unknownFilter)).join()).toMatch(/filter/);
    expect((await list(alice, { kind: 'NOPE' })).statusCode).toBe(400);
    expect((await list(alice, undefined, [0, 9], ['userId', 'ASC'])).statusCode).toBe(400);
    expect((await list(alice, { unread: 'yes' })).statusCode).toBe(400);
  });

  it('answers 401 without a bearer token', async () => {
    for (const url of ['/notifications', '/notifications/1', '/notification-preferences']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
    }
    const post = await server.app.inject({ method: 'POST', url: '/api/v1/notifications/read', payload: { ids: [1] } });
    expect(post.statusCode).toBe(401);
  });
});

describe('marking read, unread, archived', () => {
  const stateOf = async (ids: number[]) =>
    server.db
      .select({ id: notifications.id, readAt: notifications.readAt, archivedAt: notifications.archivedAt })
      .from(notifications)
      .where(inArray(notifications.id, ids))
      .orderBy(notifications.id);

  it('changes the caller’s own and answers their ids; another user’s ids are ignored and unchanged', async () => {
    const dave = await account({ roleKey: 'ADMIN' });
    const mine = await give(dave.id, 2);
    const theirs = await give(bob.id, 2);
    const before = await stateOf(theirs);

    const read = await call(dave, 'POST', '/notifications/read', { ids: [...mine, ...theirs] });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ids: mine });
    // Already read: nothing changes, nothing answered.
    expect((await call(dave, 'POST', '/notifications/read', { ids: mine })).json()).toEqual({ ids: [] });
    expect((await call(dave, 'POST', '/notifications/unread', { ids: [mine[0], ...theirs] })).json()).toEqual({
      ids: [mine[0]],
    });
    expect((await call(dave, 'POST', '/notifications/archive', { ids: [mine[1], ...theirs] })).json()).toEqual({
      ids: [mine[1]],
    });
    expect((await call(dave, 'POST', '/notifications/unarchive', { ids: [mine[1], ...theirs] })).json()).toEqual({
      ids: [mine[1]],
    });
    expect(await stateOf(theirs)).toEqual(before);
    const [first, second] = await stateOf(mine);
    expect(first.readAt).toBeNull();
    expect(second.readAt).not.toBeNull();
    expect(second.archivedAt).toBeNull();
  });

  it('validates the body: ids of positive integers, at least one, nothing else', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: [1], other: true }]) {
      const response = await call(alice, 'POST', '/notifications/archive', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('read-all marks the caller’s unread, unarchived ones and answers how many; nobody else’s', async () => {
    const erin = await account({ roleKey: 'CUSTOMER' });
    const mine = await give(erin.id, 4);
    const theirs = await give(bob.id, 1);
    await call(erin, 'POST', '/notifications/read', { ids: [mine[0]] });
    await call(erin, 'POST', '/notifications/archive', { ids: [mine[1]] });
    const response = await call(erin, 'POST', '/notifications/read-all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect(totalOf(await list(erin, { unread: true }))).toBe(0);
    expect((await call(erin, 'POST', '/notifications/read-all')).json()).toEqual({ count: 0 });
    expect((await stateOf(theirs))[0].readAt).toBeNull();
  });

  it('read-all and read in parallel never count a notification twice', async () => {
    const frank = await account({ roleKey: 'PROMOTER' });
    const mine = await give(frank.id, 30);
    const answers = await Promise.all([
      call(frank, 'POST', '/notifications/read-all'),
      call(frank, 'POST', '/notifications/read', { ids: mine.slice(0, 15) }),
      call(frank, 'POST', '/notifications/read-all'),
      call(frank, 'POST', '/notifications/read', { ids: mine.slice(10) }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const counted =
      answers[0].json<{ count: number }>().count +
      answers[1].json<{ ids: number[] }>().ids.length +
      answers[2].json<{ count: number }>().count +
      answers[3].json<{ ids: number[] }>().ids.length;
    expect(counted).toBe(30);
    const changed = [...answers[1].json<{ ids: number[] }>().ids, ...answers[3].json<{ ids: number[] }>().ids];
    expect(new Set(changed).size).toBe(changed.length);
  });
});

describe('notification preferences', () => {
  it.each(['ROOT', 'PROMOTER', 'CUSTOMER', 'ADMIN', 'COORDINATOR_ADMIN_FULL'] as const)(
    'GET as %s: the kinds the role receives, each with its default',
    async (roleKey) => {
      const user = await account({ roleKey });
      const response = await call(user, 'GET', '/notification-preferences');
      expect(response.statusCode).toBe(200);
      const kinds = notificationKindsOf(roleKey);
      const defaults = Object.fromEntries(kinds.map((kind) => [kind, defaultDeliveryOf(roleKey, kind)]));
      expect(response.json()).toEqual({ deliveries: defaults, defaults });
    },
  );

  it('PUT changes the named kinds only, keeps the others, and replaces a choice made before', async () => {
    const user = await account({ roleKey: 'PROMOTER' });
    const first = await call(user, 'PUT', '/notification-preferences', {
      deliveries: { EVENT_REQUEST_REJECTED: 'DIGEST', OFFER_SOLD_OUT: 'MAIL' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().deliveries).toMatchObject({ EVENT_REQUEST_REJECTED: 'DIGEST', OFFER_SOLD_OUT: 'MAIL' });
    const second = await call(user, 'PUT', '/notification-preferences', {
      deliveries: { OFFER_SOLD_OUT: 'IN_APP' },
    });
    expect(second.json().deliveries).toMatchObject({ EVENT_REQUEST_REJECTED: 'DIGEST', OFFER_SOLD_OUT: 'IN_APP' });
    expect(second.json().defaults.OFFER_SOLD_OUT).toBe(defaultDeliveryOf('PROMOTER', 'OFFER_SOLD_OUT'));
    expect((await call(user, 'GET', '/notification-preferences')).json()).toEqual(second.json());
    // A new notification follows the choice.
    const [id] = await give(user.id, 1, 'EVENT_REQUEST_REJECTED');
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row.mailMode).toBe('DIGEST');
  });

  it('PUT of a kind the role does not receive is a 400 on that kind, and stores nothing', async () => {
    const customer = await account({ roleKey: 'CUSTOMER' });
    const before = (await call(customer, 'GET', '/notification-preferences')).json();
    const response = await call(customer, 'PUT', '/notification-preferences', {
      deliveries: { PASSWORD_CHANGED: 'IN_APP', ASK_AWAITING: 'MAIL' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual({ 'deliveries.ASK_AWAITING': NOTIFICATION_KIND_NOT_RECEIVED });
    expect((await call(customer, 'GET', '/notification-preferences')).json()).toEqual(before);
  });

  it('PUT refuses unknown kinds, deliveries and keys with a 400', async () => {
    for (const body of [
      {},
      { deliveries: { NOPE: 'MAIL' } },
      { deliveries: { PASSWORD_CHANGED: 'SMS' } },
      { deliveries: {}, other: 1 },
      { deliveries: [] },
    ]) {
      const response = await call(alice, 'PUT', '/notification-preferences', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the texts', () => {
  const samples: NotificationInput[] = NOTIFICATION_KINDS.map((kind, index): NotificationInput => {
    const base = { userId: 1, resource: null, recordId: index + 1 };
    switch (kind) {
      case 'ASK_AWAITING':
        return { ...base, kind, params: { askKind: 'EVENT_REQUEST', title: 'Jazz', requesterName: 'Ann Muster' } };
      case 'EVENT_REQUEST_APPROVED':
        return { ...base, kind, params: { title: 'Jazz', venueName: 'Kaufleuten' } };
      case 'EVENT_REQUEST_REJECTED':
        return { ...base, kind, params: { title: 'Jazz', venueName: 'Kaufleuten', reason: 'Booked out' } };
      case 'TEMPLATE_REQUEST_APPROVED':
        return { ...base, kind, params: { title: 'Happy hour' } };
      case 'TEMPLATE_REQUEST_REJECTED':
        return { ...base, kind, params: { title: 'Happy hour', reason: 'Too broad' } };
      case 'EVENT_PUBLISHED_AT_VENUE':
        return { ...base, kind, params: { title: 'Jazz', promoterGroupName: 'Crew' } };
      case 'OFFER_NEARLY_SOLD_OUT':
        return { ...base, kind, params: { title: 'Two for one', spotsLeft: 1, spots: 20 } };
      case 'OFFER_SOLD_OUT':
        return { ...base, kind, params: { title: 'Two for one', spots: 20 } };
      case 'PASSWORD_CHANGED':
        return { ...base, kind, params: { how: 'RESET' } };
      case 'ACCESS_LINK_SENT':
        return { ...base, kind, params: {} };
      case 'ACCOUNT_ACCESS_CHANGED':
        return {
          ...base,
          kind,
          params: { roleKey: 'ADMIN', establishmentName: 'Kaufleuten', promoterGroupName: null },
        };
    }
  });

  it('gives every kind a distinct, short title in every language, and a text', () => {
    for (const language of LANGUAGES) {
      const titles = samples.map((sample) => renderNotification(sample.kind, sample.params, language).title);
      expect(new Set(titles).size, language).toBe(samples.length);
      for (const sample of samples) {
        const { title, text } = renderNotification(sample.kind, sample.params, language);
        expect(title.length, `${sample.kind} ${language}`).toBeLessThanOrEqual(60);
        expect(text.length, `${sample.kind} ${language}`).toBeGreaterThan(5);
        expect(`${title} ${text}`).not.toContain('undefined');
        expect(`${title} ${text}`).not.toContain('null');
      }
      expect(titles.join(' ')).not.toContain(language === 'de' ? 'ß' : '\u0000');
    }
  });

  it('says the reason of a rejection when one was given, and nothing when none was', () => {
    expect(renderNotification('TEMPLATE_REQUEST_REJECTED', { title: 'X', reason: 'Too broad' }, 'fr').text).toContain(
      'Motif : Too broad',
    );
    expect(renderNotification('TEMPLATE_REQUEST_REJECTED', { title: 'X', reason: null }, 'it').text).not.toContain(
      'Motivo',
    );
  });

  it('never fails on a kind or params it does not know', () => {
    expect(renderNotification('SOMETHING_NEW', {}, 'de').title).toBe('Mitteilung');
    expect(renderNotification('OFFER_SOLD_OUT', null, 'en').title).toBe('Offer sold out');
  });
});

describe('a notification in a rolled-back transaction', () => {
  it('does not exist', async () => {
    const before = totalOf(await list(alice));
    await expect(
      server.db.transaction(async (tx) => {
        await notify(tx, [inputOf(alice.id, 'OFFER_SOLD_OUT', 7)]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(totalOf(await list(alice))).toBe(before);
    const rows = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.id), eq(notifications.recordId, 7)));
    expect(rows).toEqual([]);
  });
});
