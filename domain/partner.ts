import { z } from 'zod';
import { ROLE_SCOPES, type Viewer } from './access';
import { isRoleKey } from './roles';
import { VISIBILITIES } from './enums';
import { idSchema, optionalText } from './records';
import type { MediaListState, Upload } from './upload';

/**
 * Fields establishments and promoter groups share (and events reuse): contact details,
 * coordinates, the description pair, reference-id lists and tag links.
 */

export const PARTNER_LIMITS = {
  name: 200,
  email: 254,
  phone: 30,
  url: 2000,
  localisation: 300,
  city: 100,
  placeId: 300,
  description: 5000,
  htmlDescription: 50_000,
  referenceIds: 30,
  tagTerms: 50,
  tarif: 100_000,
  capacity: 1_000_000,
} as const;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const optionalEmail = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .toLowerCase()
    .max(PARTNER_LIMITS.email)
    .pipe(z.email('An email address such as info@venue.ch'))
    .nullable()
    .default(null),
);

/** Swiss and international numbers as people write them: +41 44 555 70 70, 044/555.70.70. */
export const optionalPhone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(PARTNER_LIMITS.phone)
    .regex(/^\+?[0-9][0-9 ()./-]{5,}$/, 'A phone number such as +41 44 555 70 70')
    .nullable()
    .default(null),
);

/** Only http and https: a `javascript:` link on a venue's page would run in the visitor's browser. */
export const optionalWebUrl = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(PARTNER_LIMITS.url)
    .pipe(z.url({ protocol: /^https?$/, error: 'A web address starting with https://' }))
    .nullable()
    .default(null),
);

export const latitudeSchema = z.number().min(-90).max(90);
/** The specification's `lang` beside `lat` is the longitude (the name is kept; forms label it "Longitude"). */
export const longitudeSchema = z.number().min(-180).max(180);
const optionalCoordinate = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().default(null));
export const optionalLatitude = optionalCoordinate(latitudeSchema);
export const optionalLongitude = optionalCoordinate(longitudeSchema);

/** `description`: the plain text (search, mails) and the rich text, sanitised by the server. */
export const descriptionSchema = z
  .object({
    description: optionalText(PARTNER_LIMITS.description),
    htmlDescription: optionalText(PARTNER_LIMITS.htmlDescription),
  })
  .default({ description: null, htmlDescription: null });

/** A list of reference ids (musics, ambiances, types): no repeats; existence is the server's check. */
export const referenceIdsSchema = z
  .array(idSchema)
  .max(PARTNER_LIMITS.referenceIds)
  .refine((ids) => new Set(ids).size === ids.length, 'A value appears twice')
  .default([]);

/**
 * `tagTerms` as written: the ids of the tags attached to the record (one join table per owner,
 * docs/data-model.md). Records also carry a top-level `tagTerms` map, id → tag name, for display.
 */
export const tagTermIdsSchema = z
  .array(idSchema)
  .max(PARTNER_LIMITS.tagTerms)
  .refine((ids) => new Set(ids).size === ids.length, 'A tag appears twice')
  .default([]);

/** The top-level `tagTerms` map of a record: tag id → tag name. Derived; ignored on input. */
export const tagTermsMapSchema = z.record(z.string(), z.string());
export type TagTermsMap = z.output<typeof tagTermsMapSchema>;

/** What every partner input has (domain/establishment.ts, domain/promoter.ts), as the record repeats it. */
interface PartnerInputShape {
  generalInfos: { logo: unknown; media: unknown; mediaListState: unknown };
  specificInfos: unknown;
  additionalInfos: unknown;
  description: { description: string | null; htmlDescription: string | null };
  visibility: (typeof VISIBILITIES)[number];
}

/**
 * A partner record as the API answers it, from its input type: the input's sections, with the pictures as
 * stored uploads (the input names them by reference) and the gallery's state as stored; plus the derived
 * fields. Each record adds its own id field (`establishmentId`, `promoterId`).
 */
export interface PartnerRecord<Input extends PartnerInputShape> {
  id: number;
  generalInfos: Omit<Input['generalInfos'], 'logo' | 'media' | 'mediaListState'> & {
    logo: Upload | null;
    media: Upload[];
    mediaListState: MediaListState;
  };
  specificInfos: Input['specificInfos'];
  additionalInfos: Input['additionalInfos'];
  description: Input['description'];
  visibility: Input['visibility'];
  tagTerms: TagTermsMap;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** New establishments and promoter groups are PUBLISHED. */
export const partnerVisibilitySchema = z.enum(VISIBILITIES).default('PUBLISHED');

/** CHF with at most two decimals. */
export const tarifSchema = z
  .number()
  .min(0)
  .max(PARTNER_LIMITS.tarif)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimals (CHF)');
export const optionalTarif = z.preprocess(
  (value) => (value === '' ? null : value),
  tarifSchema.nullable().default(null),
);

export const optionalCount = (max: number) =>
  z.preprocess((value) => (value === '' ? null : value), z.number().int().min(0).max(max).nullable().default(null));

export const TARIF_ORDER_PROBLEM = 'Must be at least the minimum price';
export const COORDINATES_PAIR_PROBLEM = 'Give both latitude and longitude, or neither';

/**
 * Why a create of a partner record is refused (403, on the record's id field: server/routes/shared/partner.ts
 * onboarding). Codes, like ALREADY_TAKEN, so that the browser says them in the user's language.
 */
export const ONBOARDING_REFUSALS = {
  establishment: { alreadyOwnsOne: 'ALREADY_MANAGES_AN_ESTABLISHMENT', cannotOwnOne: 'CANNOT_MANAGE_AN_ESTABLISHMENT' },
  promoterGroup: { alreadyOwnsOne: 'ALREADY_MANAGES_A_PROMOTER_GROUP', cannotOwnOne: 'CANNOT_MANAGE_A_PROMOTER_GROUP' },
} as const;

/** The two kinds of partner record a partner role manages, by the scope kind that owns them. */
export type PartnerKind = keyof typeof ONBOARDING_REFUSALS;

/** The viewer's field that points at its own record of that kind. */
export const PARTNER_SCOPE_FIELD = { establishment: 'establishmentId', promoterGroup: 'promoterGroupId' } as const;

type CreatingViewer = Pick<Viewer, 'roleKeys' | 'establishmentId' | 'promoterGroupId'>;

const scopeKindsOfRoles = (roleKeys: readonly string[]) => roleKeys.filter(isRoleKey).map((role) => ROLE_SCOPES[role]);

/**
 * This create is the viewer's onboarding: a partner role of this kind (ADMIN: establishment, PROMOTER:
 * promoter group) without a record of it yet, and no platform role. The new record becomes theirs.
 */
export function isOnboardingCreate(viewer: CreatingViewer, kind: PartnerKind): boolean {
  const kinds = scopeKindsOfRoles(viewer.roleKeys);
  return !kinds.includes('all') && kinds.includes(kind) && viewer[PARTNER_SCOPE_FIELD[kind]] === null;
}

/**
 * Why this viewer may not create a record of this kind (a code of ONBOARDING_REFUSALS), or null when it may:
 * the platform roles (scope `all`) any number, a partner only its first. The permission table
 * (domain/access.ts) is a separate check. The server refuses with it (403); the browser hides Create.
 */
export function createRefusalOf(viewer: CreatingViewer, kind: PartnerKind): string | null {
  const kinds = scopeKindsOfRoles(viewer.roleKeys);
  if (kinds.includes('all') || isOnboardingCreate(viewer, kind)) return null;
  return kinds.includes(kind) ? ONBOARDING_REFUSALS[kind].alreadyOwnsOne : ONBOARDING_REFUSALS[kind].cannotOwnOne;
}
