import { UPLOAD_ERROR_CODES, UPLOAD_LIMITS } from '../../../domain/upload';
import { errorCodeOf } from '../resourceErrors';

/**
 * Why an upload failed, as a translation key and its arguments: what the user can do about it (a smaller
 * file, another type, try again) rather than the status code.
 */
export interface UploadProblem {
  key: string;
  args?: Record<string, string | number>;
}

const BYTES_PER_MB = 1024 * 1024;
export const MAX_UPLOAD_MB = Math.round(UPLOAD_LIMITS.maxBytes / BYTES_PER_MB);

export const TOO_LARGE: UploadProblem = { key: 'inputs.upload.errors.tooLarge', args: { maxMb: MAX_UPLOAD_MB } };
const IMAGE_TOO_LARGE: UploadProblem = {
  key: 'inputs.upload.errors.imageTooLarge',
  args: { maxSide: UPLOAD_LIMITS.maxImageSide },
};
const IMAGE_TOO_COMPLEX: UploadProblem = {
  key: 'inputs.upload.errors.imageTooComplex',
  args: { maxFrames: UPLOAD_LIMITS.maxFrames, maxMegapixels: UPLOAD_LIMITS.maxAnimationPixels / 1_000_000 },
};

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export const isCancellation = (error: unknown): boolean => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'CanceledError' || name === 'AbortError';
};

/** The problem of a failed `dataProvider.upload` (HttpError with the server's body, or a network error). */
export const uploadProblemOf = (error: unknown): UploadProblem => {
  const status = statusOf(error);
  const code = errorCodeOf(error);
  if (status === 413 || code === UPLOAD_ERROR_CODES.tooLarge) return TOO_LARGE;
  if (status === 415 || code === UPLOAD_ERROR_CODES.unsupportedType)
    return { key: 'inputs.upload.errors.unsupportedType' };
  if (code === UPLOAD_ERROR_CODES.imageTooLarge) return IMAGE_TOO_LARGE;
  if (code === UPLOAD_ERROR_CODES.unreadableImage) return { key: 'inputs.upload.errors.unreadableImage' };
  if (code === UPLOAD_ERROR_CODES.imageTooComplex) return IMAGE_TOO_COMPLEX;
  // The server processes a few pictures at a time: the same file goes through a little later.
  if (status === 503 || code === UPLOAD_ERROR_CODES.busy) return { key: 'inputs.upload.errors.busy' };
  // The user's upload limit (a server setting): the browser does not know the number, only to wait.
  if (status === 429 || code === UPLOAD_ERROR_CODES.tooMany) return { key: 'inputs.upload.errors.tooMany' };
  if (status === 403) return { key: 'inputs.upload.errors.forbidden' };
  // No answer (offline, server down): ApiNetworkError has status 0.
  if (!status) return { key: 'inputs.upload.errors.network' };
  return { key: 'inputs.upload.errors.failed' };
};

/** Checked before sending: the server would refuse it anyway, after the whole file went over the network. */
export const problemBeforeUpload = (file: File): UploadProblem | null =>
  file.size > UPLOAD_LIMITS.maxBytes ? TOO_LARGE : null;
