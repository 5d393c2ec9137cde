import { z } from 'zod';
import { VISIBILITIES } from './enums';

/**
 * What every editable record of the REST contract carries besides the specification's fields:
 * `id`, and `version`, the optimistic-concurrency counter. A PUT sends back the version it read; the
 * server answers 409 when the record changed since (docs/server.md "Generic resources").
 */
export const recordVersionSchema = z.number().int().min(1).max(2_147_483_647);

/**
 * PostgreSQL text cannot hold the NUL character (the insert fails): refuse it as bad input on its own field,
 * never a 500.
 */
const withoutNul = (text: string) => !text.includes('\u0000');
const NUL_MESSAGE = 'Contains a NUL character';

/** An empty text field is no value: `''` and blanks become null, so forms and API agree. */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).refine(withoutNul, NUL_MESSAGE).nullable().default(null),
  );

export const requiredText = (max: number) => z.string().trim().min(1).max(max).refine(withoutNul, NUL_MESSAGE);

/** A database id (PostgreSQL `serial`). */
export const idSchema = z.number().int().min(1).max(2_147_483_647);

export const optionalId = z.preprocess((value) => (value === '' ? null : value), idSchema.nullable().default(null));

// ---- list filters as the browser sends them (`filter={…}`) and the server's lists accept them -----------

const MAX_FILTER_VALUES = 100;

/** A filter value given as one id or a list (a multi-select); an empty list filters nothing. */
export const idOrIdsSchema = z
  .union([idSchema, z.array(idSchema).max(MAX_FILTER_VALUES)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/** A text filter value given once or as a list (cities). */
export const textOrTextsSchema = (max: number) => {
  const text = z.string().trim().min(1).max(max);
  return z
    .union([text, z.array(text).max(MAX_FILTER_VALUES)])
    .transform((value) => (Array.isArray(value) ? value : [value]));
};

// ---- bulk visibility (`POST /<resource>/visibility`) ---------------------------------------------------

/** The most records one bulk visibility change takes (a list page holds fewer). */
export const MAX_VISIBILITY_CHANGE_IDS = 1000;

/**
 * Publishing or unpublishing many records in one request. `versions` (record id → the version the caller
 * read) is optional: a record given a version it no longer has is refused with a 409, the others change.
 */
const VISIBILITY_CHANGE_KEYS = ['ids', 'visibility', 'versions'];

export const visibilityChangeSchema = z
  .looseObject({
    ids: z
      .array(idSchema)
      .min(1)
      .max(MAX_VISIBILITY_CHANGE_IDS)
      .refine((ids) => new Set(ids).size === ids.length, 'Each id once'),
    visibility: z.enum(VISIBILITIES),
    versions: z.record(z.string().regex(/^[1-9][0-9]{0,9}$/, 'A record id'), recordVersionSchema).optional(),
  })
  .superRefine((change, context) => {
    const { ids, versions } = change;
    for (const key of Object.keys(change)) {
      if (!VISIBILITY_CHANGE_KEYS.includes(key))
        context.addIssue({ code: 'custom', path: [key], message: `Unknown field: ${key}` });
    }
    for (const key of Object.keys(versions ?? {})) {
      if (!ids.includes(Number(key)))
        context.addIssue({ code: 'custom', path: ['versions', key], message: 'Not one of the ids' });
    }
  });
export type VisibilityChange = z.input<typeof visibilityChangeSchema>;

/** The API error body with its status, for one record of a bulk change. */
const recordErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** What became of each id, in the order given: its new (or unchanged) version, or why it was refused. */
export const visibilityChangeAnswerSchema = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ id: idSchema, ok: z.literal(true), version: recordVersionSchema }),
      z.object({ id: idSchema, ok: z.literal(false), error: recordErrorSchema }),
    ]),
  ),
});
export type VisibilityChangeAnswer = z.infer<typeof visibilityChangeAnswerSchema>;
export type VisibilityChangeResult = VisibilityChangeAnswer['results'][number];
