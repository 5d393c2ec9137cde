import { AUTH_ERROR_CODES } from '../../../domain/authErrorCodes';

/**
 * A one-time message for the sign-in screen, e.g. why the visitor was signed out. Kept in
 * sessionStorage because the way to /auth may be a full page load (the http client's redirect
 * after a refused refresh).
 */
const NOTICE_KEY = 'backoffice.signInNotice';

export type SignInNotice = typeof AUTH_ERROR_CODES.accessLinkRequired;

export const rememberSignInNotice = (notice: SignInNotice): void => {
  try {
    sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // Storage may be unavailable (private mode quota); the notice is a courtesy.
  }
};

/** Returns the pending notice once, then forgets it. */
export const takeSignInNotice = (): SignInNotice | null => {
  try {
    const notice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return notice === AUTH_ERROR_CODES.accessLinkRequired ? notice : null;
  } catch {
    return null;
  }
};
