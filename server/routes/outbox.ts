import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAIL_STATUSES } from '../../domain/enums';
import { ApiError, parseInput } from '../errors';
import { notFoundBody } from '../errors';
import { listOutboxMails, loadOutboxMail } from '../services/outbox';
import { listQueryParser, setContentRange } from './shared/listQuery';
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
    status: z.enum(MAIL_STATUSES).optional(),
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

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  // Who reads the outbox is the permission table's decision (MAIL_OUTBOX read: ROOT), as for every resource.
  const mayRead = async (request: FastifyRequest) => requirePermission(viewerOf(request), 'MAIL_OUTBOX', 'read');
  const rootOnly = { preHandler: [app.authenticate, mayRead] };

  app.get('/', { ...rootOnly, schema: SCHEMAS.list }, async (request, reply) => {
    const query = parseOutboxQuery(request.query);
    const { rows, total } = await listOutboxMails(app.db, query);
    setContentRange(reply, 'outbox', query.offset, rows.length, total);
    return rows;
  });

  app.get('/:id', { ...rootOnly, schema: SCHEMAS.one }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const row = await loadOutboxMail(app.db, id);
    if (!row) throw new ApiError(404, notFoundBody().message);
    return row;
  });
}
