import { randomBytes } from 'node:crypto';
import type { UploadMimeType } from '../../../domain/upload';

/**
 * Storage keys: `<random>.<ext>` for a file and `<random>.preview.webp` for its preview, the random part
 * being 144 bits in base64url. Nothing of the client's file name gets in, and the shape excludes `/`, `\`,
 * `..` and anything else a path or URL could misread.
 *
 * The demo seed (server/seed) stores its drawn pictures as `demo/<slug>.png` and
 * `demo/<slug>.preview.png`; that one folder with lower-case slugs is accepted too, so seeded logos are served.
 */

const RANDOM_BYTES = 18;

export const EXTENSION_OF_TYPE: Readonly<Record<UploadMimeType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

const TYPE_OF_EXTENSION: ReadonlyMap<string, UploadMimeType> = new Map(
  Object.entries(EXTENSION_OF_TYPE).map(([type, extension]) => [extension, type as UploadMimeType]),
);

export const PREVIEW_MIME_TYPE = 'image/webp';
const PREVIEW_SUFFIX = '.preview';

const SERVER_KEY = /^([A-Za-z0-9_-]{22,64})(\.preview)?\.(jpg|png|webp|gif|pdf)$/;
const DEMO_KEY = /^(demo\/[a-z0-9]+(?:-[a-z0-9]+)*)(\.preview)?\.(png)$/;

interface KeyParts {
  base: string;
  isPreview: boolean;
  extension: string;
}

function partsOf(key: string): KeyParts | null {
  const match = SERVER_KEY.exec(key) ?? DEMO_KEY.exec(key);
  return match ? { base: match[1], isPreview: match[2] !== undefined, extension: match[3] } : null;
}

export const isStorageKey = (key: string): boolean => partsOf(key) !== null;

/** A new, unguessable key for a file of this type. */
export const newStorageKey = (mimeType: UploadMimeType): string =>
  `${randomBytes(RANDOM_BYTES).toString('base64url')}.${EXTENSION_OF_TYPE[mimeType]}`;

/** The key of a file's preview (always WebP). */
export function previewKeyOf(storageKey: string): string {
  const parts = partsOf(storageKey);
  if (!parts || parts.isPreview) throw new Error(`Not the key of an original file: ${storageKey}`);
  return `${parts.base}${PREVIEW_SUFFIX}.webp`;
}

/** The content type a key was stored with, from the extension the server chose. */
export function mimeTypeOfKey(key: string): UploadMimeType | null {
  const parts = partsOf(key);
  return parts ? (TYPE_OF_EXTENSION.get(parts.extension) ?? null) : null;
}

/** For a preview key: the keys its original may have (one per type), so the original is found by its unique key. */
export function originalKeyCandidates(previewKey: string): string[] {
  const parts = partsOf(previewKey);
  if (!parts?.isPreview) return [];
  return [...TYPE_OF_EXTENSION.keys()].map((extension) => `${parts.base}.${extension}`).filter(isStorageKey);
}

export const isPreviewKey = (key: string): boolean => partsOf(key)?.isPreview === true;
