import { inArray } from 'drizzle-orm';
import { promoterInputSchema, type Promoter, type PromoterInput } from '../../../domain/promoter';
import {
  loadLinks,
  loadTagLinks,
  NO_TAGS,
  replaceLinks,
  replaceMedia,
  type LinkTable,
  type MediaTable,
} from '../../db/links';
import type { Queryable } from '../../db/queryable';
import {
  ambiances,
  eventTypes,
  musics,
  promoterGroupAmbiances,
  promoterGroupEventTypes,
  promoterGroupMedia,
  promoterGroupMusics,
  promoterGroupPromoterTypes,
  promoterGroups,
  promoterGroupTags,
  promoterTypes,
  tags,
} from '../../db/schema';
import { descriptionColumnsOf, referenceCheck, type ReferenceCheck } from '../partners/checks';
import { partnerRecordBasicsOf } from '../partners/record';
import { PROMOTER_GROUP_ONBOARDING } from '../partners/onboarding';
import { loadPictures } from '../partners/pictures';
import type { PartnerWriteParts } from '../partners/writes';

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

/** The records of these ids in a fixed number of queries (eight), whatever the page size. */
export async function loadPromoters(db: Queryable, ids: readonly number[]): Promise<Promoter[]> {
  const rows = await db
    .select()
    .from(promoterGroups)
    .where(inArray(promoterGroups.id, [...ids]));
  if (rows.length === 0) return [];
  const ownerIds = rows.map((row) => row.id);
  const promoterTypeLinks = await loadLinks(db, PROMOTER_LINKS.promoterTypes, ownerIds);
  const eventTypeLinks = await loadLinks(db, PROMOTER_LINKS.eventTypes, ownerIds);
  const musicLinks = await loadLinks(db, PROMOTER_LINKS.musics, ownerIds);
  const ambianceLinks = await loadLinks(db, PROMOTER_LINKS.ambiances, ownerIds);
  const tagLinks = await loadTagLinks(db, PROMOTER_LINKS.tags, ownerIds);
  const picturesOfRow = await loadPictures(db, MEDIA, rows);
  return rows.map((row) => {
    const tagsOfRow = tagLinks.get(row.id) ?? NO_TAGS;
    return {
      id: row.id,
      promoterId: row.id,
      generalInfos: {
        promoterName: row.name,
        promoterTypesIds: promoterTypeLinks.get(row.id) ?? [],
        evenTypesIds: eventTypeLinks.get(row.id) ?? [],
        email: row.email,
        phone: row.phone,
        urlBilletterie: row.urlBilletterie,
        urlSite: row.urlSite,
        ...picturesOfRow(row.id),
      },
      specificInfos: { musics: musicLinks.get(row.id) ?? [], ambiance: ambianceLinks.get(row.id) ?? [] },
      additionalInfos: { tagTerms: tagsOfRow.ids },
      ...partnerRecordBasicsOf(row, tagsOfRow),
    };
  });
}

function columnsOf(input: PromoterInput) {
  const general = input.generalInfos;
  return {
    name: general.promoterName,
    logoUploadId: general.logo?.id ?? null,
    email: general.email,
    phone: general.phone,
    urlBilletterie: general.urlBilletterie,
    urlSite: general.urlSite,
    ...descriptionColumnsOf(input.description),
    visibility: input.visibility,
  };
}

const referenceChecksOf = (input: PromoterInput): ReferenceCheck[] => [
  referenceCheck('generalInfos.promoterTypesIds', promoterTypes, input.generalInfos.promoterTypesIds),
  referenceCheck('generalInfos.evenTypesIds', eventTypes, input.generalInfos.evenTypesIds),
  referenceCheck('specificInfos.musics', musics, input.specificInfos.musics),
  referenceCheck('specificInfos.ambiance', ambiances, input.specificInfos.ambiance),
  { field: 'additionalInfos.tagTerms', column: tags.id, ids: input.additionalInfos.tagTerms },
];

async function writeChildren(
  tx: Queryable,
  id: number,
  input: PromoterInput,
  galleryIds: readonly number[],
): Promise<void> {
  await replaceLinks(tx, PROMOTER_LINKS.promoterTypes, id, input.generalInfos.promoterTypesIds);
  await replaceLinks(tx, PROMOTER_LINKS.eventTypes, id, input.generalInfos.evenTypesIds);
  await replaceLinks(tx, PROMOTER_LINKS.musics, id, input.specificInfos.musics);
  await replaceLinks(tx, PROMOTER_LINKS.ambiances, id, input.specificInfos.ambiance);
  await replaceLinks(tx, PROMOTER_LINKS.tags, id, input.additionalInfos.tagTerms);
  await replaceMedia(tx, MEDIA, id, galleryIds);
}

/** The promoter group's part of the partner writes (server/services/partners/writes.ts). */
export const PROMOTER_WRITE_PARTS: PartnerWriteParts<PromoterInput> = {
  input: promoterInputSchema,
  table: promoterGroups,
  id: promoterGroups.id,
  version: promoterGroups.version,
  updatedAt: promoterGroups.updatedAt,
  onboarding: PROMOTER_GROUP_ONBOARDING,
  columnsOf,
  referenceChecksOf,
  writeChildren,
  // Deleting (ROOT only) takes the group's events, offers and promo codes with it (the schema's cascades);
  // its promoters keep their accounts, without a group (users: SET NULL).
  auditOmit: ['promoterId', 'tagTerms', 'generalInfos.mediaListState', 'createdAt', 'updatedAt'],
};
