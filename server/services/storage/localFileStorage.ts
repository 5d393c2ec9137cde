import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { InvalidStorageKeyError, type FileStorage, type StoredFile } from './fileStorage';
import { isStorageKey } from './keys';

/**
 * The local implementation: one file per key under `root` (DATA_DIR/uploads). A file is written under a
 * temporary name and renamed, so a crash never leaves half a file under a real key.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // The temporary name never matches the key shape, so it can never be served.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeNew(temporary, bytes);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), sizeBytes: stats.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The file of a key; throws for anything that is not a server-chosen key (no path traversal). */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
    const resolved = path.resolve(this.root, key);
    // The key shape already excludes `..`; this keeps the guarantee should the shape ever be widened.
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  }
}

async function writeNew(file: string, bytes: Buffer): Promise<void> {
  const handle = await open(file, 'wx', 0o640);
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};
