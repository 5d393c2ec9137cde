import { and, eq, sql } from 'drizzle-orm';
import { canDecideRequest, type Viewer } from '../../../domain/access';
import type { ApprovalStatus, Visibility } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { APPROVAL_OUTCOMES, EVENT_PROBLEMS, type Event } from '../../../domain/event';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { events } from '../../db/schema/events';
import { scopeCondition, scopeKindsOf } from '../../db/scope';
import { ApiError } from '../../errors';
import type { AuditActor } from '../audit';
import { noticeEventPublished } from '../notifications/eventPublished';
import { tellRequesterOfDecision } from '../eventRequests';
import { EVENT_SCOPE, loadEvent } from './record';
import { eventAudit } from './save';

/**
 * The venue's decision on a promoter's request (docs/server.md "Event requests"). Who decides: whoever may
 * update events and whose scope reaches the event's establishment, i.e. that venue's staff, or a role that
 * sees everything. A promoter may update its requests but never decide on them: 403. An event outside the
 * caller's read scope: 404.
 */

export type Decision = keyof typeof APPROVAL_OUTCOMES;

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
/** Only the venue's own side decides (domain/access.ts canDecideRequest, which the browser asks too). */
function requireDecider(viewer: Viewer, establishmentId: number | null): void {
  if (!canDecideRequest(viewer, establishmentId)) throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden);
}

/** Whether the viewer is the staff of this establishment (an establishment-scoped role attached to it). */
const isVenueStaffOf = (viewer: Viewer, establishmentId: number | null): boolean =>
  establishmentId !== null &&
  viewer.establishmentId === establishmentId &&
  scopeKindsOf(viewer).includes('establishment');

function requireUndecided(status: string | null): void {
  if (status === null) throw conflict(EVENT_PROBLEMS.notARequest);
  if (status !== 'PENDING') throw conflict(EVENT_PROBLEMS.alreadyDecided);
}

export interface DecisionArguments {
  id: number;
  decision: Decision;
  viewer: Viewer;
  actor: AuditActor;
  reason: string | null;
  /** The version the decider read: given and stale, the decision is refused. */
  version?: number;
}

/** Decides the request in one transaction with its audit row; answers the stored record. */
export async function decideRequest(
  db: Database,
  { id, decision, viewer, actor, reason, version }: DecisionArguments,
): Promise<Event> {
  const outcome = APPROVAL_OUTCOMES[decision];
  return db.transaction(async (tx) => {
    const current = await lockVisibleEvent(tx, viewer, id);
    requireDecider(viewer, current.establishmentId);
    if (version !== undefined && version !== current.version) throw conflict(RESOURCE_ERROR_CODES.editConflict);
    requireUndecided(current.approvalStatus);
    const now = new Date();
    await tx
      .update(events)
      .set({
        approvalStatus: outcome.approvalStatus,
        visibility: outcome.visibility,
        approvalReason: reason,
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
      generalInfos: { approvalStatus: outcome.approvalStatus, approvalReason: reason },
      visibility: outcome.visibility,
    };
    // The requester is told in this transaction: a decision rolled back tells nobody.
    await tellRequesterOfDecision(tx, { eventId: id, by: viewer.userId });
    await eventAudit(tx, { actor, action: 'UPDATE', recordId: id, before, after });
    // The venue's own approval is its decision, which its staff find among the asks: no notice. An approval by
    // someone outside the venue (ROOT, COORDINATOR_ADMIN_FULL) publishes at the venue as a publish would.
    if (outcome.visibility === 'PUBLISHED' && !isVenueStaffOf(viewer, current.establishmentId)) {
      const publishedAtBefore = current.visibility === 'PUBLISHED' ? current.establishmentId : null;
      await noticeEventPublished(tx, { eventId: id, publishedAtBefore, actorUserId: viewer.userId });
    }
    // The whole record, as GET /events/:id answers it, read inside the transaction that wrote it.
    return (await loadEvent(tx, id))!;
  });
}
