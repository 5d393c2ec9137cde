import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAuthApi } from '../../providers/authApi';
import { createAuthProvider } from '../../providers/authProvider';
import { createApi, createHttpClient } from '../../providers/httpClient';
import { createSessionStore, SESSION_STORE_NAME } from '../../providers/session';
import { MemoryStorage, rootSession, rootUser, signInResponse } from './sessionFixtures';

const API = 'http://backoffice.test/api/v1';

let signOutRequests: Request[] = [];
let signOutStatus = 204;
let lastBody: unknown = null;

const server = setupServer(
  http.post(`${API}/auth/sign-in`, async ({ request }) => {
    const { password } = (await request.json()) as { password: string };
    return password === 'Demo-Backoffice-2026'
      ? HttpResponse.json(signInResponse)
      : HttpResponse.json({ message: 'INVALID_CREDENTIALS' }, { status: 401 });
  }),
  http.post(`${API}/auth/access-link`, async ({ request }) => {
    lastBody = await request.json();
    return HttpResponse.json({ ...signInResponse, user: { ...rootUser, hasPassword: false } });
  }),
  http.post(`${API}/auth/sign-out`, ({ request }) => {
    signOutRequests.push(request);
    return signOutStatus === 204
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json({ message: 'boom' }, { status: signOutStatus });
  }),
  http.get(`${API}/auth/verify-reset-password-token`, ({ request }) => {
    const token = new URL(request.url).searchParams.get('resetPasswordToken');
    if (token === 'valid') return new HttpResponse(null, { status: 204 });
    if (token === 'crash') return HttpResponse.json({ message: 'boom' }, { status: 500 });
    return HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 404 });
  }),
  http.get(`${API}/auth/me`, () => HttpResponse.json({ ...rootUser, firstName: 'Aline-Marie' })),
  http.post(`${API}/auth/update-password`, async ({ request }) => {
    lastBody = await request.json();
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${API}/auth/:action`, async ({ request }) => {
    lastBody = await request.json();
    return new HttpResponse(null, { status: 202 });
  }),
);

describe('auth API and auth provider', () => {
  let storage: MemoryStorage;
  let logger: { warn: Mock<Console['warn']> };
  let session: ReturnType<typeof createSessionStore>;
  let authApi: ReturnType<typeof createAuthApi>;
  let authProvider: ReturnType<typeof createAuthProvider>;

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    storage = new MemoryStorage();
    signOutRequests = [];
    signOutStatus = 204;
    lastBody = null;
    logger = { warn: vi.fn<Console['warn']>() };
    session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });
    const client = createHttpClient({
      apiBaseUrl: API,
      authApiBaseUrl: API,
      session,
      navigation: { currentPath: () => '/auth', goTo: () => undefined },
      logger,
    });
    authApi = createAuthApi({ api: createApi(client), session, logger });
    authProvider = createAuthProvider({ authApi, session, isProduction: false });
  });
  afterEach(() => server.resetHandlers());

  describe('auth API', () => {
    it('stores the session of a password sign-in', async () => {
      await expect(
        authApi.signInWithPassword({ email: 'root@demo.ch', password: 'Demo-Backoffice-2026' }),
      ).resolves.toEqual(signInResponse);
      expect(session.readSession()).toEqual(rootSession);
    });

    it('rejects a wrong password with the server body and stores nothing', async () => {
      await expect(authApi.signInWithPassword({ email: 'root@demo.ch', password: 'nope' })).rejects.toMatchObject({
        status: 401,
        message: 'INVALID_CREDENTIALS',
      });
      expect(session.readSession()).toBeNull();
    });

    it('signs in with an access link', async () => {
      const response = await authApi.signInWithAccessLink(signInResponse.authId, 'link-token');
      expect(lastBody).toEqual({ authId: signInResponse.authId, token: 'link-token' });
      expect(response.user.hasPassword).toBe(false);
      expect(session.readSession()?.authId).toBe(signInResponse.authId);
    });

    it('marks the password as set after update-password', async () => {
      await authApi.signInWithAccessLink(signInResponse.authId, 'link-token');
      await authApi.updatePassword({ newPassword: 'a-new-long-password' });
      expect(lastBody).toEqual({ newPassword: 'a-new-long-password' });
      expect(session.readSession()?.authenticatedUser.hasPassword).toBe(true);
    });

    it('refreshes the stored user from GET /auth/me', async () => {
      session.signIn(signInResponse);
      const user = await authApi.fetchCurrentUser();
      expect(user.firstName).toBe('Aline-Marie');
      expect(session.readSession()?.authenticatedUser.firstName).toBe('Aline-Marie');
    });

    it('stores the language with PATCH /auth/me and keeps the answered user', async () => {
      const requests: { body: unknown; authorization: string | null }[] = [];
      server.use(
        http.patch(`${API}/auth/me`, async ({ request }) => {
          const body = (await request.json()) as { language: 'fr' };
          requests.push({ body, authorization: request.headers.get('Authorization') });
          return HttpResponse.json({ ...rootUser, language: body.language });
        }),
      );
      session.signIn(signInResponse);
      const user = await authApi.updateLanguage('fr');
      expect(requests).toEqual([{ body: { language: 'fr' }, authorization: `Bearer ${signInResponse.accessToken}` }]);
      expect(user.language).toBe('fr');
      expect(session.readSession()?.authenticatedUser.language).toBe('fr');
    });

    it('verifies a reset token: true when valid, false when unknown, an error otherwise', async () => {
      await expect(authApi.verifyResetPasswordToken('valid')).resolves.toBe(true);
      await expect(authApi.verifyResetPasswordToken('unknown')).resolves.toBe(false);
      await expect(authApi.verifyResetPasswordToken('crash')).rejects.toMatchObject({ status: 500 });
    });

    it('sends the bodies of the password and account calls', async () => {
      await authApi.requestPasswordReset('root@demo.ch');
      expect(lastBody).toEqual({ email: 'root@demo.ch' });
      await authApi.resetPassword('reset-token', 'a-new-long-password');
      expect(lastBody).toEqual({ resetPasswordToken: 'reset-token', password: 'a-new-long-password' });
      await authApi.requestAccountDeletion('root@demo.ch');
      expect(lastBody).toEqual({ email: 'root@demo.ch' });
      session.signIn(signInResponse);
      await authApi.confirmAccountDeletion('delete-token');
      expect(lastBody).toEqual({ confirmDeleteAccountToken: 'delete-token' });
      expect(session.readSession()).toBeNull();
      // This browser may have been signed in to another account: its server session ends too.
      expect(signOutRequests).toHaveLength(1);
    });

    it('signs out on the server with the CSRF header and clears the session', async () => {
      session.signIn(signInResponse);
      await authApi.signOut();
      expect(signOutRequests).toHaveLength(1);
      expect(signOutRequests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(session.readSession()).toBeNull();
    });

    it('only logs a failed server sign-out and still clears the session', async () => {
      signOutStatus = 500;
      session.signIn(signInResponse);
      await expect(authApi.signOut()).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(session.readSession()).toBeNull();
    });
  });

  describe('auth provider', () => {
    it('logs in with email and password', async () => {
      await authProvider.login({ email: 'root@demo.ch', password: 'Demo-Backoffice-2026' });
      expect(session.readSession()).toEqual(rootSession);
    });

    it('logs out through the server and sends the visitor to /auth', async () => {
      session.signIn(signInResponse);
      await expect(authProvider.logout({})).resolves.toBe('/auth');
      expect(signOutRequests).toHaveLength(1);
      expect(session.readSession()).toBeNull();
    });

    it('accepts a readable session', async () => {
      session.signIn(signInResponse);
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    });

    it('sends a visitor without a session to /auth', async () => {
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth' });
      expect(signOutRequests).toHaveLength(0);
    });

    it('signs out and asks for the access link when the session is unreadable', async () => {
      storage.setItem(SESSION_STORE_NAME, 'tampered-text');
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({
        reason: 'PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL',
        // No toast from react-admin: the sign-in page's alert is the one message.
        message: false,
        redirectTo: '/auth',
      });
      expect(signOutRequests).toHaveLength(1);
      expect(storage.getItem(SESSION_STORE_NAME)).toBeNull();

      // react-admin logs out after the failed check: the session is already over, no second call.
      await expect(authProvider.logout({})).resolves.toBe('/auth');
      expect(signOutRequests).toHaveLength(1);
    });

    it('signs out on the server when the stored session is unreadable at logout', async () => {
      storage.setItem(SESSION_STORE_NAME, 'tampered-text');
      await authProvider.logout({});
      expect(signOutRequests).toHaveLength(1);
      expect(storage.getItem(SESSION_STORE_NAME)).toBeNull();
    });

    it('does not ask the server again when the session was already removed (another tab, refused refresh)', async () => {
      await expect(authProvider.logout({})).resolves.toBe('/auth');
      expect(signOutRequests).toHaveLength(0);
    });

    it('ends the session on a 401 and sends a 403 to /unauthorized without logging out', async () => {
      await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/auth' });
      await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({
        redirectTo: '/unauthorized',
        logoutUser: false,
      });
      // A refused save naming its fields (own role or scope) stays on its form, which shows why.
      await expect(
        authProvider.checkError({
          status: 403,
          body: { message: 'CANNOT_CHANGE_OWN_ROLE_OR_SCOPE', errors: { roleId: 'x' } },
        }),
      ).resolves.toBeUndefined();
      await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
      await expect(authProvider.checkError({ status: 0, type: 'ERR_NETWORK' })).resolves.toBeUndefined();
    });

    it('gives the identity of the session and the role keys of the server', async () => {
      session.signIn(signInResponse);
      await expect(authProvider.getIdentity?.()).resolves.toEqual({
        id: 1,
        fullName: 'Aline Favre',
        establishmentId: null,
        promoterGroupId: null,
      });
      await expect(authProvider.getPermissions?.({})).resolves.toEqual(['ROOT']);
    });

    it('has no permissions without a session', async () => {
      await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
    });

    // canAccess and getPermissions over the server's role keys: test/unit/accessControl.test.ts.
  });
});
