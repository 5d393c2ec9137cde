import {
  CSRF_HEADER,
  signInResponseSchema,
  type SignInBody,
  type SignInResponse,
  type UpdateMeBody,
  type UpdatePasswordBody,
} from '../domain/auth';
import { sessionUserSchema, type SessionUser } from '../domain/user';
import { AUTH_ENDPOINTS } from './authEndpoints';
import { ApiError, type Api } from './httpClient';
import type { SessionStore } from './session';

/**
 * The calls of `/api/v1/auth/*` used by the auth screens, the settings page and the
 * auth provider. Sign-in calls store the session; sign-out and account deletion clear it. Failures
 * reject with the http client's `ApiError` (status + `{message, errors}`) or `ApiNetworkError`.
 */
export interface AuthApi {
  signInWithPassword(credentials: SignInBody): Promise<SignInResponse>;
  signInWithAccessLink(authId: string, token: string): Promise<SignInResponse>;
  /** The signed-in user as the server knows it now; the stored session follows. */
  fetchCurrentUser(): Promise<SessionUser>;
  /** The signed-in user as the server knows it now (`GET /auth/me`), leaving the stored session as it is. */
  fetchMe(): Promise<SessionUser>;
  /** Stores the signed-in user's language on the server, so their mails come in it; the stored session follows. */
  updateLanguage(language: UpdateMeBody['language']): Promise<SessionUser>;
  updatePassword(change: UpdatePasswordBody): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  /** true when the server knows the token (204), false when it does not (404). */
  verifyResetPasswordToken(resetPasswordToken: string): Promise<boolean>;
  resetPassword(resetPasswordToken: string, password: string): Promise<void>;
  requestAccountDeletion(email: string): Promise<void>;
  /** Deletes the account of the link, then signs this browser out (on the server too). */
  confirmAccountDeletion(confirmDeleteAccountToken: string): Promise<void>;
  /** Ends the session on the server (a failure there is only logged) and in this browser. */
  signOut(): Promise<void>;
}

export interface AuthApiOptions {
  api: Api;
  session: SessionStore;
  logger?: Pick<Console, 'warn'>;
}

const csrfHeaders = { [CSRF_HEADER.name]: CSRF_HEADER.value };

export const createAuthApi = ({ api, session, logger = console }: AuthApiOptions): AuthApi => {
  const storeSignIn = (answer: unknown): SignInResponse => {
    const response = signInResponseSchema.parse(answer);
    session.signIn(response);
    return response;
  };

  const markPasswordSet = () => {
    const current = session.readSessionOrNull();
    if (current && !current.authenticatedUser.hasPassword) {
      session.updateAuthenticatedUser({ ...current.authenticatedUser, hasPassword: true });
    }
  };

  const fetchMe = async (): Promise<SessionUser> => sessionUserSchema.parse(await api.get(AUTH_ENDPOINTS.me));

  const signOut = async () => {
    try {
      await api.post(AUTH_ENDPOINTS.signOut, undefined, { headers: csrfHeaders });
    } catch (error) {
      logger.warn('Sign-out on the server failed; the session is cleared in this browser anyway', error);
    }
    session.clearSession();
  };

  return {
    signInWithPassword: async ({ email, password }) =>
      storeSignIn(await api.post(AUTH_ENDPOINTS.signIn, { email, password })),

    signInWithAccessLink: async (authId, token) =>
      storeSignIn(await api.post(AUTH_ENDPOINTS.accessLink, { authId, token })),

    fetchCurrentUser: async () => {
      const user = await fetchMe();
      session.updateAuthenticatedUser(user);
      return user;
    },

    fetchMe,

    updateLanguage: async (language) => {
      const body: UpdateMeBody = { language };
      const user = sessionUserSchema.parse(await api.patch(AUTH_ENDPOINTS.updateMe, body));
      session.updateAuthenticatedUser(user);
      return user;
    },

    updatePassword: async (change) => {
      await api.post(AUTH_ENDPOINTS.updatePassword, change);
      markPasswordSet();
    },

    requestPasswordReset: async (email) => {
      await api.post(AUTH_ENDPOINTS.forgotPassword, { email });
    },

    verifyResetPasswordToken: async (resetPasswordToken) => {
      try {
        await api.get(AUTH_ENDPOINTS.verifyResetPasswordToken, { params: { resetPasswordToken } });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },

    resetPassword: async (resetPasswordToken, password) => {
      await api.post(AUTH_ENDPOINTS.resetPassword, { resetPasswordToken, password });
    },

    requestAccountDeletion: async (email) => {
      await api.post(AUTH_ENDPOINTS.deleteAccount, { email });
    },

    confirmAccountDeletion: async (confirmDeleteAccountToken) => {
      await api.post(AUTH_ENDPOINTS.confirmDeleteAccount, { confirmDeleteAccountToken });
      // The server has ended every session of the deleted account, but the link may have been opened in a
      // browser signed in to another account: end this browser's session on the server too, not only here.
      await signOut();
    },

    signOut,
  };
};
