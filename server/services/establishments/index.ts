import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import { WEEK_DAYS, isWeekDay } from '../../../domain/enums';
import { establishmentInputSchema, type Establishment, type EstablishmentInput } from '../../../domain/establishment';
import { closedWeek, type HappyHour, type WorkSchedules } from '../../../domain/schedule';
import type { LinkTable, MediaTable } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import {
  establishmentAmbiances,
  establishmentHappyHours,
  establishmentMedia,
  establishmentMusics,
  establishments,
  establishmentSecondaryTypes,
  establishmentTags,
  establishmentWorkSchedules,
} from '../../db/schema/establishments';
import { establishmentTypes } from '../../db/schema/reference';
import { scopeCondition, type ScopeMapping } from '../../db/scope';
import { partnerReferenceChecksOf, referenceCheck } from '../partners/checks';
import type { PartnerDefinition, PartnerExtras } from '../partners/definition';
import { ESTABLISHMENT_ONBOARDING } from '../partners/onboarding';
import { loadPartners } from '../partners/reader';
import { partnerColumnsOf, partnerContactOf } from '../partners/record';
import { qualified } from '../../db/conditions';

/**
 * Establishments (docs/server.md "Establishments and promoter groups"): the venue is a row of
 * `establishments`; its opening hours, happy hours, reference lists, tags and gallery are child rows,
 * replaced on every write. The resource (server/routes/establishments.ts) reads and writes through here.
 */

/** Which records an establishment's staff own, and that published ones are readable by every signed-in user. */
export const ESTABLISHMENT_SCOPE: ScopeMapping = {
  establishment: establishments.id,
  visibility: establishments.visibility,
};

export const ESTABLISHMENT_LINKS = {
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

type ScheduleRow = Pick<
  typeof establishmentWorkSchedules.$inferSelect,
  'dayOfWeek' | 'isActive' | 'startTime' | 'endTime'
>;
type HappyHourRow = Pick<typeof establishmentHappyHours.$inferSelect, 'title' | 'days' | 'startTime' | 'endTime'>;

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

/** The establishment's own child rows: opening hours and happy hours. */
interface EstablishmentTimes {
  workSchedules: WorkSchedules;
  happyHours: HappyHour[];
}

const schedule = establishmentWorkSchedules;
const happyHour = establishmentHappyHours;

/** Opening hours and happy hours (in their order) as JSON beside each establishment's row. */
const TIMES: PartnerExtras<EstablishmentTimes> = {
  columns: {
    workSchedules: sql`COALESCE((SELECT json_agg(json_build_object(
        'dayOfWeek', ${qualified(schedule.dayOfWeek)}, 'isActive', ${qualified(schedule.isActive)},
        'startTime', ${qualified(schedule.startTime)}, 'endTime', ${qualified(schedule.endTime)}))
      FROM ${schedule} WHERE ${qualified(schedule.establishmentId)} = ${qualified(establishments.id)}), '[]'::json)`,
    happyHours: sql`COALESCE((SELECT json_agg(json_build_object(
        'title', ${qualified(happyHour.title)}, 'days', ${qualified(happyHour.days)},
        'startTime', ${qualified(happyHour.startTime)}, 'endTime', ${qualified(happyHour.endTime)})
        ORDER BY ${qualified(happyHour.position)}, ${qualified(happyHour.id)})
      FROM ${happyHour} WHERE ${qualified(happyHour.establishmentId)} = ${qualified(establishments.id)}), '[]'::json)`,
  },
  of: (values) => ({
    workSchedules: workSchedulesOf(values.workSchedules as ScheduleRow[]),
    happyHours: (values.happyHours as HappyHourRow[]).map(happyHourOf),
  }),
};

// ---- writing -----------------------------------------------------------------------------------------

/** Opening hours (all seven days) and happy hours: the whole set is replaced by the input's. */
async function writeTimes(tx: Queryable, id: number, input: EstablishmentInput): Promise<void> {
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
}

type EstablishmentRow = typeof establishments.$inferSelect;

/** The establishment as a partner (server/services/partners/definition.ts): its table and its own fields. */
export const ESTABLISHMENT_PARTNER: PartnerDefinition<
  EstablishmentRow,
  EstablishmentInput,
  Establishment,
  typeof ESTABLISHMENT_LINKS,
  EstablishmentTimes
> = {
  input: establishmentInputSchema,
  table: establishments,
  id: establishments.id,
  version: establishments.version,
  updatedAt: establishments.updatedAt,
  links: ESTABLISHMENT_LINKS,
  media: MEDIA,
  onboarding: ESTABLISHMENT_ONBOARDING,
  extras: TIMES,
  recordOf: (row, { linked, tags, pictures, extras }) => ({
    id: row.id,
    establishmentId: row.id,
    generalInfos: {
      establishmentName: row.name,
      // Both are required on input; the columns allow null only for rows written outside the API.
      establishmentTypeId: row.establishmentTypeId as number,
      establishmentSecondaryTypeIds: linked.secondaryTypes,
      localisation: row.localisation,
      lat: row.lat,
      lang: row.lang,
      city: row.city as string,
      placeId: row.placeId,
      ...partnerContactOf(row),
      workSchedules: extras.workSchedules,
      ...pictures,
    },
    specificInfos: { musics: linked.musics, ambiance: linked.ambiances },
    additionalInfos: {
      ageMin: row.ageMin,
      tarifMin: row.tarifMin,
      tarifMax: row.tarifMax,
      externalCapacity: row.externalCapacity,
      internalCapacity: row.internalCapacity,
      happyHours: extras.happyHours,
      tagTerms: tags.ids,
    },
  }),
  columnsOf: (input) => ({
    ...partnerColumnsOf(input.generalInfos.establishmentName, input),
    establishmentTypeId: input.generalInfos.establishmentTypeId,
    localisation: input.generalInfos.localisation,
    city: input.generalInfos.city,
    lat: input.generalInfos.lat,
    lang: input.generalInfos.lang,
    placeId: input.generalInfos.placeId,
    ageMin: input.additionalInfos.ageMin,
    tarifMin: input.additionalInfos.tarifMin,
    tarifMax: input.additionalInfos.tarifMax,
    externalCapacity: input.additionalInfos.externalCapacity,
    internalCapacity: input.additionalInfos.internalCapacity,
  }),
  linkIdsOf: (input) => ({
    secondaryTypes: input.generalInfos.establishmentSecondaryTypeIds,
    musics: input.specificInfos.musics,
    ambiances: input.specificInfos.ambiance,
    tags: input.additionalInfos.tagTerms,
  }),
  referenceChecksOf: (input) => [
    referenceCheck('generalInfos.establishmentTypeId', establishmentTypes, [input.generalInfos.establishmentTypeId]),
    referenceCheck(
      'generalInfos.establishmentSecondaryTypeIds',
      establishmentTypes,
      input.generalInfos.establishmentSecondaryTypeIds,
    ),
    ...partnerReferenceChecksOf(input),
  ],
  writeExtras: writeTimes,
  // Deleting (ROOT only) takes the venue's events, offers, promo codes and widget settings with it (the
  // schema's cascades); its staff keep their accounts, without an establishment (users: SET NULL).
  auditOmit: ['establishmentId', 'tagTerms', 'generalInfos.mediaListState', 'createdAt', 'updatedAt'],
};

/** The records of these ids in two statements, whatever the page size (server/services/partners/reader.ts). */
export const loadEstablishments = (db: Queryable, ids: readonly number[]): Promise<Establishment[]> =>
  loadPartners(db, ESTABLISHMENT_PARTNER, ids);

/**
 * `GET /establishments/cities`: the distinct cities of the establishments the caller may read (the list's
 * scope), for the city filter's choices, as `[{ id, name }]` sorted without case; spellings that differ only
 * by case are one city (the filter ignores case too).
 */
export async function listEstablishmentCities(db: Queryable, viewer: Viewer) {
  const rows = await db
    .select({ city: sql<string>`min(${establishments.city})` })
    .from(establishments)
    .where(and(scopeCondition(viewer, 'ESTABLISHMENT', ESTABLISHMENT_SCOPE, 'read'), isNotNull(establishments.city)))
    .groupBy(sql`lower(${establishments.city})`)
    .orderBy(sql`lower(${establishments.city})`);
  return rows.map((row) => ({ id: row.city, name: row.city }));
}
