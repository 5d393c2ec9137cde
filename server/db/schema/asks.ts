import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ASK_KINDS, ASK_STATUSES } from '../../../domain/ask';
import { users } from './auth';
import { checkOneOf, trigramIndex } from './columns';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Asks (domain/ask.ts, docs/asks.md): one row per request, kept by the database. Triggers on `events` (a
 * promoter's request: `approval_status` set) and `offer_templates` (a partner's request: `requested_by_user_id`
 * set when made) write it in the statement that changes the record (migration 0015), so it can never disagree
 * with it; deleting the record deletes its ask. A change of an ask NOTIFYs channel `asks_changed` at commit.
 *
 * `queue_key` orders the default sort (`pendingFirst`) through one index: pending asks by their request time
 * (oldest first), then decided ones by their decision time (newest first), set by the triggers
 * (`asks_queue_key()`).
 */
export const asks = pgTable(
  'asks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The record asked for: an event or an offer template, by `kind`. No foreign key: the triggers keep it. */
    recordId: integer('record_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: instant('requested_at').notNull(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: instant('decided_at'),
    establishmentId: integer('establishment_id'),
    promoterGroupId: integer('promoter_group_id'),
    title: text('title').notNull(),
    queueKey: bigint('queue_key', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('asks_kind_record_unique').on(table.kind, table.recordId),
    index('asks_queue_idx').on(table.queueKey, table.id),
    index('asks_status_idx').on(table.status, table.queueKey, table.id),
    index('asks_kind_idx').on(table.kind, table.queueKey, table.id),
    index('asks_establishment_idx').on(table.establishmentId, table.queueKey, table.id),
    index('asks_establishment_pending_idx')
      .on(table.establishmentId, table.queueKey, table.id)
      .where(sql`${table.status} = 'PENDING'`),
    index('asks_promoter_group_idx').on(table.promoterGroupId, table.queueKey, table.id),
    index('asks_requested_by_idx').on(table.requestedByUserId, table.queueKey, table.id),
    index('asks_requested_at_idx').on(table.requestedAt, table.id),
    index('asks_decided_at_idx').on(table.decidedAt, table.id),
    trigramIndex('asks_title_trgm_idx', table.title),
    checkOneOf('asks_kind_check', table.kind, ASK_KINDS),
    checkOneOf('asks_status_check', table.status, ASK_STATUSES),
  ],
);
