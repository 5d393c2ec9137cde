import type { FastifyInstance } from 'fastify';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VISIBILITIES } from '../../domain/enums';
import type { Establishment, EstablishmentInput } from '../../domain/establishment';
import { idOrIdsSchema, textOrTextsSchema } from '../../domain/records';
import { PARTNER_LIMITS } from '../../domain/partner';
import { equalsAnyIgnoringCase } from '../db/conditions';
import { linksToAny } from '../db/links';
import { carriesAnyTag, carriesNoTag } from '../services/tagTerms';
import { establishments } from '../db/schema/establishments';
import {
  ESTABLISHMENT_LINKS,
  ESTABLISHMENT_SCOPE,
  ESTABLISHMENT_PARTNER,
  listEstablishmentCities,
  loadEstablishments,
} from '../services/establishments';
import { partnerPageColumns } from '../services/partners/reader';
import { partnerWrites } from './shared/partner';
import {
  defineFilter,
  registerResource,
  requirePermission,
  viewerOf,
  type ResourceDefinition,
} from './shared/resource';

/**
 * `/establishments`: the Establishment record through the generic resource API
 * (docs/server.md "Establishments and promoter groups"). Reading and writing live in
 * server/services/establishments/, the partner writes in server/services/partners/. Every
 * signed-in user reads published venues; ADMIN, COORDINATOR and COORDINATOR_ADMIN_LIMITED see their own,
 * drafts included; ROOT and COORDINATOR_ADMIN_FULL see all. Writes follow domain/access.ts.
 */

export const establishmentResource: ResourceDefinition<Establishment, EstablishmentInput> = {
  name: 'establishments',
  permission: 'ESTABLISHMENT',
  table: establishments,
  id: establishments.id,
  sortable: {
    id: establishments.id,
    establishmentName: sql`lower(${establishments.name})`,
    city: sql`lower(${establishments.city})`,
    visibility: establishments.visibility,
    createdAt: establishments.createdAt,
    updatedAt: establishments.updatedAt,
  },
  defaultSort: { field: 'establishmentName', order: 'ASC' },
  filters: {
    city: defineFilter(textOrTextsSchema(PARTNER_LIMITS.city), (cities) =>
      equalsAnyIgnoringCase(establishments.city, cities),
    ),
    /** The primary or a secondary type. */
    establishmentTypeId: defineFilter(idOrIdsSchema, (typeIds) =>
      typeIds.length === 0
        ? undefined
        : or(
            inArray(establishments.establishmentTypeId, typeIds),
            linksToAny(ESTABLISHMENT_LINKS.secondaryTypes, establishments.id, typeIds),
          ),
    ),
    musicId: defineFilter(idOrIdsSchema, (musicIds) =>
      linksToAny(ESTABLISHMENT_LINKS.musics, establishments.id, musicIds),
    ),
    tagId: defineFilter(idOrIdsSchema, (tagIds) => linksToAny(ESTABLISHMENT_LINKS.tags, establishments.id, tagIds)),
    /** Records carrying any of these tags; `untagged: true` those carrying none (docs/tag-terms.md). */
    tagIds: defineFilter(idOrIdsSchema, (tagIds) => carriesAnyTag('establishments', tagIds)),
    untagged: defineFilter(z.boolean(), (untagged) => carriesNoTag('establishments', untagged)),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(establishments.visibility, visibility)),
  },
  search: [establishments.name, establishments.city, establishments.localisation, establishments.email],
  scope: ESTABLISHMENT_SCOPE,
  load: loadEstablishments,
  listedColumns: partnerPageColumns(ESTABLISHMENT_PARTNER),
  write: partnerWrites<Establishment, EstablishmentInput>(ESTABLISHMENT_PARTNER),
};

const citiesSchema = {
  tags: [establishmentResource.name],
  summary: 'The distinct cities of the readable establishments, for the city filter',
  response: { 200: z.array(z.object({ id: z.string(), name: z.string() })) },
  errorStatuses: [403],
} as const;

export async function establishmentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/establishments/cities', { preHandler: app.authenticate, schema: citiesSchema }, async (request) => {
    const viewer = viewerOf(request);
    requirePermission(viewer, establishmentResource.permission, 'read');
    return listEstablishmentCities(app.db, viewer);
  });
  registerResource(app, establishmentResource);
}
