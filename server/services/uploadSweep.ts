import type { FastifyInstance } from 'fastify';
import { and, asc, getTableName, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ORPHAN_UPLOADS } from '../../domain/upload';
import type { Database } from '../db/client';
import { uploads } from '../db/schema/uploads';
import { scheduleRepeatingJob } from './repeatingJob';
import type { FileStorage } from './storage';

/**
 * Orphan uploads: files uploaded for a form that was never saved, pictures replaced, records
 * deleted. An upload that no record references and that is older than ORPHAN_UPLOADS.graceMs is deleted,
 * its row and then its files.
 *
 * What counts as a reference is read from the database itself: every foreign key that points at
 * `uploads` (logos, galleries, the events' menu file today), so a column added later is honoured without
 * touching this file. A row is never deleted while referenced, even by a write running at the same time:
 * - the candidates are locked `FOR UPDATE SKIP LOCKED`: a write that is attaching one holds it
 *   `FOR KEY SHARE` (requireUsableUploads, and the foreign-key check of its insert), so it is skipped;
 * - the DELETE, a later statement with a fresh snapshot, checks the references again; from the lock on,
 *   no write can add one (it waits for the lock, then finds the upload gone: a 400, not a dangling id).
 * Files go only after the row's deletion committed; a file whose deletion fails is logged and stays on
 * disk, invisible (files are served only when a row names them).
 */

export interface UploadReferenceColumn {
  schema: string;
  table: string;
  column: string;
}

export interface UploadSweepOptions {
  now: Date;
  graceMs?: number;
  batchSize?: number;
  /** Told about each file that could not be deleted (the row is gone already). */
  onFileError?: (key: string, error: unknown) => void;
}

export interface UploadSweepResult {
  /** Ids of the deleted uploads, in id order. */
  deletedIds: number[];
  /** Storage keys (files and previews) deleted. */
  deletedKeys: string[];
}

const UPLOADS_TABLE = getTableName(uploads);

/** Every column of the database whose foreign key points at `uploads` (single-column keys). */
export async function uploadReferenceColumns(db: Database): Promise<UploadReferenceColumn[]> {
  const result = await db.execute(sql`
    SELECT n.nspname AS "schema", t.relname AS "table", a.attname AS "column"
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = to_regclass(${UPLOADS_TABLE})
    ORDER BY 2, 3`);
  return (result as unknown as { rows: UploadReferenceColumn[] }).rows;
}

/** `uploads.id` named with its table, so that it cannot be read as a column of the referencing table. */
const uploadsId = sql`${sql.identifier(UPLOADS_TABLE)}.${sql.identifier('id')}`;

/** True for an `uploads` row that no referencing column names. */
function unreferenced(columns: readonly UploadReferenceColumn[]): SQL {
  const conditions = columns.map(
    ({ schema, table, column }) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(schema)}.${sql.identifier(table)} AS referencing WHERE referencing.${sql.identifier(column)} = ${uploadsId})`,
  );
  return sql.join(conditions, sql` AND `);
}

interface DeletedRow {
  id: number;
  storageKey: string;
  previewKey: string | null;
}

/** One batch in one transaction: lock unreferenced old uploads, delete those still unreferenced. */
async function deleteBatch(
  db: Database,
  stillUnreferenced: SQL,
  cutoff: Date,
  afterId: number,
  batchSize: number,
): Promise<{ examined: number[]; deleted: DeletedRow[] }> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), gt(uploads.id, afterId), stillUnreferenced))
      .orderBy(asc(uploads.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const examined = candidates.map((row) => row.id);
    if (examined.length === 0) return { examined, deleted: [] };
    const deleted = await tx
      .delete(uploads)
      .where(and(inArray(uploads.id, examined), stillUnreferenced))
      .returning({ id: uploads.id, storageKey: uploads.storageKey, previewKey: uploads.previewKey });
    return { examined, deleted };
  });
}

async function deleteFiles(
  storage: FileStorage,
  rows: readonly DeletedRow[],
  onFileError: UploadSweepOptions['onFileError'],
): Promise<string[]> {
  const keys = rows.flatMap((row) => (row.previewKey ? [row.storageKey, row.previewKey] : [row.storageKey]));
  const outcomes = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') onFileError?.(keys[index], outcome.reason);
  });
  return keys.filter((_key, index) => outcomes[index].status === 'fulfilled');
}

/** Deletes the orphan uploads older than the grace period, batch by batch, in id order. */
export async function sweepOrphanUploads(
  db: Database,
  storage: FileStorage,
  options: UploadSweepOptions,
): Promise<UploadSweepResult> {
  const columns = await uploadReferenceColumns(db);
  // Without a single foreign key the database is not the one this code knows: deleting would be a guess.
  if (columns.length === 0)
    throw new Error(`No foreign key references ${UPLOADS_TABLE}: the orphan sweep refuses to run`);
  const stillUnreferenced = unreferenced(columns);
  const cutoff = new Date(options.now.getTime() - (options.graceMs ?? ORPHAN_UPLOADS.graceMs));
  const batchSize = options.batchSize ?? ORPHAN_UPLOADS.batchSize;
  const result: UploadSweepResult = { deletedIds: [], deletedKeys: [] };
  let afterId = 0;
  for (;;) {
    const { examined, deleted } = await deleteBatch(db, stillUnreferenced, cutoff, afterId, batchSize);
    result.deletedIds.push(...deleted.map((row) => row.id).sort((a, b) => a - b));
    result.deletedKeys.push(...(await deleteFiles(storage, deleted, options.onFileError)));
    if (examined.length < batchSize) return result;
    afterId = examined[examined.length - 1];
  }
}

/**
 * Sweeps once the app is ready (not awaited: start-up does not wait for a backlog) and then every
 * ORPHAN_UPLOADS.sweepEveryMs on an unref'd timer; a sweep never overlaps the previous one. Closing the
 * app stops the timer and waits for a sweep in progress.
 */
export function scheduleOrphanUploadSweep(app: FastifyInstance, now: () => Date): void {
  scheduleRepeatingJob(app, {
    everyMs: ORPHAN_UPLOADS.sweepEveryMs,
    atReady: true,
    failureMessage: 'orphan upload sweep failed',
    run: async () => {
      const { deletedIds, deletedKeys } = await sweepOrphanUploads(app.db, app.storage, {
        now: now(),
        onFileError: (key, error) => app.log.error({ err: error, key }, 'orphan upload file not deleted'),
      });
      if (deletedIds.length > 0)
        app.log.info({ uploads: deletedIds.length, files: deletedKeys.length }, 'orphan uploads deleted');
    },
  });
}
