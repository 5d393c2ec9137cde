import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERROR_CODES } from '../../domain/errors';
import type { AuthService } from '../services/auth';
import type { SessionUser } from '../../domain/user';
import type { SessionIdentity } from '../services/authSessions';
import { InvalidAccessTokenError } from '../services/tokens';
import { ApiError } from '../errors';

/**
 * Bearer authentication for every protected route:
 *
 *   app.get('/things', { preHandler: app.authenticate }, (request) => authOf(request).userId)
 *
 * What a caller may do is the permission table's decision (domain/access.ts), checked with
 * `requirePermission` of server/routes/shared/resource.ts.
 *
 * The access JWT is checked (HS256 only, signature, expiry, audience, type) and so is its session:
 * a revoked or expired session, or an inactive user, makes every access token of that session fail.
 */

export type AuthPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: AuthPreHandler;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it through `authOf(request)`. */
    auth: SessionIdentity | null;
    /** Set by `app.authenticate` on routes that read it (`readsSessionUser`); read it through `sessionUserOf`. */
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers with the signed-in user: `app.authenticate` reads it with the session. */
    readsSessionUser?: boolean;
  }
}

const BEARER_PATTERN = /^Bearer ([A-Za-z0-9\-_.]+)$/;

const notSignedIn = () => new ApiError(401, AUTH_ERROR_CODES.notSignedIn);

/** The identity of an authenticated request; a 401 when the route forgot `app.authenticate`. */
export function authOf(request: FastifyRequest): SessionIdentity {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/** The signed-in user of a route that reads it (`config: { readsSessionUser: true }`). */
export function sessionUserOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw notSignedIn();
  return request.sessionUser;
}

export function registerAuthentication(app: FastifyInstance, authService: AuthService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionUser', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = BEARER_PATTERN.exec(request.headers.authorization ?? '');
    if (!match) throw notSignedIn();
    let claims;
    try {
      claims = await authService.accessTokens.verify(match[1]);
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) throw notSignedIn();
      throw error;
    }
    if (request.routeOptions.config.readsSessionUser) {
      const found = await authService.sessions.findActiveSessionUser(claims.userId, claims.sessionId);
      if (!found) throw notSignedIn();
      request.auth = found.identity;
      request.sessionUser = found.user;
      return;
    }
    const identity = await authService.sessions.findActiveIdentity(claims.userId, claims.sessionId);
    if (!identity) throw notSignedIn();
    request.auth = identity;
  });
}
