import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authSessions, refreshTokens } from '../../server/db/schema';
import { hashToken } from '../../server/services/tokens';
import { refreshResponseSchema } from '../../domain/auth';
import {
  CSRF,
  TEST_PASSWORD,
  createUser,
  getMe,
  refresh,
  refreshCookieOf,
  signIn,
  startTestServer,
  type TestServer,
} from './harness';

const GRACE_SECONDS = 30;
const SESSION_SECONDS = 14 * 24 * 3600;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    lifetimes: { refreshReuseGraceSeconds: GRACE_SECONDS, sessionSeconds: SESSION_SECONDS },
  });
});
afterAll(() => server.close());

/** A fresh user per test: reuse detection revokes sessions, which must not leak into other tests. */
async function freshSession() {
  const user = await createUser(server.db);
  return { user, ...(await signIn(server.app, user.email, TEST_PASSWORD)) };
}

const sessionOf = async (sessionId: string) => {
  const [session] = await server.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  return session;
};

const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { sid: string }).sid;

describe('POST /auth/refresh-tokens', () => {
  it('answers a new access token and rotates the cookie', async () => {
    const { refreshToken, accessToken } = await freshSession();
    server.clock.advanceSeconds(1); // a new iat, so the new access token differs
    const response = await refresh(server.app, refreshToken);
    expect(response.statusCode).toBe(200);
    const body = refreshResponseSchema.parse(response.json());
    expect(body.accessToken).not.toBe(accessToken);
    expect((await getMe(server.app, body.accessToken)).statusCode).toBe(200);
    const cookie = refreshCookieOf(response);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(refreshToken);
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/api/v1/auth' });
    // Only digests are stored.
    const stored = await server.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(cookie!.value)));
    expect(stored).toHaveLength(1);
    const plain = await server.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, cookie!.value));
    expect(plain).toHaveLength(0);
  });

  it('chains: each successor refreshes once more', async () => {
    let { refreshToken } = await freshSession();
    for (let round = 0; round < 3; round += 1) {
      const response = await refresh(server.app, refreshToken);
      expect(response.statusCode).toBe(200);
      refreshToken = refreshCookieOf(response)!.value;
    }
  });

  it('requires the X-Requested-With header (403) and leaves the token usable', async () => {
    const { refreshToken } = await freshSession();
    const withoutHeader = await refresh(server.app, refreshToken, {});
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json()).toEqual({ message: 'CSRF_HEADER_MISSING' });
    const wrongValue = await refresh(server.app, refreshToken, { 'X-Requested-With': 'fetch' });
    expect(wrongValue.statusCode).toBe(403);
    expect((await refresh(server.app, refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown token, and clears the cookie', async () => {
    for (const token of [undefined, 'made-up-token']) {
      const response = await refresh(server.app, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'NOT_SIGNED_IN' });
      expect(refreshCookieOf(response)?.value).toBe('');
    }
  });

  it('accepts an empty JSON body as well as no body', async () => {
    const { refreshToken } = await freshSession();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-tokens',
      headers: { ...CSRF, 'content-type': 'application/json' },
      cookies: { refresh_token: refreshToken },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('refresh token reuse', () => {
  it('revokes the whole family when a rotated token comes back after its successor was used', async () => {
    const { refreshToken: first, accessToken } = await freshSession();
    const second = refreshCookieOf(await refresh(server.app, first))!.value;
    const third = refreshCookieOf(await refresh(server.app, second))!.value;

    // An attacker replays the first token (its successor has been used): the family ends.
    const replay = await refresh(server.app, first);
    expect(replay.statusCode).toBe(401);
    expect((await sessionOf(sessionIdOf(accessToken))).revokedReason).toBe('refresh-token-reuse');
    expect((await refresh(server.app, third)).statusCode).toBe(401);
    expect((await getMe(server.app, accessToken)).statusCode).toBe(401);
  });

  it('revokes the family when a rotated token comes back after the grace window', async () => {
    const { refreshToken: first, accessToken } = await freshSession();
    const second = refreshCookieOf(await refresh(server.app, first))!.value;
    server.clock.advanceSeconds(GRACE_SECONDS + 1);
    expect((await refresh(server.app, first)).statusCode).toBe(401);
    expect((await refresh(server.app, second)).statusCode).toBe(401);
    expect((await getMe(server.app, accessToken)).statusCode).toBe(401);
  });

  it('within the grace window, a second use of the same token answers the same unused successor', async () => {
    const { refreshToken: first } = await freshSession();
    const once = refreshCookieOf(await refresh(server.app, first))!.value;
    server.clock.advanceSeconds(GRACE_SECONDS - 5);
    const twice = await refresh(server.app, first);
    expect(twice.statusCode).toBe(200);
    expect(refreshCookieOf(twice)!.value).toBe(once);
    expect((await refresh(server.app, once)).statusCode).toBe(200);
  });

  it('does not affect the other sessions of the same user', async () => {
    const user = await createUser(server.db);
    const victim = await signIn(server.app, user.email, TEST_PASSWORD);
    const other = await signIn(server.app, user.email, TEST_PASSWORD);
    const next = refreshCookieOf(await refresh(server.app, victim.refreshToken))!.value;
    await refresh(server.app, next);
    expect((await refresh(server.app, victim.refreshToken)).statusCode).toBe(401);
    expect((await refresh(server.app, other.refreshToken)).statusCode).toBe(200);
    expect((await getMe(server.app, other.accessToken)).statusCode).toBe(200);
  });
});

describe('concurrent refreshes with one cookie', () => {
  it('all succeed, revoke nothing and leave exactly one valid successor', async () => {
    const { refreshToken, accessToken } = await freshSession();
    const responses = await Promise.all(Array.from({ length: 5 }, () => refresh(server.app, refreshToken)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(responses.map((response) => refreshCookieOf(response)!.value));
    expect(successors.size).toBe(1);
    const [successor] = successors;

    const session = await sessionOf(sessionIdOf(accessToken));
    expect(session.revokedAt).toBeNull();
    const tokens = await server.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, session.id));
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((token) => token.rotatedAt === null).map((token) => token.tokenHash)).toEqual([
      hashToken(successor),
    ]);

    for (const response of responses) {
      expect((await getMe(server.app, response.json<{ accessToken: string }>().accessToken)).statusCode).toBe(200);
    }
    expect((await refresh(server.app, successor)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends the session at its absolute expiry', async () => {
    const { refreshToken, accessToken } = await freshSession();
    server.clock.advanceSeconds(SESSION_SECONDS + 1);
    expect((await refresh(server.app, refreshToken)).statusCode).toBe(401);
    expect((await getMe(server.app, accessToken)).statusCode).toBe(401);
  });

  it('keeps the cookie expiry at the session end when rotating', async () => {
    const { response, refreshToken } = await freshSession();
    const expires = refreshCookieOf(response)!.attributes.expires;
    server.clock.advanceSeconds(60);
    const rotated = refreshCookieOf(await refresh(server.app, refreshToken))!;
    expect(rotated.attributes.expires).toBe(expires);
  });
});
