import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { signInResponseSchema } from '../../domain/auth';
import { sessionUserSchema } from '../../domain/user';
import { users } from '../../server/db/schema';
import { ACCESS_TOKEN_AUDIENCE, deriveKey } from '../../server/services/tokens';
import {
  CSRF,
  DEMO_PASSWORD,
  TEST_PASSWORD,
  createUser,
  getMe,
  refresh,
  refreshCookieOf,
  signIn,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ lifetimes: { accessTokenSeconds: 15 * 60 } });
});
afterAll(() => server.close());

const postSignIn = (payload: unknown, remoteAddress?: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: payload as object, remoteAddress });

describe('POST /auth/sign-in', () => {
  it('answers the access token, the auth id and the session user with its roles', async () => {
    const { body } = await signIn(server.app, 'root@demo.ch');
    expect(signInResponseSchema.parse(body)).toEqual(body);
    expect(body.user.email).toBe('root@demo.ch');
    expect(body.user.userRoles).toEqual([{ role: { id: body.user.roleId, key: 'ROOT' } }]);
    expect(body.user.hasPassword).toBe(true);
    expect(body.user).not.toHaveProperty('passwordHash');
    const [row] = await server.db.select({ authId: users.authId }).from(users).where(eq(users.email, 'root@demo.ch'));
    expect(body.authId).toBe(row.authId);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const { body } = await signIn(server.app, '  Promoter@Demo.CH ');
    expect(body.user.userRoles[0].role.key).toBe('PROMOTER');
  });

  it('sets the refresh token in an HttpOnly, SameSite=Strict cookie scoped to the auth path', async () => {
    const { response } = await signIn(server.app, 'customer@demo.ch');
    const cookie = refreshCookieOf(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/api/v1/auth' });
    // PUBLIC_URL is http://localhost: browsers would drop a Secure cookie there.
    expect(cookie?.attributes.secure).toBeUndefined();
    const expires = new Date(String(cookie?.attributes.expires)).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives the same answer for a wrong password, an unknown email, an inactive user and a user without password', async () => {
    const inactive = await createUser(server.db, { isActive: false });
    const withoutPassword = await createUser(server.db, { password: null });
    const attempts = [
      { email: 'root@demo.ch', password: 'not-the-password' },
      { email: 'nobody@demo.ch', password: DEMO_PASSWORD },
      { email: inactive.email, password: TEST_PASSWORD },
      { email: withoutPassword.email, password: TEST_PASSWORD },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await postSignIn(attempt);
      answers.push({ status: response.statusCode, body: response.body, cookie: refreshCookieOf(response) });
    }
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: JSON.stringify({ message: 'INVALID_CREDENTIALS' }),
        cookie: undefined,
      });
    }
  });

  it('takes about as long for an unknown email as for a wrong password (one argon2 verification each)', async () => {
    const time = async (payload: object) => {
      const started = performance.now();
      await postSignIn(payload);
      return performance.now() - started;
    };
    // An account whose password the product hashed (the test image stores the demo accounts' at least cost).
    const account = await createUser(server.db);
    await time({ email: 'nobody@demo.ch', password: 'x' }); // warm-up
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      unknown.push(await time({ email: `nobody${round}@demo.ch`, password: 'wrong-password' }));
      wrong.push(await time({ email: account.email, password: 'wrong-password' }));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // Without the decoy hash an unknown email would answer in about a millisecond instead of tens.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('rejects malformed bodies with 400 and field errors, never 500', async () => {
    const missing = await postSignIn({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Invalid input',
      errors: { email: expect.any(String), password: expect.any(String) },
    });
    const badEmail = await postSignIn({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toHaveProperty('email');
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('message');
    const array = await postSignIn([1, 2]);
    expect(array.statusCode).toBe(400);
  });
});

describe('GET /auth/me and bearer tokens', () => {
  it('answers the signed-in user', async () => {
    const { accessToken } = await signIn(server.app, 'admin@demo.ch');
    const response = await getMe(server.app, accessToken);
    expect(response.statusCode).toBe(200);
    const user = sessionUserSchema.parse(response.json());
    expect(user.email).toBe('admin@demo.ch');
    expect(user.userRoles.map((userRole) => userRole.role.key)).toEqual(['ADMIN']);
  });

  it('answers 401 without a token or with a malformed one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer not.a.jwt', 'Basic cm9vdDpyb290']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'NOT_SIGNED_IN' });
    }
  });

  const forge = async (
    claims: Record<string, unknown>,
    options: { alg?: string; key?: Uint8Array; audience?: string; expiresIn?: number } = {},
  ) => {
    const { body, accessToken } = await signIn(server.app, 'coordinator@demo.ch');
    const [, payloadPart] = accessToken.split('.');
    const original = JSON.parse(Buffer.from(payloadPart, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sid: original.sid, typ: 'access', ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(body.user.id))
      .setAudience(options.audience ?? ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 600))
      .sign(options.key ?? deriveKey(server.config.jwtSecret, 'access-token'));
    return token;
  };

  it('accepts a token signed like the server signs (control for the forgeries below)', async () => {
    expect((await getMe(server.app, await forge({}))).statusCode).toBe(200);
  });

  it('rejects another algorithm, another key, another audience, another type and an unsigned token', async () => {
    const key = deriveKey(server.config.jwtSecret, 'access-token');
    const forgeries = [
      await forge({}, { alg: 'HS512', key }),
      await forge({}, { key: new TextEncoder().encode('another-secret-another-secret-123') }),
      await forge({}, { audience: 'another-api' }),
      await forge({ typ: 'refresh' }),
    ];
    const [header, payload] = (await forge({})).split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    forgeries.push(unsigned, `${header}.${payload}.`);
    for (const token of forgeries) {
      expect((await getMe(server.app, token)).statusCode).toBe(401);
    }
  });

  it('rejects an expired access token', async () => {
    const { accessToken } = await signIn(server.app, 'coordinator-limited@demo.ch');
    expect((await getMe(server.app, accessToken)).statusCode).toBe(200);
    server.clock.advanceSeconds(15 * 60 + 1);
    try {
      const response = await getMe(server.app, accessToken);
      expect(response.statusCode).toBe(401);
    } finally {
      server.clock.advanceSeconds(-(15 * 60 + 1));
    }
  });

  it('rejects the tokens of a user who was deactivated', async () => {
    const user = await createUser(server.db);
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    expect((await getMe(server.app, accessToken)).statusCode).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await getMe(server.app, accessToken)).statusCode).toBe(401);
  });
});

describe('POST /auth/sign-out', () => {
  it('requires the X-Requested-With header', async () => {
    const { refreshToken } = await signIn(server.app, 'promoter2@demo.ch');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      cookies: { refresh_token: refreshToken },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'CSRF_HEADER_MISSING' });
    expect((await refresh(server.app, refreshToken)).statusCode).toBe(200);
  });

  it('ends the session: the refresh cookie is cleared and the access token stops working', async () => {
    const { refreshToken, accessToken } = await signIn(server.app, 'admin2@demo.ch');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { ...CSRF, 'content-type': 'application/json' },
      cookies: { refresh_token: refreshToken },
    });
    expect(response.statusCode).toBe(204);
    const cleared = refreshCookieOf(response);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.path).toBe('/api/v1/auth');
    expect((await refresh(server.app, refreshToken)).statusCode).toBe(401);
    expect((await getMe(server.app, accessToken)).statusCode).toBe(401);
  });

  it('answers 204 without a cookie too', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: CSRF });
    expect(response.statusCode).toBe(204);
  });
});
