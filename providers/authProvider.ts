import type { AuthProvider, UserIdentity } from 'react-admin';
import { AUTH_ERROR_CODES } from '../domain/errors';
import { createCanAccess, createServerRoles } from './accessControl';
import type { AuthApi } from './authApi';
import { SIGN_IN_PAGE } from './authEndpoints';
import { hasFieldErrors } from './errorBody';
import { SessionUnreadableError, type Session, type SessionStore } from './session';

/**
 * react-admin's auth provider over the stored session and the auth API. The server decides what a
 * user may do; this only shapes the interface.
 */

export const UNAUTHORIZED_PAGE = '/unauthorized';

/** react-admin's identity, with the scope fields of the signed-in user (null when they have none). */
export interface Identity extends UserIdentity {
  establishmentId: number | null;
  promoterGroupId: number | null;
}

/**
 * The session is there but cannot be read (tampered, other secret, old format): the user must sign in
 * again. `reason` is the error code, which the sign-in page shows in its alert; `message` is false
 * so that react-admin adds no toast of its own (one message, not two). Not an Error subclass, because
 * an Error's message must be text.
 */
export class SessionUnreadableAuthError {
  readonly name = 'SessionUnreadableAuthError';
  readonly redirectTo = SIGN_IN_PAGE;
  readonly message = false;
  readonly reason = AUTH_ERROR_CODES.accessLinkRequired;
  constructor(readonly cause?: unknown) {}
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export interface AuthProviderOptions {
  authApi: AuthApi;
  session: SessionStore;
  /** The app's environment is production (`appConfig.isProduction`): the Mail outbox is hidden there. */
  isProduction: boolean;
  /** Where a failed fetch of the server's role keys is reported (the console by default). */
  logger?: Pick<Console, 'warn'>;
}

export const createAuthProvider = ({ authApi, session, isProduction, logger }: AuthProviderOptions): AuthProvider => {
  // Permissions come from the role keys the server gives the user now, not the stored ones.
  const serverRoles = createServerRoles({
    readSession: session.readSessionOrNull,
    fetchMe: authApi.fetchMe,
    subscribeToSession: session.subscribeToSession,
    logger,
  });
  /** The readable session, or a rejection react-admin understands. */
  const requireSession = async (): Promise<Session> => {
    let current: Session | null;
    try {
      current = session.readSession();
    } catch (error) {
      if (!(error instanceof SessionUnreadableError)) throw error;
      // Signing out here rather than in logout also covers /auth, where react-admin logs nobody out.
      await authApi.signOut();
      throw new SessionUnreadableAuthError(error);
    }
    // Not signed in is no error to announce: just go to the sign-in page (message false = no toast).
    if (!current) throw { redirectTo: SIGN_IN_PAGE, message: false };
    return current;
  };

  /** Whether anything is stored, readable or not. */
  const hasStoredSession = (): boolean => {
    try {
      return session.readSession() !== null;
    } catch {
      return true;
    }
  };

  return {
    login: async ({ email, password }: { email: string; password: string }) => {
      await authApi.signInWithPassword({ email, password });
    },

    logout: async () => {
      // Nothing stored means whoever removed the session already ended it on the server (an unreadable
      // session, another tab's sign-out, a refused refresh): asking the server again would be a second call.
      if (hasStoredSession()) await authApi.signOut();
      return SIGN_IN_PAGE;
    },

    checkAuth: async () => {
      await requireSession();
    },

    checkError: async (error: unknown) => {
      const status = statusOf(error);
      // A 401 reaching here already went through the client's refresh and replay: the session is over.
      if (status === 401) throw { redirectTo: SIGN_IN_PAGE };
      // A refused page or list goes to /unauthorized; a refused save that names its fields (nobody
      // changes their own role or scope) stays on the form, which shows the reason.
      if (status === 403 && !hasFieldErrors(error)) throw { redirectTo: UNAUTHORIZED_PAGE, logoutUser: false };
    },

    /** Who is signed in, with the establishment and promoter group their records are scoped by. */
    getIdentity: async (): Promise<Identity> => {
      const { authenticatedUser: user } = await requireSession();
      return {
        id: user.id,
        fullName: `${user.firstName} ${user.lastName}`.trim(),
        establishmentId: user.establishmentId,
        promoterGroupId: user.promoterGroupId,
      };
    },

    /**
     * The role keys of the signed-in user as the server knows them (`GET /auth/me`, once per sign-in); none
     * when nobody is signed in or the fetch failed. The route guards and the menu read them (usePermissions).
     */
    getPermissions: () => serverRoles.roleKeys(),

    /**
     * The permission table (domain/access.ts) over the server's role keys, and with a record its scope;
     * see providers/accessControl.ts.
     */
    canAccess: createCanAccess(
      serverRoles,
      { isProduction },
      {
        readSessionUser: () => session.readSessionOrNull()?.authenticatedUser ?? null,
        refreshSessionUser: authApi.fetchCurrentUser,
      },
      logger,
    ),
  };
};
