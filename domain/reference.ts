import { z } from 'zod';
import { recordVersionSchema, requiredText } from './records';
import type { Language } from './languages';
import { FIELD_PROBLEM_CODES } from './errors';

/**
 * Reference data: the vocabularies the forms pick from, one table per kind (docs/data-model.md).
 * Each kind is a resource of its own under `/api/v1/reference-data/{kind}`; every signed-in user reads
 * them (pickers), ROOT manages them (domain/access.ts, REFERENCE_DATA).
 */

/** URL kind → the server's table name (`referenceTables` in server/db/schema/reference.ts). */
export const REFERENCE_KINDS = {
  'establishment-types': 'establishmentTypes',
  'promoter-types': 'promoterTypes',
  'event-types': 'eventTypes',
  musics: 'musics',
  ambiances: 'ambiances',
  services: 'services',
  games: 'games',
  environments: 'environments',
  'offer-types': 'offerTypes',
} as const;
export type ReferenceKind = keyof typeof REFERENCE_KINDS;
export const REFERENCE_KIND_NAMES = Object.keys(REFERENCE_KINDS) as ReferenceKind[];

/** The react-admin resource and API collection of a kind: `reference-data/musics`. */
export const REFERENCE_DATA_PREFIX = 'reference-data';
export const referenceResourceOf = (kind: ReferenceKind) => `${REFERENCE_DATA_PREFIX}/${kind}` as const;
export type ReferenceResource = ReturnType<typeof referenceResourceOf>;
export const REFERENCE_RESOURCES = REFERENCE_KIND_NAMES.map(referenceResourceOf);

export const REFERENCE_LIMITS = { key: 50, label: 100, position: 10_000 } as const;

const labelsSchema = z.object({
  en: requiredText(REFERENCE_LIMITS.label),
  fr: requiredText(REFERENCE_LIMITS.label),
  de: requiredText(REFERENCE_LIMITS.label),
  it: requiredText(REFERENCE_LIMITS.label),
});

/** POST and PUT body of a reference value. `key` is the stable code (imports, seed): upper snake case. */
export const referenceInputSchema = z.object({
  key: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]+(_[A-Z0-9]+)*$/, 'Capital letters, digits and single underscores, like DEEP_HOUSE')
    .max(REFERENCE_LIMITS.key),
  label: labelsSchema,
  position: z.number().int().min(0).max(REFERENCE_LIMITS.position).default(0),
  /** A retired value stays on the records that have it but is no longer offered. */
  isActive: z.boolean().default(true),
  version: recordVersionSchema.optional(),
});
export type ReferenceInput = z.output<typeof referenceInputSchema>;

export const referenceRecordSchema = referenceInputSchema.extend({
  id: z.number().int(),
  version: recordVersionSchema,
});
export type ReferenceRecord = z.output<typeof referenceRecordSchema>;

/** A value's label in the reader's language (every label is required, so there is always one). */
export const referenceLabel = (record: Pick<ReferenceRecord, 'label'>, language: Language): string =>
  record.label[language];

/**
 * Problem code when an input names a reference id that does not exist (400 on that field; translated by the
 * browser).
 */
export const UNKNOWN_REFERENCE = FIELD_PROBLEM_CODES.unknownReference;

/** Problem code when an input picks a retired value the record did not already have (400 on that field). */
export const RETIRED_REFERENCE = FIELD_PROBLEM_CODES.retiredReference;
