import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type {
  ApprovalStatus,
  OutOfScheduleAction,
  RecurrenceEndType,
  RecurrencePattern,
  Visibility,
  WeekDay,
} from '../../../domain/enums';
import { isInScope, type Viewer } from '../../../domain/access';
import { isWeekDay } from '../../../domain/enums';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages';
import { derivedEndDate, type Event, type EventReference, type OutOfScheduleEvent } from '../../../domain/event';
import { countOccurrences, ruleOf, type OutOfScheduleRow, type RecurrenceRule } from '../../../domain/recurrence';
import { storedMediaListState, type Upload } from '../../../domain/upload';
import {
  eventEnvironments,
  eventGames,
  eventMedia,
  eventMusics,
  eventOutOfSchedule,
  eventServices,
  events,
  eventTags,
} from '../../db/schema/events';
import { eventTypes } from '../../db/schema/reference';
import { idIn, isoOf, qualified, idInIdsPlaceholder } from '../../db/conditions';
import {
  linkedIdsOf,
  mediaIdsOf,
  tagLinksOfPairs,
  tagPairsOf,
  type LinkTable,
  type MediaTable,
  type TagLinks,
} from '../../db/links';
import type { RecordColumns } from '../../db/pages';
import { builtOncePerDatabase } from '../../db/prepared';
import type { ScopeMapping } from '../../db/scope';
import type { Queryable } from '../../db/queryable';
import { loadUploads } from '../uploadRecords';

/**
 * The Event record of domain/event.ts read from its tables (docs/data-model.md "Event"): the `events` row,
 * its join tables, gallery, menu file, out-of-schedule rows and its chain of segments. Everything that is
 * derived on read (the end date when not stored, the occurrence count, the segment relatives and flags) is
 * computed here, so every reader (the resource, the occurrence edits, the approvals) answers the same record.
 * What goes out to a caller is that record as they may see it (`eventsAsReadBy`, at the end of this file).
 */

export type EventRow = typeof events.$inferSelect;
type OutOfScheduleTableRow = typeof eventOutOfSchedule.$inferSelect;

export const EVENT_LINKS = {
  musics: { table: eventMusics, owner: eventMusics.eventId, target: eventMusics.musicId },
  services: { table: eventServices, owner: eventServices.eventId, target: eventServices.serviceId },
  games: { table: eventGames, owner: eventGames.eventId, target: eventGames.gameId },
  environments: { table: eventEnvironments, owner: eventEnvironments.eventId, target: eventEnvironments.environmentId },
  tags: { table: eventTags, owner: eventTags.eventId, target: eventTags.tagId },
} satisfies Record<string, LinkTable>;

export const EVENT_MEDIA: MediaTable = {
  table: eventMedia,
  owner: eventMedia.eventId,
  upload: eventMedia.uploadId,
  position: eventMedia.position,
};

// ---- scope and list conditions ------------------------------------------------------------------------

/** Venue staff own their establishment's events, promoters their group's; published ones are read more widely. */
export const EVENT_SCOPE: ScopeMapping = {
  establishment: events.establishmentId,
  promoterGroup: events.promoterGroupId,
  visibility: events.visibility,
  fields: ['generalInfos.establishmentId', 'generalInfos.promoterGroupId'],
};

/**
 * Events in any of `cities` (case-insensitive): `city_key` is the event's city, else its venue's, stored and
 * indexed, and kept right by the database on every write of either (migration 0005).
 */
export const eventInCities = (cities: readonly string[]): SQL | undefined =>
  cities.length === 0
    ? undefined
    : sql`${events.cityKey} IN (${sql.join(
        cities.map((city) => sql`lower(${city})`),
        sql`, `,
      )})`;

/**
 * The counters (migration 0007) whose sum is the number of events of these visibilities in any of `cities`,
 * named as the database names them: the city lower-cased by the database, as `city_key` is. Two spellings of
 * one city name one counter twice, which the total's `counter IN (…)` still sums once.
 */
export const eventCityCounters = (cities: readonly string[], visibilities: readonly Visibility[]): SQL[] =>
  cities.flatMap((city) =>
    visibilities.map((visibility) => sql`'events:city:' || ${visibility}::text || ':' || lower(${city})`),
  );

export const eventIdsIn = (
  column: typeof events.establishmentId | typeof events.eventTypeId | typeof events.promoterGroupId,
  ids: readonly number[],
) => (ids.length === 0 ? undefined : inArray(column, [...ids]));

// ---- the rule and its rows -----------------------------------------------------------------------------

/** The rule of a stored series (the engine's input). The columns' CHECK constraints allow only the enums. */
export const ruleOfRow = (row: EventRow): RecurrenceRule => ({
  startDate: row.startDate,
  endDate: row.endDate,
  startTime: row.startTime,
  endTime: row.endTime,
  recurrencePattern: row.recurrencePattern as RecurrencePattern,
  recurrenceDaysOfWeek: row.recurrenceDaysOfWeek.filter(isWeekDay) as WeekDay[],
  recurrenceEndType: row.recurrenceEndType as RecurrenceEndType,
  maxOccurrences: row.maxOccurrences,
  recurrenceEndDate: row.recurrenceEndDate,
});

/** Two rules generate the same occurrences when every field is equal (the days compared as a set). */
export function sameRule(first: RecurrenceRule, second: RecurrenceRule): boolean {
  const days = (rule: RecurrenceRule) => [...rule.recurrenceDaysOfWeek].sort().join(',');
  return (
    first.startDate === second.startDate &&
    (first.endDate ?? derivedEndDate(first.startDate, first.startTime, first.endTime)) ===
      (second.endDate ?? derivedEndDate(second.startDate, second.startTime, second.endTime)) &&
    first.startTime === second.startTime &&
    first.endTime === second.endTime &&
    first.recurrencePattern === second.recurrencePattern &&
    days(first) === days(second) &&
    first.recurrenceEndType === second.recurrenceEndType &&
    first.maxOccurrences === second.maxOccurrences &&
    first.recurrenceEndDate === second.recurrenceEndDate
  );
}

/** An instant as the engine and the input schema write it (`2026-11-28T21:00:00Z`), so keys compare as text. */
export const instantOf = (value: Date): string => Temporal.Instant.fromEpochMilliseconds(value.getTime()).toString();
export const instantOrNull = (value: Date | null): string | null => (value === null ? null : instantOf(value));

type OutOfScheduleFields = Pick<
  OutOfScheduleTableRow,
  'id' | 'action' | 'originalStartsAt' | 'startsAt' | 'endsAt' | 'title' | 'changes'
>;

export const outOfScheduleRowOf = (row: OutOfScheduleFields): OutOfScheduleRow & OutOfScheduleEvent => ({
  id: row.id,
  action: row.action as OutOfScheduleAction,
  originalStartsAt: instantOf(row.originalStartsAt),
  startsAt: instantOrNull(row.startsAt),
  endsAt: instantOrNull(row.endsAt),
  eventTitle: row.title,
  changes: row.changes,
});

/** The out-of-schedule rows of these series, by series, in the order of their keys. One query. */
export async function loadOutOfScheduleRows(
  db: Queryable,
  eventIds: readonly number[],
): Promise<Map<number, OutOfScheduleEvent[]>> {
  const byEvent = new Map<number, OutOfScheduleEvent[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select()
    .from(eventOutOfSchedule)
    .where(idIn(eventOutOfSchedule.eventId, eventIds))
    .orderBy(asc(eventOutOfSchedule.originalStartsAt));
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), outOfScheduleRowOf(row)]);
  return byEvent;
}

export interface StoredSeries {
  row: EventRow;
  rule: RecurrenceRule;
  rows: OutOfScheduleEvent[];
}

/** The rule and rows of each series (for the occurrence edits and the writer). Two queries. */
export async function loadEventRules(db: Queryable, ids: readonly number[]): Promise<Map<number, StoredSeries>> {
  const series = new Map<number, StoredSeries>();
  if (ids.length === 0) return series;
  const rows = await db.select().from(events).where(idIn(events.id, ids));
  const outOfSchedule = await loadOutOfScheduleRows(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) series.set(row.id, { row, rule: ruleOfRow(row), rows: outOfSchedule.get(row.id) ?? [] });
  return series;
}

// ---- the chain of segments -----------------------------------------------------------------------------

interface ChainRow {
  id: number;
  title: string;
  parentEventId: number | null;
  firstStartsAt: Date;
  lastEndsAt: Date | null;
}

const referenceOf = (row: ChainRow): EventReference => ({
  id: row.id,
  name: row.title,
  startsAt: instantOf(row.firstStartsAt),
  endsAt: instantOrNull(row.lastEndsAt),
});

/** Longest chain walked upwards: a split of a split of … this deep is far beyond any real series. */
const MAX_CHAIN_DEPTH = 100;

/** Every ancestor of these rows (parents, their parents…), by id: one query per generation. */
async function loadAncestors(db: Queryable, rows: readonly ChainRow[]): Promise<Map<number, ChainRow>> {
  const known = new Map<number, ChainRow>(rows.map((row) => [row.id, row]));
  let wanted = new Set(rows.flatMap((row) => (row.parentEventId === null ? [] : [row.parentEventId])));
  for (let depth = 0; depth < MAX_CHAIN_DEPTH && wanted.size > 0; depth += 1) {
    const missing = [...wanted].filter((id) => !known.has(id));
    if (missing.length === 0) break;
    const found = await db
      .select({
        id: events.id,
        title: events.title,
        parentEventId: events.parentEventId,
        firstStartsAt: events.firstStartsAt,
        lastEndsAt: events.lastEndsAt,
      })
      .from(events)
      .where(idIn(events.id, missing));
    for (const row of found) known.set(row.id, row);
    wanted = new Set(found.flatMap((row) => (row.parentEventId === null ? [] : [row.parentEventId])));
  }
  return known;
}

/** The first series of the chain a segment belongs to (itself when it has no parent). */
function rootOf(row: ChainRow, known: ReadonlyMap<number, ChainRow>): ChainRow {
  let current = row;
  const seen = new Set<number>([row.id]);
  while (current.parentEventId !== null) {
    const parent = known.get(current.parentEventId);
    if (!parent || seen.has(parent.id)) break;
    seen.add(parent.id);
    current = parent;
  }
  return current;
}

interface Relatives {
  sourceEvent: EventReference | null;
  virtualParentEvent: EventReference | null;
  hasSegments: boolean;
}

/**
 * The chain relatives of each row: its parent and the chain's root (read only for rows that have a parent),
 * and whether segments were split from it (`withSegments`, read with the rows).
 */
async function loadRelatives(
  db: Queryable,
  rows: readonly EventRow[],
  withSegments: ReadonlySet<number>,
): Promise<(row: EventRow) => Relatives> {
  const known = await loadAncestors(db, rows);
  return (row) => {
    const parent = row.parentEventId === null ? undefined : known.get(row.parentEventId);
    return {
      sourceEvent: parent ? referenceOf(parent) : null,
      // The root of the chain; a series that was never split from another has none.
      virtualParentEvent: parent ? referenceOf(rootOf(parent, known)) : null,
      hasSegments: withSegments.has(row.id),
    };
  };
}

// ---- the record ----------------------------------------------------------------------------------------

const EVENT_TYPE_LABELS = {
  en: eventTypes.labelEn,
  fr: eventTypes.labelFr,
  de: eventTypes.labelDe,
  it: eventTypes.labelIt,
} as const;

/** The labels of event types in one language by id, built once per language. */
const labelQueryOf = (language: Language) =>
  builtOncePerDatabase(`event_type_labels_${language}`, (db, statementName) =>
    db
      .select({ id: eventTypes.id, label: EVENT_TYPE_LABELS[language] })
      .from(eventTypes)
      .where(idInIdsPlaceholder(eventTypes.id))
      .prepare(statementName),
  );

const eventTypeLabelQueries = {
  en: labelQueryOf('en'),
  fr: labelQueryOf('fr'),
  de: labelQueryOf('de'),
  it: labelQueryOf('it'),
} satisfies Record<Language, unknown>;

/** Event type labels by id in one language (English for the stored record; a reader's own: `eventsAsReadBy`). */
async function loadEventTypeLabels(
  db: Queryable,
  ids: readonly number[],
  language: Language,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await eventTypeLabelQueries[language](db).execute({ ids: unique });
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** The out-of-schedule rows as the record statement reads them: JSON, with its instants as text. */
type OutOfScheduleJson = Omit<OutOfScheduleFields, 'originalStartsAt' | 'startsAt' | 'endsAt'> & {
  originalStartsAt: string;
  startsAt: string | null;
  endsAt: string | null;
};

const dateOrNull = (text: string | null): Date | null => (text === null ? null : new Date(text));

const outOfScheduleOfJson = (rows: readonly OutOfScheduleJson[]): OutOfScheduleEvent[] =>
  rows.map((row) =>
    outOfScheduleRowOf({
      ...row,
      originalStartsAt: new Date(row.originalStartsAt),
      startsAt: dateOrNull(row.startsAt),
      endsAt: dateOrNull(row.endsAt),
    }),
  );

const eventId = qualified(events.id);

/**
 * Whether a segment was split from the event (a row whose parent it is). A scalar subquery rather than EXISTS:
 * on a page statement PostgreSQL planned EXISTS for every row of the table, as one hashed pass over all
 * 100,000 parents (12 ms), where a page needs a probe of the parent index for each of its 25 rows.
 */
const hasSegmentsColumn = sql<boolean>`(SELECT true FROM ${events} AS segments WHERE segments.${sql.identifier(events.parentEventId.name)} = ${eventId} LIMIT 1) IS NOT NULL`;

const outOfScheduleColumn = sql<OutOfScheduleJson[]>`COALESCE((SELECT json_agg(json_build_object(
    'id', ${qualified(eventOutOfSchedule.id)}, 'action', ${qualified(eventOutOfSchedule.action)},
    'originalStartsAt', ${qualified(eventOutOfSchedule.originalStartsAt)},
    'startsAt', ${qualified(eventOutOfSchedule.startsAt)}, 'endsAt', ${qualified(eventOutOfSchedule.endsAt)},
    'title', ${qualified(eventOutOfSchedule.title)}, 'changes', ${qualified(eventOutOfSchedule.changes)})
    ORDER BY ${qualified(eventOutOfSchedule.originalStartsAt)})
  FROM ${eventOutOfSchedule} WHERE ${qualified(eventOutOfSchedule.eventId)} = ${eventId}), '[]'::json)`;

/** The event type's label in every language, beside the row: the reader's is picked without another statement. */
const eventTypeLabelsColumn = sql<Record<Language, string> | null>`(SELECT json_build_object(
    'en', ${qualified(eventTypes.labelEn)}, 'fr', ${qualified(eventTypes.labelFr)},
    'de', ${qualified(eventTypes.labelDe)}, 'it', ${qualified(eventTypes.labelIt)})
  FROM ${eventTypes} WHERE ${qualified(eventTypes.id)} = ${qualified(events.eventTypeId)})`;

/**
 * The type labels in every language of the records `loadEvents` answered, by record: `eventsAsReadBy` reads the
 * reader's from here, and asks the database only for records that came another way.
 */
const typeLabelsOfRecord = new WeakMap<Event, Record<Language, string>>();

/**
 * The stored rule of the records `loadEvents` answered, by record. A save reads the record it replaces in its
 * transaction, and its writer needs the rule as stored (an end date stored, not derived as the record shows
 * it): kept here, the writer does not read the row again.
 */
const storedRuleOfRecord = new WeakMap<Event, RecurrenceRule>();

/** The rule of a record as `loadEvents` read it from its row; undefined for a record that came another way. */
export const storedRuleOf = (record: Event): RecurrenceRule | undefined => storedRuleOfRecord.get(record);

/**
 * An event's row with everything of its record that lives in other tables, as correlated subqueries beside it:
 * the link sets, the gallery, the out-of-schedule rows, the type's labels and whether segments were split from it.
 */
const eventRecordSelection = {
  row: events,
  musics: linkedIdsOf(EVENT_LINKS.musics, events.id),
  services: linkedIdsOf(EVENT_LINKS.services, events.id),
  games: linkedIdsOf(EVENT_LINKS.games, events.id),
  environments: linkedIdsOf(EVENT_LINKS.environments, events.id),
  tags: tagPairsOf(EVENT_LINKS.tags, events.id),
  media: mediaIdsOf(EVENT_MEDIA, events.id),
  outOfSchedule: outOfScheduleColumn,
  eventTypeLabels: eventTypeLabelsColumn,
  hasSegments: hasSegmentsColumn,
};

/**
 * A page of events with everything of their records: one statement, built once (a list page used to take
 * eight, and each costs the server a round trip).
 */
const eventRecordsQuery = builtOncePerDatabase('event_records', (db, statementName) =>
  db.select(eventRecordSelection).from(events).where(idInIdsPlaceholder(events.id)).prepare(statementName),
);

type FoundEvent = Awaited<ReturnType<ReturnType<typeof eventRecordsQuery>['execute']>>[number];

/**
 * The records of these ids (any order; missing ids left out): one statement, then the uploads they show
 * (when any) and the ancestors of split segments (when any). Unlike partners, whose logo is nearly always there
 * (`uploadsBeside`), most events show no upload: the second statement is then not sent at all, where uploads
 * read beside the rows would cost every row of every page.
 */
export async function loadEvents(db: Queryable, ids: readonly number[]): Promise<Event[]> {
  if (ids.length === 0) return [];
  return recordsOfFound(db, await eventRecordsQuery(db).execute({ ids: [...ids] }));
}

/**
 * A plain list's first page of events read with its page (the generic resource's `listedColumns`): one statement
 * instead of a page of ids and then its records, the uploads and ancestors read after it as by `loadEvents`.
 */
export const eventPageColumns: RecordColumns<Event> = {
  columns: eventRecordSelection,
  toRecords: (rows, db) => recordsOfFound(db, rows as unknown as FoundEvent[]),
  plainFirstPageOnly: true,
};

async function recordsOfFound(db: Queryable, found: readonly FoundEvent[]): Promise<Event[]> {
  if (found.length === 0) return [];
  const uploadsById = await loadUploads(
    db,
    found.flatMap(({ row, media }) => (row.fileCarteUploadId === null ? media : [...media, row.fileCarteUploadId])),
  );
  const rows = found.map(({ row }) => row);
  const relativesOf = await loadRelatives(
    db,
    rows,
    new Set(found.filter((one) => one.hasSegments).map(({ row }) => row.id)),
  );
  return found.map((one) => {
    const rule = ruleOfRow(one.row);
    const record = eventRecordOf(one.row, rule, {
      links: {
        musics: one.musics,
        services: one.services,
        games: one.games,
        environments: one.environments,
        tags: tagLinksOfPairs(one.tags),
      },
      media: one.media.flatMap((id) => uploadsById.get(id) ?? []),
      fileCarte: one.row.fileCarteUploadId === null ? null : (uploadsById.get(one.row.fileCarteUploadId) ?? null),
      outOfSchedule: outOfScheduleOfJson(one.outOfSchedule),
      eventTypeLabel: one.eventTypeLabels?.en ?? '',
      relatives: relativesOf(one.row),
    });
    if (one.eventTypeLabels) typeLabelsOfRecord.set(record, one.eventTypeLabels);
    storedRuleOfRecord.set(record, rule);
    return record;
  });
}

interface RecordParts {
  links: { musics: number[]; services: number[]; games: number[]; environments: number[]; tags: TagLinks };
  media: Upload[];
  fileCarte: Upload | null;
  outOfSchedule: OutOfScheduleEvent[];
  eventTypeLabel: string;
  relatives: Relatives;
}

function eventRecordOf(row: EventRow, rule: RecurrenceRule, parts: RecordParts): Event {
  const { relatives } = parts;
  const nested = row.parentEventId !== null || relatives.hasSegments;
  return {
    id: row.id,
    eventId: row.id,
    generalInfos: {
      establishmentId: row.establishmentId,
      // Required on input; the column allows null only for rows written outside the API.
      eventType: { id: row.eventTypeId as number, type: parts.eventTypeLabel },
      eventTitle: row.title,
      ageMin: row.ageMin,
      tarifMin: row.tarifMin,
      tarifMax: row.tarifMax,
      urlBilletterie: row.urlBilletterie,
      musics: parts.links.musics,
      promotable: row.promotable,
      isFree: row.isFree,
      promoterGroupId: row.promoterGroupId,
      localisation: row.localisation,
      lat: row.lat,
      lang: row.lang,
      city: row.city,
      placeId: row.placeId,
      approvalStatus: row.approvalStatus as ApprovalStatus | null,
      approvalReason: row.approvalReason,
    },
    // Added to the rule's own object rather than spread into a literal: V8 built each spread one, with its ten
    // more fields, through its slow path (17 µs a record, more than everything else in a page's records).
    dateAndCalendar: Object.assign(ruleOf(rule), {
      endDate: rule.endDate ?? derivedEndDate(rule.startDate, rule.startTime, rule.endTime),
      outOfScheduleEvents: parts.outOfSchedule,
      updateScope: null,
      totalOccurrencesNumber: countOccurrences(rule, parts.outOfSchedule),
      sourceEvent: relatives.sourceEvent,
      virtualParentEvent: relatives.virtualParentEvent,
      recurrenceTouched: parts.outOfSchedule.length > 0 || nested,
      parentEventId: row.parentEventId,
      segmentIsRecurrenceTail: row.segmentIsRecurrenceTail,
      nested,
    }),
    descriptionAndMedia: {
      media: parts.media,
      mediaListState: storedMediaListState(parts.media),
      tagTerms: parts.links.tags.ids,
      eventCapacity: row.eventCapacity,
      urlCarte: row.urlCarte,
      fileCarte: parts.fileCarte,
      services: parts.links.services,
      games: parts.links.games,
      environments: parts.links.environments,
    },
    description: { description: row.description, htmlDescription: row.htmlDescription },
    visibility: row.visibility as Visibility,
    isVirtual: false,
    outOfScheduleEventId: null,
    originalStartsAt: null,
    originalEndsAt: null,
    originalUpdateScope: null,
    originalReccurenceTouched: false,
    tagTerms: parts.links.tags.names,
    version: row.version,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

// ---- the record as one reader sees it ------------------------------------------------------------------

/**
 * Who reads, for what depends on the reader (`eventsAsReadBy`). `loadEvents` answers the stored record
 * (English labels, every field): what the writers, the audit log and the mails work with.
 */
export interface EventReader {
  viewer: Viewer;
  language: Language;
}

/**
 * The parties to a request read its approval details (`generalInfos.approvalReason`, the venue's note on its
 * decision): the venue's side (ADMIN, COORDINATOR, COORDINATOR_ADMIN_LIMITED of the event's establishment), the
 * promoters of the event's group (the requesting group), and the roles that see everything (ROOT,
 * COORDINATOR_ADMIN_FULL): exactly the event's write scope. A customer reading a published event is no party.
 */
export function readsApprovalDetails(viewer: Viewer, record: Pick<Event, 'generalInfos'>): boolean {
  const { establishmentId, promoterGroupId } = record.generalInfos;
  const ownership = {
    establishmentIds: establishmentId === null ? [] : [establishmentId],
    promoterGroupIds: promoterGroupId === null ? [] : [promoterGroupId],
  };
  return isInScope(viewer, 'EVENT', ownership, 'write');
}

/**
 * The records as this reader may see them, in the same shape: `eventType.type` in the reader's language, and
 * `approvalReason` null for whoever is no party to the request. One query (the labels) unless English.
 */
export async function eventsAsReadBy(db: Queryable, reader: EventReader, records: readonly Event[]): Promise<Event[]> {
  const { language } = reader;
  const unlabelled = records.filter((record) => !typeLabelsOfRecord.has(record));
  const labels =
    language === DEFAULT_LANGUAGE || unlabelled.length === 0
      ? undefined
      : await loadEventTypeLabels(
          db,
          unlabelled.map((record) => record.generalInfos.eventType.id),
          language,
        );
  return records.map((record) => {
    const { generalInfos } = record;
    const typeId = generalInfos.eventType.id;
    return {
      ...record,
      generalInfos: {
        ...generalInfos,
        eventType: {
          ...generalInfos.eventType,
          type: typeLabelsOfRecord.get(record)?.[language] ?? labels?.get(typeId) ?? generalInfos.eventType.type,
        },
        approvalReason: readsApprovalDetails(reader.viewer, record) ? generalInfos.approvalReason : null,
      },
    };
  });
}

/** The one stored record of an id, or undefined. */
export async function loadEvent(db: Queryable, id: number): Promise<Event | undefined> {
  const [record] = await loadEvents(db, [id]);
  return record;
}

/** The `events` row of an id, or undefined (the writer reads the rule it replaces). */
export async function loadEventRow(db: Queryable, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}
