import { promoterInputSchema, type Promoter, type PromoterInput } from '../../../domain/promoter';
import type { LinkTable, MediaTable } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import {
  promoterGroupAmbiances,
  promoterGroupEventTypes,
  promoterGroupMedia,
  promoterGroupMusics,
  promoterGroupPromoterTypes,
  promoterGroups,
  promoterGroupTags,
} from '../../db/schema/promoterGroups';
import { eventTypes, promoterTypes } from '../../db/schema/reference';
import { partnerReferenceChecksOf, referenceCheck } from '../partners/checks';
import type { PartnerDefinition } from '../partners/definition';
import { PROMOTER_GROUP_ONBOARDING } from '../partners/onboarding';
import { loadPartners } from '../partners/reader';
import { partnerColumnsOf, partnerContactOf } from '../partners/record';

/**
 * Promoter groups (docs/server.md "Establishments and promoter groups"): the group is a row of
 * `promoter_groups`; its type lists, musics, ambiances, tags and gallery are child rows, replaced on every
 * write. The resource (server/routes/promoters.ts) reads and writes through here.
 */

export const PROMOTER_LINKS = {
  promoterTypes: {
    table: promoterGroupPromoterTypes,
    owner: promoterGroupPromoterTypes.promoterGroupId,
    target: promoterGroupPromoterTypes.promoterTypeId,
  },
  eventTypes: {
    table: promoterGroupEventTypes,
    owner: promoterGroupEventTypes.promoterGroupId,
    target: promoterGroupEventTypes.eventTypeId,
  },
  musics: {
    table: promoterGroupMusics,
    owner: promoterGroupMusics.promoterGroupId,
    target: promoterGroupMusics.musicId,
  },
  ambiances: {
    table: promoterGroupAmbiances,
    owner: promoterGroupAmbiances.promoterGroupId,
    target: promoterGroupAmbiances.ambianceId,
  },
  tags: { table: promoterGroupTags, owner: promoterGroupTags.promoterGroupId, target: promoterGroupTags.tagId },
} satisfies Record<string, LinkTable>;

const MEDIA: MediaTable = {
  table: promoterGroupMedia,
  owner: promoterGroupMedia.promoterGroupId,
  upload: promoterGroupMedia.uploadId,
  position: promoterGroupMedia.position,
};

type PromoterRow = typeof promoterGroups.$inferSelect;

/** The promoter group as a partner (server/services/partners/definition.ts): its table and its own fields. */
export const PROMOTER_PARTNER: PartnerDefinition<PromoterRow, PromoterInput, Promoter, typeof PROMOTER_LINKS> = {
  input: promoterInputSchema,
  table: promoterGroups,
  id: promoterGroups.id,
  version: promoterGroups.version,
  updatedAt: promoterGroups.updatedAt,
  links: PROMOTER_LINKS,
  media: MEDIA,
  onboarding: PROMOTER_GROUP_ONBOARDING,
  recordOf: (row, { linked, tags, pictures }) => ({
    id: row.id,
    promoterId: row.id,
    generalInfos: {
      promoterName: row.name,
      promoterTypesIds: linked.promoterTypes,
      evenTypesIds: linked.eventTypes,
      ...partnerContactOf(row),
      ...pictures,
    },
    specificInfos: { musics: linked.musics, ambiance: linked.ambiances },
    additionalInfos: { tagTerms: tags.ids },
  }),
  columnsOf: (input) => partnerColumnsOf(input.generalInfos.promoterName, input),
  linkIdsOf: (input) => ({
    promoterTypes: input.generalInfos.promoterTypesIds,
    eventTypes: input.generalInfos.evenTypesIds,
    musics: input.specificInfos.musics,
    ambiances: input.specificInfos.ambiance,
    tags: input.additionalInfos.tagTerms,
  }),
  referenceChecksOf: (input) => [
    referenceCheck('generalInfos.promoterTypesIds', promoterTypes, input.generalInfos.promoterTypesIds),
    referenceCheck('generalInfos.evenTypesIds', eventTypes, input.generalInfos.evenTypesIds),
    ...partnerReferenceChecksOf(input),
  ],
  // Deleting (ROOT only) takes the group's events, offers and promo codes with it (the schema's cascades);
  // its promoters keep their accounts, without a group (users: SET NULL).
  auditOmit: ['promoterId', 'tagTerms', 'generalInfos.mediaListState', 'createdAt', 'updatedAt'],
};

/** The records of these ids in a fixed number of queries (eight), whatever the page size. */
export const loadPromoters = (db: Queryable, ids: readonly number[]): Promise<Promoter[]> =>
  loadPartners(db, PROMOTER_PARTNER, ids);
