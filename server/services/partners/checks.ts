import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../../domain/errors';
import { PARTNER_LIMITS } from '../../../domain/partner';
import { RETIRED_REFERENCE, UNKNOWN_REFERENCE } from '../../../domain/reference';
import { resolveGallery, type MediaListState, type UploadReference } from '../../../domain/upload';
import type { Queryable } from '../../db/queryable';
import { qualified } from '../../db/conditions';
import { ambiances, musics } from '../../db/schema/reference';
import { tags } from '../../db/schema/tags';
import { ApiError } from '../../errors';
import { sanitisedTooLong, storedDescription } from '../html';
import { requireUsableUploads, type UploadUse } from '../uploadRecords';
import type { PartnerPictures } from './pictures';

/**
 * The checks a partner write (and an event write, for its references and description) passes before
 * anything is written: reference and tag ids exist, uploads are usable pictures, the gallery edit is
 * consistent (all problems in one 400); and the description pair as stored.
 */

/**
 * Ids an input names in one field, and the table where each must exist (its `id` column). Reference values
 * (`isActive`) that were retired stay acceptable only where the stored record already has them, so old
 * records save back unchanged while new choices come from the values still offered.
 */
export interface ReferenceCheck {
  field: string;
  column: PgColumn;
  ids: readonly number[];
  /** The `is_active` column of a reference table; tags have none. */
  isActive?: PgColumn;
}

/** A check on a reference-data table (all share `id` and `isActive`, server/db/schema/reference.ts). */
export const referenceCheck = (
  field: string,
  table: { id: PgColumn; isActive: PgColumn },
  ids: readonly number[],
): ReferenceCheck => ({ field, column: table.id, isActive: table.isActive, ids });

interface FoundReference {
  check_index: number;
  id: number;
  is_active: boolean;
}

/** Which of each check's ids exist, and whether each is still offered: one statement for every field. */
async function foundReferences(
  tx: Queryable,
  wanted: readonly { check: ReferenceCheck; ids: number[] }[],
): Promise<FoundReference[]> {
  const selects = wanted.map(
    ({ check, ids }, index) =>
      sql`SELECT ${index}::int AS check_index, ${qualified(check.column)} AS id, ${check.isActive ? qualified(check.isActive) : sql`true`} AS is_active FROM ${check.column.table} WHERE ${qualified(check.column)} = ANY(${sql.param(ids)}::int[])`,
  );
  const result = await tx.execute(sql.join(selects, sql` UNION ALL `));
  return (result as unknown as { rows: FoundReference[] }).rows;
}

/**
 * One problem per field that names an id its table does not have, or a retired value the stored record
 * did not have (`stored`: the same checks built from the stored record). One query for every field with ids.
 *
 * An id the stored record already has is neither: it exists (each is a foreign key), and a retired one may
 * stay. Only the ids a write adds are looked up, so a save that keeps its references sends no query.
 */
async function unknownReferenceProblems(
  tx: Queryable,
  checks: readonly ReferenceCheck[],
  stored: readonly ReferenceCheck[],
): Promise<Record<string, string>> {
  const wanted = checks
    .map((check) => {
      const kept = new Set(stored.find((candidate) => candidate.field === check.field)?.ids ?? []);
      return { check, ids: [...new Set(check.ids)].filter((id) => !kept.has(id)) };
    })
    .filter(({ ids }) => ids.length > 0);
  if (wanted.length === 0) return {};
  const found = await foundReferences(tx, wanted);
  const problems: Record<string, string> = {};
  wanted.forEach(({ check, ids }, index) => {
    const known = new Map(found.filter((row) => row.check_index === index).map((row) => [row.id, row.is_active]));
    if (ids.some((id) => !known.has(id))) problems[check.field] = UNKNOWN_REFERENCE;
    else if (ids.some((id) => known.get(id) === false)) problems[check.field] = RETIRED_REFERENCE;
  });
  return problems;
}

/** What a partner input says about its pictures (`generalInfos`), and what the stored record has. */
export interface PicturesInput {
  logo: UploadReference | null;
  media: readonly UploadReference[];
  mediaListState: MediaListState | null;
}

/** The uploads (logo and gallery: pictures only) the input attaches, each with the field that names it. */
function pictureUses(logo: UploadReference | null, galleryIds: readonly number[]): UploadUse[] {
  return [
    ...(logo ? [{ field: 'generalInfos.logo', id: logo.id, imageOnly: true }] : []),
    ...galleryIds.map((id, index) => ({ field: `generalInfos.media.${index}`, id, imageOnly: true })),
  ];
}

/** `requireUsableUploads` as problems to report with the others rather than a 400 of its own. */
async function uploadProblems(
  tx: Queryable,
  viewer: Viewer,
  uses: readonly UploadUse[],
  attached: ReadonlySet<number>,
) {
  try {
    await requireUsableUploads(tx, viewer, uses, attached);
    return {};
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400 && error.errors) return error.errors;
    throw error;
  }
}

/**
 * Every check of a partner write that the schema cannot make, all at once and before anything is written:
 * the gallery edit (`resolveGallery`), the uploads (the caller's own or already on the record; pictures),
 * and every reference and tag id. Answers the gallery to store; throws one 400 naming every field.
 */
export async function checkPartnerWrite(
  tx: Queryable,
  viewer: Viewer,
  pictures: PicturesInput,
  stored: PartnerPictures | null,
  references: readonly ReferenceCheck[],
  storedReferences: readonly ReferenceCheck[] = [],
): Promise<number[]> {
  const storedMediaIds = stored?.media.map((upload) => upload.id) ?? [];
  const gallery = resolveGallery(storedMediaIds, pictures.media, pictures.mediaListState, 'generalInfos');
  const attached = new Set([...storedMediaIds, ...(stored?.logo ? [stored.logo.id] : [])]);
  const problems = {
    ...(await unknownReferenceProblems(tx, references, storedReferences)),
    ...(await uploadProblems(tx, viewer, pictureUses(pictures.logo, gallery.ids), attached)),
    ...gallery.problems,
  };
  if (Object.keys(problems).length > 0) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, problems);
  return gallery.ids;
}

// ---- the description ---------------------------------------------------------------------------------

export const SANITISED_TOO_LONG = sanitisedTooLong(PARTNER_LIMITS.htmlDescription);

/** The description pair as stored (services/html.ts: sanitised, plain text derived, 400 when it grows too long). */
export const descriptionColumnsOf = (description: { description: string | null; htmlDescription: string | null }) =>
  storedDescription(description, {
    plain: PARTNER_LIMITS.description,
    html: PARTNER_LIMITS.htmlDescription,
    htmlField: 'description.htmlDescription',
  });

/** The reference checks every partner input makes alike: musics, ambiances and tags. */
export const partnerReferenceChecksOf = (input: {
  specificInfos: { musics: readonly number[]; ambiance: readonly number[] };
  additionalInfos: { tagTerms: readonly number[] };
}): ReferenceCheck[] => [
  referenceCheck('specificInfos.musics', musics, input.specificInfos.musics),
  referenceCheck('specificInfos.ambiance', ambiances, input.specificInfos.ambiance),
  { field: 'additionalInfos.tagTerms', column: tags.id, ids: input.additionalInfos.tagTerms },
];
