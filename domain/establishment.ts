import { z } from 'zod';
import { idSchema, optionalText, recordVersionSchema, requiredText } from './records';
import { happyHoursSchema, workSchedulesSchema } from './schedule';
import { mediaInputSchema, mediaListStateSchema, uploadReferenceSchema } from './upload';
import { crossFieldChecks } from './validation';
import {
  COORDINATES_PAIR_PROBLEM,
  descriptionSchema,
  optionalCount,
  optionalEmail,
  optionalLatitude,
  optionalLongitude,
  optionalPhone,
  optionalTarif,
  optionalWebUrl,
  PARTNER_LIMITS,
  type PartnerRecord,
  partnerVisibilitySchema,
  referenceIdsSchema,
  TARIF_ORDER_PROBLEM,
  tagTermIdsSchema,
} from './partner';

/**
 * The Establishment record as the API carries it: `generalInfos`, `specificInfos`,
 * `additionalInfos`, `description`, `visibility`, `establishmentId` (= `id`), the `tagTerms` map, `version`.
 * Reference fields hold ids (establishment types, musics, ambiances: `/reference-data/…`); `logo` and
 * `media` hold uploads (domain/upload.ts).
 */

export const ESTABLISHMENT_LIMITS = { ageMin: 99 } as const;

export const establishmentGeneralInfosSchema = z.object({
  establishmentName: requiredText(PARTNER_LIMITS.name),
  logo: uploadReferenceSchema.nullable().default(null),
  establishmentTypeId: idSchema,
  establishmentSecondaryTypeIds: referenceIdsSchema,
  /** The address as one line (Google Places' formatted address, or typed by hand). */
  localisation: optionalText(PARTNER_LIMITS.localisation),
  lat: optionalLatitude,
  lang: optionalLongitude,
  city: requiredText(PARTNER_LIMITS.city),
  placeId: optionalText(PARTNER_LIMITS.placeId),
  email: optionalEmail,
  phone: optionalPhone,
  urlBilletterie: optionalWebUrl,
  urlSite: optionalWebUrl,
  workSchedules: workSchedulesSchema,
  media: mediaInputSchema,
  mediaListState: mediaListStateSchema.nullable().default(null),
});

export const establishmentSpecificInfosSchema = z
  .object({ musics: referenceIdsSchema, ambiance: referenceIdsSchema })
  .default({ musics: [], ambiance: [] });

export const establishmentAdditionalInfosSchema = z
  .object({
    ageMin: optionalCount(ESTABLISHMENT_LIMITS.ageMin),
    tarifMin: optionalTarif,
    tarifMax: optionalTarif,
    externalCapacity: optionalCount(PARTNER_LIMITS.capacity),
    internalCapacity: optionalCount(PARTNER_LIMITS.capacity),
    happyHours: happyHoursSchema,
    tagTerms: tagTermIdsSchema,
  })
  .default({
    ageMin: null,
    tarifMin: null,
    tarifMax: null,
    externalCapacity: null,
    internalCapacity: null,
    happyHours: [],
    tagTerms: [],
  });

/** POST and PUT body (PUT: the whole record with the `version` it was read at). */
export const establishmentInputSchema = z
  .object({
    generalInfos: establishmentGeneralInfosSchema,
    specificInfos: establishmentSpecificInfosSchema,
    additionalInfos: establishmentAdditionalInfosSchema,
    description: descriptionSchema,
    visibility: partnerVisibilitySchema,
    version: recordVersionSchema.optional(),
  })
  .superRefine(
    crossFieldChecks<{
      generalInfos: { lat: number | null; lang: number | null };
      additionalInfos: { tarifMin: number | null; tarifMax: number | null };
    }>([
      {
        reads: ['additionalInfos.tarifMin', 'additionalInfos.tarifMax'],
        check: ({ additionalInfos: { tarifMin, tarifMax } }, context) => {
          if (tarifMin !== null && tarifMax !== null && tarifMin > tarifMax) {
            context.addIssue({ code: 'custom', path: ['additionalInfos', 'tarifMax'], message: TARIF_ORDER_PROBLEM });
          }
        },
      },
      {
        reads: ['generalInfos.lat', 'generalInfos.lang'],
        check: ({ generalInfos: { lat, lang } }, context) => {
          if ((lat === null) !== (lang === null)) {
            context.addIssue({
              code: 'custom',
              path: ['generalInfos', lat === null ? 'lat' : 'lang'],
              message: COORDINATES_PAIR_PROBLEM,
            });
          }
        },
      },
    ]),
  );
export type EstablishmentInput = z.output<typeof establishmentInputSchema>;

/** The record as the API answers it. */
export interface Establishment extends PartnerRecord<EstablishmentInput> {
  establishmentId: number;
}

/** The sections of the record, in the order the form shows them (per-section validation). */
export const ESTABLISHMENT_SECTIONS = ['generalInfos', 'specificInfos', 'additionalInfos', 'description'] as const;

/**
 * A new establishment's form values: every default of the schema (closed week, no happy hours, PUBLISHED),
 * with the required fields still empty for the user to fill.
 */
export const establishmentDefaults = () => {
  const parsed = establishmentInputSchema.parse({
    generalInfos: { establishmentName: '-', establishmentTypeId: 1, city: '-' },
  });
  return {
    ...parsed,
    generalInfos: { ...parsed.generalInfos, establishmentName: '', establishmentTypeId: null, city: '' },
  };
};
