import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accessLinkBodySchema,
  AUTH_COOKIE_PATH,
  AUTH_ENDPOINTS,
  confirmDeleteAccountBodySchema,
  CSRF_HEADER,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  REFRESH_COOKIE_NAME,
  refreshResponseSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
  updateMeBodySchema,
  updatePasswordBodySchema,
  verifyResetPasswordTokenQuerySchema,
} from '../../domain/auth';
import { AUTH_ERROR_CODES } from '../../domain/errors';
import { sessionUserSchema } from '../../domain/user';
import type { AuthService, SignedIn } from '../services/auth';
import type { ClientMetadata, SessionTokens } from '../services/authSessions';
import type { WindowLimit } from '../services/rateLimits';
import { DEVICE_COOKIE_NAME } from '../services/deviceCookies';
import type { BackgroundTasks } from '../plugins/background';
import { ApiError, INVALID_INPUT, parseInput } from '../errors';
import { authOf, sessionUserOf } from '../plugins/authenticate';
import { REFRESH_COOKIE_SECURITY } from '../plugins/openapi';

/**
 * `/api/v1/auth/*`: HTTP, cookies and rate limits around server/services/auth.ts.
 * Registered under `API_PREFIX`; the paths come from domain/auth.ts, the table the browser calls too.
 */

export interface AuthRoutesOptions {
  authService: AuthService;
  background: BackgroundTasks;
  /** Secure cookies everywhere except plain http on the developer's machine. */
  secureCookies: boolean;
}

const rateLimit = ({ max, windowMs }: WindowLimit) => ({ config: { rateLimit: { max, timeWindow: windowMs } } });

const clientOf = (request: FastifyRequest): ClientMetadata => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
});

/** Refresh and sign-out act on a cookie, so they demand a header that a cross-site form cannot send. */
function requireCsrfHeader(request: FastifyRequest): void {
  if (request.headers[CSRF_HEADER.name.toLowerCase()] !== CSRF_HEADER.value) {
    throw new ApiError(403, AUTH_ERROR_CODES.csrfHeaderMissing);
  }
}

const invalidToken = (statusCode: number) => new ApiError(statusCode, AUTH_ERROR_CODES.invalidToken);

// ---- the API document: the schemas the handlers validate with, and what they answer ------------------

const tags = ['auth'];
const noContent = (description: string) => ({ 204: z.undefined().describe(description) });
const accepted = { 202: z.undefined().describe('Accepted, whatever the email: a mail goes out if it is known') };
/** The header that refresh and sign-out demand (requireCsrfHeader). */
const csrfHeaders = z.object({ [CSRF_HEADER.name]: z.literal(CSRF_HEADER.value) });
const signedIn = { 200: signInResponseSchema.describe('Signed in; sets the refresh cookie') };

const SCHEMAS = {
  signIn: {
    tags,
    summary: 'Sign in with email and password',
    body: signInBodySchema,
    response: signedIn,
    errorStatuses: [401],
  },
  accessLink: {
    tags,
    summary: 'Sign in with an access link',
    body: accessLinkBodySchema,
    response: signedIn,
    errorStatuses: [401],
  },
  refreshTokens: {
    tags,
    summary: 'A new access token; rotates the refresh cookie',
    headers: csrfHeaders,
    security: REFRESH_COOKIE_SECURITY,
    response: { 200: refreshResponseSchema },
    errorStatuses: [401, 403],
  },
  signOut: {
    tags,
    summary: 'Sign out: revokes the refresh token family and clears the cookie',
    headers: csrfHeaders,
    security: REFRESH_COOKIE_SECURITY,
    response: noContent('Signed out'),
    errorStatuses: [403],
  },
  updatePassword: {
    tags,
    summary: 'Change the own password',
    body: updatePasswordBodySchema,
    response: noContent('Changed'),
  },
  forgotPassword: { tags, summary: 'Mail a password reset link', body: forgotPasswordBodySchema, response: accepted },
  verifyResetPasswordToken: {
    tags,
    summary: 'Whether a reset token is usable (does not consume it)',
    querystring: verifyResetPasswordTokenQuerySchema,
    response: noContent('Usable'),
  },
  resetPassword: {
    tags,
    summary: 'Set a new password with a reset token',
    body: resetPasswordBodySchema,
    response: noContent('Changed; the token is used'),
  },
  deleteAccount: {
    tags,
    summary: 'Mail a link confirming the deletion of the account',
    body: deleteAccountBodySchema,
    response: accepted,
  },
  confirmDeleteAccount: {
    tags,
    summary: 'Delete the account with the mailed token; its sessions end',
    body: confirmDeleteAccountBodySchema,
    response: noContent('Deleted'),
  },
  me: { tags, summary: 'The signed-in user with their roles', response: { 200: sessionUserSchema } },
  updateMe: {
    tags,
    summary: "The signed-in user's own preferences",
    body: updateMeBodySchema,
    response: { 200: sessionUserSchema },
  },
} as const;

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { authService, background, secureCookies } = options;
  const limits = authService.rateLimits;
  const cookieOptions = { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: AUTH_COOKIE_PATH } as const;

  const setRefreshCookie = (reply: FastifyReply, session: SessionTokens) =>
    reply.setCookie(REFRESH_COOKIE_NAME, session.refreshToken, { ...cookieOptions, expires: session.expiresAt });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions);
  // The device cookie outlives sessions (sign-out keeps it): it marks this client as a known device of the user.
  const setDeviceCookie = (reply: FastifyReply, { deviceCookie }: SignedIn) =>
    reply.setCookie(DEVICE_COOKIE_NAME, deviceCookie.value, { ...cookieOptions, expires: deviceCookie.expiresAt });
  const sendSignedIn = (reply: FastifyReply, signedIn: SignedIn) =>
    setDeviceCookie(setRefreshCookie(reply, signedIn.session), signedIn).send(signedIn.body);

  app.post(AUTH_ENDPOINTS.signIn, { ...rateLimit(limits.signIn), schema: SCHEMAS.signIn }, async (request, reply) => {
    const { email, password } = parseInput(signInBodySchema, request.body);
    const result = await authService.signIn(email, password, clientOf(request), request.cookies[DEVICE_COOKIE_NAME]);
    if (result.kind === 'throttled') {
      // The sign-in screen tells how long to wait, as the request limiter's 429 does.
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new ApiError(429, AUTH_ERROR_CODES.tooManyAttempts);
    }
    if (result.kind === 'invalidCredentials') throw new ApiError(401, AUTH_ERROR_CODES.invalidCredentials);
    return sendSignedIn(reply, result.signedIn);
  });

  app.post(
    AUTH_ENDPOINTS.accessLink,
    { ...rateLimit(limits.tokenSubmissions), schema: SCHEMAS.accessLink },
    async (request, reply) => {
      const { authId, token } = parseInput(accessLinkBodySchema, request.body);
      const signedIn = await authService.signInWithAccessLink(authId, token, clientOf(request));
      if (!signedIn) throw invalidToken(401);
      return sendSignedIn(reply, signedIn);
    },
  );

  app.post(
    AUTH_ENDPOINTS.refreshTokens,
    { ...rateLimit(limits.refresh), schema: SCHEMAS.refreshTokens },
    async (request, reply) => {
      requireCsrfHeader(request);
      const presented = request.cookies[REFRESH_COOKIE_NAME];
      const result = presented ? await authService.refresh(presented) : ({ kind: 'invalid' } as const);
      if (result.kind === 'invalid') {
        clearRefreshCookie(reply);
        throw new ApiError(401, AUTH_ERROR_CODES.notSignedIn);
      }
      return setRefreshCookie(reply, result.session).send({ accessToken: result.accessToken });
    },
  );

  app.post(
    AUTH_ENDPOINTS.signOut,
    { ...rateLimit(limits.refresh), schema: SCHEMAS.signOut },
    async (request, reply) => {
      requireCsrfHeader(request);
      const presented = request.cookies[REFRESH_COOKIE_NAME];
      if (presented) await authService.signOut(presented);
      return clearRefreshCookie(reply).code(204).send();
    },
  );

  app.post(
    AUTH_ENDPOINTS.updatePassword,
    { ...rateLimit(limits.passwordChanges), preHandler: app.authenticate, schema: SCHEMAS.updatePassword },
    async (request, reply) => {
      const { currentPassword, newPassword } = parseInput(updatePasswordBodySchema, request.body);
      const { userId, sessionId } = authOf(request);
      const outcome = await authService.updatePassword(userId, sessionId, currentPassword, newPassword);
      if (outcome === 'userNotFound') throw new ApiError(401, AUTH_ERROR_CODES.notSignedIn);
      if (outcome === 'currentPasswordRequired') {
        throw new ApiError(400, INVALID_INPUT, { currentPassword: 'Enter your current password.' });
      }
      if (outcome === 'wrongCurrentPassword') {
        throw new ApiError(400, AUTH_ERROR_CODES.wrongCurrentPassword, {
          currentPassword: 'The current password is not correct.',
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    AUTH_ENDPOINTS.forgotPassword,
    { ...rateLimit(limits.mailRequests), schema: SCHEMAS.forgotPassword },
    async (request, reply) => {
      const { email } = parseInput(forgotPasswordBodySchema, request.body);
      background.run('forgot-password', () => authService.requestPasswordReset(email, clientOf(request)));
      return reply.code(202).send();
    },
  );

  app.get(
    AUTH_ENDPOINTS.verifyResetPasswordToken,
    { ...rateLimit(limits.tokenSubmissions), schema: SCHEMAS.verifyResetPasswordToken },
    async (request, reply) => {
      const { resetPasswordToken } = parseInput(verifyResetPasswordTokenQuerySchema, request.query);
      if (!(await authService.isResetTokenUsable(resetPasswordToken))) throw invalidToken(404);
      return reply.code(204).send();
    },
  );

  app.post(
    AUTH_ENDPOINTS.resetPassword,
    { ...rateLimit(limits.tokenSubmissions), schema: SCHEMAS.resetPassword },
    async (request, reply) => {
      const { resetPasswordToken, password } = parseInput(resetPasswordBodySchema, request.body);
      if (!(await authService.resetPassword(resetPasswordToken, password))) throw invalidToken(400);
      return reply.code(204).send();
    },
  );

  app.post(
    AUTH_ENDPOINTS.deleteAccount,
    { ...rateLimit(limits.mailRequests), schema: SCHEMAS.deleteAccount },
    async (request, reply) => {
      const { email } = parseInput(deleteAccountBodySchema, request.body);
      background.run('delete-account', () => authService.requestAccountDeletion(email, clientOf(request)));
      return reply.code(202).send();
    },
  );

  app.post(
    AUTH_ENDPOINTS.confirmDeleteAccount,
    { ...rateLimit(limits.tokenSubmissions), schema: SCHEMAS.confirmDeleteAccount },
    async (request, reply) => {
      const { confirmDeleteAccountToken } = parseInput(confirmDeleteAccountBodySchema, request.body);
      if (!(await authService.confirmAccountDeletion(confirmDeleteAccountToken))) throw invalidToken(400);
      return clearRefreshCookie(reply).code(204).send();
    },
  );

  app.get(
    AUTH_ENDPOINTS.me,
    { preHandler: app.authenticate, config: { readsSessionUser: true }, schema: SCHEMAS.me },
    async (request) => sessionUserOf(request),
  );

  app.patch(AUTH_ENDPOINTS.updateMe, { preHandler: app.authenticate, schema: SCHEMAS.updateMe }, async (request) => {
    const preferences = parseInput(updateMeBodySchema, request.body);
    const user = await authService.updateOwnPreferences(authOf(request).userId, preferences);
    if (!user) throw new ApiError(401, AUTH_ERROR_CODES.notSignedIn);
    return user;
  });
}
