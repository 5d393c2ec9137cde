import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../server/db/schema';
import { hashToken } from '../../server/services/tokens';
import {
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  createUser,
  getMe,
  latestMailTo,
  linkIn,
  mailsTo,
  refresh,
  signIn,
  startTestServer,
  tokenOf,
  type TestServer,
} from './harness';

const NEW_PASSWORD = 'A-brand-new-password-42';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, headers });

const verifyResetToken = (token: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/auth/verify-reset-password-token?resetPasswordToken=${encodeURIComponent(token)}`,
  });

async function requestResetLink(email: string) {
  const response = await post('/forgot-password', { email });
  expect(response.statusCode).toBe(202);
  const mail = await latestMailTo(server, email, 'resetPassword');
  return { mail, link: linkIn(mail.textBody), token: tokenOf(linkIn(mail.textBody)) };
}

describe('forgot password and reset', () => {
  it('answers 202 whatever the email, and mails a reset link only to an existing user', async () => {
    const user = await createUser(server.db, { language: 'fr' });
    const known = await post('/forgot-password', { email: user.email });
    const unknown = await post('/forgot-password', { email: 'nobody-at-all@demo.ch' });
    expect([known.statusCode, known.body]).toEqual([202, '']);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '']);
    await server.app.background.idle();
    expect(await mailsTo(server.db, 'nobody-at-all@demo.ch')).toHaveLength(0);
    const [mail] = await mailsTo(server.db, user.email, 'resetPassword');
    expect(mail.language).toBe('fr');
    expect(mail.userId).toBe(user.id);
    const link = linkIn(mail.textBody);
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.htmlBody).toContain(link.pathname);
  });

  it('stores only the digest of the token', async () => {
    const user = await createUser(server.db);
    const { token } = await requestResetLink(user.email);
    const rows = await server.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
  });

  it('verifies a token with GET without consuming it, then resets once', async () => {
    const user = await createUser(server.db);
    const { token } = await requestResetLink(user.email);
    expect((await verifyResetToken(token)).statusCode).toBe(204);
    expect((await verifyResetToken(token)).statusCode).toBe(204);

    const reset = await post('/reset-password', { resetPasswordToken: token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(204);
    expect((await verifyResetToken(token)).statusCode).toBe(404);
    const again = await post('/reset-password', { resetPasswordToken: token, password: 'Yet-another-password-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'INVALID_OR_EXPIRED_TOKEN' });

    await signIn(server.app, user.email, NEW_PASSWORD);
    const oldPassword = await post('/sign-in', { email: user.email, password: TEST_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
  });

  it('answers 404 for an unknown token and 400 for a missing one', async () => {
    expect((await verifyResetToken('unknown-token')).statusCode).toBe(404);
    const missing = await server.app.inject({ method: 'GET', url: '/api/v1/auth/verify-reset-password-token' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('resetPasswordToken');
  });

  it('refuses a new password that is too short, without consuming the token', async () => {
    const user = await createUser(server.db);
    const { token } = await requestResetLink(user.email);
    const weak = await post('/reset-password', { resetPasswordToken: token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toHaveProperty('password');
    expect((await verifyResetToken(token)).statusCode).toBe(204);
  });

  it('ends every session of the user', async () => {
    const user = await createUser(server.db);
    const first = await signIn(server.app, user.email, TEST_PASSWORD);
    const second = await signIn(server.app, user.email, TEST_PASSWORD);
    const { token } = await requestResetLink(user.email);
    expect((await post('/reset-password', { resetPasswordToken: token, password: NEW_PASSWORD })).statusCode).toBe(204);
    for (const session of [first, second]) {
      expect((await getMe(server.app, session.accessToken)).statusCode).toBe(401);
      expect((await refresh(server.app, session.refreshToken)).statusCode).toBe(401);
    }
  });

  it('voids older reset links once one is used', async () => {
    const user = await createUser(server.db);
    const older = await requestResetLink(user.email);
    const newer = await requestResetLink(user.email);
    expect(older.token).not.toBe(newer.token);
    expect(
      (await post('/reset-password', { resetPasswordToken: newer.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
    expect((await verifyResetToken(older.token)).statusCode).toBe(404);
  });

  it('expires after 60 minutes', async () => {
    const user = await createUser(server.db);
    const { token } = await requestResetLink(user.email);
    server.clock.advanceMinutes(59);
    expect((await verifyResetToken(token)).statusCode).toBe(204);
    server.clock.advanceMinutes(2);
    expect((await verifyResetToken(token)).statusCode).toBe(404);
    expect((await post('/reset-password', { resetPasswordToken: token, password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('sends nothing to an inactive user', async () => {
    const user = await createUser(server.db, { isActive: false });
    expect((await post('/forgot-password', { email: user.email })).statusCode).toBe(202);
    await server.app.background.idle();
    expect(await mailsTo(server.db, user.email)).toHaveLength(0);
  });
});

describe('access links', () => {
  it('signs in once with the mailed link; the user without a password then sets one without a current password', async () => {
    const user = await createUser(server.db, { password: null, language: 'de' });
    expect(await server.app.authService.sendAccessLink(user.id)).toBe(true);
    const [mail] = await mailsTo(server.db, user.email, 'accessLink');
    expect(mail.language).toBe('de');
    const link = linkIn(mail.textBody);
    expect(link.pathname).toBe('/auth/sign_in');
    expect(link.searchParams.get('authId')).toBe(user.authId);

    const body = { authId: user.authId, token: tokenOf(link) };
    const response = await post('/access-link', body);
    expect(response.statusCode).toBe(200);
    const signedIn = response.json();
    expect(signedIn.authId).toBe(user.authId);
    expect(signedIn.user.hasPassword).toBe(false);
    expect(response.headers['set-cookie']).toBeDefined();

    const reused = await post('/access-link', body);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'INVALID_OR_EXPIRED_TOKEN' });

    const setPassword = await post(
      '/update-password',
      { newPassword: NEW_PASSWORD },
      { authorization: `Bearer ${signedIn.accessToken}` },
    );
    expect(setPassword.statusCode).toBe(204);
    await signIn(server.app, user.email, NEW_PASSWORD);
  });

  it('refuses a token presented with another user’s auth id, and does not burn it', async () => {
    const owner = await createUser(server.db);
    const other = await createUser(server.db);
    await server.app.authService.sendAccessLink(owner.id);
    const token = tokenOf(linkIn((await mailsTo(server.db, owner.email, 'accessLink'))[0].textBody));
    expect((await post('/access-link', { authId: other.authId, token })).statusCode).toBe(401);
    expect((await post('/access-link', { authId: owner.authId, token })).statusCode).toBe(200);
  });

  it('expires after 7 days', async () => {
    const user = await createUser(server.db);
    await server.app.authService.sendAccessLink(user.id);
    const token = tokenOf(linkIn((await mailsTo(server.db, user.email, 'accessLink'))[0].textBody));
    server.clock.advanceMinutes(7 * 24 * 60 + 1);
    expect((await post('/access-link', { authId: user.authId, token })).statusCode).toBe(401);
  });

  it('answers 400 for a malformed auth id and false for an unknown user', async () => {
    expect((await post('/access-link', { authId: 'not-a-uuid', token: 'x' })).statusCode).toBe(400);
    expect(await server.app.authService.sendAccessLink(999_999)).toBe(false);
  });
});

describe('POST /auth/update-password', () => {
  it('needs a bearer token', async () => {
    expect(
      (await post('/update-password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('requires the right current password when the user has one', async () => {
    const user = await createUser(server.db);
    const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
    const bearer = { authorization: `Bearer ${accessToken}` };
    const missing = await post('/update-password', { newPassword: NEW_PASSWORD }, bearer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('currentPassword');
    const wrong = await post(
      '/update-password',
      { currentPassword: 'wrong-password', newPassword: NEW_PASSWORD },
      bearer,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'WRONG_CURRENT_PASSWORD',
      errors: { currentPassword: expect.any(String) },
    });
    const weak = await post('/update-password', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, bearer);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toHaveProperty('newPassword');
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const user = await createUser(server.db);
    const current = await signIn(server.app, user.email, TEST_PASSWORD);
    const other = await signIn(server.app, user.email, TEST_PASSWORD);
    const response = await post(
      '/update-password',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      { authorization: `Bearer ${current.accessToken}` },
    );
    expect(response.statusCode).toBe(204);
    expect((await getMe(server.app, current.accessToken)).statusCode).toBe(200);
    expect((await refresh(server.app, current.refreshToken)).statusCode).toBe(200);
    expect((await getMe(server.app, other.accessToken)).statusCode).toBe(401);
    await signIn(server.app, user.email, NEW_PASSWORD);
  });
});

describe('delete account', () => {
  async function requestDeletion(email: string) {
    const response = await post('/delete-account', { email });
    expect(response.statusCode).toBe(202);
    const mail = await latestMailTo(server, email, 'deleteAccount');
    return { mail, token: tokenOf(linkIn(mail.textBody)) };
  }

  it('answers 202 whatever the email and mails a confirmation link to an existing user', async () => {
    const user = await createUser(server.db, { language: 'it' });
    expect((await post('/delete-account', { email: 'nobody-here@demo.ch' })).statusCode).toBe(202);
    const { mail } = await requestDeletion(user.email);
    expect(mail.language).toBe('it');
    expect(linkIn(mail.textBody).pathname).toMatch(/^\/delete-account\/[A-Za-z0-9_-]{43}$/);
    expect(await mailsTo(server.db, 'nobody-here@demo.ch')).toHaveLength(0);
  });

  it('deletes the account once confirmed, ending its sessions; the token is single-use', async () => {
    const user = await createUser(server.db);
    const session = await signIn(server.app, user.email, TEST_PASSWORD);
    const { token } = await requestDeletion(user.email);
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(200);

    const confirmed = await post('/confirm-delete-account', { confirmDeleteAccountToken: token });
    expect(confirmed.statusCode).toBe(204);
    expect(await server.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect((await getMe(server.app, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(server.app, session.refreshToken)).statusCode).toBe(401);
    expect((await post('/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);

    const again = await post('/confirm-delete-account', { confirmDeleteAccountToken: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'INVALID_OR_EXPIRED_TOKEN' });
  });

  it('expires after 60 minutes', async () => {
    const user = await createUser(server.db);
    const { token } = await requestDeletion(user.email);
    server.clock.advanceMinutes(61);
    expect((await post('/confirm-delete-account', { confirmDeleteAccountToken: token })).statusCode).toBe(400);
    expect(await server.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('does not accept a reset token as a deletion token', async () => {
    const user = await createUser(server.db);
    const { token } = await requestResetLink(user.email);
    expect((await post('/confirm-delete-account', { confirmDeleteAccountToken: token })).statusCode).toBe(400);
    expect(await server.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});
