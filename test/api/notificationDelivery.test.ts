import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord } from '../../domain/notification';
import { mailOutbox } from '../../server/db/schema';
import { notifications, scheduledJobRuns } from '../../server/db/schema/notifications';
import { renderTemplate } from '../../server/services/mail';
import { LANGUAGES } from '../../domain/languages';
import { notify, type NotificationInput } from '../../server/services/notifications/create';
import {
  claimDigestDay,
  DIGEST_JOB,
  digestDayOf,
  mailDueNotifications,
  runDigestIfDue,
  type DeliveryServer,
} from '../../server/services/notifications/delivery';
import { SseClient } from '../support/sseClient';
import {
  createUser,
  mailsTo,
  signIn,
  startSecondAppOnPostgres,
  startTestServer,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  type TestServer,
} from './harness';

/**
 * Notifications by mail (docs/notifications.md "Delivery"): delivery MAIL mails each once, whichever dispatchers
 * race for it; the daily digest lists each user's unread DIGEST ones in one mail, never an empty one, and takes
 * the day's slot once. With PostgreSQL, two app instances on one database deliver to each other's streams.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let recordIds = 9000;
const input = (
  userId: number,
  kind: 'OFFER_SOLD_OUT' | 'OFFER_NEARLY_SOLD_OUT' = 'OFFER_SOLD_OUT',
): NotificationInput =>
  kind === 'OFFER_SOLD_OUT'
    ? { userId, kind, resource: 'offers', recordId: (recordIds += 1), params: { title: 'Two for one', spots: 20 } }
    : {
        userId,
        kind,
        resource: 'offers',
        recordId: (recordIds += 1),
        params: { title: 'Two for one', spotsLeft: 1, spots: 20 },
      };

const commit = (...inputs: NotificationInput[]) => server.db.transaction((tx) => notify(tx, inputs));

async function promoter(delivery: 'MAIL' | 'DIGEST' | 'IN_APP', language = 'en') {
  const user = await createUser(server.db, { roleKey: 'PROMOTER', language });
  const token = (await signIn(server.app, user.email, TEST_PASSWORD)).accessToken;
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/v1/notification-preferences',
    headers: { authorization: `Bearer ${token}` },
    payload: { deliveries: { OFFER_SOLD_OUT: delivery } },
  });
  expect(response.statusCode).toBe(200);
  return { ...user, token };
}

const delivery = (): DeliveryServer => ({
  db: server.db,
  mailer: server.app.mailer,
  publicUrl: TEST_PUBLIC_URL,
});

describe('the mail templates', () => {
  it('write both mails in each language, escaped, with the record and Settings links', () => {
    const item = { title: 'Offer <b>sold out</b>', text: '“Two & one”', link: `${TEST_PUBLIC_URL}/discount/7` };
    const subjects = LANGUAGES.map((language) => {
      const single = renderTemplate('notification', language, {
        firstName: 'Anna',
        ...item,
        settingsLink: `${TEST_PUBLIC_URL}/settings`,
      });
      expect(single.subject).toBe(item.title);
      expect(single.text).toContain(`${TEST_PUBLIC_URL}/discount/7`);
      expect(single.text).toContain(`${TEST_PUBLIC_URL}/settings`);
      expect(single.html).not.toContain('<b>');
      expect(single.html).toContain(`<html lang="${language}">`);
      const digest = renderTemplate('notificationDigest', language, {
        firstName: 'Anna',
        items: [item, { ...item, link: `${TEST_PUBLIC_URL}/events/3` }],
        link: `${TEST_PUBLIC_URL}/notifications`,
        settingsLink: `${TEST_PUBLIC_URL}/settings`,
      });
      expect(digest.text).toContain(`${TEST_PUBLIC_URL}/events/3`);
      expect(digest.html).not.toContain('<b>');
      if (language === 'de') expect(`${single.text}${digest.text}`).not.toContain('ß');
      return digest.subject;
    });
    expect(new Set(subjects).size).toBe(LANGUAGES.length);
  });
});

describe('delivery MAIL', () => {
  it('mails a notification once, soon after its commit, in the recipient’s language with a link to the record', async () => {
    const user = await promoter('MAIL', 'de');
    const [id] = await commit(input(user.id));
    await expect.poll(async () => (await mailsTo(server.db, user.email, 'notification')).length).toBe(1);
    const [mail] = await mailsTo(server.db, user.email, 'notification');
    expect(mail.subject).toBe('Angebot ausgebucht');
    expect(mail.language).toBe('de');
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, id));
    expect(mail.textBody).toContain(`${TEST_PUBLIC_URL}/discount/${row.recordId}`);
    expect(mail.textBody).toContain(`${TEST_PUBLIC_URL}/settings`);
    expect(mail.textBody).toContain('Einstellungen');
    expect(row.mailedAt).not.toBeNull();
  });

  it('sends exactly one mail per notification even with dispatchers racing for them', async () => {
    const user = await promoter('MAIL');
    const ids = await commit(input(user.id), input(user.id), input(user.id));
    const results = await Promise.all([
      mailDueNotifications(delivery(), user.id),
      mailDueNotifications(delivery()),
      mailDueNotifications(delivery(), user.id),
      mailDueNotifications(delivery()),
    ]);
    await server.app.background.idle();
    const mails = await mailsTo(server.db, user.email, 'notification');
    expect(mails).toHaveLength(3);
    expect(results.reduce((sum, sent) => sum + sent, 0)).toBeLessThanOrEqual(3);
    const rows = await server.db.select().from(notifications).where(inArray(notifications.id, ids));
    for (const row of rows) expect(row.mailedAt).not.toBeNull();
  });

  it('mails nothing for IN_APP and DIGEST deliveries at once', async () => {
    const inApp = await promoter('IN_APP');
    const digest = await promoter('DIGEST');
    await commit(input(inApp.id), input(digest.id));
    await mailDueNotifications(delivery());
    await server.app.background.idle();
    expect(await mailsTo(server.db, inApp.email)).toEqual([]);
    expect(await mailsTo(server.db, digest.email)).toEqual([]);
  });
});

describe('the daily digest', () => {
  const runDigest = async (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/digest',
      headers: { authorization: `Bearer ${token}` },
    });

  it('sends each user one mail listing only their unread, unarchived DIGEST ones; none to those without', async () => {
    const reader = await promoter('DIGEST', 'fr');
    const nobody = await promoter('DIGEST');
    const [first, read, archived, last] = await commit(
      input(reader.id),
      input(reader.id),
      input(reader.id),
      input(reader.id),
    );
    // In-app only: never in a digest.
    const [inApp] = await commit(input(reader.id, 'OFFER_NEARLY_SOLD_OUT'));
    await server.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, read));
    await server.db.update(notifications).set({ archivedAt: new Date() }).where(eq(notifications.id, archived));
    const root = (await signIn(server.app, 'root@demo.ch')).accessToken;

    const response = await runDigest(root);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ mails: number }>().mails).toBeGreaterThanOrEqual(1);
    const [mail, ...others] = await mailsTo(server.db, reader.email, 'notificationDigest');
    expect(others).toEqual([]);
    expect(mail.language).toBe('fr');
    expect(mail.subject).toBe('Votre résumé du jour : 2 notifications non lues');
    const rows = await server.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [first, last]));
    for (const row of rows) expect(mail.textBody).toContain(`/discount/${row.recordId}`);
    const skipped = await server.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [read, archived, inApp]));
    for (const row of skipped) {
      expect(mail.textBody).not.toContain(`/discount/${row.recordId}`);
      expect(row.mailedAt).toBeNull();
    }
    expect(await mailsTo(server.db, nobody.email)).toEqual([]);

    // Listed once: the next digest has nothing for them.
    expect((await runDigest(root)).statusCode).toBe(200);
    expect(await mailsTo(server.db, reader.email, 'notificationDigest')).toHaveLength(1);
  });

  it('is ROOT’s to trigger: 403 for others', async () => {
    const user = await promoter('DIGEST');
    expect((await runDigest(user.token)).statusCode).toBe(403);
    const admin = (await signIn(server.app, 'admin@demo.ch')).accessToken;
    expect((await runDigest(admin)).statusCode).toBe(403);
  });

  it('runs from 07:00 Europe/Zurich, once a day whichever process asks', async () => {
    expect(digestDayOf(new Date('2031-01-15T05:59:00Z'))).toEqual({ day: '2031-01-15', due: false });
    expect(digestDayOf(new Date('2031-01-15T06:00:00Z'))).toEqual({ day: '2031-01-15', due: true });
    // Summer time: 07:00 in Zurich is 05:00 UTC; 23:30 UTC is already the next Zurich day.
    expect(digestDayOf(new Date('2031-07-15T05:00:00Z'))).toEqual({ day: '2031-07-15', due: true });
    expect(digestDayOf(new Date('2031-07-15T23:30:00Z'))).toEqual({ day: '2031-07-16', due: false });

    const user = await promoter('DIGEST');
    await commit(input(user.id));
    expect(await runDigestIfDue(delivery(), new Date('2031-01-15T05:59:00Z'))).toBe(0);
    const slot = await server.db
      .select()
      .from(scheduledJobRuns)
      .where(and(eq(scheduledJobRuns.job, DIGEST_JOB), eq(scheduledJobRuns.runOn, '2031-01-15')));
    expect(slot).toEqual([]);
    const runs = await Promise.all([
      runDigestIfDue(delivery(), new Date('2031-01-15T06:01:00Z')),
      runDigestIfDue(delivery(), new Date('2031-01-15T09:00:00Z')),
    ]);
    expect(runs.filter((mails) => mails > 0)).toHaveLength(1);
    expect(await mailsTo(server.db, user.email, 'notificationDigest')).toHaveLength(1);
    expect(await claimDigestDay(server.db, '2031-01-15')).toBe(false);
    expect(await claimDigestDay(server.db, '2031-01-16')).toBe(true);
    expect(await claimDigestDay(server.db, '2031-01-16')).toBe(false);
  });
});

// ---- two API processes on one PostgreSQL database ---------------------------------------------------------

/** Only with PostgreSQL: PGlite is one process's database. */
const onPostgres = process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [];

describe.each(onPostgres)('two app instances on one %s database', () => {
  let second: Awaited<ReturnType<typeof startSecondAppOnPostgres>>;

  beforeAll(async () => {
    second = await startSecondAppOnPostgres(server);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
  });

  const streamUrl = (app: FastifyInstance) =>
    `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/notifications/stream`;

  it('a notification committed through one reaches a stream connected to the other, within a second', async () => {
    const user = await promoter('IN_APP');
    const token = (await signIn(second.app, user.email, TEST_PASSWORD)).accessToken;
    const onSecond = await SseClient.open(streamUrl(second.app), { authorization: `Bearer ${token}` });
    const onFirst = await SseClient.open(streamUrl(server.app), { authorization: `Bearer ${user.token}` });
    try {
      await onSecond.until(() => onSecond.named('unread').length > 0);
      await onFirst.until(() => onFirst.named('unread').length > 0);
      const started = Date.now();
      const [viaFirst] = await commit(input(user.id));
      await onSecond.until(
        () => onSecond.named<NotificationRecord>('notification').some((event) => event.json.id === viaFirst),
        1000,
      );
      expect(Date.now() - started).toBeLessThan(1000);
      const [viaSecond] = await second.handle.db.transaction((tx) => notify(tx, [input(user.id)]));
      await onFirst.until(
        () => onFirst.named<NotificationRecord>('notification').some((event) => event.json.id === viaSecond),
        1000,
      );
      await onSecond.until(
        () => onSecond.named<NotificationRecord>('notification').some((event) => event.json.id === viaSecond),
        1000,
      );
      const asks = JSON.stringify({ establishmentId: null, promoterGroupId: null, kind: 'TEMPLATE_REQUEST' });
      const root = (await signIn(second.app, 'root@demo.ch')).accessToken;
      const rootStream = await SseClient.open(streamUrl(second.app), { authorization: `Bearer ${root}` });
      try {
        await rootStream.until(() => rootStream.named('unread').length > 0);
        await server.db.execute(sql`select pg_notify('asks_changed', ${asks})`);
        await rootStream.until(() => rootStream.named('asks').length === 1, 1000);
      } finally {
        rootStream.close();
      }
    } finally {
      onSecond.close();
      onFirst.close();
    }
  });

  it('mails a MAIL notification exactly once with both instances dispatching', async () => {
    const user = await promoter('MAIL');
    const ids = await commit(input(user.id), input(user.id));
    await Promise.all([
      server.app.notifications.mailDue(user.id),
      second.app.notifications.mailDue(user.id),
      server.app.notifications.mailDue(),
      second.app.notifications.mailDue(),
    ]);
    await server.app.background.idle();
    await second.app.background.idle();
    const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(ids.length);
  });
});
