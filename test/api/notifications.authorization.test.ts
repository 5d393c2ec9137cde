import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDeliveryOf, notificationKindsOf, type NotificationRecord } from '../../domain/notification';
import { notifications } from '../../server/db/schema/notifications';
import { notify } from '../../server/services/notifications/create';
import { viewerOf } from './authorizationMatrix';
import { DEMO_EMAILS, jsonParam, signIn, startTestServer, totalOf, type TestServer } from './harness';

/**
 * The generated authorisation tests of the notifications API, for every demo account: notifications are one's
 * own records, outside the permission table (docs/notifications.md "Access"), so whatever the role — ROOT
 * included — an account lists, reads and changes its own and never another's (404 on reading one, silently
 * ignored in changes); it may choose the delivery of exactly the kinds its role receives; only ROOT runs the
 * digest. test/api/authorizationMatrix.ts holds the permission-table resources.
 */

let server: TestServer;
const tokens = new Map<string, string>();
/** Each account's notifications, made for this file. */
const owned = new Map<string, number[]>();
const userIds = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) {
    tokens.set(email, (await signIn(server.app, email)).accessToken);
    const { userId } = await viewerOf(server.db, email);
    userIds.set(email, userId);
    const ids = await server.db.transaction((tx) =>
      notify(tx, [
        { userId, kind: 'ACCESS_LINK_SENT', resource: 'users', recordId: userId, params: {} },
        { userId, kind: 'PASSWORD_CHANGED', resource: 'users', recordId: userId, params: { how: 'CHANGED' } },
      ]),
    );
    owned.set(email, ids);
  }
});
afterAll(() => server.close());

const call = (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { authorization: `Bearer ${tokens.get(email)}` },
  });

const idsOf = (response: LightMyRequestResponse) =>
  response
    .json<NotificationRecord[]>()
    .map((record) => record.id)
    .sort((a, b) => a - b);

const allIds = () => [...owned.values()].flat();
const othersIds = (email: string) => [...owned].filter(([other]) => other !== email).flatMap(([, ids]) => ids);

/** The stored state of every account's notifications but `email`'s, to compare before and after. */
const othersState = async (email: string) =>
  server.db
    .select({ id: notifications.id, readAt: notifications.readAt, archivedAt: notifications.archivedAt })
    .from(notifications)
    .where(inArray(notifications.id, othersIds(email)))
    .orderBy(notifications.id);

describe.each(DEMO_EMAILS)('%s', (email) => {
  it('lists exactly its own notifications, with their total; getMany of everybody’s answers its own', async () => {
    const own = owned.get(email) ?? [];
    const listed = await call(
      email,
      'GET',
      `/notifications?range=${jsonParam([0, 999])}&filter=${jsonParam({ archived: false })}`,
    );
    expect(listed.statusCode).toBe(200);
    const stored = await server.db
      .select({ id: notifications.id, userId: notifications.userId, archivedAt: notifications.archivedAt })
      .from(notifications);
    const expected = stored
      .filter((row) => row.userId === userIds.get(email) && row.archivedAt === null)
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(idsOf(listed)).toEqual(expected);
    expect(totalOf(listed)).toBe(expected.length);
    const many = await call(email, 'GET', `/notifications?filter=${jsonParam({ id: allIds() })}`);
    expect(idsOf(many)).toEqual(own);
  });

  it('reads its own one by one; another account’s does not exist (404)', async () => {
    for (const id of owned.get(email) ?? [])
      expect((await call(email, 'GET', `/notifications/${id}`)).statusCode).toBe(200);
    for (const id of othersIds(email)) expect((await call(email, 'GET', `/notifications/${id}`)).statusCode).toBe(404);
  });

  it('changes only its own (read, unread, archive, unarchive, read-all); others’ stay as they were', async () => {
    const own = owned.get(email) ?? [];
    const before = await othersState(email);
    for (const change of ['read', 'unread', 'archive', 'unarchive']) {
      const response = await call(email, 'POST', `/notifications/${change}`, { ids: allIds() });
      expect(response.statusCode, change).toBe(200);
      expect(
        response.json<{ ids: number[] }>().ids.every((id) => own.includes(id)),
        change,
      ).toBe(true);
    }
    expect((await call(email, 'POST', '/notifications/read-all')).statusCode).toBe(200);
    expect(await othersState(email)).toEqual(before);
  });

  it('chooses the delivery of exactly the kinds its role receives', async () => {
    const { roleKey } = await viewerOf(server.db, email);
    const kinds = notificationKindsOf(roleKey);
    const response = await call(email, 'GET', '/notification-preferences');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().defaults).sort()).toEqual([...kinds].sort());
    const [kind] = kinds;
    const changed = await call(email, 'PUT', '/notification-preferences', {
      deliveries: { [kind]: defaultDeliveryOf(roleKey, kind) === 'MAIL' ? 'IN_APP' : 'MAIL' },
    });
    expect(changed.statusCode).toBe(200);
    const refused = await call(email, 'PUT', '/notification-preferences', {
      deliveries: Object.fromEntries(
        ['ASK_AWAITING', 'EVENT_REQUEST_APPROVED', 'OFFER_SOLD_OUT']
          .filter((candidate) => !(kinds as string[]).includes(candidate))
          .map((candidate) => [candidate, 'MAIL']),
      ),
    });
    // Every role lacks one of these three kinds.
    expect(refused.statusCode).toBe(400);
  });

  it('may open the live stream (a ticket) and, as ROOT only, run the digest', async () => {
    expect((await call(email, 'POST', '/notifications/stream-ticket')).statusCode).toBe(200);
    const { roleKey } = await viewerOf(server.db, email);
    expect((await call(email, 'POST', '/notifications/digest')).statusCode).toBe(roleKey === 'ROOT' ? 200 : 403);
  });
});
