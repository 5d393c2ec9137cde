import { ConfigError, uploadsDirectory } from '../../config';
import type { FileStorage } from './fileStorage';
import { LocalFileStorage } from './localFileStorage';
import { S3FileStorage } from './s3FileStorage';
import { describeS3Storage, type S3StorageSettings } from '../../config/storageUrl';

/**
 * STORAGE_URL is well-formed but its bucket cannot be used (missing, wrong region or key, endpoint down): a
 * configuration problem, told in one line (a ConfigError, which the start prints without a stack trace).
 */
export class StorageUnavailableError extends ConfigError {
  constructor(storage: string, reason: string) {
    super([`STORAGE_URL: ${storage} cannot be used (${reason})`]);
    this.name = 'StorageUnavailableError';
    this.message = `The object storage of STORAGE_URL, ${storage}, cannot be used (${reason}): check the bucket name, the region and the credentials.`;
  }
}

/** What the choice of storage depends on (ServerConfig has both). */
export interface StorageConfig {
  dataDir: string;
  /** STORAGE_URL, parsed; the local disk when absent. */
  objectStorage?: S3StorageSettings;
}

/** The S3 store of STORAGE_URL when set, else the local disk under DATA_DIR/uploads (the embedded default). */
export const createFileStorage = (config: StorageConfig): FileStorage =>
  config.objectStorage
    ? new S3FileStorage(config.objectStorage)
    : new LocalFileStorage(uploadsDirectory(config.dataDir));

/** For the start banner: where uploads go, without credentials. */
export const describeFileStorage = (config: StorageConfig): string =>
  config.objectStorage ? describeS3Storage(config.objectStorage) : uploadsDirectory(config.dataDir);

/**
 * The storage, checked before the server takes requests: a wrong bucket, region or key is then one line at
 * start rather than a 500 on every upload.
 */
export async function openFileStorage(config: StorageConfig): Promise<FileStorage> {
  const storage = createFileStorage(config);
  if (storage instanceof S3FileStorage && config.objectStorage) {
    try {
      await storage.checkAccess();
    } catch (error) {
      storage.close();
      throw new StorageUnavailableError(describeS3Storage(config.objectStorage), reasonOf(error));
    }
  }
  return storage;
}

function reasonOf(error: unknown): string {
  const { name, code, message, $metadata } = (error ?? {}) as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = $metadata?.httpStatusCode;
  if (status !== undefined) return `HTTP ${status}${name && name !== 'Unknown' ? ` ${name}` : ''}`;
  return code ?? message ?? String(error);
}
