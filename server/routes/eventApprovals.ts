import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isInScope, type Viewer } from '../../domain/access';
import type { ApprovalStatus, Visibility } from '../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import {
  APPROVAL_OUTCOMES,
  approvalDecisionSchema,
  EVENT_PROBLEMS,
  rejectionSchema,
  type Event,
} from '../../domain/event';
import { recordVersionSchema } from '../../domain/records';
import { events } from '../db/schema';
import { authOf } from '../plugins/authenticate';
import { ApiError, parseInput } from '../errors';
import { recordAudit } from '../services/audit';
import { notifyRequestDecided } from '../services/eventRequests';
import { loadEvent } from '../services/events/record';
import { eventsAsAnswered } from './events';
import {
  forbidden,
  idParamsSchema,
  requirePermission,
  scopeCondition,
  viewerOf,
  type Queryable,
} from './shared/resource';

/**
 * `POST /events/:id/approve` and `POST /events/:id/reject` (docs/server.md "Event requests"): the venue's
 * decision on a promoter's request. Who decides: whoever may update events (EVENT update) and whose scope
 * reaches the event's establishment, i.e. that venue's staff, or a role that sees everything. A promoter
 * may update its requests but never decide on them: 403. An event outside the caller's read scope: 404.
 */

type Decision = keyof typeof APPROVAL_OUTCOMES;

/** `version` is optional: given and stale, the decision is refused (someone changed the request meanwhile). */
const decisionBodySchemas = {
  approve: approvalDecisionSchema.extend({ version: recordVersionSchema.optional() }),
  reject: rejectionSchema.extend({ version: recordVersionSchema.optional() }),
} as const satisfies Record<Decision, z.ZodType<{ reason: string | null; version?: number }>>;

/** How an event belongs to a scope, as the events resource maps it. */
const EVENT_SCOPE = {
  establishment: events.establishmentId,
  promoterGroup: events.promoterGroupId,
  visibility: events.visibility,
};

/** The request as the decision changes it: the audit row's before and after, in the record's field paths. */
interface DecisionState {
  generalInfos: { approvalStatus: ApprovalStatus | null; approvalReason: string | null };
  visibility: Visibility;
}

const conflict = (message: string) => new ApiError(409, message);

/** The event as its decider may see it, locked for the decision; 404 outside the caller's read scope. */
async function lockVisibleEvent(tx: Queryable, viewer: Viewer, id: number) {
  const [row] = await tx
    .select({
      id: events.id,
      establishmentId: events.establishmentId,
      approvalStatus: events.approvalStatus,
      approvalReason: events.approvalReason,
      visibility: events.visibility,
      version: events.version,
    })
    .from(events)
    .where(and(eq(events.id, id), scopeCondition(viewer, 'EVENT', EVENT_SCOPE, 'read')))
    .for('update');
  if (!row) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  return row;
}

/** Only the venue's own side decides: the establishment scope (or `all`), never the promoter group's. */
function requireDecider(viewer: Viewer, establishmentId: number | null): void {
  const venue = { establishmentIds: establishmentId === null ? [] : [establishmentId] };
  if (!isInScope(viewer, 'EVENT', venue, 'write')) throw forbidden();
}

function requireUndecided(status: string | null): void {
  if (status === null) throw conflict(EVENT_PROBLEMS.notARequest);
  if (status !== 'PENDING') throw conflict(EVENT_PROBLEMS.alreadyDecided);
}

async function decide(app: FastifyInstance, request: FastifyRequest, decision: Decision): Promise<Event> {
  const viewer = viewerOf(request);
  requirePermission(viewer, 'EVENT', 'update');
  const { id } = parseInput(idParamsSchema, request.params);
  const body = parseInput(decisionBodySchemas[decision], request.body);
  const outcome = APPROVAL_OUTCOMES[decision];
  const { email } = authOf(request);

  const decided = await app.db.transaction(async (tx) => {
    const current = await lockVisibleEvent(tx, viewer, id);
    requireDecider(viewer, current.establishmentId);
    if (body.version !== undefined && body.version !== current.version)
      throw conflict(RESOURCE_ERROR_CODES.editConflict);
    requireUndecided(current.approvalStatus);
    const now = new Date();
    await tx
      .update(events)
      .set({
        approvalStatus: outcome.approvalStatus,
        visibility: outcome.visibility,
        approvalReason: body.reason,
        reviewedByUserId: viewer.userId,
        reviewedAt: now,
        version: sql`${events.version} + 1`,
        updatedAt: now,
      })
      .where(eq(events.id, id));
    const before: DecisionState = {
      generalInfos: {
        approvalStatus: current.approvalStatus as ApprovalStatus,
        approvalReason: current.approvalReason,
      },
      visibility: current.visibility as Visibility,
    };
    const after: DecisionState = {
      generalInfos: { approvalStatus: outcome.approvalStatus, approvalReason: body.reason },
      visibility: outcome.visibility,
    };
    await recordAudit(tx, {
      actor: { userId: viewer.userId, email },
      resource: 'events',
      recordId: id,
      action: 'UPDATE',
      before,
      after,
    });
    // The whole record, as GET /events/:id answers it, read inside the transaction that wrote it.
    return (await loadEvent(tx, id))!;
  });

  notifyRequestDecided(app, { eventId: id, decision });
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
