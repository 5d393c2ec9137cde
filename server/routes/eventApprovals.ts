import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { approvalDecisionSchema, rejectionSchema, type Event } from '../../domain/event';
import { recordVersionSchema } from '../../domain/records';
import { parseInput } from '../errors';
import { decideRequest, type Decision } from '../services/events/approvals';
import { eventsAsAnswered } from './events';
import { auditActorOf, idParamsSchema, requirePermission, viewerOf } from './shared/resource';

/**
 * `POST /events/:id/approve` and `POST /events/:id/reject` (docs/server.md "Event requests"): the venue's
 * decision on a promoter's request. Who decides: whoever may update events (EVENT update) and whose scope
 * reaches the event's establishment, i.e. that venue's staff, or a role that sees everything. A promoter
 * may update its requests but never decide on them: 403. An event outside the caller's read scope: 404.
 */

/** `version` is optional: given and stale, the decision is refused (someone changed the request meanwhile). */
const decisionBodySchemas = {
  approve: approvalDecisionSchema.extend({ version: recordVersionSchema.optional() }),
  reject: rejectionSchema.extend({ version: recordVersionSchema.optional() }),
} as const satisfies Record<Decision, z.ZodType<{ reason: string | null; version?: number }>>;

async function decide(app: FastifyInstance, request: FastifyRequest, decision: Decision): Promise<Event> {
  const viewer = viewerOf(request);
  requirePermission(viewer, 'EVENT', 'update');
  const { id } = parseInput(idParamsSchema, request.params);
  const body = parseInput(decisionBodySchemas[decision], request.body);

  const decided = await decideRequest(app.db, {
    id,
    decision,
    viewer,
    actor: auditActorOf(request),
    reason: body.reason,
    version: body.version,
  });
  // The decider is a party to the request, but the type label is still in their language.
  const [shown] = await eventsAsAnswered(app.db, [decided], request);
  return shown;
}

const decisionSchemaOf = (decision: Decision, summary: string) =>
  ({
    tags: ['events'],
    summary,
    params: idParamsSchema,
    body: decisionBodySchemas[decision],
    errorStatuses: [403, 409],
  }) as const;

export async function eventApprovalRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/events/:id/approve',
    {
      preHandler: app.authenticate,
      schema: decisionSchemaOf('approve', "Approve a promoter's request; answers the event"),
    },
    (request) => decide(app, request, 'approve'),
  );
  app.post(
    '/events/:id/reject',
    {
      preHandler: app.authenticate,
      schema: decisionSchemaOf('reject', "Reject a promoter's request with a reason; answers the event"),
    },
    (request) => decide(app, request, 'reject'),
  );
}
