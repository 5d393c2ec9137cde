import { sql, type SQL } from 'drizzle-orm';
import { isImageMimeType, uploadFileUrl, type Upload, type UploadMimeType } from '../../domain/upload';
import { FIELD_PROBLEM_CODES, RESOURCE_ERROR_CODES } from '../../domain/errors';
import type { Viewer } from '../../domain/access';
import { uploads } from '../db/schema/uploads';
import { ApiError } from '../errors';
import type { Queryable } from '../db/queryable';
import { idIn, idInIdsPlaceholder, qualified } from '../db/conditions';
import { builtOncePerDatabase } from '../db/prepared';

/**
 * Uploads as records carry them (logos, galleries, files), and the rule for attaching one: a write may use
 * an upload its caller made, or one the record already has. Anything else (another user's file, an id that
 * does not exist, a PDF where a picture is expected) is a 400 on the field that names it, as a code the
 * browser translates.
 */

export const UPLOAD_PROBLEMS = {
  /** Unknown file (never uploaded, swept as an orphan, or someone else's): upload it again. */
  unknown: FIELD_PROBLEM_CODES.unknownUpload,
  /** Must be a picture (JPEG, PNG, WebP or GIF). */
  notAnImage: FIELD_PROBLEM_CODES.uploadNotAPicture,
} as const;

export type UploadRow = typeof uploads.$inferSelect;

/** What a record shows of an upload. */
type ShownUpload = Pick<
  UploadRow,
  'id' | 'storageKey' | 'previewKey' | 'mimeType' | 'sizeBytes' | 'width' | 'height' | 'originalName'
>;

export const uploadOf = (row: ShownUpload): Upload => ({
  id: row.id,
  url: uploadFileUrl(row.storageKey),
  previewUrl: row.previewKey ? uploadFileUrl(row.previewKey) : null,
  mimeType: row.mimeType as UploadMimeType,
  sizeBytes: row.sizeBytes,
  width: row.width,
  height: row.height,
  originalName: row.originalName,
});

/** The uploads of these ids, by id (missing ids are left out). */
/** Every record reader asks for its pictures and files by id: built once. */
const uploadsByIdQuery = builtOncePerDatabase('uploads_by_id', (db, statementName) =>
  db.select().from(uploads).where(idInIdsPlaceholder(uploads.id)).prepare(statementName),
);

export async function loadUploads(db: Queryable, ids: readonly number[]): Promise<Map<number, Upload>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await uploadsByIdQuery(db).execute({ ids: unique });
  return new Map(rows.map((row) => [row.id, uploadOf(row)]));
}

/** An upload as `uploadsBeside` selects it: the fields of `ShownUpload`, in that order. */
export type UploadTuple = [
  id: number,
  storageKey: string,
  previewKey: string | null,
  mimeType: string,
  sizeBytes: number,
  width: number | null,
  height: number | null,
  originalName: string,
];

/**
 * The uploads of these ids as a JSON column beside a record's row: a reader that selects it has its pictures
 * in its own statement instead of asking for them in a second one, whose round trip cost more than its rows.
 */
export function uploadsBeside(ids: SQL<number[]>): SQL<UploadTuple[]> {
  const fields = [
    uploads.id,
    uploads.storageKey,
    uploads.previewKey,
    uploads.mimeType,
    uploads.sizeBytes,
    uploads.width,
    uploads.height,
    uploads.originalName,
  ].map((column) => qualified(column));
  return sql<UploadTuple[]>`COALESCE((SELECT json_agg(json_build_array(${sql.join(fields, sql`, `)}))
    FROM ${uploads} WHERE ${qualified(uploads.id)} = ANY(${ids})), '[]'::json)`;
}

/** The uploads `uploadsBeside` selected, by id. */
export function uploadsByIdOf(tuples: readonly UploadTuple[]): Map<number, Upload> {
  return new Map(
    tuples.map(([id, storageKey, previewKey, mimeType, sizeBytes, width, height, originalName]) => [
      id,
      uploadOf({ id, storageKey, previewKey, mimeType, sizeBytes, width, height, originalName }),
    ]),
  );
}

export interface UploadUse {
  /** The input path that names the upload (`generalInfos.logo`, `generalInfos.media.2`). */
  field: string;
  id: number;
  /** Logos and galleries take pictures only; file fields (a menu) also take PDF. */
  imageOnly: boolean;
}

/**
 * 400 naming each field whose upload the caller may not attach. `attached` are the ids the record has
 * now (on create: none). The rows are read `FOR KEY SHARE` (held until the write's transaction ends), so
 * the orphan sweep, which locks what it deletes `FOR UPDATE SKIP LOCKED`, passes over an upload that a
 * write is attaching; one it already holds is gone when the write reads it (this 400, never a dangling
 * reference).
 */
export async function requireUsableUploads(
  tx: Queryable,
  viewer: Viewer,
  uses: readonly UploadUse[],
  attached: ReadonlySet<number>,
): Promise<void> {
  if (uses.length === 0) return;
  const rows = await tx
    .select({ id: uploads.id, ownerUserId: uploads.ownerUserId, mimeType: uploads.mimeType })
    .from(uploads)
    .where(idIn(uploads.id, [...new Set(uses.map((use) => use.id))]))
    .for('key share');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: Record<string, string> = {};
  for (const use of uses) {
    const row = byId.get(use.id);
    const usable = row && (attached.has(use.id) || row.ownerUserId === viewer.userId);
    if (!usable) problems[use.field] = UPLOAD_PROBLEMS.unknown;
    else if (use.imageOnly && !isImageMimeType(row.mimeType)) problems[use.field] = UPLOAD_PROBLEMS.notAnImage;
  }
  if (Object.keys(problems).length > 0) throw new ApiError(400, RESOURCE_ERROR_CODES.invalidInput, problems);
}
