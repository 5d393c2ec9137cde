import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { eventOwnership } from '../../domain/access';
import { APPROVAL_STATUSES, RECURRENCE_PATTERNS, VISIBILITIES } from '../../domain/enums';
import { eventInputSchema, instantSchema, type Event, type EventInput } from '../../domain/event';
import { idOrIdsSchema, textOrTextsSchema } from '../../domain/records';
import { PARTNER_LIMITS } from '../../domain/partner';
import type { Queryable } from '../db/queryable';
import { linksToAny } from '../db/links';
import { carriesAnyTag, carriesNoTag } from '../services/tagTerms';
import { events } from '../db/schema/events';
import { authOf } from '../plugins/authenticate';
import {
  EVENT_LINKS,
  EVENT_SCOPE,
  eventIdsIn,
  eventCityCounters,
  eventInCities,
  eventPageColumns,
  eventsAsReadBy,
  loadEvents,
  type EventReader,
} from '../services/events/record';
import {
  authorizeEventWrite,
  deleteEventOccurrence,
  EVENT_AUDIT_OMIT,
  insertEvent,
  updateEvent,
} from '../services/events/save';
import { readerLanguageOf } from '../services/readerLanguage';
import {
  defineFilter,
  queryParametersSchema,
  registerResource,
  versionTextSchema,
  viewerOf,
  type DeleteVariant,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/events`: the Event record (both flows) through the generic resource API
 * (docs/server.md "Events"). A row is a one-off event or a series stored as its rule; a THIS_AND_NEXT
 * split's tail segment is a row of its own, so the list shows every segment once (`rootsOnly` keeps the
 * first series of each chain). Reading and writing live in server/services/events/: record.ts reads,
 * save.ts saves as this resource does (through writes.ts, and occurrenceEdits.ts for one occurrence).
 *
 * Scope: venue staff see their establishment's events (promoter requests for it
 * included), a promoter its group's, a customer the published ones, ROOT and COORDINATOR_ADMIN_FULL all.
 * Save actions and approval: server/services/events/saveActions.ts. What a reader sees of a record (the type
 * label in their language, the approval note only as a party to the request): `eventsAsAnswered` below.
 */

// ---- list filters --------------------------------------------------------------------------------------

const oneOrMany = <Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)])
    .transform((value) => (Array.isArray(value) ? value : [value]));

const eventTypeFilter = defineFilter(idOrIdsSchema, (ids) => eventIdsIn(events.eventTypeId, ids));

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
 * Deleting one occurrence of a series is a SKIP (server/services/events/save.ts), an update of the series:
 * it needs EVENT update and the series in the caller's write scope (the generic locks the series' row, so
 * parallel deletes of one occurrence run one after the other), and answers the series. Without
 * `originalStartsAt` the generic deletes the series, and refuses any parameter but `version` (a misspelled
 * `originalStartAt` is a 400, not the series deleted).
 */
const occurrenceDelete: DeleteVariant<Event, z.output<typeof occurrenceQuerySchema>> = {
  selectedBy: 'originalStartsAt',
  query: occurrenceQuerySchema,
  summary: 'deletes that one occurrence of the series (a SKIP; needs EVENT update) and answers the series',
  action: 'update',
  run: (tx, { id, query, viewer, actor }) =>
    deleteEventOccurrence(tx, { id, originalStartsAt: query.originalStartsAt, viewer, actor }),
};

// ---- the resource --------------------------------------------------------------------------------------

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
    establishmentId: defineFilter(idOrIdsSchema, (ids) => eventIdsIn(events.establishmentId, ids)),
    promoterGroupId: defineFilter(idOrIdsSchema, (ids) => eventIdsIn(events.promoterGroupId, ids)),
    eventTypeIds: eventTypeFilter,
    eventTypeId: eventTypeFilter,
    musicIds: defineFilter(idOrIdsSchema, (ids) => linksToAny(EVENT_LINKS.musics, events.id, ids)),
    cities: defineFilter(textOrTextsSchema(PARTNER_LIMITS.city), eventInCities),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(events.visibility, visibility)),
    approvalStatus: defineFilter(oneOrMany(APPROVAL_STATUSES), (statuses) => inArray(events.approvalStatus, statuses)),
    recurrencePattern: defineFilter(oneOrMany(RECURRENCE_PATTERNS), (patterns) =>
      inArray(events.recurrencePattern, patterns),
    ),
    /** Records carrying any of these tags; `untagged: true` those carrying none (docs/tag-terms.md). */
    tagIds: defineFilter(idOrIdsSchema, (tagIds) => carriesAnyTag('events', tagIds)),
    untagged: defineFilter(z.boolean(), (untagged) => carriesNoTag('events', untagged)),
    /** Only the first series of each chain (no THIS_AND_NEXT tail segments). */
    rootsOnly: defineFilter(z.boolean(), (rootsOnly) => (rootsOnly ? isNull(events.parentEventId) : undefined)),
  },
  countsPerOwner: true,
  countedFilters: { cities: (cities, visibilities) => eventCityCounters(cities as string[], visibilities) },
  search: [events.title],
  scope: EVENT_SCOPE,
  load: loadEvents,
  listedColumns: eventPageColumns,
  // The type label in the reader's language, the approval note for the request's parties only.
  asReadBy: (db, records, request) => eventsAsAnswered(db, records, request),
  write: {
    input: eventInputSchema,
    version: events.version,
    updatedAt: events.updatedAt,
    async authorizeWrite({ action, viewer, input, current, tx }) {
      if (action === 'delete' || !input) return;
      // The save action's refusals come first (400 / 403), before anything is written.
      await authorizeEventWrite(tx, action, viewer, input, current);
    },
    insert: (tx, input, { viewer }) => insertEvent(tx, input, viewer),
    update: (tx, id, input, { viewer, actor, current, versionedUpdate }) =>
      updateEvent(tx, id, input, { viewer, actor, current, versionedUpdate }),
    bumpsVersion: true,
    ownershipOf: (event) => eventOwnership(event.generalInfos),
    foreignKeyFields: {
      events_establishment_id_establishments_id_fk: 'generalInfos.establishmentId',
      events_promoter_group_id_promoter_groups_id_fk: 'generalInfos.promoterGroupId',
      events_event_type_id_event_types_id_fk: 'generalInfos.eventType',
      events_file_carte_upload_id_uploads_id_fk: 'descriptionAndMedia.fileCarte',
    },
    auditOmit: EVENT_AUDIT_OMIT,
    deleteVariant: occurrenceDelete,
    visibilityOf: (event) => event.visibility,
  },
};

// ---- answering the reader ------------------------------------------------------------------------------

/** Who reads this request's answer: the viewer and their language (server/services/readerLanguage.ts). */
function eventReaderOf(request: FastifyRequest): EventReader {
  return {
    viewer: viewerOf(request),
    language: readerLanguageOf({
      storedLanguage: authOf(request).language,
      acceptLanguage: request.headers['accept-language'],
    }),
  };
}

/**
 * Events as this request's caller may see them (record.ts `eventsAsReadBy`): every event the routes answer
 * goes through it — the generic's through `asReadBy`, the approvals directly.
 */
export async function eventsAsAnswered(db: Queryable, records: Event[], request: FastifyRequest): Promise<Event[]> {
  return eventsAsReadBy(db, eventReaderOf(request), records);
}

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, eventResource);
}
