import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import { ApiNetworkError, createHttpClient } from '../../providers/httpClient';
import { createSessionStore } from '../../providers/session';
import type { Upload } from '../../domain/upload';
import { MemoryStorage, signInResponse } from './sessionFixtures';

const API = 'http://backoffice.test/api/v1';

const storedUpload: Upload = {
  id: 41,
  url: '/api/v1/uploads/files/ab/cd.webp',
  previewUrl: '/api/v1/uploads/files/ab/cd-preview.webp',
  mimeType: 'image/webp',
  sizeBytes: 2048,
  width: 800,
  height: 600,
  originalName: 'terrace.webp',
};

type Answer = { status: number; data: unknown };
type Route = (config: InternalAxiosRequestConfig) => Answer | 'network-error' | Promise<Answer | 'network-error'>;

/**
 * The real http client (interceptors, error normalisation) over a fake transport: each request is
 * recorded and answered by `route`, the way axios' own adapters settle (2xx resolves, others reject).
 */
const fakeTransport = (route: Route) => {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const answer = await route(config);
    if (answer === 'network-error')
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${answer.status}`), {
      isAxiosError: true,
      response,
      config,
    });
  };
  return { adapter, requests };
};

const storage = new MemoryStorage();
const session = createSessionStore({ secret: 'unit-test-secret', storage: () => storage, events: () => undefined });

const providerOver = (route: Route) => {
  const transport = fakeTransport(route);
  const client = createHttpClient({
    apiBaseUrl: API,
    authApiBaseUrl: API,
    session,
    navigation: { currentPath: () => '/establishments', goTo: () => undefined },
    adapter: transport.adapter,
  });
  return { dataProvider: createDataProvider(API, client), requests: transport.requests };
};

const picture = () => new File([new Uint8Array(2048)], 'terrace.webp', { type: 'image/webp' });

beforeEach(() => {
  storage.clear();
  session.signIn(signInResponse);
});

describe('dataProvider.upload', () => {
  it('posts the file as the one multipart part, reports the progress and answers the stored upload', async () => {
    const { dataProvider, requests } = providerOver((config) => {
      config.onUploadProgress?.({ loaded: 512, total: 2048, bytes: 512, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 2048, total: 2048, bytes: 1536, lengthComputable: true });
      return { status: 201, data: storedUpload };
    });
    const progress: number[] = [];

    const upload = await dataProvider.upload(picture(), { onProgress: (fraction) => progress.push(fraction) });

    expect(upload).toEqual(storedUpload);
    expect(progress).toEqual([0.25, 1]);
    const [request] = requests;
    expect(request?.method).toBe('post');
    expect(request?.url).toBe(`${API}/uploads`);
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${signInResponse.accessToken}`);
    const body = request?.data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('terrace.webp');
  });

  it('turns a refusal into an HttpError with the status and the server body', async () => {
    const { dataProvider } = providerOver(() => ({ status: 413, data: { message: 'UPLOAD_TOO_LARGE' } }));
    const failure = await dataProvider.upload(picture()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 413, body: { message: 'UPLOAD_TOO_LARGE' } });
  });

  it('keeps a network failure as such (no status from a server)', async () => {
    const { dataProvider } = providerOver(() => 'network-error');
    await expect(dataProvider.upload(picture())).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it('refuses an answer that is not an upload rather than handing the form a broken value', async () => {
    const { dataProvider } = providerOver(() => ({ status: 201, data: { id: 'not-a-number' } }));
    await expect(dataProvider.upload(picture())).rejects.toThrow();
  });
});

describe('dataProvider.setVisibility', () => {
  /** POST /<resource>/visibility: record 2 changed meanwhile (409), record 4 is outside the scope (403). */
  const api: Route = (config) => {
    const { ids } = JSON.parse(String(config.data)) as { ids: number[] };
    const results = ids.map((id) => {
      if (id === 2) return { id, ok: false, error: { status: 409, message: 'EDIT_CONFLICT' } };
      if (id === 4) return { id, ok: false, error: { status: 403, message: 'FORBIDDEN' } };
      return { id, ok: true, version: 4 };
    });
    return { status: 200, data: { results } };
  };

  it('sends one request for all the records and reports each refusal with its reason', async () => {
    const { dataProvider, requests } = providerOver(api);

    const result = await dataProvider.setVisibility('establishments', [1, 2, 3, 4], 'PUBLISHED');

    expect(result.data).toEqual([1, 3]);
    expect(result.failed).toEqual([
      { id: 2, status: 409, message: 'EDIT_CONFLICT' },
      { id: 4, status: 403, message: 'FORBIDDEN' },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('post');
    expect(requests[0]?.url).toBe(`${API}/establishments/visibility`);
    expect(JSON.parse(String(requests[0]?.data))).toEqual({ ids: [1, 2, 3, 4], visibility: 'PUBLISHED' });
  });

  it('fails every record with the reason when the request fails as a whole', async () => {
    const { dataProvider } = providerOver(() => ({ status: 403, data: { message: 'FORBIDDEN' } }));
    const result = await dataProvider.setVisibility('promoters', [9, 10], 'DRAFT');
    expect(result).toEqual({
      data: [],
      failed: [
        { id: 9, status: 403, message: 'FORBIDDEN' },
        { id: 10, status: 403, message: 'FORBIDDEN' },
      ],
    });
  });
});
