import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import { ApiNetworkError, createHttpClient } from '../../providers/httpClient';
import { createSessionStore } from '../../providers/session';
import { MemoryStorage, signInResponse } from './sessionFixtures';

const API = 'http://backoffice.test/api/v1';
const FRESH_TOKEN = 'access-token-fresh';
const events = [
  { id: 1, generalInfos: { eventTitle: 'Jazz au Flon' } },
  { id: 2, generalInfos: { eventTitle: 'Fête des Vignerons' } },
];

let lastRange: string | null = null;
let lastQuery: URLSearchParams | null = null;
let lastBody: unknown = null;
let refreshCalls = 0;

const isFresh = (request: Request) => request.headers.get('Authorization') === `Bearer ${FRESH_TOKEN}`;
const notSignedIn = () => HttpResponse.json({ message: 'NOT_SIGNED_IN' }, { status: 401 });

const server = setupServer(
  http.get(`${API}/events`, ({ request }) => {
    if (!isFresh(request)) return notSignedIn();
    lastRange = request.headers.get('Range');
    lastQuery = new URL(request.url).searchParams;
    return HttpResponse.json(events, { headers: { 'Content-Range': 'events 0-1/319' } });
  }),
  http.put(`${API}/events/:id`, async ({ request, params }) => {
    lastBody = await request.json();
    return HttpResponse.json({ ...(lastBody as object), id: Number(params.id) });
  }),
  http.post(`${API}/events`, () =>
    HttpResponse.json(
      { message: 'Invalid input', errors: { 'generalInfos.eventTitle': 'Enter a title.' } },
      { status: 400 },
    ),
  ),
  http.delete(`${API}/events/:id`, ({ request, params }) => {
    lastQuery = new URL(request.url).searchParams;
    return HttpResponse.json({ id: Number(params.id) });
  }),
  http.get(`${API}/events/:id`, () => HttpResponse.error()),
  http.post(`${API}/auth/refresh-tokens`, () => {
    refreshCalls += 1;
    return HttpResponse.json({ accessToken: FRESH_TOKEN });
  }),
);

describe('data provider over the http client', () => {
  const storage = new MemoryStorage();
  const session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });
  const client = createHttpClient({
    apiBaseUrl: API,
    authApiBaseUrl: API,
    session,
    navigation: { currentPath: () => '/events', goTo: () => undefined },
  });
  const dataProvider = createDataProvider(API, client);

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    storage.clear();
    session.signIn({ ...signInResponse, accessToken: FRESH_TOKEN });
    refreshCalls = 0;
  });
  afterEach(() => server.resetHandlers());

  it('lists with the simple-rest query and reads the total from Content-Range', async () => {
    const result = await dataProvider.getList('events', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'jazz' },
    });
    expect(result).toEqual({ data: events, total: 319 });
    expect(lastRange).toBe('events=0-24');
    expect(lastQuery?.get('range')).toBe('[0,24]');
    expect(lastQuery?.get('sort')).toBe('["id","ASC"]');
    expect(lastQuery?.get('filter')).toBe('{"q":"jazz"}');
  });

  it('refreshes an expired token and replays the list call', async () => {
    session.updateAccessToken('expired');
    const result = await dataProvider.getList('events', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(319);
    expect(refreshCalls).toBe(1);
  });

  it('sends the whole record as JSON on update', async () => {
    const record = { id: 2, generalInfos: { eventTitle: 'Fête des Vignerons 2026' } };
    const result = await dataProvider.update('events', { id: 2, data: record, previousData: events[1]! });
    expect(lastBody).toEqual(record);
    expect(result.data).toEqual(record);
  });

  it('deletes and returns the record', async () => {
    await expect(dataProvider.delete('events', { id: 1, previousData: events[0]! })).resolves.toEqual({
      data: { id: 1 },
    });
  });

  it('deletes the version the user read, so that a record changed meanwhile is refused, not deleted unseen', async () => {
    await dataProvider.delete('events', { id: 2, previousData: { ...events[1]!, version: 4 } });
    expect(lastQuery?.get('version')).toBe('4');
    expect([...(lastQuery?.keys() ?? [])]).toEqual(['version']);
  });

  it('sends no parameter for a record without a version', async () => {
    await dataProvider.delete('events', { id: 1, previousData: events[0]! });
    expect([...(lastQuery?.keys() ?? [])]).toEqual([]);
  });

  it('throws an HttpError whose body carries the field errors for the form', async () => {
    const failure = await dataProvider
      .create('events', { data: { generalInfos: {} } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Invalid input',
      body: { errors: { 'generalInfos.eventTitle': 'Enter a title.' } },
    });
  });

  it('keeps the network error shape', async () => {
    const failure = await dataProvider.getOne('events', { id: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect(failure).toMatchObject({ status: 0, type: 'ERR_NETWORK' });
  });
});
