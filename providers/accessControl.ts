import type { AuthProvider } from 'react-admin';
import { canAccessResource, canOpenRoute, isPathUnder } from '../domain/access';
import { roleKeysOf, type SessionUser } from '../domain/user';
import type { Session } from './session';

/**
 * The browser's access control over the permission table of domain/access.ts (ARCHITECTURE.md §4).
 * It only shapes the interface: the server checks every call again.
 *
 * SPEC §6: the guards check "the role keys of the current user fetched from the server", not the ones
 * stored at sign-in (a role may have changed since); when that fetch fails the list is empty and
 * access is denied.
 */

/** Pages that exist only outside production: the server has no outbox route there (it answers 404). */
const DEVELOPMENT_ONLY_ROUTES = ['outbox'] as const;
const DEVELOPMENT_ONLY_RESOURCES: readonly string[] = DEVELOPMENT_ONLY_ROUTES;

export interface Environment {
  /** The app's environment is production (`appConfig.isProduction`). */
  isProduction: boolean;
}

const isDevelopmentOnlyPath = (pathname: string): boolean =>
  DEVELOPMENT_ONLY_ROUTES.some((route) => isPathUnder(pathname, route));

/**
 * May these role keys open this page? SPEC §2's prefix rule (whole path segments) over the table, and
 * the development-only pages (the Mail outbox) never in production.
 */
export const canOpenPath = (roleKeys: readonly string[], pathname: string, { isProduction }: Environment): boolean =>
  canOpenRoute(roleKeys, pathname) && !(isProduction && isDevelopmentOnlyPath(pathname));

/** react-admin's `canAccess` question for one resource screen or button, answered from the table. */
export const canAccessWithRoles = (
  roleKeys: readonly string[],
  { resource, action }: { resource: string; action: string },
  { isProduction }: Environment,
): boolean =>
  !(isProduction && DEVELOPMENT_ONLY_RESOURCES.includes(resource)) && canAccessResource(roleKeys, resource, action);

/** Where the server's view of the signed-in user comes from, and how the stored session announces changes. */
export interface ServerRolesOptions {
  readSession: () => Session | null;
  /** `GET /auth/me` without writing the stored session (authApi.fetchMe). */
  fetchMe: () => Promise<SessionUser>;
  /** Called after every change of the stored session, here or in another tab (session.subscribeToSession). */
  subscribeToSession: (listener: () => void) => () => void;
  logger?: Pick<Console, 'warn'>;
}

export interface ServerRoles {
  /** The role keys the server gives the signed-in user now; none when signed out or when the fetch fails. */
  roleKeys(): Promise<string[]>;
}

/** One sign-in: the public auth id changes with every sign-in, the user id with every account. */
const signInKeyOf = (session: Session | null): string | null =>
  session === null ? null : `${session.authId}:${session.authenticatedUser.id}`;

/**
 * The server's role keys, fetched once and shared by every guard, menu entry and button (react-admin
 * asks `canAccess` for each of them, often at the same moment).
 *
 * The answer is forgotten whenever the stored session changes: a sign-in or sign-out (here or in another
 * tab), and also a token refresh, which asks the server again at little cost. The fetch itself leaves the
 * session alone, or it would forget its own answer. The answer is also tied to the sign-in it was asked
 * for, so a session replaced behind our back is never answered with the previous user's roles. A failed
 * fetch answers no roles to the callers that waited for it and is not kept: the next check asks again
 * instead of locking the user out until a reload.
 */
export const createServerRoles = ({
  readSession,
  fetchMe,
  subscribeToSession,
  logger = console,
}: ServerRolesOptions): ServerRoles => {
  let cached: { signInKey: string; roleKeys: Promise<string[]> } | null = null;
  subscribeToSession(() => {
    cached = null;
  });

  const fetchFor = (signInKey: string) => {
    const entry = {
      signInKey,
      roleKeys: fetchMe().then(roleKeysOf, (error: unknown) => {
        logger.warn('The role keys could not be fetched from the server: access is denied until they can', error);
        if (cached === entry) cached = null;
        return [];
      }),
    };
    return entry;
  };

  return {
    roleKeys: () => {
      const signInKey = signInKeyOf(readSession());
      if (signInKey === null) return Promise.resolve([]);
      if (cached?.signInKey !== signInKey) cached = fetchFor(signInKey);
      return cached.roleKeys;
    },
  };
};

/** The auth provider's `canAccess`, over the server's role keys. */
export const createCanAccess =
  (serverRoles: ServerRoles, environment: Environment): NonNullable<AuthProvider['canAccess']> =>
  async ({ resource, action }) =>
    canAccessWithRoles(await serverRoles.roleKeys(), { resource, action }, environment);
