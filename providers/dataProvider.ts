import { AxiosHeaders, type AxiosInstance, type AxiosResponse } from 'axios';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type fetchUtils, type Identifier } from 'react-admin';
import { appConfig } from '../src/config/env';
import { ApiError, httpClient } from './httpClient';

/**
 * The react-admin data provider: ra-data-simple-rest (ARCHITECTURE §3) over our axios client, so that
 * every resource call gets the bearer token, the refresh on 401 and the error normalisation.
 */

/** What ra-data-simple-rest expects back from its `httpClient(url, options)`. */
export interface SimpleRestResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

const toFetchHeaders = (response: AxiosResponse): Headers => {
  const headers = new Headers();
  const flat = AxiosHeaders.from(response.headers as AxiosHeaders).toJSON(true);
  for (const [name, value] of Object.entries(flat)) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  return headers;
};

const requestHeadersOf = (options: fetchUtils.Options): Record<string, string> =>
  Object.fromEntries(new Headers(options.headers ?? undefined).entries());

/**
 * Adapts the axios client to the `fetchJson` signature: `{status, headers, body, json}` on success;
 * on failure react-admin's `HttpError(message, status, body)`, whose `body.errors` react-admin shows
 * beside each form field (server-side validation).
 */
export const createSimpleRestHttpClient =
  (client: AxiosInstance) =>
  async (url: string, options: fetchUtils.Options = {}): Promise<SimpleRestResponse> => {
    try {
      const response = await client.request({
        url,
        method: options.method ?? 'GET',
        data: options.body ?? undefined,
        headers: requestHeadersOf(options),
        signal: options.signal ?? undefined,
      });
      const json: unknown = response.data === '' ? undefined : response.data;
      return {
        status: response.status,
        headers: toFetchHeaders(response),
        body: typeof json === 'string' ? json : (JSON.stringify(json) ?? ''),
        json,
      };
    } catch (error) {
      if (error instanceof ApiError) throw new HttpError(error.message, error.status, error.body ?? null);
      // Network failures (ApiNetworkError) and cancellations keep their own shape.
      throw error;
    }
  };

/** ra-data-simple-rest's methods plus the app's calls that are not CRUD. */
export interface AppDataProvider extends DataProvider {
  /** `POST /users/:id/send-access-link`: mails the user a one-time sign-in link (ARCHITECTURE §3 access link). */
  sendAccessLink(id: Identifier): Promise<void>;
}

export const createDataProvider = (apiBaseUrl: string, client: AxiosInstance): AppDataProvider => {
  const httpClientForReactAdmin = createSimpleRestHttpClient(client);
  return {
    ...simpleRestProvider(apiBaseUrl, httpClientForReactAdmin),
    sendAccessLink: async (id) => {
      await httpClientForReactAdmin(`${apiBaseUrl}/users/${encodeURIComponent(String(id))}/send-access-link`, { method: 'POST' });
    },
  };
};

export const dataProvider: AppDataProvider = createDataProvider(appConfig.apiBaseUrl, httpClient);
