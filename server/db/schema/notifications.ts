import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_MAIL_MODES,
  NOTIFICATION_RESOURCES,
} from '../../../domain/notification';
import { users } from './auth';
import { checkOneOf } from './columns';

/**
 * A user's notifications (domain/notification.ts). Written in the transaction of the change that causes them;
 * a statement trigger (migration 0014) notifies channel `notifications` with each recipient's id at commit.
 * `mail_mode` is the delivery chosen when it was created; `mailed_at` marks it mailed (at once, or in a digest),
 * so exactly one API process sends each mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    resource: text('resource'),
    recordId: integer('record_id'),
    params: jsonb('params').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    mailMode: text('mail_mode').notNull().default('NONE'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    index('notifications_user_unread_idx')
      .on(table.userId, table.id)
      .where(sql`${table.readAt} IS NULL AND ${table.archivedAt} IS NULL`),
    index('notifications_mail_due_idx')
      .on(table.mailMode, table.userId, table.id)
      .where(sql`${table.mailMode} <> 'NONE' AND ${table.mailedAt} IS NULL`),
    checkOneOf('notifications_kind_check', table.kind, NOTIFICATION_KINDS),
    checkOneOf('notifications_resource_check', table.resource, NOTIFICATION_RESOURCES),
    checkOneOf('notifications_mail_mode_check', table.mailMode, NOTIFICATION_MAIL_MODES),
  ],
);

/** A user's own choice of delivery for one kind; a kind without a row follows the role's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    delivery: text('delivery').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    checkOneOf('notification_preferences_kind_check', table.kind, NOTIFICATION_KINDS),
    checkOneOf('notification_preferences_delivery_check', table.delivery, NOTIFICATION_DELIVERIES),
  ],
);

/**
 * Runs of the daily jobs (the notification digest): one row per job and Europe/Zurich day, inserted by the
 * process that runs it, so several API processes on one database run each day's job once.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: text('job').notNull(),
    runOn: date('run_on').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.runOn] })],
);
