import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../domain/notification';
import type { Database } from '../../server/db/client';
import { notifications } from '../../server/db/schema/notifications';

/**
 * Reading the notifications table directly (the API over it is tested elsewhere) for the tests of the causes
 * of each kind (notificationProducers*.test.ts), and forcing a failure at the commit of the transaction that
 * wrote one, to prove that a rolled-back change leaves none.
 */

export interface StoredNotification {
  id: number;
  userId: number;
  kind: string;
  resource: string | null;
  recordId: number | null;
  params: unknown;
}

/** The newest notification's id (0 when none): the mark before a change. */
export async function lastNotificationId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications);
  return Number(row.id);
}

/** The notifications written after `afterId`, of one kind when given, oldest first. */
export async function notificationsSince(
  db: Database,
  afterId: number,
  kind?: NotificationKind,
): Promise<StoredNotification[]> {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      resource: notifications.resource,
      recordId: notifications.recordId,
      params: notifications.params,
    })
    .from(notifications)
    .where(and(gt(notifications.id, afterId), kind === undefined ? undefined : eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
}

/** The recipients of `rows`, ascending (one entry per notification, so a duplicate shows). */
export const recipientsOf = (rows: readonly StoredNotification[]): number[] =>
  rows.map((row) => row.userId).sort((a, b) => a - b);

/**
 * Until the returned function runs, the commit of any transaction that wrote a notification of `kind` fails (a
 * deferred constraint trigger, checked at COMMIT, after everything else the transaction did): the change
 * that caused it is rolled back with it, as any failure after the write would.
 */
export async function failingCommitsOf(db: Database, kind: NotificationKind): Promise<() => Promise<void>> {
  const trigger = `test_failing_commit_${kind.toLowerCase()}`;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_failing_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure at commit'; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE CONSTRAINT TRIGGER ${trigger} AFTER INSERT ON notifications DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.kind = '${kind}') EXECUTE FUNCTION test_failing_commit()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER ${trigger} ON notifications`));
  };
}
