import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import {
  checkVisibility,
  descriptions,
  ownerReference,
  timestamps,
  trigramIndex,
  version,
  visibility,
} from './columns';
import { ambiances, eventTypes, musics, promoterTypes } from './reference';
import { tagReference } from './tags';
import { uploads } from './uploads';

/** Promoter groups (`promoterId` in the record is this id). */
export const promoterGroups = pgTable(
  'promoter_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    logoUploadId: integer('logo_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    email: text('email'),
    phone: text('phone'),
    urlBilletterie: text('url_billetterie'),
    urlSite: text('url_site'),
    ...descriptions(),
    visibility: visibility('PUBLISHED'),
    version: version(),
    ...timestamps(),
  },
  (table) => [
    index('promoter_groups_visibility_idx').on(table.visibility, table.id),
    index('promoter_groups_name_idx').on(sql`lower(${table.name})`, table.id),
    index('promoter_groups_created_idx').on(table.createdAt, table.id),
    index('promoter_groups_updated_idx').on(table.updatedAt, table.id),
    trigramIndex('promoter_groups_name_trgm_idx', table.name),
    trigramIndex('promoter_groups_email_trgm_idx', table.email),
    checkVisibility('promoter_groups', table.visibility),
  ],
);

const promoterGroupReference = () => ownerReference('promoter_group_id', () => promoterGroups.id);

/** `generalInfos.promoterTypesIds`. */
export const promoterGroupPromoterTypes = pgTable(
  'promoter_group_promoter_types',
  {
    promoterGroupId: promoterGroupReference(),
    promoterTypeId: ownerReference('promoter_type_id', () => promoterTypes.id),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.promoterTypeId] }),
    index('promoter_group_promoter_types_type_idx').on(table.promoterTypeId),
  ],
);

/** `generalInfos.evenTypesIds` (the specification's spelling): the kinds of events the group organises. */
export const promoterGroupEventTypes = pgTable(
  'promoter_group_event_types',
  {
    promoterGroupId: promoterGroupReference(),
    eventTypeId: ownerReference('event_type_id', () => eventTypes.id),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.eventTypeId] }),
    index('promoter_group_event_types_type_idx').on(table.eventTypeId),
  ],
);

export const promoterGroupMusics = pgTable(
  'promoter_group_musics',
  {
    promoterGroupId: promoterGroupReference(),
    musicId: ownerReference('music_id', () => musics.id),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.musicId] }),
    index('promoter_group_musics_music_idx').on(table.musicId),
  ],
);

export const promoterGroupAmbiances = pgTable(
  'promoter_group_ambiances',
  {
    promoterGroupId: promoterGroupReference(),
    ambianceId: ownerReference('ambiance_id', () => ambiances.id),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.ambianceId] }),
    index('promoter_group_ambiances_ambiance_idx').on(table.ambianceId),
  ],
);

/** `additionalInfos.tagTerms`. */
export const promoterGroupTags = pgTable(
  'promoter_group_tags',
  {
    promoterGroupId: promoterGroupReference(),
    tagId: tagReference(),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.tagId] }),
    index('promoter_group_tags_tag_idx').on(table.tagId),
  ],
);

export const promoterGroupMedia = pgTable(
  'promoter_group_media',
  {
    promoterGroupId: promoterGroupReference(),
    uploadId: ownerReference('upload_id', () => uploads.id),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.promoterGroupId, table.uploadId] }),
    index('promoter_group_media_upload_idx').on(table.uploadId),
    check('promoter_group_media_position_check', sql`${table.position} >= 0`),
  ],
);
