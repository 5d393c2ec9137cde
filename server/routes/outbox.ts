import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../db/schema';
import { ApiError, parseInput } from '../errors';
import { notFoundBody } from '../errors';
import { escapeLike, listQueryParser, setContentRange } from './shared/listQuery';
import { idParamsSchema, requirePermission, viewerOf } from './shared/resource';

/**
 * The Mail outbox (ROOT only, never registered in production): every mail the product recorded, so a
 * reset or access link can be followed on a machine without a mail server.
 */

const SORTABLE = ['id', 'createdAt', 'to', 'subject', 'template', 'language', 'status'] as const;

const filterSchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    to: z.string().trim().max(320).optional(),
    template: z.string().max(100).optional(),
    userId: z.number().int().optional(),
    id: z.union([z.number().int(), z.array(z.number().int()).max(1000)]).optional(),
  })
  .default({});

const parseOutboxQuery = listQueryParser({
  sortable: SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: filterSchema,
});

const tags = ['outbox'];
const SCHEMAS = {
  list: {
    tags,
    summary: 'List the recorded mails (ROOT, outside production only)',
    querystring: parseOutboxQuery.schema,
    paginated: true,
    errorStatuses: [403],
  },
  one: {
    tags,
    summary: 'One recorded mail with its text and HTML (ROOT, outside production only)',
    params: idParamsSchema,
    errorStatuses: [403],
  },
} as const;

const sortColumns = {
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

function whereOf(filter: z.output<typeof filterSchema>): SQL | undefined {
  const ids = filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
  const search = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  return and(
    ids ? (ids.length > 0 ? inArray(mailOutbox.id, ids) : eq(mailOutbox.id, -1)) : undefined,
    filter.to ? ilike(mailOutbox.toAddress, `%${escapeLike(filter.to)}%`) : undefined,
    filter.template ? eq(mailOutbox.template, filter.template) : undefined,
    filter.userId !== undefined ? eq(mailOutbox.userId, filter.userId) : undefined,
    search ? or(ilike(mailOutbox.subject, search), ilike(mailOutbox.toAddress, search)) : undefined,
  );
}

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  // Who reads the outbox is the permission table's decision (MAIL_OUTBOX read: ROOT), as for every resource.
  const mayRead = async (request: FastifyRequest) => requirePermission(viewerOf(request), 'MAIL_OUTBOX', 'read');
  const rootOnly = { preHandler: [app.authenticate, mayRead] };

  app.get('/', { ...rootOnly, schema: SCHEMAS.list }, async (request, reply) => {
    const query = parseOutboxQuery(request.query);
    const where = whereOf(query.filter);
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const [rows, [{ total }]] = await Promise.all([
      app.db
        .select(summaryColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(direction(sortColumns[query.sort.field]), direction(mailOutbox.id))
        .offset(query.offset)
        .limit(query.limit),
      app.db.select({ total: count() }).from(mailOutbox).where(where),
    ]);
    setContentRange(reply, 'outbox', query.offset, rows.length, total);
    return rows;
  });

  app.get('/:id', { ...rootOnly, schema: SCHEMAS.one }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const [row] = await app.db
      .select({ ...summaryColumns, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    if (!row) throw new ApiError(404, notFoundBody().message);
    return row;
  });
}
