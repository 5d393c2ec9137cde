import { z } from 'zod';
import { recordVersionSchema, requiredText } from './records';
import { mediaInputSchema, mediaListStateSchema, uploadReferenceSchema } from './upload';
import {
  descriptionSchema,
  optionalEmail,
  optionalPhone,
  optionalWebUrl,
  PARTNER_LIMITS,
  type PartnerRecord,
  partnerVisibilitySchema,
  referenceIdsSchema,
  tagTermIdsSchema,
} from './partner';

/**
 * The Promoter record (a promoter group) as the API carries it: `generalInfos`,
 * `specificInfos`, `additionalInfos`, `description`, `visibility`, `promoterId` (= `id`), the `tagTerms` map,
 * `version`. `promoterTypesIds` and `evenTypesIds` (the specification's spelling) are reference ids.
 */

export const promoterGeneralInfosSchema = z.object({
  promoterName: requiredText(PARTNER_LIMITS.name),
  logo: uploadReferenceSchema.nullable().default(null),
  promoterTypesIds: referenceIdsSchema,
  evenTypesIds: referenceIdsSchema,
  email: optionalEmail,
  phone: optionalPhone,
  urlBilletterie: optionalWebUrl,
  urlSite: optionalWebUrl,
  media: mediaInputSchema,
  mediaListState: mediaListStateSchema.nullable().default(null),
});

export const promoterInputSchema = z.object({
  generalInfos: promoterGeneralInfosSchema,
  specificInfos: z
    .object({ musics: referenceIdsSchema, ambiance: referenceIdsSchema })
    .default({ musics: [], ambiance: [] }),
  additionalInfos: z.object({ tagTerms: tagTermIdsSchema }).default({ tagTerms: [] }),
  description: descriptionSchema,
  visibility: partnerVisibilitySchema,
  version: recordVersionSchema.optional(),
});
export type PromoterInput = z.output<typeof promoterInputSchema>;

/** The record as the API answers it. */
export interface Promoter extends PartnerRecord<PromoterInput> {
  promoterId: number;
}

export const PROMOTER_SECTIONS = ['generalInfos', 'specificInfos', 'additionalInfos', 'description'] as const;

export const promoterDefaults = () => {
  const parsed = promoterInputSchema.parse({ generalInfos: { promoterName: '-' } });
  return { ...parsed, generalInfos: { ...parsed.generalInfos, promoterName: '' } };
};
