import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../domain/languages';
import { NOTIFICATION_DIGEST, type NotificationResource } from '../../../domain/notification';
import { notificationPathOf } from '../../../domain/notificationApi';
import type { Queryable } from '../../db/queryable';
import { users } from '../../db/schema/auth';
import { notifications, scheduledJobRuns } from '../../db/schema/notifications';
import type { LinkMailer } from '../auth';
import { renderNotification } from './texts';

/**
 * Notifications by mail (docs/notifications.md "Delivery"), after the commit that made them:
 *
 * - delivery MAIL (`mail_mode` NOW): a dispatcher claims the due ones with one
 *   `UPDATE … SET mailed_at = now() WHERE … mail_mode = 'NOW' AND mailed_at IS NULL RETURNING …`, so of several
 *   API processes that race for a row exactly one gets it and mails it. It runs when the `notifications`
 *   channel names a user (any process's commit) and every minute for the ones missed (a process that stopped).
 *   A process that dies between the claim and the mail loses that mail: at most once, never twice.
 * - delivery DIGEST: once a day from 07:00 Europe/Zurich, the process that inserts the day's row in
 *   `scheduled_job_runs` (job `notification-digest`) sends each user one mail listing their unread,
 *   unarchived DIGEST notifications not yet mailed, and marks them mailed. Nobody gets an empty digest.
 */

export const DIGEST_JOB = 'notification-digest';

/** The most NOW notifications one claim takes; the next run takes the rest. */
const CLAIM_BATCH = 200;

export interface DeliveryServer {
  db: Queryable;
  mailer: LinkMailer;
  publicUrl: string;
}

interface ClaimedRow {
  id: number;
  userId: number;
  kind: string;
  resource: string | null;
  recordId: number | null;
  params: unknown;
}

const claimedColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  resource: notifications.resource,
  recordId: notifications.recordId,
  params: notifications.params,
};

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  language: Language;
}

async function recipientsOf(db: Queryable, userIds: readonly number[]): Promise<Map<number, Recipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.isActive, true)));
  return new Map(
    rows.map((row) => [
      row.id,
      { ...row, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE } satisfies Recipient,
    ]),
  );
}

const linkOf = (server: DeliveryServer, row: ClaimedRow, readerId: number) =>
  `${server.publicUrl}${notificationPathOf(row.resource as NotificationResource | null, row.recordId, readerId)}`;

/**
 * Claims the NOW notifications not yet mailed (of one user, or of everybody) and mails each; answers how
 * many mails it sent. Safe to run in any number of processes at once.
 */
export async function mailDueNotifications(server: DeliveryServer, userId?: number): Promise<number> {
  const due = and(
    eq(notifications.mailMode, 'NOW'),
    isNull(notifications.mailedAt),
    userId === undefined ? undefined : eq(notifications.userId, userId),
  );
  const batch = server.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(due)
    .orderBy(asc(notifications.id))
    .limit(CLAIM_BATCH);
  const claimed: ClaimedRow[] = await server.db
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(and(inArray(notifications.id, batch), due))
    .returning(claimedColumns);
  if (claimed.length === 0) return 0;
  claimed.sort((left, right) => left.id - right.id);
  const recipients = await recipientsOf(
    server.db,
    claimed.map((row) => row.userId),
  );
  let sent = 0;
  for (const row of claimed) {
    const recipient = recipients.get(row.userId);
    if (!recipient) continue;
    const { title, text } = renderNotification(row.kind, row.params, recipient.language);
    await server.mailer.send({
      to: recipient.email,
      userId: recipient.id,
      language: recipient.language,
      template: 'notification',
      params: {
        firstName: recipient.firstName,
        title,
        text,
        link: linkOf(server, row, recipient.id),
        settingsLink: `${server.publicUrl}/settings`,
      },
    });
    sent += 1;
  }
  // A full batch may have left more behind.
  if (claimed.length === CLAIM_BATCH) sent += await mailDueNotifications(server, userId);
  return sent;
}

/**
 * The digest: claims every unread, unarchived DIGEST notification not yet mailed and sends each user one mail
 * listing theirs, oldest first; answers how many mails it sent. Read ones stay out (and unmailed).
 */
export async function sendDigests(server: DeliveryServer): Promise<number> {
  const claimed: ClaimedRow[] = await server.db
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(
      and(
        eq(notifications.mailMode, 'DIGEST'),
        isNull(notifications.mailedAt),
        isNull(notifications.readAt),
        isNull(notifications.archivedAt),
      ),
    )
    .returning(claimedColumns);
  if (claimed.length === 0) return 0;
  const byUser = new Map<number, ClaimedRow[]>();
  for (const row of claimed) {
    const own = byUser.get(row.userId) ?? [];
    own.push(row);
    byUser.set(row.userId, own);
  }
  const recipients = await recipientsOf(server.db, [...byUser.keys()]);
  let mails = 0;
  for (const [userId, rows] of [...byUser].sort(([left], [right]) => left - right)) {
    const recipient = recipients.get(userId);
    if (!recipient || rows.length === 0) continue;
    rows.sort((left, right) => left.id - right.id);
    await server.mailer.send({
      to: recipient.email,
      userId,
      language: recipient.language,
      template: 'notificationDigest',
      params: {
        firstName: recipient.firstName,
        items: rows.map((row) => ({
          ...renderNotification(row.kind, row.params, recipient.language),
          link: linkOf(server, row, userId),
        })),
        link: `${server.publicUrl}/notifications`,
        settingsLink: `${server.publicUrl}/settings`,
      },
    });
    mails += 1;
  }
  return mails;
}

/** The Europe/Zurich day of an instant, and whether the digest's hour has come on it. */
export function digestDayOf(now: Date): { day: string; due: boolean } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(NOTIFICATION_DIGEST.timeZone);
  return { day: zoned.toPlainDate().toString(), due: zoned.hour >= NOTIFICATION_DIGEST.hour };
}

/**
 * Takes the day's digest slot: true for the one process whose insert made the row (it sends the digest),
 * false for every other (and for a second try the same day).
 */
export async function claimDigestDay(db: Queryable, day: string): Promise<boolean> {
  const rows = await db
    .insert(scheduledJobRuns)
    .values({ job: DIGEST_JOB, runOn: day })
    .onConflictDoNothing()
    .returning({ job: scheduledJobRuns.job });
  return rows.length > 0;
}

/** Runs the day's digest if it is due and no process has run it yet; answers the mails sent (0 otherwise). */
export async function runDigestIfDue(server: DeliveryServer, now: Date): Promise<number> {
  const { day, due } = digestDayOf(now);
  if (!due) return 0;
  if (!(await claimDigestDay(server.db, day))) return 0;
  return sendDigests(server);
}
