export { InvalidStorageKeyError, type FileStorage, type StoredFile } from './fileStorage';
export { LocalFileStorage } from './localFileStorage';
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
