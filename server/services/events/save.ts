import { eq } from 'drizzle-orm';
import { updateRowAtVersion, type VersionedRowUpdate } from '../../db/versionedUpdate';
import type { Viewer } from '../../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import type { Event, EventInput } from '../../../domain/event';
import { UNKNOWN_REFERENCE } from '../../../domain/reference';
import type { Queryable } from '../../db/queryable';
import { establishments } from '../../db/schema/establishments';
import { events } from '../../db/schema/events';
import { ApiError } from '../../errors';
import { auditTrail, type AuditActor } from '../audit';
import { noticeEventPublished, type PublishedState } from '../notifications/eventPublished';
import { applyOccurrenceEdit, skipOccurrence, type OccurrenceEditWriters } from './occurrenceEdits';
import { loadEvent } from './record';
import { tellVenueOfRequest } from '../eventRequests';
import {
  entersRequest,
  requirePromotersRequest,
  saveOutcomeOf,
  writesAsPromoter,
  type EventOperation,
  type SaveOutcome,
} from './saveActions';
import { writeEventRow, type EventApproval } from './writes';

/**
 * Saving an event as the `events` resource does (docs/server.md "Events"): the save action decides the
 * visibility and approval (saveActions.ts), a promoter's request is checked, then the series is written
 * whole (writes.ts) or one occurrence is edited (occurrenceEdits.ts). The entry points run inside the
 * generic resource's transaction (`tx`).
 */

const OUT_OF_SCOPE = 'Outside your scope';

/** Derived or bulky fields left out of the audit log. */
export const EVENT_AUDIT_OMIT = [
  'eventId',
  'tagTerms',
  'descriptionAndMedia.mediaListState',
  'dateAndCalendar.totalOccurrencesNumber',
  'dateAndCalendar.sourceEvent',
  'dateAndCalendar.virtualParentEvent',
  'dateAndCalendar.recurrenceTouched',
  'dateAndCalendar.nested',
  'createdAt',
  'updatedAt',
  // What only an occurrence of GET /occurrences carries: constant on the record itself.
  'isVirtual',
  'outOfScheduleEventId',
  'originalStartsAt',
  'originalEndsAt',
  'originalUpdateScope',
  'originalReccurenceTouched',
] as const;

/** The events' audit rows: the generic resource's and those of the actions beside it. */
export const eventAudit = auditTrail('events', EVENT_AUDIT_OMIT);

/** A promoter writes for its own group: left out, it is filled in; another group is a 403 on the field. */
function inputFor(viewer: Viewer, input: EventInput, outcome: SaveOutcome): EventInput {
  const promoterGroupId = writesAsPromoter(viewer)
    ? (input.generalInfos.promoterGroupId ?? viewer.promoterGroupId)
    : input.generalInfos.promoterGroupId;
  return { ...input, visibility: outcome.visibility, generalInfos: { ...input.generalInfos, promoterGroupId } };
}

/** A promoter's request names a PUBLISHED venue and no group but its own. */
async function checkPromoterWrite(tx: Queryable, viewer: Viewer, input: EventInput): Promise<void> {
  const groupId = input.generalInfos.promoterGroupId;
  if (groupId !== null && groupId !== viewer.promoterGroupId) {
    throw new ApiError(403, RESOURCE_ERROR_CODES.forbidden, { 'generalInfos.promoterGroupId': OUT_OF_SCOPE });
  }
  const establishmentId = input.generalInfos.establishmentId;
  if (establishmentId === null) return; // saveOutcomeOf refuses it with its own reason
  const [venue] = await tx
    .select({ visibility: establishments.visibility })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  if (venue?.visibility !== 'PUBLISHED') {
    throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, { 'generalInfos.establishmentId': UNKNOWN_REFERENCE });
  }
}

/** The save action's refusals (400 / 403) and a promoter's checks, before anything is written. */
export async function authorizeEventWrite(
  tx: Queryable,
  operation: EventOperation,
  viewer: Viewer,
  input: EventInput,
  current: Event | null,
): Promise<void> {
  saveOutcomeOf(operation, viewer, input, current);
  if (writesAsPromoter(viewer)) await checkPromoterWrite(tx, viewer, input);
}

/**
 * The writers the occurrence edits call: the whole-series update (the occurrence was the first) and the
 * tail segment of a split, which keeps the series' owner, visibility and approval and has its own audit row.
 */
function occurrenceWriters(viewer: Viewer, actor: AuditActor): OccurrenceEditWriters {
  return {
    updateSeries: async (tx, id, input) => {
      await writeEventRow(tx, { id, input, viewer });
    },
    insertTail: async (tx, { input, series, parentEventId }) => {
      const approval: EventApproval = {
        approvalStatus: series.approvalStatus as EventApproval['approvalStatus'],
        approvalReason: series.approvalReason,
        requestedByUserId: series.requestedByUserId,
        approvalRequestedAt: series.approvalRequestedAt,
        reviewedByUserId: series.reviewedByUserId,
        reviewedAt: series.reviewedAt,
      };
      const tailInput: EventInput = {
        ...input,
        visibility: series.visibility as EventInput['visibility'],
        generalInfos: {
          ...input.generalInfos,
          establishmentId: series.establishmentId,
          promoterGroupId: series.promoterGroupId,
        },
      };
      const tailId = await writeEventRow(tx, {
        input: tailInput,
        viewer,
        current: (await loadEvent(tx, parentEventId)) ?? null,
        approval,
        extra: { parentEventId, segmentIsRecurrenceTail: true },
      });
      await eventAudit(tx, {
        actor,
        action: 'CREATE',
        recordId: tailId,
        before: null,
        after: (await loadEvent(tx, tailId)) ?? null,
      });
      return tailId;
    },
  };
}

/** A new event (POST): the save action's visibility and approval, a promoter's own group. Answers the id. */
export async function insertEvent(tx: Queryable, input: EventInput, viewer: Viewer): Promise<number> {
  const outcome = saveOutcomeOf('create', viewer, input, null);
  const effective = inputFor(viewer, input, outcome);
  const id = await writeEventRow(tx, {
    input: effective,
    viewer,
    current: null,
    approval: outcome.approval,
  });
  if (outcome.visibility === 'PUBLISHED') {
    await noticeEventPublished(tx, {
      eventId: id,
      publishedAtBefore: null,
      actorUserId: viewer.userId,
      written: writtenStateOf(effective),
    });
  }
  // A request: the venue's staff are told, in this transaction (a rolled-back request tells nobody).
  if (entersRequest(outcome, null)) await tellVenueOfRequest(tx, { eventId: id, by: viewer.userId });
  return id;
}

/** The row's owner, visibility and title as writeEventRow stores them from `input`. */
const writtenStateOf = (input: EventInput): PublishedState => ({
  title: input.generalInfos.eventTitle,
  visibility: input.visibility,
  establishmentId: input.generalInfos.establishmentId,
  promoterGroupId: input.generalInfos.promoterGroupId,
});

/** Where the event was published before a write: its establishment, or null when it was not published. */
const publishedAt = (event: Event | null): number | null =>
  event?.visibility === 'PUBLISHED' ? event.generalInfos.establishmentId : null;

/** PUT: the whole series, or with `updateScope` the occurrences the edit reaches. */
export async function updateEvent(
  tx: Queryable,
  id: number,
  input: EventInput,
  {
    viewer,
    actor,
    current,
    versionedUpdate,
  }: { viewer: Viewer; actor: AuditActor; current: Event | null; versionedUpdate?: VersionedRowUpdate },
): Promise<void> {
  const outcome = saveOutcomeOf('update', viewer, input, current);
  const effective = inputFor(viewer, input, outcome);
  // The whole-series save stores the row as `effective` says; an occurrence edit may not, so its row is read.
  const wholeSeries = effective.dateAndCalendar.updateScope === null;
  const published = {
    eventId: id,
    publishedAtBefore: publishedAt(current),
    actorUserId: viewer.userId,
    ...(wholeSeries ? { written: writtenStateOf(effective) } : {}),
  };
  // A draft write publishes nothing: no notice to look for (a statement saved on every draft save).
  const noticePublished = () =>
    effective.visibility === 'PUBLISHED' ? noticeEventPublished(tx, published) : Promise.resolve();
  if (wholeSeries) {
    await writeEventRow(tx, { id, input: effective, viewer, current, approval: outcome.approval, versionedUpdate });
  } else {
    if (!current) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
    // The save action applies to the series whichever occurrences the edit reaches (a split's tail copies it).
    await updateRowAtVersion(
      tx,
      { table: events, id: events.id, key: id },
      { visibility: effective.visibility, ...(outcome.approval ?? {}) },
      versionedUpdate,
    );
    await applyOccurrenceEdit(tx, { eventId: id, input: effective, viewer, current }, occurrenceWriters(viewer, actor));
  }
  // The series is what was published; a split's tail copies its visibility and is not a publication of its own.
  await noticePublished();
  // Submitted (again) after a decision, or first made a request by this write: the venue's staff are told.
  if (entersRequest(outcome, current)) await tellVenueOfRequest(tx, { eventId: id, by: viewer.userId });
}

/**
 * Deleting one occurrence of a series is a SKIP (occurrenceEdits.ts `skipOccurrence`), an update of the
 * series with its audit row; the caller has locked the series and checked its scope and version. Answers
 * the series.
 */
export async function deleteEventOccurrence(
  tx: Queryable,
  args: { id: number; originalStartsAt: string; viewer: Viewer; actor: AuditActor },
): Promise<Event> {
  const { id, viewer } = args;
  const before = await loadEvent(tx, id);
  if (!before) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  if (writesAsPromoter(viewer)) requirePromotersRequest(before);
  await skipOccurrence(tx, { eventId: id, originalStartsAt: args.originalStartsAt });
  const after = await loadEvent(tx, id);
  if (!after) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  await eventAudit(tx, { actor: args.actor, action: 'UPDATE', recordId: id, before, after });
  return after;
}
