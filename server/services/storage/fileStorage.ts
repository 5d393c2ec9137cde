import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the local disk under `DATA_DIR/uploads` today, an object
 * store (S3) tomorrow. Keys are chosen by the server (server/services/storage/keys.ts); every
 * implementation refuses any other key, so a key from a URL can never name a path outside the store.
 */
export interface FileStorage {
  /** Stores the bytes under a key the server just chose (newStorageKey). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file to serve, or null when the key is malformed or nothing is stored under it. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error (clean-up after a failed upload). */
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  sizeBytes: number;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}
