import { storedMediaListState, type MediaListState, type Upload } from '../../../domain/upload';
import { loadMedia, type MediaTable } from '../../db/links';
import type { Queryable } from '../../db/queryable';
import { loadUploads } from '../uploadRecords';

/** The uploads a partner record carries: its logo and its gallery. */

export interface PartnerPictures {
  logo: Upload | null;
  media: Upload[];
  mediaListState: MediaListState;
}

/** The logo and the gallery of a record from the loaded uploads. */
function picturesOf(
  logoUploadId: number | null,
  mediaIds: readonly number[],
  uploadsById: ReadonlyMap<number, Upload>,
): PartnerPictures {
  const media = mediaIds.flatMap((id) => uploadsById.get(id) ?? []);
  return {
    logo: logoUploadId === null ? null : (uploadsById.get(logoUploadId) ?? null),
    media,
    mediaListState: storedMediaListState(media),
  };
}

/**
 * The pictures (logo and gallery) of a page of partner rows in two queries: the gallery links, then every
 * upload they and the logos name. Answers each row's `PartnerPictures` by its id.
 */
export async function loadPictures(
  db: Queryable,
  media: MediaTable,
  rows: readonly { id: number; logoUploadId: number | null }[],
): Promise<(ownerId: number) => PartnerPictures> {
  const galleries = await loadMedia(
    db,
    media,
    rows.map((row) => row.id),
  );
  const uploadsById = await loadUploads(db, [
    ...rows.flatMap((row) => (row.logoUploadId === null ? [] : [row.logoUploadId])),
    ...[...galleries.values()].flat(),
  ]);
  const logoOf = new Map(rows.map((row) => [row.id, row.logoUploadId]));
  return (ownerId) => picturesOf(logoOf.get(ownerId) ?? null, galleries.get(ownerId) ?? [], uploadsById);
}
