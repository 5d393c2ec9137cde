import { AUTH_ERROR_CODES } from '../../../domain/authErrorCodes';

/** What the http client rejects with: the server's error body, or a network failure. */
interface RejectedRequest {
  message?: unknown;
  type?: unknown;
  status?: unknown;
  errors?: unknown;
  body?: { message?: unknown; errors?: unknown };
}

const KNOWN_CODES = new Set<string>(Object.values(AUTH_ERROR_CODES));

const asRejected = (error: unknown): RejectedRequest => (typeof error === 'object' && error !== null ? error : {});

/** The machine-readable code of a failed auth call: a code of domain/errors, 'NETWORK', or 'UNKNOWN'. */
export const authErrorCodeOf = (error: unknown): string => {
  const rejected = asRejected(error);
  if (rejected.type === 'ERR_NETWORK') return 'NETWORK';
  const message = rejected.message ?? rejected.body?.message;
  if (typeof message === 'string' && KNOWN_CODES.has(message)) return message;
  if (rejected.status === 429) return AUTH_ERROR_CODES.tooManyAttempts;
  return 'UNKNOWN';
};

/** A message to translate: its key and the values it takes. */
export interface ErrorMessage {
  key: string;
  options?: Record<string, unknown>;
}

const retryAfterSecondsOf = (error: unknown): number | undefined => {
  const seconds = (asRejected(error) as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
};

/**
 * The message of a failed auth call. Too many attempts says how long to wait, in whole minutes rounded up, when
 * the server said so (Retry-After).
 */
export const authErrorMessageOf = (error: unknown): ErrorMessage => {
  const code = authErrorCodeOf(error);
  const seconds = retryAfterSecondsOf(error);
  if (code === AUTH_ERROR_CODES.tooManyAttempts && seconds !== undefined) {
    return { key: 'app.auth.errors.TOO_MANY_ATTEMPTS_WAIT', options: { smart_count: Math.ceil(seconds / 60) } };
  }
  return { key: `app.auth.errors.${code}` };
};

/** Translation key for a failed auth call, e.g. `app.auth.errors.INVALID_CREDENTIALS`. */
export const authErrorKeyOf = (error: unknown): string => `app.auth.errors.${authErrorCodeOf(error)}`;

/** The per-field messages of a 400 answer (`errors` keyed by field path), if any. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const rejected = asRejected(error);
  const errors = rejected.errors ?? rejected.body?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
};
