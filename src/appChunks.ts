import { matchPath } from 'react-router-dom';
import { PATHS } from './pages/paths';

/**
 * The app's two halves (src/Root.tsx): the paths of the public pages, and the signed-in app's chunk, which a
 * sign-in starts loading before it moves on so that the dashboard follows the sign-in screen directly.
 */

const PUBLIC_PAGE_PATTERNS = [
  PATHS.signIn,
  PATHS.accessLink,
  PATHS.updatePassword,
  PATHS.forgotPassword,
  `${PATHS.resetPassword}/:resetPasswordToken`,
  PATHS.deleteAccount,
  `${PATHS.deleteAccount}/:confirmDeleteAccountToken`,
];

export const isPublicPagePath = (pathname: string): boolean =>
  PUBLIC_PAGE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);

export const loadPublicApp = () => import('./public/PublicApp');
export const loadAdminApp = () => import('./App');
