import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../domain/access';
import { APPROVAL_STATUSES, RECURRENCE_PATTERNS, VISIBILITIES } from '../../domain/enums';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { eventInputSchema, instantSchema, type Event, type EventInput } from '../../domain/event';
import { PARTNER_LIMITS } from '../../domain/partner';
import { UNKNOWN_REFERENCE } from '../../domain/reference';
import { establishments, events, users } from '../db/schema';
import { authOf } from '../plugins/authenticate';
import { ApiError, parseInput } from '../errors';
import { recordAudit } from '../services/audit';
import { notifyEventRequested } from '../services/eventRequests';
import { applyOccurrenceEdit, skipOccurrence, type OccurrenceEditWriters } from '../services/events/occurrenceEdits';
import { EVENT_LINKS, eventsAsReadBy, loadEvent, loadEvents, type EventReader } from '../services/events/record';
import {
  isRequestWrite,
  requirePromotersRequest,
  saveOutcomeOf,
  writesAsPromoter,
  type EventOperation,
  type SaveOutcome,
} from '../services/events/saveActions';
import { writeEventRow, type EventApproval } from '../services/events/writes';
import { readerLanguageOf } from '../services/readerLanguage';
import { idOrIdsSchema, linksToAny, textOrTextsSchema } from './shared/partner';
import {
  defineFilter,
  idParamsSchema,
  lockRow,
  queryParametersSchema,
  registerResource,
  requireInScope,
  requirePermission,
  requireReadVersion,
  versionTextSchema,
  viewerOf,
  type Queryable,
  type ResourceDefinition,
  type ResourceScope,
} from './shared/resource';

/**
 * `/events` (issue 5): the Event record of SPEC §3 (both flows) through the generic resource API
 * (docs/server.md "Events"). A row is a one-off event or a series stored as its rule; a THIS_AND_NEXT
 * split's tail segment is a row of its own, so the list shows every segment once (`rootsOnly` keeps the
 * first series of each chain). Reading and writing live in server/services/events/ (record.ts, writes.ts);
 * editing one occurrence (a PUT with `updateScope`, a DELETE with `originalStartsAt`) in occurrenceEdits.ts.
 *
 * Scope (ARCHITECTURE.md §4): venue staff see their establishment's events (promoter requests for it
 * included), a promoter its group's, a customer the published ones, ROOT and COORDINATOR_ADMIN_FULL all.
 * Save actions and approval: server/services/events/saveActions.ts. What a reader sees of a record (the type
 * label in their language, the approval note only as a party to the request): `eventsAsAnswered` below.
 */

const OUT_OF_SCOPE = 'Outside your scope';

// ---- list filters --------------------------------------------------------------------------------------

const oneOrMany = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)])
    .transform((value) => (Array.isArray(value) ? value : [value]));

/** The event's city, or its venue's when the event names none (establishment-flow events). */
const cityOfEvent = sql`lower(coalesce(${events.city}, (SELECT ${establishments.city} FROM ${establishments} WHERE ${establishments.id} = ${events.establishmentId})))`;

const inCities = (cities: readonly string[]): SQL | undefined =>
  cities.length === 0 ? undefined : or(...cities.map((city) => sql`${cityOfEvent} = lower(${city})`));

const idsIn = (column: typeof events.establishmentId | typeof events.eventTypeId, ids: readonly number[]) =>
  ids.length === 0 ? undefined : inArray(column, [...ids]);

const eventTypeFilter = defineFilter(idOrIdsSchema, (ids) => idsIn(events.eventTypeId, ids));

// ---- the resource --------------------------------------------------------------------------------------

const SCOPE: ResourceScope = {
  establishment: events.establishmentId,
  promoterGroup: events.promoterGroupId,
  visibility: events.visibility,
  fields: ['generalInfos.establishmentId', 'generalInfos.promoterGroupId'],
};

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

async function actorEmailOf(tx: Queryable, userId: number): Promise<string> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/**
 * The writers the occurrence edits call: the whole-series update (the occurrence was the first) and the
 * tail segment of a split, which keeps the series' owner, visibility and approval and has its own audit row.
 */
function occurrenceWriters(viewer: Viewer): OccurrenceEditWriters {
  return {
    updateSeries: async (tx, id, input) => {
      await writeEventRow(tx, { id, input, viewer });
    },
    insertTail: async (tx, { input, series, parentEventId }) => {
      const approval: EventApproval = {
        approvalStatus: series.approvalStatus as EventApproval['approvalStatus'],
        approvalReason: series.approvalReason,
        requestedByUserId: series.requestedByUserId,
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
      await recordAudit(tx, {
        actor: { userId: viewer.userId, email: await actorEmailOf(tx, viewer.userId) },
        resource: 'events',
        recordId: tailId,
        action: 'CREATE',
        before: null,
        after: (await loadEvent(tx, tailId)) ?? null,
        omit: AUDIT_OMIT,
      });
      return tailId;
    },
  };
}

/** Derived or bulky fields left out of the audit log. */
const AUDIT_OMIT = [
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

async function updateEvent(
  tx: Queryable,
  id: number,
  input: EventInput,
  viewer: Viewer,
  current: Event | null,
): Promise<void> {
  const outcome = saveOutcomeOf('update', viewer, input, current);
  const effective = inputFor(viewer, input, outcome);
  if (effective.dateAndCalendar.updateScope === null) {
    await writeEventRow(tx, { id, input: effective, viewer, current, approval: outcome.approval });
    return;
  }
  if (!current) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
  // The save action applies to the series whichever occurrences the edit reaches (a split's tail copies it).
  await tx
    .update(events)
    .set({ visibility: effective.visibility, ...(outcome.approval ?? {}) })
    .where(eq(events.id, id));
  await applyOccurrenceEdit(tx, { eventId: id, input: effective, viewer, current }, occurrenceWriters(viewer));
}

export const eventResource: ResourceDefinition<Event, EventInput> = {
  name: 'events',
  permission: 'EVENT',
  table: events,
  id: events.id,
  sortable: {
    id: events.id,
    eventTitle: sql`lower(${events.title})`,
    startDate: events.firstStartsAt,
    visibility: events.visibility,
    createdAt: events.createdAt,
    updatedAt: events.updatedAt,
  },
  defaultSort: { field: 'startDate', order: 'DESC' },
  filters: {
    establishmentId: defineFilter(idOrIdsSchema, (ids) => idsIn(events.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) =>
      ids.length === 0 ? undefined : inArray(events.promoterGroupId, ids),
    ),
    eventTypeIds: eventTypeFilter,
    eventTypeId: eventTypeFilter,
    musicIds: defineFilter(idOrIdsSchema, (ids) => linksToAny(EVENT_LINKS.musics, events.id, ids)),
    cities: defineFilter(textOrTextsSchema(PARTNER_LIMITS.city), inCities),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(events.visibility, visibility)),
    approvalStatus: defineFilter(oneOrMany(APPROVAL_STATUSES), (statuses) => inArray(events.approvalStatus, statuses)),
    recurrencePattern: defineFilter(oneOrMany(RECURRENCE_PATTERNS), (patterns) =>
      inArray(events.recurrencePattern, patterns),
    ),
    /** Only the first series of each chain (no THIS_AND_NEXT tail segments). */
    rootsOnly: defineFilter(z.boolean(), (rootsOnly) => (rootsOnly ? isNull(events.parentEventId) : undefined)),
  },
  search: [events.title],
  scope: SCOPE,
  load: loadEvents,
  // The type label in the reader's language, the approval note for the request's parties only.
  asReadBy: (db, records, request) => eventsAsAnswered(db, records, request),
  write: {
    input: eventInputSchema,
    version: events.version,
    updatedAt: events.updatedAt,
    async authorizeWrite({ action, viewer, input, current, tx }) {
      if (action === 'delete' || !input) return;
      // The save action's refusals come first (400 / 403), before anything is written.
      saveOutcomeOf(action as EventOperation, viewer, input, current);
      if (writesAsPromoter(viewer)) await checkPromoterWrite(tx, viewer, input);
    },
    async insert(tx, input, { viewer }) {
      const outcome = saveOutcomeOf('create', viewer, input, null);
      return writeEventRow(tx, {
        input: inputFor(viewer, input, outcome),
        viewer,
        current: null,
        approval: outcome.approval,
      });
    },
    update: (tx, id, input, { viewer, current }) => updateEvent(tx, id, input, viewer, current),
    foreignKeyFields: {
      events_establishment_id_establishments_id_fk: 'generalInfos.establishmentId',
      events_promoter_group_id_promoter_groups_id_fk: 'generalInfos.promoterGroupId',
      events_event_type_id_event_types_id_fk: 'generalInfos.eventType',
      events_file_carte_upload_id_uploads_id_fk: 'descriptionAndMedia.fileCarte',
    },
    auditOmit: AUDIT_OMIT,
  },
};

// ---- DELETE /events/:id?originalStartsAt= : one occurrence -------------------------------------------

/**
 * `version`, the series' as the caller read it, is optional: given and stale, the skip is a 409. Any other
 * parameter is a 400 on its name, as on every DELETE.
 */
const occurrenceQuerySchema = queryParametersSchema({
  originalStartsAt: instantSchema,
  version: versionTextSchema.optional(),
});

/**
 * Deleting one occurrence of a series is a SKIP (occurrenceEdits.ts `skipOccurrence`), an update of the
 * series: it needs EVENT update and the series in the caller's write scope, and answers the series.
 */
async function deleteOccurrence(app: FastifyInstance, request: FastifyRequest): Promise<Event> {
  const viewer = viewerOf(request);
  requirePermission(viewer, 'EVENT', 'update');
  const { id } = parseInput(idParamsSchema, request.params);
  const { originalStartsAt, version } = parseInput(occurrenceQuerySchema, request.query);
  return app.db.transaction(async (tx) => {
    // The series' row stays locked until the commit: parallel deletes of one occurrence run one after the other.
    const storedVersion = await lockRow(tx, events, events.id, events.version, id);
    await requireInScope(tx, eventResource, viewer, id, 'write');
    requireReadVersion(storedVersion, version);
    const before = await loadEvent(tx, id);
    if (!before) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
    if (writesAsPromoter(viewer)) requirePromotersRequest(before);
    await skipOccurrence(tx, { eventId: id, originalStartsAt });
    const after = await loadEvent(tx, id);
    if (!after) throw new ApiError(404, RESOURCE_ERROR_CODES.notFound);
    await recordAudit(tx, {
      actor: { userId: viewer.userId, email: authOf(request).email },
      resource: 'events',
      recordId: id,
      action: 'UPDATE',
      before,
      after,
      omit: AUDIT_OMIT,
    });
    return after;
  });
}

/**
 * Runs after authentication on the generic DELETE route: with `originalStartsAt` it answers the skip itself.
 * Without it the generic deletes the series, and refuses any parameter but `version` (a misspelled
 * `originalStartAt` is a 400, not the series deleted).
 */
const occurrenceDeleteHandler =
  (app: FastifyInstance): preHandlerHookHandler =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query === undefined || !Object.hasOwn(query, 'originalStartsAt')) return;
    const record = await deleteOccurrence(app, request);
    const [shown] = await eventsAsAnswered(app.db, [record], request);
    return reply.send(shown);
  };

// ---- answering the reader ------------------------------------------------------------------------------

/** Who reads this request's answer: the viewer and their language (server/services/readerLanguage.ts). */
async function eventReaderOf(db: Queryable, request: FastifyRequest): Promise<EventReader> {
  return { viewer: viewerOf(request), language: await readerLanguageOf(db, request) };
}

/**
 * Events as this request's caller may see them (record.ts `eventsAsReadBy`): every event the routes answer
 * goes through it — the generic's through `asReadBy`, the occurrence DELETE and the approvals directly.
 */
export async function eventsAsAnswered(db: Queryable, records: Event[], request: FastifyRequest): Promise<Event[]> {
  return eventsAsReadBy(db, await eventReaderOf(db, request), records);
}

// ---- notifying the venue of a request ------------------------------------------------------------------

/** After a request (a promoter's write, or `requestEvent`) has committed, the venue's staff are told. */
function notifyAfterRequest(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const isWrite = request.method === 'POST' || request.method === 'PUT';
    if (!isWrite || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const body = request.body as { saveAction?: EventInput['saveAction'] } | undefined;
    if (!isRequestWrite(viewerOf(request), body?.saveAction)) return payload;
    const record = JSON.parse(payload) as Partial<Event>;
    if (typeof record.id === 'number' && record.generalInfos?.approvalStatus === 'PENDING') {
      notifyEventRequested(app, { eventId: record.id });
    }
    return payload;
  };
}

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  // The generic registers DELETE /events/:id; one occurrence is deleted through the same path with a query.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'DELETE' || !route.url.endsWith('/events/:id')) return;
    const existing =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...existing, occurrenceDeleteHandler(app)];
  });
  app.addHook('onSend', notifyAfterRequest(app));
  registerResource(app, eventResource);
}
