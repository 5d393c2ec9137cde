import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { idSchema } from '../../domain/records';
import { userInputSchema, userRecordSchema, type UserInput, type UserRecord } from '../../domain/user';
import { zurichToday } from '../../domain/statistics';
import { users } from '../db/schema/auth';
import { applyPartnerPaidState } from '../services/billing/paidState';
import { ApiError, parseInput } from '../errors';
import {
  USER_DISABLED,
  authorizeUserWrite,
  insertUser,
  loadUsers,
  removeUser,
  recordAccessLinkSent,
  updateUser,
  type SessionRevoker,
} from '../services/users';
import {
  auditActorOf,
  defineFilter,
  idParamsSchema,
  registerResource,
  requireInScope,
  requirePermission,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/users`: the User record plus `language`, `isActive` and `version`, through the
 * generic resource API. ROOT manages users; ADMIN, PROMOTER, CUSTOMER and COORDINATOR_ADMIN_FULL read the
 * users of their scope (domain/access.ts). A user belongs to its establishment, its promoter group and
 * itself. The reads, writes and their rules live in server/services/users/; disabling or deleting a user ends their
 * sessions in the same transaction, so their access tokens stop working at once.
 */

export function userResource(sessions: SessionRevoker, publicUrl: string): ResourceDefinition<UserRecord, UserInput> {
  return {
    name: 'users',
    permission: 'USER',
    table: users,
    id: users.id,
    sortable: {
      id: users.id,
      lastName: sql`lower(${users.lastName})`,
      firstName: sql`lower(${users.firstName})`,
      username: sql`lower(${users.username})`,
      // Case-insensitive, as names are, and in the order of the addresses' unique index.
      email: sql`lower(${users.email})`,
      roleId: users.roleId,
      hasPaidSubscription: users.hasPaidSubscription,
      isActive: users.isActive,
      createdAt: users.createdAt,
    },
    defaultSort: { field: 'lastName', order: 'ASC' },
    filters: {
      roleId: defineFilter(idSchema, (roleId) => eq(users.roleId, roleId)),
      establishmentId: defineFilter(idSchema, (establishmentId) => eq(users.establishmentId, establishmentId)),
      promoterGroupId: defineFilter(idSchema, (promoterGroupId) => eq(users.promoterGroupId, promoterGroupId)),
      hasPaidSubscription: defineFilter(z.boolean(), (paid) => eq(users.hasPaidSubscription, paid)),
      isActive: defineFilter(z.boolean(), (active) => eq(users.isActive, active)),
    },
    search: [users.firstName, users.lastName, users.username, users.email, users.phoneNumber],
    scope: {
      establishment: users.establishmentId,
      promoterGroup: users.promoterGroupId,
      userId: users.id,
      fields: ['establishmentId', 'promoterGroupId'],
    },
    load: loadUsers,
    recordSchema: userRecordSchema,
    write: {
      input: userInputSchema,
      version: users.version,
      updatedAt: users.updatedAt,
      authorizeWrite: ({ viewer, input, current, tx }) => authorizeUserWrite(tx, viewer, input, current ?? undefined),
      // No password: the person signs in through an access link (POST /users/:id/send-access-link).
      // A user of a partner that has a subscription carries the partner's paid state (docs/billing.md), whatever
      // the input says: created, moved into the partner, or written again.
      insert: async (tx, input) => {
        const id = await insertUser(tx, input);
        await applyPartnerPaidState(tx, id, zurichToday(), publicUrl);
        return id;
      },
      update: async (tx, id, input, { current, viewer }) => {
        await updateUser(tx, sessions, id, input, current, viewer.userId);
        await applyPartnerPaidState(tx, id, zurichToday(), publicUrl);
      },
      remove: (tx, id) => removeUser(tx, sessions, id),
      uniqueFields: { users_email_lower_unique: 'email', users_username_lower_unique: 'username' },
      foreignKeyFields: {
        users_role_id_roles_id_fk: 'roleId',
        users_establishment_id_establishments_id_fk: 'establishmentId',
        users_promoter_group_id_promoter_groups_id_fk: 'promoterGroupId',
      },
    },
  };
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const resource = userResource(app.authService.sessions, app.config.publicUrl);
  registerResource(app, resource);

  /**
   * Mails the user a single-use access link (onboarding, or a user who lost access): 202. Needs USER update
   * and the user in the caller's write scope; a disabled user is a 409. The audit log keeps who sent it to
   * which address (action SEND_ACCESS_LINK), as it keeps every other change to a user: the link grants
   * access. The row and the user's ACCESS_LINK_SENT notification are written once the mail is, in a
   * transaction of their own (the mail may go through SMTP, which no transaction should wait for).
   */
  const sendAccessLinkSchema = {
    tags: [resource.name],
    summary: 'Mail the user a single-use access link',
    params: idParamsSchema,
    response: { 202: z.undefined().describe('The link is mailed') },
    errorStatuses: [403, 409],
  } as const;
  app.post(
    '/users/:id/send-access-link',
    { preHandler: app.authenticate, schema: sendAccessLinkSchema },
    async (request, reply) => {
      const viewer = viewerOf(request);
      requirePermission(viewer, resource.permission, 'update');
      const { id } = parseInput(idParamsSchema, request.params);
      await requireInScope(app.db, resource, viewer, id, 'write');
      const [recipient] = await resource.load(app.db, [id]);
      // Gone since the scope check (deleted meanwhile): as unknown as any other id.
      if (!recipient) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
      if (!(await app.authService.sendAccessLink(id))) throw new ApiError(409, USER_DISABLED);
      await recordAccessLinkSent(app.db, { actor: auditActorOf(request), userId: id, email: recipient.email });
      return reply.code(202).send();
    },
  );
}
