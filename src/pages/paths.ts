import type { RoutePrefix } from '../../domain/access';

/** The routes that the shell itself defines; the areas of the menu are `areaPath(prefix)`. */
export const PATHS = {
  signIn: '/auth',
  accessLink: '/auth/sign_in',
  updatePassword: '/auth/update_password',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  deleteAccount: '/delete-account',
  unauthorized: '/unauthorized',
  dashboard: '/dashboard',
  settings: '/settings',
  outbox: '/outbox',
  /** react-admin's built-in login path, which its hooks fall back to; it forwards to `/auth`. */
  reactAdminLogin: '/login',
} as const;

/** The page of an area (a route prefix of the permission table, domain/access.ts): `/tags`, `/discount-template`… */
export const areaPath = (prefix: RoutePrefix): `/${RoutePrefix}` => `/${prefix}`;

/** Where a visitor goes after signing in: back to the private page that sent them to /auth, else the dashboard. */
export const pathAfterSignIn = (locationState: unknown): string => {
  const state = locationState as { nextPathname?: unknown; nextSearch?: unknown } | null | undefined;
  const nextPathname = typeof state?.nextPathname === 'string' ? state.nextPathname : '';
  const isPrivate = nextPathname !== '' && nextPathname !== '/' && !isPublicPath(nextPathname);
  if (!isPrivate) return PATHS.dashboard;
  return nextPathname + (typeof state?.nextSearch === 'string' ? state.nextSearch : '');
};

const PUBLIC_PREFIXES = [
  PATHS.signIn,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.deleteAccount,
  PATHS.unauthorized,
  PATHS.reactAdminLogin,
];

export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
