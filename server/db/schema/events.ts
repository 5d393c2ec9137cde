import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_STATUSES,
  OUT_OF_SCHEDULE_ACTIONS,
  RECURRENCE_END_TYPES,
  RECURRENCE_PATTERNS,
} from '../../../domain/enums';
import { users } from './auth';
import {
  checkCoordinates,
  checkOneOf,
  checkTariffs,
  checkTimeOfDay,
  checkVisibility,
  checkWeekDays,
  coordinates,
  createdAt,
  descriptions,
  money,
  ownerReference,
  timeOfDay,
  timestamps,
  trigramIndex,
  updatedAt,
  version,
  visibility,
} from './columns';
import { establishments } from './establishments';
import { promoterGroups } from './promoterGroups';
import { environments, eventTypes, games, musics, services } from './reference';
import { tagReference } from './tags';
import { uploads } from './uploads';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Events of both flows (establishment and promoter). A row is a one-off event or a recurring series stored as its
 * rule: dates and wall-clock times in Europe/Zurich, expanded into occurrences on read.
 * A THIS_AND_NEXT_OCCURRENCES split makes a new row (the tail segment) pointing at its parent.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    establishmentId: integer('establishment_id').references(() => establishments.id, { onDelete: 'cascade' }),
    /** Set for the promoter flow: the group that organises the event. */
    promoterGroupId: integer('promoter_group_id').references(() => promoterGroups.id, { onDelete: 'cascade' }),
    eventTypeId: integer('event_type_id').references(() => eventTypes.id),
    ageMin: integer('age_min').notNull().default(0),
    tarifMin: money('tarif_min'),
    tarifMax: money('tarif_max'),
    urlBilletterie: text('url_billetterie'),
    promotable: boolean('promotable').notNull().default(true),
    isFree: boolean('is_free').notNull().default(false),

    // The rule: the first occurrence's dates and times, then how it repeats.
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The first occurrence's end date: the start date, or the next day for an overnight event. */
    endDate: date('end_date', { mode: 'string' }),
    startTime: timeOfDay('start_time').notNull(),
    endTime: timeOfDay('end_time').notNull(),
    recurrencePattern: text('recurrence_pattern').notNull().default('NONE'),
    /** WEEKLY only; empty means the start date's weekday. */
    recurrenceDaysOfWeek: text('recurrence_days_of_week')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    recurrenceEndType: text('recurrence_end_type').notNull().default('NEVER'),
    maxOccurrences: integer('max_occurrences'),
    /** ON_DATE: the last local date on which an occurrence may start (inclusive). */
    recurrenceEndDate: date('recurrence_end_date', { mode: 'string' }),
    /**
     * The instants bounding every occurrence of the rule, derived on each write, so that the occurrence
     * window query reads only candidate series: `first_starts_at < :to AND (last_ends_at IS NULL OR
     * last_ends_at > :from)`. `last_ends_at` is null for a series that never ends.
     */
    firstStartsAt: instant('first_starts_at').notNull(),
    lastEndsAt: instant('last_ends_at'),
    /** The series this segment was split from (THIS_AND_NEXT_OCCURRENCES). */
    parentEventId: integer('parent_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    segmentIsRecurrenceTail: boolean('segment_is_recurrence_tail').notNull().default(false),

    visibility: visibility('PUBLISHED'),
    /** Promoter requests only (null for the establishment flow): PENDING until the establishment decides. */
    approvalStatus: text('approval_status'),
    approvalReason: text('approval_reason'),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the request was made, or made again after a decision (the ask's `requestedAt`). */
    approvalRequestedAt: instant('approval_requested_at'),
    /** Who decided the request, and when (the ask's `decidedBy` and `decidedAt`); null while PENDING. */
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: instant('reviewed_at'),
    /**
     * When the event was first seen by the public: PUBLISHED, and approved when it is a promoter's request. Set
     * once by a trigger (migration 0016) and never cleared, so "events published" counts each event once.
     */
    publishedAt: instant('published_at'),

    // Promoter flow: where it happens when described by the promoter, and what it offers.
    localisation: text('localisation'),
    city: text('city'),
    /**
     * Where the event happens for the city filter: its own city, else its venue's, lower-cased. Stored and
     * indexed so that filtering a list by city reads an index rather than every event and its venue; the
     * triggers of migration 0005 keep it right on every write of either (in the same statement).
     */
    cityKey: text('city_key'),
    ...coordinates(),
    placeId: text('place_id'),
    eventCapacity: integer('event_capacity'),
    urlCarte: text('url_carte'),
    fileCarteUploadId: integer('file_carte_upload_id').references(() => uploads.id, { onDelete: 'set null' }),

    ...descriptions(),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    // Every list sorts by its field and then by id: an index that ends with id gives a page in index order even
    // where many events share a start (a venue's weekly series, a batch of copies), instead of reading every
    // tie to sort it.
    index('events_window_start_idx').on(table.firstStartsAt, table.id),
    // GET /occurrences reads one-offs and repeating series apart: a one-off's bounds are its occurrence, so the
    // first (offset + limit) of a window are read in index order and the rest counted from the index alone; the
    // series are all expanded, and their own index spares the scan of every one-off to find them.
    index('events_one_off_window_idx')
      .on(table.firstStartsAt, table.id, table.lastEndsAt)
      .where(sql`${table.recurrencePattern} = 'NONE'`),
    index('events_series_window_idx')
      .on(table.firstStartsAt)
      .where(sql`${table.recurrencePattern} <> 'NONE'`),
    index('events_window_end_idx').on(table.lastEndsAt),
    index('events_establishment_idx').on(table.establishmentId, table.firstStartsAt, table.id),
    index('events_promoter_group_idx').on(table.promoterGroupId, table.firstStartsAt, table.id),
    index('events_event_type_idx').on(table.eventTypeId),
    index('events_parent_idx').on(table.parentEventId),
    index('events_approval_idx').on(table.approvalStatus),
    index('events_title_idx').on(sql`lower(${table.title})`, table.id),
    index('events_city_key_idx').on(table.cityKey, table.firstStartsAt, table.id),
    index('events_created_idx').on(table.createdAt, table.id),
    index('events_updated_idx').on(table.updatedAt, table.id),
    index('events_visibility_idx').on(table.visibility, table.firstStartsAt, table.id),
    // The list sorted by visibility (then id): the index above orders each visibility by start.
    index('events_visibility_sort_idx').on(table.visibility, table.id),
    trigramIndex('events_title_trgm_idx', table.title),
    checkVisibility('events', table.visibility),
    checkOneOf('events_recurrence_pattern_check', table.recurrencePattern, RECURRENCE_PATTERNS),
    checkOneOf('events_recurrence_end_type_check', table.recurrenceEndType, RECURRENCE_END_TYPES),
    checkOneOf('events_approval_status_check', table.approvalStatus, APPROVAL_STATUSES),
    checkWeekDays('events_recurrence_days_check', table.recurrenceDaysOfWeek, { atLeastOne: false }),
    checkTimeOfDay('events_start_time_check', table.startTime),
    checkTimeOfDay('events_end_time_check', table.endTime),
    checkCoordinates('events', table.lat, table.lang),
    checkTariffs('events', table.tarifMin, table.tarifMax),
    check('events_owner_check', sql`${table.establishmentId} IS NOT NULL OR ${table.promoterGroupId} IS NOT NULL`),
    check('events_age_check', sql`${table.ageMin} BETWEEN 0 AND 99`),
    check('events_capacity_check', sql`${table.eventCapacity} IS NULL OR ${table.eventCapacity} >= 0`),
    check(
      'events_end_rule_check',
      sql`(${table.recurrenceEndType} <> 'AFTER_OCCURRENCES' OR ${table.maxOccurrences} >= 1)
        AND (${table.recurrenceEndType} <> 'ON_DATE' OR ${table.recurrenceEndDate} IS NOT NULL)`,
    ),
    check('events_window_check', sql`${table.lastEndsAt} IS NULL OR ${table.lastEndsAt} > ${table.firstStartsAt}`),
  ],
);

const eventReference = () => ownerReference('event_id', () => events.id);

/**
 * One occurrence of a series that differs from its rule, keyed by the occurrence's original start.
 * SKIP hides it; UPDATE moves or changes it; CREATE adds one outside the rule
 * (its key is then its own start). Fields other than the instants and the title are in `changes`,
 * keyed by the record's field path (e.g. `generalInfos.tarifMin`).
 */
export const eventOutOfSchedule = pgTable(
  'event_out_of_schedule',
  {
    id: serial('id').primaryKey(),
    eventId: eventReference(),
    originalStartsAt: instant('original_starts_at').notNull(),
    action: text('action').notNull(),
    startsAt: instant('starts_at'),
    endsAt: instant('ends_at'),
    title: text('title'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('event_out_of_schedule_occurrence_unique').on(table.eventId, table.originalStartsAt),
    // An UPDATE or CREATE can bring an occurrence into a window its rule does not reach.
    index('event_out_of_schedule_starts_idx').on(table.startsAt),
    checkOneOf('event_out_of_schedule_action_check', table.action, OUT_OF_SCHEDULE_ACTIONS),
    check(
      'event_out_of_schedule_instants_check',
      sql`${table.action} = 'SKIP' OR (${table.startsAt} IS NOT NULL AND ${table.endsAt} IS NOT NULL AND ${table.endsAt} > ${table.startsAt})`,
    ),
  ],
);

/** `generalInfos.musics`. */
export const eventMusics = pgTable(
  'event_musics',
  { eventId: eventReference(), musicId: ownerReference('music_id', () => musics.id) },
  (table) => [
    primaryKey({ columns: [table.eventId, table.musicId] }),
    index('event_musics_music_idx').on(table.musicId),
  ],
);

/** Promoter flow `descriptionAndMedia.services`. */
export const eventServices = pgTable(
  'event_services',
  { eventId: eventReference(), serviceId: ownerReference('service_id', () => services.id) },
  (table) => [
    primaryKey({ columns: [table.eventId, table.serviceId] }),
    index('event_services_service_idx').on(table.serviceId),
  ],
);

/** Promoter flow `descriptionAndMedia.games`. */
export const eventGames = pgTable(
  'event_games',
  { eventId: eventReference(), gameId: ownerReference('game_id', () => games.id) },
  (table) => [primaryKey({ columns: [table.eventId, table.gameId] }), index('event_games_game_idx').on(table.gameId)],
);

/** Promoter flow `descriptionAndMedia.environments`. */
export const eventEnvironments = pgTable(
  'event_environments',
  { eventId: eventReference(), environmentId: ownerReference('environment_id', () => environments.id) },
  (table) => [
    primaryKey({ columns: [table.eventId, table.environmentId] }),
    index('event_environments_environment_idx').on(table.environmentId),
  ],
);

/** `descriptionAndMedia.tagTerms`. */
export const eventTags = pgTable('event_tags', { eventId: eventReference(), tagId: tagReference() }, (table) => [
  primaryKey({ columns: [table.eventId, table.tagId] }),
  index('event_tags_tag_idx').on(table.tagId),
]);

export const eventMedia = pgTable(
  'event_media',
  {
    eventId: eventReference(),
    uploadId: ownerReference('upload_id', () => uploads.id),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.uploadId] }),
    index('event_media_upload_idx').on(table.uploadId),
    check('event_media_position_check', sql`${table.position} >= 0`),
  ],
);
