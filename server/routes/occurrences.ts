import type { FastifyInstance } from 'fastify';
import { occurrenceFilterSchema } from '../../domain/event';
import { listOccurrences } from '../services/occurrences';
import { listQueryParser, setContentRange } from './shared/listQuery';
import { requirePermission, viewerOf } from './shared/resource';

/**
 * `GET /occurrences` (docs/server.md "Occurrences"): the expanded calendar, read-only. The list
 * parameters are ra-data-simple-rest's (`filter`, `sort`, `range`, answered with `Content-Range`); the
 * filter needs the window (`from`, `to`), sorting is by `startsAt` only. Reading needs EVENT read; the
 * events in the answer are those the viewer may read, as on `/events`.
 */

export const OCCURRENCES_PAGE_SIZE = 100;

/** The contract's filter, refusing unknown keys like every list (a 400 on `filter.<key>`). */
const filterSchema = occurrenceFilterSchema.loose().superRefine((value, context) => {
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(occurrenceFilterSchema.shape, key))
      context.addIssue({ code: 'custom', path: [key], message: `Unknown filter: ${key}` });
  }
});

const occurrenceQueryParser = listQueryParser({
  sortable: ['startsAt'],
  defaultSort: { field: 'startsAt', order: 'ASC' },
  filter: filterSchema,
  defaultPageSize: OCCURRENCES_PAGE_SIZE,
});

type OccurrenceListQuery = ReturnType<typeof parseOccurrenceQuery>;

function parseOccurrenceQuery(query: object) {
  // Without `filter` the window is missing: parsed as `{}`, a 400 on filter.from / filter.to.
  return occurrenceQueryParser({ filter: '{}', ...query });
}

const listSchema = {
  tags: ['occurrences'],
  summary: 'The expanded calendar: the occurrences of the readable events within filter.from and filter.to',
  querystring: occurrenceQueryParser.schema,
  paginated: true,
  errorStatuses: [403],
} as const;

/**
 * Parsed list parameters by their raw text. parseListQuery builds its zod schemas on every call, which costs
 * about a millisecond (zod compiles each new object schema), as much as a third of a ROOT month's own work;
 * a calendar sends the same few windows again and again, from every user. Parsing is a pure function of the
 * text, so this is exact; only successful parses are kept, frozen, and the map is emptied when full.
 */
const parsedQueries = new Map<string, OccurrenceListQuery>();
const PARSED_QUERIES_KEPT = 1_000;

function occurrenceQueryOf(query: Record<string, unknown>): OccurrenceListQuery {
  const { filter, sort, range } = query;
  const isText = (value: unknown) => value === undefined || typeof value === 'string';
  if (!isText(filter) || !isText(sort) || !isText(range)) return parseOccurrenceQuery(query);
  const key = JSON.stringify([filter ?? null, sort ?? null, range ?? null]);
  const known = parsedQueries.get(key);
  if (known) return known;
  const parsed = parseOccurrenceQuery(query);
  Object.freeze(parsed.filter);
  if (parsedQueries.size >= PARSED_QUERIES_KEPT) parsedQueries.clear();
  parsedQueries.set(key, Object.freeze(parsed));
  return parsed;
}

export async function occurrenceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/occurrences', { preHandler: app.authenticate, schema: listSchema }, async (request, reply) => {
    const viewer = viewerOf(request);
    requirePermission(viewer, 'EVENT', 'read');
    const query = occurrenceQueryOf(request.query as Record<string, unknown>);
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
