import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VISIBILITIES } from '../../domain/enums';
import { promoterInputSchema, type Promoter, type PromoterInput } from '../../domain/promoter';
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
} from '../db/schema';
import {
  descriptionColumnsOf,
  idOrIdsSchema,
  linksToAny,
  loadLinks,
  loadPictures,
  loadTagLinks,
  NO_TAGS,
  partnerRecordBasicsOf,
  partnerWrites,
  PROMOTER_GROUP_ONBOARDING,
  replaceLinks,
  replaceMedia,
  type LinkTable,
  type MediaTable,
  referenceCheck,
  type ReferenceCheck,
} from './shared/partner';
import { defineFilter, registerResource, type Queryable, type ResourceDefinition } from './shared/resource';

/**
 * `/promoters` (issue 4): the Promoter record of SPEC §3 (a promoter group) through the generic resource API
 * (docs/server.md "Establishments and promoter groups"). The group is a row of `promoter_groups`; its type
 * lists, musics, ambiances, tags and gallery are child rows, replaced on every write. Every signed-in user
 * reads published groups; a PROMOTER sees its own, drafts included; ROOT and COORDINATOR_ADMIN_FULL see all.
 */

const LINKS = {
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
async function loadPromoters(db: Queryable, ids: readonly number[]): Promise<Promoter[]> {
  const rows = await db
    .select()
    .from(promoterGroups)
    .where(inArray(promoterGroups.id, [...ids]));
  if (rows.length === 0) return [];
  const ownerIds = rows.map((row) => row.id);
  const promoterTypeLinks = await loadLinks(db, LINKS.promoterTypes, ownerIds);
  const eventTypeLinks = await loadLinks(db, LINKS.eventTypes, ownerIds);
  const musicLinks = await loadLinks(db, LINKS.musics, ownerIds);
  const ambianceLinks = await loadLinks(db, LINKS.ambiances, ownerIds);
  const tagLinks = await loadTagLinks(db, LINKS.tags, ownerIds);
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
  await replaceLinks(tx, LINKS.promoterTypes, id, input.generalInfos.promoterTypesIds);
  await replaceLinks(tx, LINKS.eventTypes, id, input.generalInfos.evenTypesIds);
  await replaceLinks(tx, LINKS.musics, id, input.specificInfos.musics);
  await replaceLinks(tx, LINKS.ambiances, id, input.specificInfos.ambiance);
  await replaceLinks(tx, LINKS.tags, id, input.additionalInfos.tagTerms);
  await replaceMedia(tx, MEDIA, id, galleryIds);
}

export const promoterResource: ResourceDefinition<Promoter, PromoterInput> = {
  name: 'promoters',
  permission: 'PROMOTER_GROUP',
  table: promoterGroups,
  id: promoterGroups.id,
  sortable: {
    id: promoterGroups.id,
    promoterName: sql`lower(${promoterGroups.name})`,
    visibility: promoterGroups.visibility,
    createdAt: promoterGroups.createdAt,
    updatedAt: promoterGroups.updatedAt,
  },
  defaultSort: { field: 'promoterName', order: 'ASC' },
  filters: {
    promoterTypeId: defineFilter(idOrIdsSchema, (typeIds) =>
      linksToAny(LINKS.promoterTypes, promoterGroups.id, typeIds),
    ),
    eventTypeId: defineFilter(idOrIdsSchema, (typeIds) => linksToAny(LINKS.eventTypes, promoterGroups.id, typeIds)),
    musicId: defineFilter(idOrIdsSchema, (musicIds) => linksToAny(LINKS.musics, promoterGroups.id, musicIds)),
    tagId: defineFilter(idOrIdsSchema, (tagIds) => linksToAny(LINKS.tags, promoterGroups.id, tagIds)),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(promoterGroups.visibility, visibility)),
  },
  search: [promoterGroups.name, promoterGroups.email],
  scope: { promoterGroup: promoterGroups.id, visibility: promoterGroups.visibility },
  load: loadPromoters,
  write: partnerWrites<Promoter, PromoterInput>({
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
  }),
};

export async function promoterRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, promoterResource);
}
