import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createSessionStore, type SessionStore } from '../../providers/session';
import { ApiError, ApiNetworkError, createApi, createHttpClient, type Navigation } from '../../providers/httpClient';
import { MemoryStorage, rootSession, signInResponse } from './sessionFixtures';

const API = 'http://backoffice.test/api/v1';
const FRESH_TOKEN = 'access-token-fresh';

/** What the fake server saw. */
let refreshCalls: Request[] = [];
let signOutCalls = 0;
let eventRequests: Array<string | null> = [];
let refreshAnswer: 'fresh' | 'refused' | 'offline' = 'fresh';

const server = setupServer(
  http.get(`${API}/events/:id`, ({ request, params }) => {
    const authorization = request.headers.get('Authorization');
    eventRequests.push(authorization);
    return authorization === `Bearer ${FRESH_TOKEN}`
      ? HttpResponse.json({ id: Number(params.id) })
      : HttpResponse.json({ message: 'NOT_SIGNED_IN' }, { status: 401 });
  }),
  http.post(`${API}/auth/refresh-tokens`, async ({ request }) => {
    refreshCalls.push(request);
    // Slow enough that every concurrent 401 arrives while the refresh is running.
    await delay(30);
    if (refreshAnswer === 'offline') return HttpResponse.error();
    return refreshAnswer === 'fresh'
      ? HttpResponse.json({ accessToken: FRESH_TOKEN })
      : HttpResponse.json({ message: 'INVALID_OR_EXPIRED_TOKEN' }, { status: 401 });
  }),
  http.post(`${API}/auth/sign-out`, () => {
    signOutCalls += 1;
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${API}/auth/sign-in`, () => HttpResponse.json({ message: 'INVALID_CREDENTIALS' }, { status: 401 })),
  http.get(`${API}/auth/me`, ({ request }) =>
    request.headers.get('Authorization') === `Bearer ${FRESH_TOKEN}`
      ? HttpResponse.json(rootSession.authenticatedUser)
      : HttpResponse.json({ message: 'NOT_SIGNED_IN' }, { status: 401 }),
  ),
  http.post(`${API}/auth/update-password`, ({ request }) =>
    request.headers.get('Authorization') === `Bearer ${FRESH_TOKEN}`
      ? new HttpResponse(null, { status: 204 })
      : HttpResponse.json({ message: 'NOT_SIGNED_IN' }, { status: 401 }),
  ),
  http.post(`${API}/events`, () =>
    HttpResponse.json({ message: 'Invalid input', errors: { 'generalInfos.eventTitle': 'Required' } }, { status: 400 }),
  ),
  http.post(`${API}/uploads`, async ({ request }) =>
    HttpResponse.json({ contentType: request.headers.get('Content-Type') }),
  ),
  http.get(`${API}/offline`, () => HttpResponse.error()),
  http.get(`${API}/broken`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
);

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe('http client', () => {
  let session: SessionStore;
  let navigation: { currentPath: () => string; goTo: Mock<Navigation['goTo']> };
  let currentPath: string;
  let logger: { warn: Mock<Console['warn']> };
  let api: ReturnType<typeof createApi>;

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    refreshCalls = [];
    signOutCalls = 0;
    eventRequests = [];
    refreshAnswer = 'fresh';
    currentPath = '/events';
    const storage = new MemoryStorage();
    session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });
    session.signIn(signInResponse);
    navigation = { currentPath: () => currentPath, goTo: vi.fn<Navigation['goTo']>() };
    logger = { warn: vi.fn<Console['warn']>() };
    api = createApi(createHttpClient({ apiBaseUrl: API, authApiBaseUrl: API, session, navigation, logger }));
  });
  afterEach(() => server.resetHandlers());

  it('sends the bearer token of the stored session and unwraps the body', async () => {
    session.updateAccessToken(FRESH_TOKEN);
    await expect(api.get('/events/7')).resolves.toEqual({ id: 7 });
    expect(eventRequests).toEqual([`Bearer ${FRESH_TOKEN}`]);
    expect(refreshCalls).toHaveLength(0);
  });

  it('runs exactly one refresh for ten concurrent 401s and replays all ten with the new token', async () => {
    const ids = Array.from({ length: 10 }, (_, index) => index + 1);
    const results = await Promise.all(ids.map((id) => api.get(`/events/${id}`)));

    expect(results).toEqual(ids.map((id) => ({ id })));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await refreshCalls[0]?.text()).toBe('');
    const replays = eventRequests.filter((authorization) => authorization === `Bearer ${FRESH_TOKEN}`);
    expect(replays).toHaveLength(10);
    expect(eventRequests).toHaveLength(20);
    // The session had id, user and roles: the new token went in through sign-in, the rest is kept.
    expect(session.readSession()).toEqual({ ...rootSession, accessToken: FRESH_TOKEN });
  });

  it('replays a 401 that arrives after a finished refresh with the newer token, without refreshing again', async () => {
    await api.get('/events/1');
    expect(refreshCalls).toHaveLength(1);
    // A request that had left with the old token before the refresh finished.
    await expect(
      api.get('/events/2', { headers: { Authorization: `Bearer ${rootSession.accessToken}` } }),
    ).resolves.toEqual({ id: 2 });
    expect(refreshCalls).toHaveLength(1);
  });

  it('refreshes for GET /auth/me, the bearer read of the guards', async () => {
    await expect(api.get('/auth/me')).resolves.toEqual(rootSession.authenticatedUser);
    expect(refreshCalls).toHaveLength(1);
  });

  it('refreshes for POST /auth/update-password, a bearer call made from Settings', async () => {
    await api.post('/auth/update-password', { newPassword: 'a-new-long-password' });
    expect(refreshCalls).toHaveLength(1);
  });

  it('signs out once, clears the session and redirects once when the refresh is refused', async () => {
    refreshAnswer = 'refused';
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, index) => rejectionOf(api.get(`/events/${index}`))),
    );

    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 401, message: 'NOT_SIGNED_IN' });
    }
    expect(refreshCalls).toHaveLength(1);
    expect(signOutCalls).toBe(1);
    expect(session.readSession()).toBeNull();
    expect(navigation.goTo).toHaveBeenCalledTimes(1);
    expect(navigation.goTo).toHaveBeenCalledWith('/auth');
  });

  it.each(['/auth', '/auth/sign_in', '/forgot-password', '/reset-password/abc', '/delete-account'])(
    'stays on the auth page %s when the refresh is refused',
    async (path) => {
      refreshAnswer = 'refused';
      currentPath = path;
      await rejectionOf(api.get('/events/1'));
      expect(signOutCalls).toBe(1);
      expect(session.readSession()).toBeNull();
      expect(navigation.goTo).not.toHaveBeenCalled();
    },
  );

  it('only logs a failing sign-out after a refused refresh', async () => {
    refreshAnswer = 'refused';
    server.use(http.post(`${API}/auth/sign-out`, () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const failure = await rejectionOf(api.get('/events/1'));
    expect(failure).toMatchObject({ status: 401 });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(session.readSession()).toBeNull();
    expect(navigation.goTo).toHaveBeenCalledWith('/auth');
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    refreshAnswer = 'offline';
    const failure = await rejectionOf(api.get('/events/1'));
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect(signOutCalls).toBe(0);
    expect(session.readSession()).toEqual(rootSession);
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it('returns the error body of an auth endpoint on 401 without refreshing', async () => {
    const failure = await rejectionOf(api.post('/auth/sign-in', { email: 'root@demo.ch', password: 'wrong' }));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 401,
      message: 'INVALID_CREDENTIALS',
      body: { message: 'INVALID_CREDENTIALS' },
    });
    expect(refreshCalls).toHaveLength(0);
    expect(session.readSession()).toEqual(rootSession);
  });

  it('rejects a network failure with status and type ERR_NETWORK', async () => {
    const failure = await rejectionOf(api.get('/offline'));
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect(failure).toMatchObject({ status: 0, type: 'ERR_NETWORK' });
  });

  it("rejects other errors with the server's body", async () => {
    const failure = await rejectionOf(api.post('/events', { generalInfos: {} }));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Invalid input',
      errors: { 'generalInfos.eventTitle': 'Required' },
      body: { message: 'Invalid input', errors: { 'generalInfos.eventTitle': 'Required' } },
    });
  });

  it('rejects an error without a JSON body with its status', async () => {
    const failure = await rejectionOf(api.get('/broken'));
    expect(failure).toMatchObject({ status: 502, body: undefined, message: 'Request failed with status 502' });
  });

  it('sends FormData as multipart and other bodies as JSON', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const multipart = await api.post<{ contentType: string }>('/uploads', form);
    expect(multipart.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const json = await api.post<{ contentType: string }>('/uploads', { name: 'x' });
    expect(json.contentType).toBe('application/json');
  });
});
