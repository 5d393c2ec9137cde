import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { WEEK_DAYS } from '../../../domain/enums';
import {
  checkCoordinates,
  checkOneOf,
  checkTariffs,
  checkTimeOfDay,
  checkVisibility,
  checkWeekDays,
  coordinates,
  descriptions,
  money,
  ownerReference,
  timeOfDay,
  timestamps,
  trigramIndex,
  version,
  visibility,
} from './columns';
import { ambiances, establishmentTypes, musics } from './reference';
import { tagReference } from './tags';
import { uploads } from './uploads';

/** Establishments: the venue itself; lists, sets and schedules are child tables. */
export const establishments = pgTable(
  'establishments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    logoUploadId: integer('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    establishmentTypeId: integer('establishment_type_id').references(() => establishmentTypes.id),
    /** The address as one line, as Google Places formats it. */
    localisation: text('localisation'),
    city: text('city'),
    ...coordinates(),
    placeId: text('place_id'),
    email: text('email'),
    phone: text('phone'),
    urlBilletterie: text('url_billetterie'),
    urlSite: text('url_site'),
    ageMin: integer('age_min'),
    tarifMin: money('tarif_min'),
    tarifMax: money('tarif_max'),
    externalCapacity: integer('external_capacity'),
    internalCapacity: integer('internal_capacity'),
    ...descriptions(),
    visibility: visibility('PUBLISHED'),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    index('establishments_city_idx').on(table.city),
    index('establishments_type_idx').on(table.establishmentTypeId),
    index('establishments_visibility_idx').on(table.visibility, table.id),
    // Sorted by name or city, then by id (many venues share a city): the index gives the page in order.
    index('establishments_name_idx').on(sql`lower(${table.name})`, table.id),
    index('establishments_city_lower_idx').on(sql`lower(${table.city})`, table.id),
    index('establishments_created_idx').on(table.createdAt, table.id),
    index('establishments_updated_idx').on(table.updatedAt, table.id),
    trigramIndex('establishments_name_trgm_idx', table.name),
    trigramIndex('establishments_city_trgm_idx', table.city),
    trigramIndex('establishments_localisation_trgm_idx', table.localisation),
    trigramIndex('establishments_email_trgm_idx', table.email),
    checkVisibility('establishments', table.visibility),
    checkCoordinates('establishments', table.lat, table.lang),
    checkTariffs('establishments', table.tarifMin, table.tarifMax),
    check(
      'establishments_counts_check',
      sql`(${table.ageMin} IS NULL OR ${table.ageMin} BETWEEN 0 AND 99)
        AND (${table.externalCapacity} IS NULL OR ${table.externalCapacity} >= 0)
        AND (${table.internalCapacity} IS NULL OR ${table.internalCapacity} >= 0)`,
    ),
  ],
);

const establishmentReference = () => ownerReference('establishment_id', () => establishments.id);

/**
 * `generalInfos.workSchedules`: one row per weekday. An `end_time` before `start_time` closes after
 * midnight (Friday 22:00–04:00 ends on Saturday morning).
 */
export const establishmentWorkSchedules = pgTable(
  'establishment_work_schedules',
  {
    establishmentId: establishmentReference(),
    dayOfWeek: text('day_of_week').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    startTime: timeOfDay('start_time'),
    endTime: timeOfDay('end_time'),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.dayOfWeek] }),
    checkOneOf('establishment_work_schedules_day_check', table.dayOfWeek, WEEK_DAYS),
    checkTimeOfDay('establishment_work_schedules_start_check', table.startTime),
    checkTimeOfDay('establishment_work_schedules_end_check', table.endTime),
    check(
      'establishment_work_schedules_active_check',
      sql`NOT ${table.isActive} OR (${table.startTime} IS NOT NULL AND ${table.endTime} IS NOT NULL)`,
    ),
  ],
);

/** `additionalInfos.happyHours`: a titled time range on some weekdays; past midnight as for schedules. */
export const establishmentHappyHours = pgTable(
  'establishment_happy_hours',
  {
    id: serial('id').primaryKey(),
    establishmentId: establishmentReference(),
    title: text('title').notNull(),
    days: text('days').array().notNull(),
    startTime: timeOfDay('start_time').notNull(),
    endTime: timeOfDay('end_time').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('establishment_happy_hours_establishment_idx').on(table.establishmentId),
    checkTimeOfDay('establishment_happy_hours_start_check', table.startTime),
    checkTimeOfDay('establishment_happy_hours_end_check', table.endTime),
    checkWeekDays('establishment_happy_hours_days_check', table.days, { atLeastOne: true }),
  ],
);

/** `establishmentSecondaryTypeIds`. */
export const establishmentSecondaryTypes = pgTable(
  'establishment_secondary_types',
  {
    establishmentId: establishmentReference(),
    establishmentTypeId: ownerReference('establishment_type_id', () => establishmentTypes.id),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.establishmentTypeId] }),
    index('establishment_secondary_types_type_idx').on(table.establishmentTypeId),
  ],
);

/** `specificInfos.musics`. */
export const establishmentMusics = pgTable(
  'establishment_musics',
  {
    establishmentId: establishmentReference(),
    musicId: ownerReference('music_id', () => musics.id),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.musicId] }),
    index('establishment_musics_music_idx').on(table.musicId),
  ],
);

/** `specificInfos.ambiance` (a list despite the singular name). */
export const establishmentAmbiances = pgTable(
  'establishment_ambiances',
  {
    establishmentId: establishmentReference(),
    ambianceId: ownerReference('ambiance_id', () => ambiances.id),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.ambianceId] }),
    index('establishment_ambiances_ambiance_idx').on(table.ambianceId),
  ],
);

/** `additionalInfos.tagTerms` / `tagTerms`: the tags attached to the establishment. */
export const establishmentTags = pgTable(
  'establishment_tags',
  {
    establishmentId: establishmentReference(),
    tagId: tagReference(),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.tagId] }),
    index('establishment_tags_tag_idx').on(table.tagId),
  ],
);

/** `generalInfos.media`: the gallery, in `position` order (mediaListState is applied to these rows). */
export const establishmentMedia = pgTable(
  'establishment_media',
  {
    establishmentId: establishmentReference(),
    uploadId: ownerReference('upload_id', () => uploads.id),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.establishmentId, table.uploadId] }),
    index('establishment_media_upload_idx').on(table.uploadId),
    check('establishment_media_position_check', sql`${table.position} >= 0`),
  ],
);
