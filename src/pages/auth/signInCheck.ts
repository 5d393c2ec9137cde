import { SessionUnreadableAuthError } from '../../../providers/authProvider';

/**
 * True when an auth check failed because the stored session could not be read. Apart from ./signInNotice.ts,
 * which the sign-in page loads at once: this one brings the auth provider, loaded with the session's code.
 */
export const isUnreadableSessionError = (error: unknown): error is SessionUnreadableAuthError =>
  error instanceof SessionUnreadableAuthError;
