import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Opaque tokens (refresh, reset, access link, delete account) and the short-lived access JWT. */

/** 256 bits for refresh tokens; one-time tokens use 32 bytes too (the floor is 128 bits). */
export const RANDOM_TOKEN_BYTES = 32;

export const randomToken = (bytes = RANDOM_TOKEN_BYTES): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored as SHA-256 digests: a leaked table does not hand out sessions or links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A key for one purpose, derived from the server secret so one secret serves several uses. */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  createHmac('sha256', secret).update(purpose).digest();

/**
 * The successor of a refresh token is derived, not drawn: HMAC(key, presented token). Two concurrent
 * refreshes with the same cookie therefore compute the same successor and nobody's token is orphaned.
 */
export const successorRefreshToken = (key: Buffer, presentedToken: string): string =>
  createHmac('sha256', key).update(presentedToken).digest('base64url');

export const ACCESS_TOKEN_AUDIENCE = 'venue-backoffice-api';
export const ACCESS_TOKEN_TYPE = 'access';
const ALGORITHM = 'HS256';
/** How many verified access tokens are remembered (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

export class InvalidAccessTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'The access token has expired' : 'The access token is invalid');
    this.name = 'InvalidAccessTokenError';
  }
}

export interface AccessTokenIssuerOptions {
  secret: string;
  ttlSeconds: number;
  now: () => Date;
}

/** Signs and checks access JWTs: HS256 only, audience, type `access`, expiry against the injected clock. */
export class AccessTokens {
  /**
   * Imported into Web Crypto once: given raw bytes, jose imports a key on every call, a tenth of the CPU of
   * a short authenticated request.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(private readonly options: AccessTokenIssuerOptions) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      deriveKey(options.secret, 'access-token'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.options.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, typ: ACCESS_TOKEN_TYPE })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.options.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * Tokens whose signature and claims were already checked, with their expiry: a client sends the same token
   * with every request of its lifetime, and checking its HMAC through Web Crypto again was the largest part of
   * a short request's CPU. Only the expiry depends on the time, and it is checked on every use; whether the
   * session still stands is the caller's check, on every request. Bounded: the oldest entries go first.
   */
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt <= this.nowSeconds()) throw new InvalidAccessTokenError('expired');
      return known.claims;
    }
    const { claims, expiresAt } = await this.verifySignatureAndClaims(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { claims, expiresAt });
    return claims;
  }

  private nowSeconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }

  private async verifySignatureAndClaims(token: string): Promise<{ claims: AccessTokenClaims; expiresAt: number }> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: this.options.now(),
        requiredClaims: ['exp', 'sub', 'sid', 'typ'],
        clockTolerance: 0,
      });
      const userId = Number(payload.sub);
      if (payload.typ !== ACCESS_TOKEN_TYPE || !Number.isSafeInteger(userId) || typeof payload.sid !== 'string') {
        throw new InvalidAccessTokenError('invalid');
      }
      return { claims: { userId, sessionId: payload.sid }, expiresAt: Number(payload.exp) };
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new InvalidAccessTokenError('expired');
      throw new InvalidAccessTokenError('invalid');
    }
  }
}
