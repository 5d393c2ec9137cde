import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditChanges } from '../../../domain/audit';
import { AUDIT_ACTIONS } from '../../../domain/enums';
import { users } from './auth';
import { checkOneOf, trigramIndex } from './columns';

export type { AuditChanges } from '../../../domain/audit';

/**
 * Who changed what, when. `actor_email` keeps the author readable after the user is deleted;
 * `record_id` is text so that any resource's key fits.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_record_idx').on(table.resource, table.recordId),
    index('audit_log_actor_idx').on(table.actorUserId, table.at),
    index('audit_log_action_idx').on(table.action, table.at),
    trigramIndex('audit_log_actor_email_trgm_idx', table.actorEmail),
    trigramIndex('audit_log_record_id_trgm_idx', table.recordId),
    checkOneOf('audit_log_action_check', table.action, AUDIT_ACTIONS),
  ],
);
