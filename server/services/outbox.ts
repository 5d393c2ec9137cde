import { and, asc, desc, eq, getTableName, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../db/conditions';
import type { Queryable } from '../db/queryable';
import { pageWithTotal } from '../db/pages';
import { mailOutbox } from '../db/schema/auth';

/** The mail outbox as ROOT reads it (server/routes/outbox.ts): pages of mails and one mail with its bodies. */

export interface OutboxFilter {
  q?: string;
  to?: string;
  template?: string;
  status?: string;
  userId?: number;
  id?: number | number[];
}

export const OUTBOX_SORT_COLUMNS = {
  id: mailOutbox.id,
  createdAt: mailOutbox.createdAt,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  language: mailOutbox.language,
  status: mailOutbox.status,
} as const;

const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  language: mailOutbox.language,
  transport: mailOutbox.transport,
  status: mailOutbox.status,
  error: mailOutbox.error,
  userId: mailOutbox.userId,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

function whereOf(filter: OutboxFilter): SQL | undefined {
  const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
  const search = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  return and(
    ids ? (ids.length > 0 ? inArray(mailOutbox.id, ids) : eq(mailOutbox.id, -1)) : undefined,
    filter.to ? ilike(mailOutbox.toAddress, `%${escapeLike(filter.to)}%`) : undefined,
    filter.template ? eq(mailOutbox.template, filter.template) : undefined,
    filter.status ? eq(mailOutbox.status, filter.status) : undefined,
    filter.userId !== undefined ? eq(mailOutbox.userId, filter.userId) : undefined,
    search ? or(ilike(mailOutbox.subject, search), ilike(mailOutbox.toAddress, search)) : undefined,
  );
}

export interface OutboxPageQuery {
  filter: OutboxFilter;
  sort: { field: keyof typeof OUTBOX_SORT_COLUMNS; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/** One page of mails (without their bodies) and the total the filter matches. */
export async function listOutboxMails(db: Queryable, query: OutboxPageQuery) {
  const where = whereOf(query.filter);
  const direction = query.sort.order === 'ASC' ? asc : desc;
  return pageWithTotal(
    db,
    {
      table: mailOutbox,
      where,
      orderBy: [direction(OUTBOX_SORT_COLUMNS[query.sort.field]), direction(mailOutbox.id)],
      counters: where === undefined ? [getTableName(mailOutbox)] : [],
      offset: query.offset,
      limit: query.limit,
      keepsPlan: where === undefined,
    },
    summaryColumns,
  );
}

/** One mail with its text and HTML bodies and its attachments (name, type, size), or undefined. */
export async function loadOutboxMail(db: Queryable, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      attachments: mailOutbox.attachments,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
}
