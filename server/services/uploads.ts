import { fileTypeFromBuffer } from 'file-type';
import type { Sharp, SharpOptions } from 'sharp';
import {
  UPLOAD_ERROR_CODES,
  UPLOAD_LIMITS,
  UPLOAD_MIME_TYPES,
  UPLOAD_PROCESSING,
  isImageMimeType,
  type Upload,
  type UploadMimeType,
} from '../../domain/upload';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Queryable } from '../db/queryable';
import { uploads } from '../db/schema/uploads';
import { ApiError } from '../errors';
import {
  EXTENSION_OF_TYPE,
  PREVIEW_MIME_TYPE,
  isPreviewKey,
  newStorageKey,
  originalKeyCandidates,
  previewKeyOf,
  type FileStorage,
} from './storage';
import { uploadOf, type UploadRow } from './uploadRecords';
import { WorkGate, type WorkGateLimits } from './workGate';

/**
 * What `POST /uploads` does with the received bytes:
 * - the type comes from the content (file-type), never from the name or the declared type; only
 *   UPLOAD_MIME_TYPES pass (else 415);
 * - images are decoded by sharp: sides above UPLOAD_LIMITS.maxImageSide are a 400 UPLOAD_IMAGE_TOO_LARGE,
 *   bytes sharp cannot decode a 400 UPLOAD_UNREADABLE_IMAGE; JPEG, PNG and WebP are re-encoded upright, which
 *   drops EXIF (phone photos carry GPS positions) and anything appended to the picture; GIF is kept byte for
 *   byte (it has no EXIF, and re-encoding would cost its animation or its palette);
 * - animations (GIF, WebP) are refused with 400 UPLOAD_IMAGE_TOO_COMPLEX beyond UPLOAD_LIMITS.maxFrames frames or
 *   maxAnimationPixels over all frames, from the header alone, before any frame is decoded; every sharp
 *   pipeline stops after UPLOAD_PROCESSING.timeoutSeconds (the same 400);
 * - pictures are decoded inside a WorkGate (UPLOAD_PROCESSING): a few at a time, the others wait briefly or
 *   get 503 UPLOADS_BUSY with Retry-After, so a burst of uploads cannot exhaust the server's memory;
 * - every image gets a WebP preview that fits inside UPLOAD_LIMITS.previewSize; PDF has none;
 * - files are stored before the row is inserted, and removed again when anything fails, so no row points
 *   at a missing file and no failed upload leaves files behind.
 */

export const UPLOAD_PROBLEMS_OF_FILE = {
  tooLarge: `Larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB`,
  unsupportedType: 'Only JPEG, PNG, WebP, GIF pictures and PDF documents are accepted',
  missingFile: 'No file was sent',
  malformedBody: 'The file was not sent as a well-formed multipart form',
  unreadableImage: 'The picture cannot be read: it is damaged or not a picture',
  imageTooLarge: `The picture is larger than ${UPLOAD_LIMITS.maxImageSide} pixels on a side`,
  imageTooComplex:
    `The picture takes too much work to process: an animation may have at most ${UPLOAD_LIMITS.maxFrames} frames ` +
    `and ${UPLOAD_LIMITS.maxAnimationPixels / 1_000_000} million pixels over all its frames`,
  busy: 'The server is processing many pictures: try again in a few seconds',
  tooMany: 'Too many uploads in a short time: wait a few minutes and try again',
} as const;

const JPEG_QUALITY = 90;
const WEBP_QUALITY = 90;
const PREVIEW_QUALITY = 80;

export const uploadError = (status: number, code: keyof typeof UPLOAD_ERROR_CODES, problem: string): ApiError =>
  new ApiError(status, UPLOAD_ERROR_CODES[code], { [UPLOAD_LIMITS.fieldName]: problem });

export const tooLargeError = () => uploadError(413, 'tooLarge', UPLOAD_PROBLEMS_OF_FILE.tooLarge);
export const missingFileError = () => uploadError(400, 'missingFile', UPLOAD_PROBLEMS_OF_FILE.missingFile);
export const malformedBodyError = () => uploadError(400, 'missingFile', UPLOAD_PROBLEMS_OF_FILE.malformedBody);
const unsupportedTypeError = () => uploadError(415, 'unsupportedType', UPLOAD_PROBLEMS_OF_FILE.unsupportedType);
const unreadableImageError = () => uploadError(400, 'unreadableImage', UPLOAD_PROBLEMS_OF_FILE.unreadableImage);
const imageTooLargeError = () => uploadError(400, 'imageTooLarge', UPLOAD_PROBLEMS_OF_FILE.imageTooLarge);
export const tooManyUploadsError = () => uploadError(429, 'tooMany', UPLOAD_PROBLEMS_OF_FILE.tooMany);
const imageTooComplexError = () => uploadError(400, 'imageTooComplex', UPLOAD_PROBLEMS_OF_FILE.imageTooComplex);
export const busyError = () => uploadError(503, 'busy', UPLOAD_PROBLEMS_OF_FILE.busy);
export const isBusyError = (error: unknown): boolean =>
  error instanceof ApiError && error.message === UPLOAD_ERROR_CODES.busy;

/** The gate every picture is decoded behind; one per server. */
export const uploadWorkGate = (limits: Partial<WorkGateLimits> = {}): WorkGate =>
  new WorkGate({ ...UPLOAD_PROCESSING, ...limits }, busyError);

/** The type of the bytes, from their content; a 415 for anything the product does not take. */
export async function detectUploadType(bytes: Buffer): Promise<UploadMimeType> {
  const detected = await fileTypeFromBuffer(bytes);
  const mimeType = detected?.mime;
  if (!mimeType || !(UPLOAD_MIME_TYPES as readonly string[]).includes(mimeType)) throw unsupportedTypeError();
  return mimeType as UploadMimeType;
}

interface PreparedFile {
  mimeType: UploadMimeType;
  /** The bytes to store: re-encoded for JPEG, PNG and WebP, as received for GIF and PDF. */
  bytes: Buffer;
  width: number | null;
  height: number | null;
  preview: Buffer | null;
}

/**
 * Decoding refuses more pixels than the largest accepted picture (all frames together for an animation),
 * and any damage (sharp's "warning").
 */
const decoderOptions = (animated = false): SharpOptions => ({
  failOn: 'warning',
  limitInputPixels: animated
    ? UPLOAD_LIMITS.maxAnimationPixels
    : UPLOAD_LIMITS.maxImageSide * UPLOAD_LIMITS.maxImageSide,
  animated,
});

type SharpFactory = (typeof import('sharp'))['default'];
let sharpFactory: Promise<SharpFactory> | undefined;
/** libvips takes some 30 MB of memory: it loads with the first picture uploaded, not when the server starts. */
const loadSharp = (): Promise<SharpFactory> => (sharpFactory ??= import('sharp').then((module) => module.default));

/** A pipeline that gives up after UPLOAD_PROCESSING.timeoutSeconds. */
const decoded = (sharp: SharpFactory, bytes: Buffer, animated = false): Sharp =>
  sharp(bytes, decoderOptions(animated)).timeout({ seconds: UPLOAD_PROCESSING.timeoutSeconds });

interface ImageSize {
  width: number;
  /** Of one frame. */
  height: number;
  frames: number;
}

/** The picture's size from its header only (no frame is decoded); refused when beyond the limits. */
async function checkedSize(sharp: SharpFactory, bytes: Buffer): Promise<ImageSize> {
  const metadata = await sharp(bytes, decoderOptions()).metadata();
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  const frames = metadata.pages ?? 1;
  if (!width || !height) throw unreadableImageError();
  if (width > UPLOAD_LIMITS.maxImageSide || height > UPLOAD_LIMITS.maxImageSide) throw imageTooLargeError();
  if (frames > 1 && (frames > UPLOAD_LIMITS.maxFrames || width * height * frames > UPLOAD_LIMITS.maxAnimationPixels)) {
    throw imageTooComplexError();
  }
  return { width, height, frames };
}

async function prepareImage(bytes: Buffer, mimeType: UploadMimeType, gate: WorkGate): Promise<PreparedFile> {
  const sharp = await loadSharp();
  const { width, height, frames } = await checkedSize(sharp, bytes);
  return gate.run(async () => {
    const preview = await previewOf(sharp, bytes);
    if (mimeType === 'image/gif') return { mimeType, bytes, width, height, preview };
    if (frames > 1) {
      // Animated WebP: the frames are kept (re-encoding still drops the metadata); such files carry no orientation.
      const reencoded = await decoded(sharp, bytes, true).webp({ quality: WEBP_QUALITY }).toBuffer();
      return { mimeType, bytes: reencoded, width, height, preview };
    }
    const { data, info } = await reencode(decoded(sharp, bytes).autoOrient(), mimeType).toBuffer({
      resolveWithObject: true,
    });
    return { mimeType, bytes: data, width: info.width, height: info.height, preview };
  });
}

/** sharp writes no metadata unless asked to: the output carries pixels only. */
function reencode(image: Sharp, mimeType: UploadMimeType): Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({ quality: JPEG_QUALITY });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: WEBP_QUALITY });
    default:
      throw new Error(`No re-encoding for ${mimeType}`);
  }
}

/** Of the first frame only (sharp reads one page unless told `animated`). */
const previewOf = (sharp: SharpFactory, bytes: Buffer): Promise<Buffer> =>
  decoded(sharp, bytes)
    .autoOrient()
    .resize(UPLOAD_LIMITS.previewSize, UPLOAD_LIMITS.previewSize, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: PREVIEW_QUALITY })
    .toBuffer();

/** sharp's `timeout` ends a pipeline with libvips' "timeout: <n>% complete". */
const isTimeout = (error: unknown): boolean => error instanceof Error && /\btimeout: \d+% complete/.test(error.message);

/** Checks and converts the received bytes; sharp's decoding errors become a 400, never a 500. */
export async function prepareFile(bytes: Buffer, gate: WorkGate): Promise<PreparedFile> {
  const mimeType = await detectUploadType(bytes);
  if (!isImageMimeType(mimeType)) return { mimeType, bytes, width: null, height: null, preview: null };
  try {
    return await prepareImage(bytes, mimeType, gate);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw isTimeout(error) ? imageTooComplexError() : unreadableImageError();
  }
}

/**
 * The name people gave the file, for display only (it never names a stored file): no folders, no control
 * or bidirectional-override characters, at most UPLOAD_LIMITS.originalName characters; a neutral name
 * when nothing is left.
 */
export function cleanOriginalName(name: string | undefined, mimeType: UploadMimeType): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const characters = [...cleaned].slice(0, UPLOAD_LIMITS.originalName).join('').trim();
  return characters === '' || /^\.+$/.test(characters) ? `upload.${EXTENSION_OF_TYPE[mimeType]}` : characters;
}

export interface ReceivedFile {
  bytes: Buffer;
  /** The multipart part's file name, as the client sent it. */
  fileName: string | undefined;
  ownerUserId: number;
}

/** Checks, converts and stores one file with its row; answers the Upload shape of domain/upload.ts. */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  received: ReceivedFile,
  gate: WorkGate,
): Promise<Upload> {
  const prepared = await prepareFile(received.bytes, gate);
  const storageKey = newStorageKey(prepared.mimeType);
  const previewKey = prepared.preview ? previewKeyOf(storageKey) : null;
  const written: string[] = [];
  try {
    await storage.put(storageKey, prepared.bytes, prepared.mimeType);
    written.push(storageKey);
    if (previewKey && prepared.preview) {
      await storage.put(previewKey, prepared.preview, PREVIEW_MIME_TYPE);
      written.push(previewKey);
    }
    const [row] = await db
      .insert(uploads)
      .values({
        storageKey,
        previewKey,
        originalName: cleanOriginalName(received.fileName, prepared.mimeType),
        mimeType: prepared.mimeType,
        sizeBytes: prepared.bytes.length,
        width: prepared.width,
        height: prepared.height,
        ownerUserId: received.ownerUserId,
      })
      .returning();
    return uploadOf(row);
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** The row of an upload id, or undefined. */
export async function loadUploadRow(db: Queryable, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/**
 * The row a key belongs to, as its file or its preview: only files with a row are served (a file left
 * behind by a crash between writing and inserting stays invisible). The original of a preview is looked up
 * by its possible keys, which uses the unique index on storage_key.
 */
export async function findUploadRowOfKey(db: Queryable, key: string): Promise<UploadRow | undefined> {
  const candidates = isPreviewKey(key) ? originalKeyCandidates(key) : [];
  const asPreview =
    candidates.length > 0 ? and(inArray(uploads.storageKey, candidates), eq(uploads.previewKey, key)) : undefined;
  const [row] = await db
    .select()
    .from(uploads)
    .where(or(eq(uploads.storageKey, key), asPreview))
    .limit(1);
  return row;
}
