import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VISIBILITIES } from '../../domain/enums';
import { idOrIdsSchema } from '../../domain/records';
import type { Promoter, PromoterInput } from '../../domain/promoter';
import { linksToAny } from '../db/links';
import { carriesAnyTag, carriesNoTag } from '../services/tagTerms';
import { promoterGroups } from '../db/schema/promoterGroups';
import { loadPromoters, PROMOTER_LINKS, PROMOTER_PARTNER } from '../services/promoters';
import { partnerPageColumns } from '../services/partners/reader';
import { partnerWrites } from './shared/partner';
import { defineFilter, registerResource, type ResourceDefinition } from './shared/resource';

/**
 * `/promoters`: the Promoter record (a promoter group) through the generic resource API (docs/server.md
 * "Establishments and promoter groups"). Reading and writing live in server/services/promoters/, the partner
 * writes in server/services/partners/. Every signed-in user reads published groups; a PROMOTER sees its own,
 * drafts included; ROOT and COORDINATOR_ADMIN_FULL see all.
 */

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
      linksToAny(PROMOTER_LINKS.promoterTypes, promoterGroups.id, typeIds),
    ),
    eventTypeId: defineFilter(idOrIdsSchema, (typeIds) =>
      linksToAny(PROMOTER_LINKS.eventTypes, promoterGroups.id, typeIds),
    ),
    musicId: defineFilter(idOrIdsSchema, (musicIds) => linksToAny(PROMOTER_LINKS.musics, promoterGroups.id, musicIds)),
    tagId: defineFilter(idOrIdsSchema, (tagIds) => linksToAny(PROMOTER_LINKS.tags, promoterGroups.id, tagIds)),
    /** Records carrying any of these tags; `untagged: true` those carrying none (docs/tag-terms.md). */
    tagIds: defineFilter(idOrIdsSchema, (tagIds) => carriesAnyTag('promoters', tagIds)),
    untagged: defineFilter(z.boolean(), (untagged) => carriesNoTag('promoters', untagged)),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(promoterGroups.visibility, visibility)),
  },
  search: [promoterGroups.name, promoterGroups.email],
  scope: { promoterGroup: promoterGroups.id, visibility: promoterGroups.visibility },
  load: loadPromoters,
  listedColumns: partnerPageColumns(PROMOTER_PARTNER),
  write: partnerWrites<Promoter, PromoterInput>(PROMOTER_PARTNER),
};

export async function promoterRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, promoterResource);
}
