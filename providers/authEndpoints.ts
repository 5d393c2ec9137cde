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
 * Which requests count as "auth requests" (SPEC §8): every path under `/auth` except `GET /auth/me`.
 *
 * Their 401 is an answer to show (wrong password, expired link, refused refresh), so it is returned to
 * the caller as is and never triggers a token refresh. SPEC §8 names sign-in, access link
 * ("sign_in"), update password and refresh; the other credential endpoints (sign-out, forgot and
 * reset password, delete account) take no access token, so a refresh could not help them either.
 * `/auth/me` is the guards' user fetch with the bearer token: like any resource, an expired token
 * there is refreshed and the request replayed.
 */
export const isAuthEndpointPath = (path: string): boolean => {
  const pathname = path.split('?')[0] ?? '';
  const isUnderAuth = pathname === '/auth' || pathname.startsWith('/auth/');
  return isUnderAuth && pathname !== AUTH_ENDPOINTS.me;
};

/**
 * Pages where a visitor is signing in, resetting a password or deleting an account (SPEC §2):
 * a failed refresh there must not send them away.
 */
const AUTH_PAGE_PREFIXES = ['/auth', '/forgot-password', '/reset-password', '/delete-account'];

export const isAuthPagePath = (path: string): boolean =>
  AUTH_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));

export const SIGN_IN_PAGE = '/auth';
