import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionUserSchema } from '../../domain/user';
import { users } from '../../server/db/schema';
import { renderTemplate } from '../../server/services/mail';
import { TEST_PASSWORD, createUser, getMe, latestMailTo, signIn, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const patchMe = (payload: unknown, accessToken?: string) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    payload: payload as object,
    headers: accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` },
  });

const storedLanguageOf = async (userId: number) =>
  (await server.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

async function signedInUser(language = 'en') {
  const user = await createUser(server.db, { language });
  const { accessToken } = await signIn(server.app, user.email, TEST_PASSWORD);
  return { user, accessToken };
}

describe('PATCH /auth/me', () => {
  it('stores the language and answers the session user, as GET /auth/me does', async () => {
    const { user, accessToken } = await signedInUser('en');
    const response = await patchMe({ language: 'fr' }, accessToken);
    expect(response.statusCode).toBe(200);
    const body = sessionUserSchema.parse(response.json());
    expect(body).toMatchObject({ id: user.id, email: user.email, language: 'fr' });
    expect(body).not.toHaveProperty('passwordHash');
    expect((await getMe(server.app, accessToken)).json()).toEqual(response.json());
    expect(await storedLanguageOf(user.id)).toBe('fr');
  });

  it('sends the next reset mail in the new language', async () => {
    const { user, accessToken } = await signedInUser('en');
    expect((await patchMe({ language: 'de' }, accessToken)).statusCode).toBe(200);
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(requested.statusCode).toBe(202);
    const mail = await latestMailTo(server, user.email, 'resetPassword');
    expect(mail.language).toBe('de');
    const germanSubject = renderTemplate('resetPassword', 'de', {
      firstName: 'Test',
      link: 'x',
      expiresInMinutes: 60,
    }).subject;
    expect(mail.subject).toBe(germanSubject);
  });

  it.each([
    ['an unsupported language', { language: 'es' }, 'language'],
    ['no language', {}, 'language'],
    ['a language that is not a string', { language: 1 }, 'language'],
  ])('answers 400 for %s, naming the field, and changes nothing', async (_case, payload, field) => {
    const { user, accessToken } = await signedInUser('it');
    const response = await patchMe(payload, accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await storedLanguageOf(user.id)).toBe('it');
  });

  it('answers 400 for fields other than the language (no one sets their own role or email here)', async () => {
    const { user, accessToken } = await signedInUser('it');
    const response = await patchMe({ language: 'fr', roleId: 1, email: 'taken@demo.ch' }, accessToken);
    expect(response.statusCode).toBe(400);
    const [row] = await server.db
      .select({ language: users.language, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ language: 'it', email: user.email });
  });

  it('answers 401 without a bearer token or with a dead one', async () => {
    expect((await patchMe({ language: 'fr' })).statusCode).toBe(401);
    expect((await patchMe({ language: 'fr' }, 'not-a-token')).statusCode).toBe(401);
    const { user, accessToken } = await signedInUser('en');
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const response = await patchMe({ language: 'fr' }, accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'NOT_SIGNED_IN' });
    expect(await storedLanguageOf(user.id)).toBe('en');
  });
});
