/**
 * Paths of the authentication API (ARCHITECTURE §3), relative to the auth API base URL
 * (`appConfig.authApiBaseUrl`, by default `<origin>/api/v1`).
 */
export const AUTH_ENDPOINTS = {
  signIn: '/auth/sign-in',
  accessLink: '/auth/access-link',
  refreshTokens: '/auth/refresh-tokens',
  signOut: '/auth/sign-out',
  updatePassword: '/auth/update-password',
  forgotPassword: '/auth/forgot-password',
  verifyResetPasswordToken: '/auth/verify-reset-password-token',
  resetPassword: '/auth/reset-password',
  deleteAccount: '/auth/delete-account',
  confirmDeleteAccount: '/auth/confirm-delete-account',
  me: '/auth/me',
} as const;

/**
 * Which requests count as "auth requests" (SPEC §8): every path under `/auth` except the two that are
 * made with the bearer access token, `GET /auth/me` and `POST /auth/update-password`.
 *
 * An auth request's 401 is an answer to show (wrong password, expired link, refused refresh), so it is
 * returned to the caller as is and never triggers a token refresh. SPEC §8 names the sign-in pages
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
 * Pages where a visitor is signing in, resetting a password or deleting an account (SPEC §2):
 * a failed refresh there must not send them away.
 */
const AUTH_PAGE_PREFIXES = ['/auth', '/forgot-password', '/reset-password', '/delete-account'];

export const isAuthPagePath = (path: string): boolean =>
  AUTH_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));

export const SIGN_IN_PAGE = '/auth';
