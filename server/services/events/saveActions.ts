import { scopeKindsOf } from '../../db/scope';
import type { Viewer } from '../../../domain/access';
import type { Visibility } from '../../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { EVENT_PROBLEMS, SAVE_ACTION_OUTCOMES, type Event, type EventInput } from '../../../domain/event';
import { ApiError } from '../../errors';
import type { EventApproval } from './writes';

/**
 * The save actions on the server: SAVE_ACTION_OUTCOMES of domain/event.ts applied to one write
 * (README "Decisions", docs/server.md "Events"). A promoter's writes are always requests for its own group;
 * everybody else picks a save action allowed on that call, or none (the input's `visibility` decides).
 */

export type EventOperation = 'create' | 'update';

/**
 * A promoter writes as a promoter: its scope is its group and nothing wider (a user holding a venue or
 * platform role besides writes as that role).
 */
export const writesAsPromoter = (viewer: Viewer): boolean => {
  const kinds = scopeKindsOf(viewer);
  return kinds.includes('promoterGroup') && !kinds.includes('all') && !kinds.includes('establishment');
};

export interface SaveOutcome {
  visibility: Visibility;
  /** The approval columns to write; undefined keeps them (update) or leaves them null (create). */
  approval?: EventApproval;
}

const invalid = (field: string, problem: string) =>
  new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { [field]: problem });

/**
 * A request (again): PENDING, asked by this user, any earlier decision forgotten. A request made now, or
 * submitted again after a decision, is asked now; a change of one still pending keeps its time, so it keeps
 * its place in the venue's queue (docs/asks.md).
 */
const requestApproval = (viewer: Viewer, current: Event | null): EventApproval => ({
  approvalStatus: 'PENDING',
  approvalReason: null,
  requestedByUserId: viewer.userId,
  ...(isPendingRequest(current) ? {} : { approvalRequestedAt: new Date() }),
  reviewedByUserId: null,
  reviewedAt: null,
});

const isPendingRequest = (current: Event | null): boolean => current?.generalInfos.approvalStatus === 'PENDING';

/**
 * Whether this write makes a request wait for the venue: a new request, or one submitted again after a
 * decision (a change of a request still pending does not: the venue was told already).
 */
export const entersRequest = (outcome: SaveOutcome, current: Event | null): boolean =>
  outcome.approval?.approvalStatus === 'PENDING' && !isPendingRequest(current);

/**
 * A promoter changes its requests only (PENDING or REJECTED): an APPROVED event, or the venue's own event
 * that names the promoter's group (no approval status: never requested), is the venue's to change. 403.
 */
export function requirePromotersRequest(current: Event): void {
  const status = current.generalInfos.approvalStatus;
  if (status === 'PENDING' || status === 'REJECTED') return;
  const problem = status === 'APPROVED' ? EVENT_PROBLEMS.approvedIsVenues : EVENT_PROBLEMS.venuesOwnEvent;
  throw new ApiError(403, problem, { 'generalInfos.approvalStatus': problem });
}

function promoterOutcome(
  operation: EventOperation,
  viewer: Viewer,
  input: EventInput,
  current: Event | null,
): SaveOutcome {
  if (input.saveAction !== undefined && input.saveAction !== 'requestEvent')
    throw invalid('saveAction', EVENT_PROBLEMS.promoterMustRequest);
  if (operation === 'update' && current) requirePromotersRequest(current);
  if (input.generalInfos.establishmentId === null)
    throw invalid('generalInfos.establishmentId', EVENT_PROBLEMS.requestNeedsEstablishment);
  return { visibility: SAVE_ACTION_OUTCOMES.requestEvent.visibility, approval: requestApproval(viewer, current) };
}

/**
 * The visibility and approval a write stores, or the refusal: 400 on `saveAction` for an action not allowed
 * on this call (or any but `requestEvent` from a promoter), 400 on the establishment for a request without
 * one, 403 for a promoter changing anything but its request (requirePromotersRequest), 400 on `visibility` for
 * the venue publishing a request it has not approved.
 */
export function saveOutcomeOf(
  operation: EventOperation,
  viewer: Viewer,
  input: EventInput,
  current: Event | null,
): SaveOutcome {
  if (writesAsPromoter(viewer)) return promoterOutcome(operation, viewer, input, current);
  const outcome = venueOutcome(operation, viewer, input, current);
  if (outcome.visibility === 'PUBLISHED' && outcome.approval === undefined && isUndecidedRequest(current)) {
    throw invalid('visibility', EVENT_PROBLEMS.approveToPublish);
  }
  return outcome;
}

/** A promoter's request the venue has not approved: only approving it publishes it (POST /events/:id/approve). */
const isUndecidedRequest = (current: Event | null): boolean =>
  current?.generalInfos.approvalStatus === 'PENDING' || current?.generalInfos.approvalStatus === 'REJECTED';

function venueOutcome(
  operation: EventOperation,
  viewer: Viewer,
  input: EventInput,
  current: Event | null,
): SaveOutcome {
  if (input.saveAction === undefined) return { visibility: input.visibility };
  const outcome = SAVE_ACTION_OUTCOMES[input.saveAction];
  if (!(outcome.on as readonly EventOperation[]).includes(operation))
    throw invalid('saveAction', EVENT_PROBLEMS.saveActionNotHere);
  if (outcome.approvalStatus === 'PENDING')
    return { visibility: outcome.visibility, approval: requestApproval(viewer, current) };
  if (outcome.approvalStatus === null) return { visibility: outcome.visibility, approval: { approvalStatus: null } };
  return { visibility: outcome.visibility };
}
