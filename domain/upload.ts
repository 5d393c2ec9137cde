import { z } from 'zod';
import { FIELD_PROBLEM_CODES } from './errors';
import { idSchema } from './records';

/**
 * Uploads: every logo, gallery and file field goes through `POST /api/v1/uploads` (multipart,
 * one part named `file`). The server decides the type from the content (never the name or the declared
 * type), chooses the stored name, records image dimensions and writes a downscaled preview.
 */

export const UPLOAD_LIMITS = {
  /** Larger files are refused with 413 before they are stored. */
  maxBytes: 10 * 1024 * 1024,
  /** The longest side of an image's preview, in pixels. */
  previewSize: 480,
  /** Images larger than this (either side) are refused: decoding them would exhaust memory. */
  maxImageSide: 12_000,
  /**
   * Animated pictures (GIF, WebP): at most this many frames, and this many pixels over all frames together
   * (width × height × frames). Re-encoding an animation costs time and memory in proportion to its pixels
   * (bench/results/uploads.md); beyond either, 400 UPLOAD_IMAGE_TOO_COMPLEX, told before any frame is decoded.
   */
  maxFrames: 100,
  maxAnimationPixels: 16_000_000,
  /** The multipart part that carries the file. */
  fieldName: 'file',
  originalName: 255,
} as const;

/**
 * How much picture work the server does at once (server/services/workGate.ts): `concurrent` pictures are
 * decoded and re-encoded at a time, up to `waiting` more wait at most `maxWaitMs` for their turn, any beyond
 * is a 503 UPLOADS_BUSY with `Retry-After: retryAfterSeconds`. One picture's processing stops after
 * `timeoutSeconds` (400 UPLOAD_IMAGE_TOO_COMPLEX). PDFs are not decoded and do not wait.
 */
export const UPLOAD_PROCESSING = {
  concurrent: 2,
  waiting: 8,
  maxWaitMs: 20_000,
  timeoutSeconds: 30,
  retryAfterSeconds: 10,
} as const;

/** What the server accepts, decided from the file's first bytes; anything else is a 415. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const UPLOAD_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
export const isImageMimeType = (mimeType: string): boolean =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);

/** The `accept` attribute of file inputs (the server still decides by content). */
export const UPLOAD_ACCEPT = {
  image: IMAGE_MIME_TYPES.join(','),
  imageOrPdf: UPLOAD_MIME_TYPES.join(','),
} as const;

/**
 * Error codes of the upload endpoint: the `message` of its 413 / 415 / 400 / 429 / 503 answers (the browser
 * translates them), with a readable English sentence on `errors.file`.
 */
export const UPLOAD_ERROR_CODES = {
  tooLarge: 'UPLOAD_TOO_LARGE',
  unsupportedType: 'UPLOAD_UNSUPPORTED_TYPE',
  missingFile: 'UPLOAD_MISSING_FILE',
  unreadableImage: 'UPLOAD_UNREADABLE_IMAGE',
  /** A picture with a side above UPLOAD_LIMITS.maxImageSide (400: the type is right, the size is not). */
  imageTooLarge: 'UPLOAD_IMAGE_TOO_LARGE',
  /**
   * An animation beyond UPLOAD_LIMITS.maxFrames or maxAnimationPixels, or a picture whose processing took
   * longer than UPLOAD_PROCESSING.timeoutSeconds (400).
   */
  imageTooComplex: 'UPLOAD_IMAGE_TOO_COMPLEX',
  /** 503: the server is processing as many pictures as it takes at once (UPLOAD_PROCESSING); try again later. */
  busy: 'UPLOADS_BUSY',
  /** 429: more than UPLOAD_RATE_LIMIT.max uploads by one user within its window. */
  tooMany: 'TOO_MANY_UPLOADS',
} as const;

/**
 * Uploads per user: at most `max` within `windowMs` (the server's `UPLOADS_PER_TEN_MINUTES` sets `max`).
 * Generous for people filling galleries (30 pictures), low enough that one account cannot fill the disk.
 */
export const UPLOAD_RATE_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 } as const;

/**
 * Uploads no record references (the form was cancelled, the picture replaced, the record deleted) are
 * deleted, file and row, once older than `graceMs`: a fresh upload is not referenced yet because its form
 * is still open. The sweep runs at start and every `sweepEveryMs` (server/services/uploadSweep.ts).
 */
export const ORPHAN_UPLOADS = {
  graceMs: 24 * 60 * 60 * 1000,
  sweepEveryMs: 60 * 60 * 1000,
  /** Uploads examined per transaction, so one sweep never holds many row locks for long. */
  batchSize: 200,
} as const;

/**
 * An upload as records carry it (a logo, a gallery item, a file) and as `POST /uploads` answers it.
 * `url` and `previewUrl` are served with headers that keep the file from running as a page.
 */
export const uploadSchema = z.object({
  id: idSchema,
  url: z.string(),
  /** A downscaled image (also for small images, re-encoded); null for PDF. */
  previewUrl: z.string().nullable(),
  mimeType: z.enum(UPLOAD_MIME_TYPES),
  sizeBytes: z.number().int().min(0),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  originalName: z.string(),
});
export type Upload = z.output<typeof uploadSchema>;

/** Where the server serves a stored file (public by an unguessable key: the widget shows logos). */
export const UPLOAD_FILES_PATH = '/api/v1/uploads/files';
export const uploadFileUrl = (storageKey: string): string => `${UPLOAD_FILES_PATH}/${storageKey}`;

/**
 * An upload in an input: the record's own upload object sent back, or just `{ id }`; only the id is
 * read (zod strips the rest). The server accepts uploads the caller made, or ones already on the record.
 */
export const uploadReferenceSchema = z.object({ id: idSchema });
export type UploadReference = z.output<typeof uploadReferenceSchema>;

export const MEDIA_LIMITS = { maxItems: 30 } as const;

/**
 * `mediaListState`: the gallery's edit state. `order` is the gallery after the edit (upload ids,
 * first shown first); `added` are uploads new to it, `removed` the ones taken out. Records carry the
 * state of the stored gallery (`order` = its ids, nothing added or removed).
 */
export const mediaListStateSchema = z.object({
  order: z.array(idSchema).max(MEDIA_LIMITS.maxItems),
  added: z.array(idSchema).max(MEDIA_LIMITS.maxItems).default([]),
  removed: z
    .array(idSchema)
    .max(MEDIA_LIMITS.maxItems * 2)
    .default([]),
});
export type MediaListState = z.output<typeof mediaListStateSchema>;

export const mediaInputSchema = z.array(uploadReferenceSchema).max(MEDIA_LIMITS.maxItems).default([]);

/** Codes of a gallery edit that does not add up (the browser translates them, domain/errors.ts). */
export const GALLERY_PROBLEMS = {
  /** The same picture appears twice. */
  duplicate: FIELD_PROBLEM_CODES.galleryDuplicate,
  /** In the order but neither in the stored gallery nor among the added pictures. */
  notAdded: FIELD_PROBLEM_CODES.galleryNotAdded,
  /** Added but missing from the order. */
  addedMissing: FIELD_PROBLEM_CODES.galleryAddedMissing,
  /** Removed but still in the order. */
  removedPresent: FIELD_PROBLEM_CODES.galleryRemovedPresent,
} as const;

export type GalleryResult = { ids: number[]; problems: Record<string, string> };

/**
 * The gallery a write leaves behind (pure, used by the server and the gallery input): the order of
 * `mediaListState` when given, else the ids of `media`. Problems are keyed by input path.
 */
export function resolveGallery(
  storedIds: readonly number[],
  media: readonly UploadReference[],
  state: MediaListState | null | undefined,
  basePath: string,
): GalleryResult {
  const problems: Record<string, string> = {};
  if (!state) {
    const ids = media.map((item) => item.id);
    if (new Set(ids).size !== ids.length) problems[`${basePath}.media`] = GALLERY_PROBLEMS.duplicate;
    return { ids, problems };
  }
  const statePath = `${basePath}.mediaListState`;
  const stored = new Set(storedIds);
  const added = new Set(state.added);
  const order = state.order;
  if (new Set(order).size !== order.length) problems[`${statePath}.order`] = GALLERY_PROBLEMS.duplicate;
  else if (order.some((id) => !stored.has(id) && !added.has(id)))
    problems[`${statePath}.order`] = GALLERY_PROBLEMS.notAdded;
  if (state.added.some((id) => !order.includes(id))) problems[`${statePath}.added`] = GALLERY_PROBLEMS.addedMissing;
  if (state.removed.some((id) => order.includes(id)))
    problems[`${statePath}.removed`] = GALLERY_PROBLEMS.removedPresent;
  return { ids: [...order], problems };
}

/** The edit state of a stored gallery, as records carry it. */
export const storedMediaListState = (media: readonly { id: number }[]): MediaListState => ({
  order: media.map((item) => item.id),
  added: [],
  removed: [],
});
