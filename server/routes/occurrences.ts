import type { FastifyInstance } from 'fastify';
import { occurrenceFilterSchema } from '../../domain/event';
import { listOccurrences } from '../services/occurrences';
import { parseListQuery, setContentRange } from './shared/listQuery';
import { requirePermission, viewerOf } from './shared/resource';

/**
 * `GET /occurrences` (issue 5, docs/server.md "Occurrences"): the expanded calendar, read-only. The list
 * parameters are ra-data-simple-rest's (`filter`, `sort`, `range`, answered with `Content-Range`); the
 * filter needs the window (`from`, `to`), sorting is by `startsAt` only. Reading needs EVENT read; the
 * events in the answer are those the viewer may read, as on `/events`.
 */

export const OCCURRENCES_PAGE_SIZE = 100;

/** The contract's filter, refusing unknown keys like every list (a 400 on `filter.<key>`). */
const filterSchema = occurrenceFilterSchema.loose().superRefine((value, context) => {
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(occurrenceFilterSchema.shape, key)) context.addIssue({ code: 'custom', path: [key], message: `Unknown filter: ${key}` });
  }
});

export async function occurrenceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/occurrences', { preHandler: app.authenticate }, async (request, reply) => {
    const viewer = viewerOf(request);
    requirePermission(viewer, 'EVENT', 'read');
    // Without `filter` the window is missing: parsed as `{}`, a 400 on filter.from / filter.to.
    const query = parseListQuery({ filter: '{}', ...(request.query as object) }, {
      sortable: ['startsAt'],
      defaultSort: { field: 'startsAt', order: 'ASC' },
      filter: filterSchema,
      defaultPageSize: OCCURRENCES_PAGE_SIZE,
    });
    const page = await listOccurrences(app.db, viewer, {
      filter: query.filter,
      order: query.sort.order,
      offset: query.offset,
      limit: query.limit,
    });
    setContentRange(reply, 'occurrences', query.offset, page.items.length, page.total);
    return page.items;
  });
}
