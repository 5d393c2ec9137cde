import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VISIBILITIES, WEEK_DAYS, isWeekDay } from '../../domain/enums';
import { establishmentInputSchema, type Establishment, type EstablishmentInput } from '../../domain/establishment';
import { PARTNER_LIMITS } from '../../domain/partner';
import { closedWeek, type HappyHour, type WorkSchedules } from '../../domain/schedule';
import {
  ambiances,
  establishmentAmbiances,
  establishmentHappyHours,
  establishmentMedia,
  establishmentMusics,
  establishments,
  establishmentSecondaryTypes,
  establishmentTags,
  establishmentTypes,
  establishmentWorkSchedules,
  musics,
  tags,
} from '../db/schema';
import {
  descriptionColumnsOf,
  equalsAnyIgnoringCase,
  ESTABLISHMENT_ONBOARDING,
  idOrIdsSchema,
  linksToAny,
  loadLinks,
  loadPictures,
  loadTagLinks,
  NO_TAGS,
  partnerRecordBasicsOf,
  partnerWrites,
  replaceLinks,
  replaceMedia,
  textOrTextsSchema,
  type LinkTable,
  type MediaTable,
  referenceCheck,
  type ReferenceCheck,
} from './shared/partner';
import {
  defineFilter,
  registerResource,
  requirePermission,
  scopeCondition,
  viewerOf,
  type Queryable,
  type ResourceDefinition,
  type ResourceScope,
} from './shared/resource';

/**
 * `/establishments` (issue 4): the Establishment record of SPEC §3 through the generic resource API
 * (docs/server.md "Establishments and promoter groups"). The venue is a row of `establishments`; its opening
 * hours, happy hours, reference lists, tags and gallery are child rows, replaced on every write. Every
 * signed-in user reads published venues; ADMIN, COORDINATOR and COORDINATOR_ADMIN_LIMITED see their own,
 * drafts included; ROOT and COORDINATOR_ADMIN_FULL see all. Writes follow domain/access.ts.
 */

const LINKS = {
  secondaryTypes: {
    table: establishmentSecondaryTypes,
    owner: establishmentSecondaryTypes.establishmentId,
    target: establishmentSecondaryTypes.establishmentTypeId,
  },
  musics: {
    table: establishmentMusics,
    owner: establishmentMusics.establishmentId,
    target: establishmentMusics.musicId,
  },
  ambiances: {
    table: establishmentAmbiances,
    owner: establishmentAmbiances.establishmentId,
    target: establishmentAmbiances.ambianceId,
  },
  tags: { table: establishmentTags, owner: establishmentTags.establishmentId, target: establishmentTags.tagId },
} satisfies Record<string, LinkTable>;

const MEDIA: MediaTable = {
  table: establishmentMedia,
  owner: establishmentMedia.establishmentId,
  upload: establishmentMedia.uploadId,
  position: establishmentMedia.position,
};

// ---- reading -----------------------------------------------------------------------------------------

type ScheduleRow = typeof establishmentWorkSchedules.$inferSelect;
type HappyHourRow = typeof establishmentHappyHours.$inferSelect;

/** All seven days; a day without a row is closed. */
function workSchedulesOf(rows: readonly ScheduleRow[]): WorkSchedules {
  const week = closedWeek();
  for (const row of rows) {
    if (isWeekDay(row.dayOfWeek))
      week[row.dayOfWeek] = { isActive: row.isActive, startTime: row.startTime, endTime: row.endTime };
  }
  return week;
}

const happyHourOf = (row: HappyHourRow): HappyHour => ({
  title: row.title,
  days: row.days.filter(isWeekDay),
  startTime: row.startTime,
  endTime: row.endTime,
});

const byEstablishment = <Row extends { establishmentId: number }>(rows: readonly Row[]) => {
  const grouped = new Map<number, Row[]>();
  for (const row of rows) grouped.set(row.establishmentId, [...(grouped.get(row.establishmentId) ?? []), row]);
  return grouped;
};

/** The records of these ids in a fixed number of queries (nine), whatever the page size. */
async function loadEstablishments(db: Queryable, ids: readonly number[]): Promise<Establishment[]> {
  const rows = await db
    .select()
    .from(establishments)
    .where(inArray(establishments.id, [...ids]));
  if (rows.length === 0) return [];
  const ownerIds = rows.map((row) => row.id);
  const schedules = byEstablishment(
    await db
      .select()
      .from(establishmentWorkSchedules)
      .where(inArray(establishmentWorkSchedules.establishmentId, ownerIds)),
  );
  const happyHours = byEstablishment(
    await db
      .select()
      .from(establishmentHappyHours)
      .where(inArray(establishmentHappyHours.establishmentId, ownerIds))
      .orderBy(asc(establishmentHappyHours.position), asc(establishmentHappyHours.id)),
  );
  const secondaryTypes = await loadLinks(db, LINKS.secondaryTypes, ownerIds);
  const musicLinks = await loadLinks(db, LINKS.musics, ownerIds);
  const ambianceLinks = await loadLinks(db, LINKS.ambiances, ownerIds);
  const tagLinks = await loadTagLinks(db, LINKS.tags, ownerIds);
  const picturesOfRow = await loadPictures(db, MEDIA, rows);
  return rows.map((row) => {
    const tagsOfRow = tagLinks.get(row.id) ?? NO_TAGS;
    return {
      id: row.id,
      establishmentId: row.id,
      generalInfos: {
        establishmentName: row.name,
        // Both are required on input; the columns allow null only for rows written outside the API.
        establishmentTypeId: row.establishmentTypeId as number,
        establishmentSecondaryTypeIds: secondaryTypes.get(row.id) ?? [],
        localisation: row.localisation,
        lat: row.lat,
        lang: row.lang,
        city: row.city as string,
        placeId: row.placeId,
        email: row.email,
        phone: row.phone,
        urlBilletterie: row.urlBilletterie,
        urlSite: row.urlSite,
        workSchedules: workSchedulesOf(schedules.get(row.id) ?? []),
        ...picturesOfRow(row.id),
      },
      specificInfos: { musics: musicLinks.get(row.id) ?? [], ambiance: ambianceLinks.get(row.id) ?? [] },
      additionalInfos: {
        ageMin: row.ageMin,
        tarifMin: row.tarifMin,
        tarifMax: row.tarifMax,
        externalCapacity: row.externalCapacity,
        internalCapacity: row.internalCapacity,
        happyHours: (happyHours.get(row.id) ?? []).map(happyHourOf),
        tagTerms: tagsOfRow.ids,
      },
      ...partnerRecordBasicsOf(row, tagsOfRow),
    };
  });
}

// ---- writing -----------------------------------------------------------------------------------------

function columnsOf(input: EstablishmentInput) {
  const general = input.generalInfos;
  const additional = input.additionalInfos;
  return {
    name: general.establishmentName,
    logoUploadId: general.logo?.id ?? null,
    establishmentTypeId: general.establishmentTypeId,
    localisation: general.localisation,
    city: general.city,
    lat: general.lat,
    lang: general.lang,
    placeId: general.placeId,
    email: general.email,
    phone: general.phone,
    urlBilletterie: general.urlBilletterie,
    urlSite: general.urlSite,
    ageMin: additional.ageMin,
    tarifMin: additional.tarifMin,
    tarifMax: additional.tarifMax,
    externalCapacity: additional.externalCapacity,
    internalCapacity: additional.internalCapacity,
    ...descriptionColumnsOf(input.description),
    visibility: input.visibility,
  };
}

const referenceChecksOf = (input: EstablishmentInput): ReferenceCheck[] => [
  referenceCheck('generalInfos.establishmentTypeId', establishmentTypes, [input.generalInfos.establishmentTypeId]),
  referenceCheck(
    'generalInfos.establishmentSecondaryTypeIds',
    establishmentTypes,
    input.generalInfos.establishmentSecondaryTypeIds,
  ),
  referenceCheck('specificInfos.musics', musics, input.specificInfos.musics),
  referenceCheck('specificInfos.ambiance', ambiances, input.specificInfos.ambiance),
  { field: 'additionalInfos.tagTerms', column: tags.id, ids: input.additionalInfos.tagTerms },
];

/** Opening hours, happy hours, lists, tags and gallery: the whole set is replaced by the input's. */
async function writeChildren(
  tx: Queryable,
  id: number,
  input: EstablishmentInput,
  galleryIds: readonly number[],
): Promise<void> {
  await tx.delete(establishmentWorkSchedules).where(eq(establishmentWorkSchedules.establishmentId, id));
  await tx.insert(establishmentWorkSchedules).values(
    WEEK_DAYS.map((dayOfWeek) => {
      const day = input.generalInfos.workSchedules[dayOfWeek];
      return { establishmentId: id, dayOfWeek, isActive: day.isActive, startTime: day.startTime, endTime: day.endTime };
    }),
  );
  await tx.delete(establishmentHappyHours).where(eq(establishmentHappyHours.establishmentId, id));
  const happyHours = input.additionalInfos.happyHours;
  if (happyHours.length > 0) {
    await tx
      .insert(establishmentHappyHours)
      .values(happyHours.map((happyHour, position) => ({ establishmentId: id, ...happyHour, position })));
  }
  await replaceLinks(tx, LINKS.secondaryTypes, id, input.generalInfos.establishmentSecondaryTypeIds);
  await replaceLinks(tx, LINKS.musics, id, input.specificInfos.musics);
  await replaceLinks(tx, LINKS.ambiances, id, input.specificInfos.ambiance);
  await replaceLinks(tx, LINKS.tags, id, input.additionalInfos.tagTerms);
  await replaceMedia(tx, MEDIA, id, galleryIds);
}

// ---- the resource ------------------------------------------------------------------------------------

const SCOPE: ResourceScope = { establishment: establishments.id, visibility: establishments.visibility };

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
            linksToAny(LINKS.secondaryTypes, establishments.id, typeIds),
          ),
    ),
    musicId: defineFilter(idOrIdsSchema, (musicIds) => linksToAny(LINKS.musics, establishments.id, musicIds)),
    tagId: defineFilter(idOrIdsSchema, (tagIds) => linksToAny(LINKS.tags, establishments.id, tagIds)),
    visibility: defineFilter(z.enum(VISIBILITIES), (visibility) => eq(establishments.visibility, visibility)),
  },
  search: [establishments.name, establishments.city, establishments.localisation, establishments.email],
  scope: SCOPE,
  load: loadEstablishments,
  write: partnerWrites<Establishment, EstablishmentInput>({
    input: establishmentInputSchema,
    table: establishments,
    id: establishments.id,
    version: establishments.version,
    updatedAt: establishments.updatedAt,
    onboarding: ESTABLISHMENT_ONBOARDING,
    columnsOf,
    referenceChecksOf,
    writeChildren,
    // Deleting (ROOT only) takes the venue's events, offers, promo codes and widget settings with it (the
    // schema's cascades); its staff keep their accounts, without an establishment (users: SET NULL).
    auditOmit: ['establishmentId', 'tagTerms', 'generalInfos.mediaListState', 'createdAt', 'updatedAt'],
  }),
};

/**
 * `GET /establishments/cities`: the distinct cities of the establishments the caller may read (the list's
 * scope), for the city filter's choices, as `[{ id, name }]` sorted without case; spellings that differ only
 * by case are one city (the filter ignores case too).
 */
async function listCities(app: FastifyInstance, viewer: ReturnType<typeof viewerOf>) {
  const rows = await app.db
    .select({ city: sql<string>`min(${establishments.city})` })
    .from(establishments)
    .where(and(scopeCondition(viewer, establishmentResource.permission, SCOPE, 'read'), isNotNull(establishments.city)))
    .groupBy(sql`lower(${establishments.city})`)
    .orderBy(sql`lower(${establishments.city})`);
  return rows.map((row) => ({ id: row.city, name: row.city }));
}

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
    return listCities(app, viewer);
  });
  registerResource(app, establishmentResource);
}
