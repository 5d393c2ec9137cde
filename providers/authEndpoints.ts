import { AUTH_ENDPOINTS } from '../domain/auth';

/** The path table lives in domain/auth.ts, shared with the server's routes; re-exported for browser code. */
export { AUTH_ENDPOINTS };

/**
 * Which requests count as "auth requests": every path under `/auth` except the two that are
 * made with the bearer access token, `GET /auth/me` and `POST /auth/update-password`.
 *
 * An auth request's 401 is an answer to show (wrong password, expired link, refused refresh), so it is
 * returned to the caller as is and never triggers a token refresh. The specification names the sign-in pages
 * ("/auth", "/auth/sign_in", "/auth/update_password") and the refresh; the other credential endpoints
 * (sign-out, forgot and reset password, delete account) take no access token, so a refresh could not help
 * them either. The two bearer calls are different: their 401 means the access token expired (a wrong
 * current password is a 400), so, like any resource, they are refreshed and replayed; otherwise a user who
 * stays on Settings longer than an access token lives could not change their password.
 */
const BEARER_AUTH_ENDPOINTS: readonly string[] = [AUTH_ENDPOINTS.me, AUTH_ENDPOINTS.updatePassword];

export const isAuthEndpointPath = (path: string): boolean => {
  const pathname = path.split('?')[0] ?? '';
  const isUnderAuth = pathname === '/auth' || pathname.startsWith('/auth/');
  return isUnderAuth && !BEARER_AUTH_ENDPOINTS.includes(pathname);
};

/**
 * Pages where a visitor is signing in, resetting a password or deleting an account:
 * a failed refresh there must not send them away.
 */
const AUTH_PAGE_PREFIXES = ['/auth', '/forgot-password', '/reset-password', '/delete-account'];

export const isAuthPagePath = (path: string): boolean =>
  AUTH_PAGE_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );

export const SIGN_IN_PAGE = '/auth';
