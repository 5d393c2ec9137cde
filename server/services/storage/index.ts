export { InvalidStorageKeyError, type FileStorage, type StoredFile } from './fileStorage';
export { LocalFileStorage } from './localFileStorage';
export { S3FileStorage } from './s3FileStorage';
export { describeS3Storage, parseStorageUrl, type S3StorageSettings } from '../../config/storageUrl';
export {
  StorageUnavailableError,
  createFileStorage,
  describeFileStorage,
  openFileStorage,
  type StorageConfig,
} from './factory';
export {
  EXTENSION_OF_TYPE,
  PREVIEW_MIME_TYPE,
  isPreviewKey,
  isStorageKey,
  mimeTypeOfKey,
  newStorageKey,
  originalKeyCandidates,
  previewKeyOf,
} from './keys';
