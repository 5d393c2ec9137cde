import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, createHttpClient } from '../../providers/httpClient';
import { createSessionStore } from '../../providers/session';
import { MemoryStorage, signInResponse } from './sessionFixtures';

/**
 * The browser names the interface's current language in `Accept-Language`, so the server answers labels (an
 * event's type) in it rather than in the browser's own language list (docs/server.md "Events", reading).
 */

const API = 'http://backoffice.test/api/v1';

describe('http client: the interface language', () => {
  let sent: InternalAxiosRequestConfig[];
  let language: string | undefined;
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };

  const apiWith = (currentLanguage?: () => string | undefined) => {
    const storage = new MemoryStorage();
    const session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });
    session.signIn(signInResponse);
    const navigation = { currentPath: () => '/events', goTo: () => undefined };
    return createApi(
      createHttpClient({ apiBaseUrl: API, authApiBaseUrl: API, session, navigation, currentLanguage, adapter }),
    );
  };
  const acceptLanguageOf = (config: InternalAxiosRequestConfig | undefined) => config?.headers.get('Accept-Language');

  beforeEach(() => {
    sent = [];
    language = 'fr';
  });

  it('sends the current language with every request, read again for each one (a language switch applies at once)', async () => {
    const api = apiWith(() => language);
    await api.get('/events/1');
    language = 'it';
    await api.put('/events/1', { id: 1 });
    expect(sent.map(acceptLanguageOf)).toEqual(['fr', 'it']);
  });

  it('leaves the header to the caller when it sets one, and to the browser when no language is known', async () => {
    const api = apiWith(() => language);
    await api.get('/events/1', { headers: { 'Accept-Language': 'de' } });
    language = undefined;
    await api.get('/events/2');
    await apiWith().get('/events/3');
    expect(sent.map(acceptLanguageOf)).toEqual(['de', undefined, undefined]);
  });
});
