import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { idSchema } from '../../domain/records';
import { roleRecordSchema } from '../../domain/user';
import { ApiError, parseInput } from '../errors';
import { loadRoles } from '../services/roles';
import { listQueryParser, setContentRange } from './shared/listQuery';
import { idParamsSchema } from './shared/resource';

/**
 * `/roles` (read-only, every signed-in user): the seven roles as `{id, key}`, so that forms pick a
 * `roleId` through a react-admin reference. Always in the order of domain/roles.ts ROLE_KEYS (ROOT first):
 * `sort` is accepted on `id` and `key`, as react-admin's reference inputs send it, but the order is the
 * table's. `filter` takes `id` (getMany) and `q` (part of the key).
 */

const filterSchema = z
  .strictObject({
    id: z.union([idSchema, z.array(idSchema).max(100)]).optional(),
    q: z.string().trim().max(100).optional(),
  })
  .default({});

const parseRoleQuery = listQueryParser({
  sortable: ['id', 'key'],
  defaultSort: { field: 'id', order: 'ASC' },
  filter: filterSchema,
});

const SCHEMAS = {
  list: {
    tags: ['roles'],
    summary: 'List the roles (always in the order ROOT first)',
    querystring: parseRoleQuery.schema,
    response: { 200: z.array(roleRecordSchema) },
    paginated: true,
  },
  one: { tags: ['roles'], summary: 'One role', params: idParamsSchema, response: { 200: roleRecordSchema } },
} as const;

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const authenticated = { preHandler: app.authenticate };

  app.get('/roles', { ...authenticated, schema: SCHEMAS.list }, async (request, reply) => {
    const query = parseRoleQuery(request.query);
    const { id, q } = query.filter;
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const search = q?.toLowerCase().replace(/[\s-]+/g, '_');
    const matching = (await loadRoles(app.db)).filter(
      (role) => (!ids || ids.includes(role.id)) && (!search || role.key.toLowerCase().includes(search)),
    );
    const page = matching.slice(query.offset, query.offset + query.limit);
    setContentRange(reply, 'roles', query.offset, page.length, matching.length);
    return page;
  });

  app.get('/roles/:id', { ...authenticated, schema: SCHEMAS.one }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const role = (await loadRoles(app.db)).find((candidate) => candidate.id === id);
    if (!role) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
    return role;
  });
}
