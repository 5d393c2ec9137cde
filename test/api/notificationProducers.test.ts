import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../domain/event';
import type { UserRecord } from '../../domain/user';
import { auditLog, establishments, events, eventTypes, promoterGroups, users } from '../../server/db/schema';
import {
  createUser,
  DEMO_EMAILS,
  latestMailTo,
  linkIn,
  orderedIds,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  tokenOf,
  userRow,
  type TestServer,
} from './harness';
import {
  failingCommitsOf,
  lastNotificationId,
  notificationsSince,
  recipientsOf,
  type StoredNotification,
} from './notificationRows';

/**
 * Where notifications come from (docs/notification-causes.md), beside the offers' spots
 * (notificationProducers.offers.test.ts): an event of a promoter group published at a venue, a password changed
 * or reset, an access link mailed, an account's role or scope changed by someone else. For each: the right
 * recipients get exactly one with the right params and link, nobody else gets one (the other demo accounts
 * stand for the other venue and group), the one who acted is not told of their own change where that applies,
 * and a change rolled back leaves none.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
/** Demo account ids by email. */
const ids: Record<string, number> = {};
const venue = { first: 0, second: 0, firstGroup: 0, firstGroupName: '', firstName: '', secondName: '' };
let eventTypeId = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const email of DEMO_EMAILS) {
    tokens[email] = (await signIn(server.app, email)).accessToken;
    ids[email] = (await userRow(server.db, email)).id;
  }
  const admin = await userRow(server.db, 'admin@demo.ch');
  const admin2 = await userRow(server.db, 'admin2@demo.ch');
  const promoter = await userRow(server.db, 'promoter@demo.ch');
  venue.first = admin.establishmentId!;
  venue.second = admin2.establishmentId!;
  venue.firstGroup = promoter.promoterGroupId!;
  const nameOf = async (id: number) =>
    (await server.db.select({ name: establishments.name }).from(establishments).where(eq(establishments.id, id)))[0]
      .name;
  venue.firstName = await nameOf(venue.first);
  venue.secondName = await nameOf(venue.second);
  [{ name: venue.firstGroupName }] = await server.db
    .select({ name: promoterGroups.name })
    .from(promoterGroups)
    .where(eq(promoterGroups.id, venue.firstGroup));
  [eventTypeId] = await orderedIds(server.db, eventTypes.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const callWith = (token: string, method: Method, url: string, payload?: object) =>
  server.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const call = (email: string, method: Method, url: string, payload?: object) =>
  callWith(tokens[email], method, url, payload);

const since = (mark: number, kind?: Parameters<typeof notificationsSince>[2]) =>
  notificationsSince(server.db, mark, kind);
const mark = () => lastNotificationId(server.db);
const idsOf = (...emails: string[]) => emails.map((email) => ids[email]).sort((a, b) => a - b);

// ---- events ------------------------------------------------------------------------------------------

/** The first venue's staff who receive EVENT_PUBLISHED_AT_VENUE (ADMIN, COORDINATOR, COORDINATOR_ADMIN_LIMITED). */
const FIRST_VENUE_STAFF = ['admin@demo.ch', 'coordinator@demo.ch', 'coordinator-limited@demo.ch'];

const eventBody = (changes: { promoterGroupId?: number | null; establishmentId?: number; [key: string]: unknown }) => {
  const { promoterGroupId = venue.firstGroup, establishmentId = venue.first, ...rest } = changes;
  return {
    generalInfos: {
      establishmentId,
      promoterGroupId,
      eventType: { id: eventTypeId },
      eventTitle: `Night ${randomUUID().slice(0, 8)}`,
      ageMin: 18,
    },
    dateAndCalendar: { startDate: '2026-12-12', startTime: '22:00', endTime: '04:00' },
    ...rest,
  };
};

async function createEvent(email: string, changes: Parameters<typeof eventBody>[0]): Promise<Event> {
  const response = await call(email, 'POST', '/events', eventBody(changes));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const putEvent = (email: string, record: Event, changes: (record: Event) => object) =>
  call(email, 'PUT', `/events/${record.id}`, changes(record));

function expectPublishedNotices(rows: StoredNotification[], event: Event, recipients: number[]) {
  expect(recipientsOf(rows)).toEqual(recipients);
  for (const row of rows) {
    expect(row).toMatchObject({
      kind: 'EVENT_PUBLISHED_AT_VENUE',
      resource: 'events',
      recordId: event.id,
      params: { title: event.generalInfos.eventTitle, promoterGroupName: venue.firstGroupName },
    });
  }
}

describe('EVENT_PUBLISHED_AT_VENUE', () => {
  it('a promoter group’s event created published tells the venue’s other staff, not its author nor anyone else', async () => {
    const before = await mark();
    const event = await createEvent('admin@demo.ch', { visibility: 'PUBLISHED' });
    const rows = await since(before);
    expectPublishedNotices(rows, event, idsOf('coordinator@demo.ch', 'coordinator-limited@demo.ch'));
  });

  it('the venue’s own event (no promoter group) and a draft tell nobody', async () => {
    const before = await mark();
    await createEvent('admin@demo.ch', { visibility: 'PUBLISHED', promoterGroupId: null });
    await createEvent('admin@demo.ch', { visibility: 'DRAFT' });
    await createEvent('admin@demo.ch', { saveAction: 'createDraft' });
    expect(await since(before)).toEqual([]);
  });

  it('publishing a draft tells once; saving it again published does not; unpublished and published again tells again', async () => {
    const draft = await createEvent('coordinator@demo.ch', { visibility: 'DRAFT' });
    const before = await mark();
    const published = await putEvent('coordinator@demo.ch', draft, (record) => ({
      ...record,
      saveAction: 'publish',
    }));
    expect(published.statusCode, published.body).toBe(200);
    expectPublishedNotices(await since(before), draft, idsOf('admin@demo.ch', 'coordinator-limited@demo.ch'));

    const afterFirst = await mark();
    const record = published.json<Event>();
    const edited = await putEvent('admin@demo.ch', record, (current) => ({
      ...current,
      generalInfos: { ...current.generalInfos, ageMin: 21 },
    }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await since(afterFirst)).toEqual([]);

    const unpublished = await putEvent('admin@demo.ch', edited.json<Event>(), (current) => ({
      ...current,
      visibility: 'DRAFT',
    }));
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const republished = await putEvent('admin@demo.ch', unpublished.json<Event>(), (current) => ({
      ...current,
      visibility: 'PUBLISHED',
    }));
    expect(republished.statusCode, republished.body).toBe(200);
    expectPublishedNotices(await since(afterFirst), draft, idsOf('coordinator@demo.ch', 'coordinator-limited@demo.ch'));
  });

  it('a bulk publish by ROOT tells the whole venue staff once per event; the second venue hears nothing', async () => {
    const drafts = [
      await createEvent('admin@demo.ch', { visibility: 'DRAFT' }),
      await createEvent('admin@demo.ch', { visibility: 'DRAFT' }),
    ];
    const venueOwn = await createEvent('admin@demo.ch', { visibility: 'DRAFT', promoterGroupId: null });
    const before = await mark();
    const response = await call('root@demo.ch', 'POST', '/events/visibility', {
      ids: [...drafts.map((event) => event.id), venueOwn.id],
      visibility: 'PUBLISHED',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ results: { ok: boolean }[] }>().results.every((result) => result.ok)).toBe(true);
    const rows = await since(before);
    expect(rows).toHaveLength(2 * FIRST_VENUE_STAFF.length);
    for (const event of drafts) {
      expectPublishedNotices(
        rows.filter((row) => row.recordId === event.id),
        event,
        idsOf(...FIRST_VENUE_STAFF),
      );
    }
    // Publishing them again changes nothing, so tells nothing.
    const afterBulk = await mark();
    const again = await call('root@demo.ch', 'POST', '/events/visibility', {
      ids: drafts.map((event) => event.id),
      visibility: 'PUBLISHED',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await since(afterBulk)).toEqual([]);
  });

  it('parallel bulk publishes of one draft tell each member of the staff once', async () => {
    const draft = await createEvent('admin@demo.ch', { visibility: 'DRAFT' });
    const before = await mark();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(index % 2 === 0 ? 'root@demo.ch' : 'coordinator-full@demo.ch', 'POST', '/events/visibility', {
          ids: [draft.id],
          visibility: 'PUBLISHED',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expectPublishedNotices(await since(before), draft, idsOf(...FIRST_VENUE_STAFF));
  });

  it('publishing a series while splitting it (THIS_AND_NEXT) tells of the series once, not of its new tail', async () => {
    const draft = await createEvent('admin@demo.ch', {
      visibility: 'DRAFT',
      dateAndCalendar: {
        startDate: '2026-12-05',
        endDate: null,
        startTime: '22:00',
        endTime: '04:00',
        recurrencePattern: 'WEEKLY',
        recurrenceDaysOfWeek: ['SATURDAY'],
        recurrenceEndType: 'AFTER_OCCURRENCES',
        maxOccurrences: 4,
        recurrenceEndDate: null,
      },
    });
    const before = await mark();
    const split = await putEvent('admin@demo.ch', draft, (record) => ({
      ...record,
      visibility: 'PUBLISHED',
      dateAndCalendar: { ...record.dateAndCalendar, startTime: '23:00', updateScope: 'THIS_AND_NEXT_OCCURRENCES' },
      originalStartsAt: '2026-12-12T21:00:00Z',
    }));
    expect(split.statusCode, split.body).toBe(200);
    const tails = await server.db.select({ id: events.id }).from(events).where(eq(events.parentEventId, draft.id));
    expect(tails).toHaveLength(1);
    expectPublishedNotices(await since(before), draft, idsOf('coordinator@demo.ch', 'coordinator-limited@demo.ch'));
  });

  it('the venue approving a promoter’s request tells nobody of a publication; ROOT approving one tells the venue', async () => {
    const request = async () =>
      createEvent('promoter@demo.ch', { saveAction: 'requestEvent', promoterGroupId: undefined });
    const byVenue = await request();
    const before = await mark();
    const approved = await call('admin@demo.ch', 'POST', `/events/${byVenue.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await since(before, 'EVENT_PUBLISHED_AT_VENUE')).toEqual([]);

    const byRoot = await request();
    const beforeRoot = await mark();
    const approvedByRoot = await call('root@demo.ch', 'POST', `/events/${byRoot.id}/approve`, {});
    expect(approvedByRoot.statusCode, approvedByRoot.body).toBe(200);
    expectPublishedNotices(await since(beforeRoot, 'EVENT_PUBLISHED_AT_VENUE'), byRoot, idsOf(...FIRST_VENUE_STAFF));
  });

  it('a publication refused after its write (moved out of the writer’s venue: 403) leaves no notification', async () => {
    const draft = await createEvent('admin@demo.ch', { visibility: 'DRAFT' });
    const before = await mark();
    const moved = await putEvent('admin@demo.ch', draft, (record) => ({
      ...record,
      visibility: 'PUBLISHED',
      generalInfos: { ...record.generalInfos, establishmentId: venue.second },
    }));
    expect(moved.statusCode, moved.body).toBe(403);
    expect(await since(before)).toEqual([]);
  });

  it('a publication whose transaction fails at its commit leaves the event a draft and no notification', async () => {
    const draft = await createEvent('admin@demo.ch', { visibility: 'DRAFT' });
    const before = await mark();
    const restore = await failingCommitsOf(server.db, 'EVENT_PUBLISHED_AT_VENUE');
    try {
      const response = await putEvent('admin@demo.ch', draft, (record) => ({ ...record, visibility: 'PUBLISHED' }));
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await since(before)).toEqual([]);
    const stored = await call('admin@demo.ch', 'GET', `/events/${draft.id}`);
    expect(stored.json<Event>()).toMatchObject({ visibility: 'DRAFT', version: draft.version });
  });
});

// ---- passwords ---------------------------------------------------------------------------------------

function expectOwnNotice(rows: StoredNotification[], userId: number, kind: string, params: object) {
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ userId, kind, resource: 'users', recordId: userId, params });
}

const post = (url: string, payload: object, token?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('PASSWORD_CHANGED', () => {
  it('a change in Settings tells the user alone (CHANGED)', async () => {
    const user = await createUser(server.db);
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    const before = await mark();
    const changed = await post(
      '/auth/update-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Another-Password-2026' },
      accessToken,
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expectOwnNotice(await since(before), user.id, 'PASSWORD_CHANGED', { how: 'CHANGED' });
  });

  it('a wrong current password changes nothing and tells nothing', async () => {
    const user = await createUser(server.db);
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    const before = await mark();
    const refused = await post(
      '/auth/update-password',
      { currentPassword: 'not-the-password', newPassword: 'Another-Password-2026' },
      accessToken,
    );
    expect(refused.statusCode).toBe(400);
    expect(await since(before)).toEqual([]);
  });

  it('a reset through the mailed link tells the user (RESET)', async () => {
    const user = await createUser(server.db);
    expect((await post('/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const mail = await latestMailTo(server, user.email, 'resetPassword');
    const before = await mark();
    const reset = await post('/auth/reset-password', {
      resetPasswordToken: tokenOf(linkIn(mail.textBody)),
      password: 'Reset-Password-2026',
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expectOwnNotice(await since(before), user.id, 'PASSWORD_CHANGED', { how: 'RESET' });
  });

  it('a change whose transaction fails at its commit keeps the old password and leaves no notification', async () => {
    const user = await createUser(server.db);
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    const before = await mark();
    const restore = await failingCommitsOf(server.db, 'PASSWORD_CHANGED');
    try {
      const response = await post(
        '/auth/update-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'Lost-Password-2026' },
        accessToken,
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await since(before)).toEqual([]);
    await signIn(server.app, user.email, TEST_PASSWORD); // throws unless the old password still signs in
  });
});

// ---- access links ------------------------------------------------------------------------------------

describe('ACCESS_LINK_SENT and a first password set through the link', () => {
  it('ROOT mailing a link tells its recipient alone; the password set with it is a RESET', async () => {
    const user = await createUser(server.db, { password: null });
    const before = await mark();
    const sent = await call('root@demo.ch', 'POST', `/users/${user.id}/send-access-link`);
    expect(sent.statusCode, sent.body).toBe(202);
    expectOwnNotice(await since(before), user.id, 'ACCESS_LINK_SENT', {});

    const mail = await latestMailTo(server, user.email, 'accessLink');
    const signedIn = await post('/auth/access-link', { authId: user.authId, token: tokenOf(linkIn(mail.textBody)) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const afterLink = await mark();
    const set = await post(
      '/auth/update-password',
      { newPassword: 'First-Password-2026' },
      signedIn.json<{ accessToken: string }>().accessToken,
    );
    expect(set.statusCode, set.body).toBe(204);
    expectOwnNotice(await since(afterLink), user.id, 'PASSWORD_CHANGED', { how: 'RESET' });
  });

  it('a disabled user gets no link and no notification', async () => {
    const user = await createUser(server.db, { isActive: false });
    const before = await mark();
    expect((await call('root@demo.ch', 'POST', `/users/${user.id}/send-access-link`)).statusCode).toBe(409);
    expect(await since(before)).toEqual([]);
  });

  it('a notification that cannot commit takes the audit row with it', async () => {
    const user = await createUser(server.db);
    const before = await mark();
    const restore = await failingCommitsOf(server.db, 'ACCESS_LINK_SENT');
    try {
      expect((await call('root@demo.ch', 'POST', `/users/${user.id}/send-access-link`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await since(before)).toEqual([]);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resource, 'users'),
          eq(auditLog.recordId, String(user.id)),
          eq(auditLog.action, 'SEND_ACCESS_LINK'),
        ),
      );
    expect(audit).toEqual([]);
  });
});

// ---- account access ----------------------------------------------------------------------------------

describe('ACCOUNT_ACCESS_CHANGED', () => {
  /** A coordinator of the first venue, made by ROOT through /users. */
  async function coordinator(): Promise<UserRecord> {
    const suffix = randomUUID().slice(0, 8);
    const [role] = await server.db
      .select({ id: users.roleId })
      .from(users)
      .where(eq(users.id, ids['coordinator@demo.ch']));
    const response = await call('root@demo.ch', 'POST', '/users', {
      firstName: 'Nora',
      lastName: `Access ${suffix}`,
      username: `access-${suffix}`,
      email: `access-${suffix}@example.ch`,
      roleId: role.id,
      establishmentId: venue.first,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UserRecord>();
  }
  const roleIdOf = async (email: string) =>
    (await server.db.select({ id: users.roleId }).from(users).where(eq(users.id, ids[email])))[0].id;
  const putUser = (email: string, record: UserRecord, changes: Partial<UserRecord>) =>
    call(email, 'PUT', `/users/${record.id}`, { ...record, ...changes });

  it('ROOT moving a user to another venue tells that user alone, with the new role and scope', async () => {
    const user = await coordinator();
    const before = await mark();
    const moved = await putUser('root@demo.ch', user, { establishmentId: venue.second });
    expect(moved.statusCode, moved.body).toBe(200);
    expectOwnNotice(await since(before), user.id, 'ACCOUNT_ACCESS_CHANGED', {
      roleKey: 'COORDINATOR',
      establishmentName: venue.secondName,
      promoterGroupName: null,
    });
  });

  it('a new role tells the user; the scope field the new role does not use is gone', async () => {
    const user = await coordinator();
    const before = await mark();
    const promoted = await putUser('root@demo.ch', user, {
      roleId: await roleIdOf('promoter@demo.ch'),
      establishmentId: null,
      promoterGroupId: venue.firstGroup,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expectOwnNotice(await since(before), user.id, 'ACCOUNT_ACCESS_CHANGED', {
      roleKey: 'PROMOTER',
      establishmentName: null,
      promoterGroupName: venue.firstGroupName,
    });
  });

  it('other fields, and one’s own profile, tell nothing', async () => {
    const user = await coordinator();
    const before = await mark();
    const renamed = await putUser('root@demo.ch', user, { firstName: 'Renamed', phoneNumber: '+41 44 555 00 00' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rootRecord = (await call('root@demo.ch', 'GET', `/users/${ids['root@demo.ch']}`)).json<UserRecord>();
    const own = await putUser('root@demo.ch', rootRecord, { lastName: `${rootRecord.lastName}` });
    expect(own.statusCode, own.body).toBe(200);
    expect(await since(before)).toEqual([]);
  });

  it('a stale version (409) or a failing commit leaves the user as it was and no notification', async () => {
    const user = await coordinator();
    const before = await mark();
    const stale = await putUser(
      'root@demo.ch',
      { ...user, version: user.version + 1 },
      {
        establishmentId: venue.second,
      },
    );
    expect(stale.statusCode).toBe(409);
    const restore = await failingCommitsOf(server.db, 'ACCOUNT_ACCESS_CHANGED');
    try {
      expect((await putUser('root@demo.ch', user, { establishmentId: venue.second })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await since(before)).toEqual([]);
    const stored = (await call('root@demo.ch', 'GET', `/users/${user.id}`)).json<UserRecord>();
    expect(stored).toMatchObject({ establishmentId: venue.first, version: user.version });
  });

  it('ROOT deleting a promoter group tells its promoters, with their role and no group', async () => {
    const [group] = await server.db
      .insert(promoterGroups)
      .values({ name: `Parting ${randomUUID().slice(0, 8)}` })
      .returning({ id: promoterGroups.id });
    const user = await coordinator();
    const promoted = await putUser('root@demo.ch', user, {
      roleId: await roleIdOf('promoter@demo.ch'),
      establishmentId: null,
      promoterGroupId: group.id,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const before = await mark();
    const deleted = await call('root@demo.ch', 'DELETE', `/promoters/${group.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectOwnNotice(await since(before), user.id, 'ACCOUNT_ACCESS_CHANGED', {
      roleKey: 'PROMOTER',
      establishmentName: null,
      promoterGroupName: null,
    });
  });

  it('ROOT deleting a venue tells each of its staff that they lost it', async () => {
    const [created] = await server.db
      .insert(establishments)
      .values({ name: `Closing ${randomUUID().slice(0, 8)}` })
      .returning({ id: establishments.id });
    const staff = await coordinator();
    const moved = await putUser('root@demo.ch', staff, { establishmentId: created.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await mark();
    const deleted = await call('root@demo.ch', 'DELETE', `/establishments/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectOwnNotice(await since(before), staff.id, 'ACCOUNT_ACCESS_CHANGED', {
      roleKey: 'COORDINATOR',
      establishmentName: null,
      promoterGroupName: null,
    });
  });
});
