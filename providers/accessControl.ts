import type { AuthProvider } from 'react-admin';
import {
  canAccessRecord,
  canAccessResource,
  canOpenRoute,
  DECIDE_ACTION,
  isPathUnder,
  REACT_ADMIN_ACTIONS,
  type ScopedRecord,
  type Viewer,
} from '../domain/access';
import { isOnboardingCreate, type PartnerKind } from '../domain/partner';
import { roleKeysOf, type SessionUser } from '../domain/user';
import type { Session } from './session';

/**
 * The browser's access control over the permission table of domain/access.ts.
 * It only shapes the interface: the server checks every call again.
 *
 * The guards check "the role keys of the current user fetched from the server", not the ones
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
 * May these role keys open this page? The prefix rule (whole path segments) over the table, and
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

/** Who the signed-in user is, for the record checks: the stored session's user, or the server's now. */
export interface SessionUsers {
  readSessionUser: () => SessionUser | null;
  /** `GET /auth/me`, the stored session following (authApi.fetchCurrentUser). */
  refreshSessionUser: () => Promise<SessionUser>;
}

const PARTNER_KINDS: Readonly<Partial<Record<string, PartnerKind>>> = {
  establishments: 'establishment',
  promoters: 'promoterGroup',
};

/**
 * A partner (an ADMIN, a PROMOTER) who had no record of this kind when signing in: their first create made
 * one theirs on the server (onboarding, domain/partner.ts), which the stored session cannot know, so the
 * server is asked again before a change of one of these records is refused.
 */
const mayHaveOnboarded = (resource: string, action: string, viewer: Viewer): boolean => {
  const kind = PARTNER_KINDS[resource];
  return kind !== undefined && REACT_ADMIN_ACTIONS[action] !== 'read' && isOnboardingCreate(viewer, kind);
};

const viewerOf = (user: SessionUser, roleKeys: readonly string[]): Viewer => ({
  userId: user.id,
  roleKeys,
  establishmentId: user.establishmentId,
  promoterGroupId: user.promoterGroupId,
});

/**
 * The viewer a record is checked for: the server's role keys, the scope fields of the stored session (asked
 * again after an onboarding); null when nobody is signed in.
 */
const viewerFor = async (
  { readSessionUser, refreshSessionUser }: SessionUsers,
  roleKeys: readonly string[],
  resource: string,
  action: string,
  logger: Pick<Console, 'warn'>,
): Promise<Viewer | null> => {
  const sessionUser = readSessionUser();
  if (!sessionUser) return null;
  const viewer = viewerOf(sessionUser, roleKeys);
  if (!mayHaveOnboarded(resource, action, viewer)) return viewer;
  try {
    return viewerOf(await refreshSessionUser(), roleKeys);
  } catch (error) {
    logger.warn('The signed-in user could not be fetched again: the stored one decides', error);
    return viewer;
  }
};

/**
 * The auth provider's `canAccess`, over the server's role keys. With a record, also the record's scope
 * (domain/access.ts canAccessRecord): react-admin's `useCanAccess({ resource, action, record })`.
 */
export const createCanAccess =
  (
    serverRoles: ServerRoles,
    environment: Environment,
    sessionUsers: SessionUsers,
    logger: Pick<Console, 'warn'> = console,
  ): NonNullable<AuthProvider['canAccess']> =>
  async ({ resource, action, record }) => {
    const roleKeys = await serverRoles.roleKeys();
    const byTable = canAccessWithRoles(roleKeys, { resource, action }, environment);
    if (!record) return byTable;
    if (!byTable && action !== DECIDE_ACTION) return false;
    const viewer = await viewerFor(sessionUsers, roleKeys, resource, action, logger);
    return viewer !== null && canAccessRecord(viewer, resource, action, record as ScopedRecord);
  };
