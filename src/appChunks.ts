import { PATHS } from './pages/paths';

/**
 * The app's two halves (src/Root.tsx): the paths of the public pages, and the signed-in app's chunk, which a
 * sign-in starts loading before it moves on so that the dashboard follows the sign-in screen directly.
 */

export const PUBLIC_PAGE_PATTERNS = [
  PATHS.signIn,
  PATHS.accessLink,
  PATHS.updatePassword,
  PATHS.forgotPassword,
  `${PATHS.resetPassword}/:resetPasswordToken`,
  PATHS.deleteAccount,
  `${PATHS.deleteAccount}/:confirmDeleteAccountToken`,
] as const;

export type PathParams = Record<string, string>;

const segmentsOf = (path: string) => path.replace(/\/+$/, '').split('/');

/**
 * The parameters of `pathname` when it matches `pattern` (`/reset-password/:resetPasswordToken`), else null: as
 * react-router's matchPath matches a whole path, ignoring case and a trailing slash, a parameter one segment.
 */
export const matchPathPattern = (pattern: string, pathname: string): PathParams | null => {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  if (expected.length !== actual.length) return null;
  const params: PathParams = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        params[segment.slice(1)] = value;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
};

export const isPublicPagePath = (pathname: string): boolean =>
  PUBLIC_PAGE_PATTERNS.some((pattern) => matchPathPattern(pattern, pathname) !== null);

export const loadPublicApp = () => import('./public/PublicApp');

let adminApp: Promise<typeof import('./App')> | undefined;
export const loadAdminApp = () =>
  (adminApp ??= import('./App').catch((error: unknown) => {
    // A failed download (offline) is tried again on the next call.
    adminApp = undefined;
    throw error;
  }));
/** The signed-in app's module when it was loaded (or is loading), else undefined: nothing of it to refresh. */
export const adminAppIfLoaded = () => adminApp;
