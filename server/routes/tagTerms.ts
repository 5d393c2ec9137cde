import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { idSchema } from '../../domain/records';
import {
  TAG_TERM_ERROR_CODES,
  tagAssignmentReplySchema,
  tagAssignmentSchema,
  tagMergeReplySchema,
  tagTermFilterSchema,
  tagTermSchema,
  type TagAssignmentReply,
  type TagMergeReply,
  type TagTerm,
} from '../../domain/tagTerms';
import { ApiError, parseInput } from '../errors';
import type { Queryable } from '../db/queryable';
import { databaseErrorAnswer, postgresErrorOf } from '../plugins/databaseErrors';
import {
  changeTagAssignment,
  loadTagTerms,
  mergeTags,
  TAG_TERM_SORTS,
  tagTermPage,
  type TagTermListFilter,
} from '../services/tagTerms';
import { listQueryParser, setContentRange } from './shared/listQuery';
import { auditActorOf, idParamsSchema, idTextSchema, requirePermission, viewerOf } from './shared/resource';

/**
 * `/tag-terms` (docs/tag-terms.md, ARCHITECTURE.md §9 "tag terms"): how every tag is used, read-only, and the
 * tag actions beside `/tags`: `POST /tags/:id/merge-into/:targetId`, `POST /tags/:id/assign` and `/unassign`
 * `{resource, ids}`. TAG_TERMS read guards the GETs, TAG_TERMS update the actions (ROOT and
 * COORDINATOR_ADMIN_FULL: domain/access.ts). Counts are of all records, whatever their visibility or owner.
 * Reading and writing live in server/services/tagTerms/.
 */

const NAME = 'tag-terms';
const PERMISSION = 'TAG_TERMS';
const MAX_IDS = 1000;

/** The contract's filters, `id` (getMany) beside them; any other key is a 400 on `filter.<key>`. */
const filterShape = {
  ...tagTermFilterSchema.shape,
  id: z.union([idSchema, z.array(idSchema).max(MAX_IDS)]).optional(),
};
const filterSchema = z
  .looseObject(filterShape)
  .superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(filterShape, key))
        context.addIssue({ code: 'custom', path: [key], message: `Unknown filter: ${key}` });
    }
  })
  .default({});

const parseListQuery = listQueryParser({
  sortable: TAG_TERM_SORTS,
  defaultSort: { field: 'tagName', order: 'ASC' },
  filter: filterSchema,
});

const mergeParamsSchema = z.object({ id: idTextSchema, targetId: idTextSchema });
/** The actions take no body but an empty one (a key given is a 400 on it, never ignored). */
const emptyBodySchema = z.strictObject({}).default({});

const tags = [NAME];
const schemas = {
  list: {
    tags,
    summary: 'How every tag is used: the counts of records carrying it and its missing translations',
    querystring: parseListQuery.schema,
    response: { 200: z.array(tagTermSchema) },
    paginated: true,
    errorStatuses: [403],
  },
  one: {
    tags,
    summary: "One tag's term",
    params: idParamsSchema,
    response: { 200: tagTermSchema },
    errorStatuses: [403],
  },
  merge: {
    tags,
    summary:
      'Merge tag :id into :targetId in one transaction (every link moves, missing translations are taken, :id is deleted); 400 MERGE_INTO_ITSELF',
    params: mergeParamsSchema,
    body: emptyBodySchema,
    response: { 200: tagMergeReplySchema },
    errorStatuses: [403],
  },
  assign: {
    tags,
    summary: 'Put the tag on these records (those carrying it already are left); answers how many changed',
    params: idParamsSchema,
    body: tagAssignmentSchema,
    response: { 200: tagAssignmentReplySchema },
    errorStatuses: [403],
  },
  unassign: {
    tags,
    summary: 'Take the tag off these records (those not carrying it are left); answers how many changed',
    params: idParamsSchema,
    body: tagAssignmentSchema,
    response: { 200: tagAssignmentReplySchema },
    errorStatuses: [403],
  },
} as const;

/**
 * A merge that finds a record it must lock being written again (LOCK_NOT_AVAILABLE, services/tagTerms
 * `mergeTags`) runs again from the start, as does a deadlock victim (none is known, but PostgreSQL may abort one
 * side of a lock cycle with a write elsewhere).
 */
const ATTEMPTS = 5;
const RETRIED_CODES = new Set(['40P01', '55P03']);

/** One transaction for the whole action, run again when told to (RETRIED_CODES); constraint violations are 4xx. */
async function inTransaction<Result>(app: FastifyInstance, work: (tx: Queryable) => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await app.db.transaction((tx) => work(tx));
    } catch (error) {
      if (RETRIED_CODES.has(postgresErrorOf(error)?.code ?? '') && attempt < ATTEMPTS) continue;
      const answer = error instanceof ApiError ? undefined : databaseErrorAnswer(error, 'update', {});
      throw answer ? new ApiError(answer.statusCode, answer.body.message, answer.body.errors) : error;
    }
  }
}

async function listTagTerms(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  requirePermission(viewerOf(request), PERMISSION, 'read');
  const query = parseListQuery(request.query);
  const { ids, total } = await tagTermPage(app.db, {
    filter: query.filter as TagTermListFilter,
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
  });
  const byId = new Map((await loadTagTerms(app.db, ids)).map((term) => [term.id, term]));
  const terms = ids.flatMap((id) => byId.get(id) ?? []);
  setContentRange(reply, NAME, query.offset, terms.length, total);
  return terms;
}

async function merge(app: FastifyInstance, request: FastifyRequest): Promise<TagMergeReply> {
  requirePermission(viewerOf(request), PERMISSION, 'update');
  const { id, targetId } = parseInput(mergeParamsSchema, request.params);
  parseInput(emptyBodySchema, request.body);
  if (id === targetId) {
    throw new ApiError(400, TAG_TERM_ERROR_CODES.mergeIntoItself, { targetId: TAG_TERM_ERROR_CODES.mergeIntoItself });
  }
  const actor = auditActorOf(request);
  return inTransaction(app, (tx) => mergeTags(tx, { sourceId: id, targetId, actor }));
}

async function changeAssignment(
  app: FastifyInstance,
  request: FastifyRequest,
  assign: boolean,
): Promise<TagAssignmentReply> {
  requirePermission(viewerOf(request), PERMISSION, 'update');
  const { id } = parseInput(idParamsSchema, request.params);
  const { resource, ids } = parseInput(tagAssignmentSchema, request.body);
  const actor = auditActorOf(request);
  return inTransaction(app, (tx) => changeTagAssignment(tx, { tagId: id, resource, ids, assign, actor }));
}

export async function tagTermRoutes(app: FastifyInstance): Promise<void> {
  const authenticated = { preHandler: app.authenticate };
  app.get(`/${NAME}`, { ...authenticated, schema: schemas.list }, (request, reply) =>
    listTagTerms(app, request, reply),
  );
  app.get(`/${NAME}/:id`, { ...authenticated, schema: schemas.one }, async (request): Promise<TagTerm> => {
    requirePermission(viewerOf(request), PERMISSION, 'read');
    const { id } = parseInput(idParamsSchema, request.params);
    const [term] = await loadTagTerms(app.db, [id]);
    if (!term) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
    return term;
  });
  app.post('/tags/:id/merge-into/:targetId', { ...authenticated, schema: schemas.merge }, (request) =>
    merge(app, request),
  );
  app.post('/tags/:id/assign', { ...authenticated, schema: schemas.assign }, (request) =>
    changeAssignment(app, request, true),
  );
  app.post('/tags/:id/unassign', { ...authenticated, schema: schemas.unassign }, (request) =>
    changeAssignment(app, request, false),
  );
}
