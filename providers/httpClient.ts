import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { CSRF_HEADER, refreshResponseSchema } from '../domain/auth';
import type { ApiErrorBody } from '../domain/errors';
import { AUTH_ENDPOINTS, isAuthEndpointPath, isAuthPagePath, SIGN_IN_PAGE } from './authEndpoints';
import type { SessionStore } from './session';

/**
 * The browser's HTTP client: base URL from the configuration, cookies sent, the bearer
 * token of the stored session, multipart for FormData else JSON; on a 401 from a non-auth request one
 * shared token refresh, then the waiting requests are replayed with the new token.
 *
 * Errors are normalised: `ApiNetworkError` when no answer arrived, `ApiError` (status + the server's
 * `{message, errors}` body) for any other failure. Cancellations pass through untouched.
 */

/** The server answered with an error status; `message` and `errors` are the server's body. */
export class ApiError extends Error implements ApiErrorBody {
  override readonly name = 'ApiError';
  readonly errors?: Record<string, string>;
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
    /** From a 429's (or 503's) Retry-After header: how long the server asks the client to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    if (body?.errors) this.errors = body.errors;
  }
}

/**
 * No answer arrived (offline, DNS, CORS, server down). The message is react-admin's translation key
 * for "Server communication error", so its notifications show it translated.
 */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  readonly type = 'ERR_NETWORK';
  readonly status = 0;
  constructor(options?: { cause?: unknown }) {
    super('ra.notification.http_error', options);
  }
}

/** How the client learns where the visitor is and sends them to the sign-in page. */
export interface Navigation {
  currentPath(): string;
  goTo(path: string): void;
}

/** Works with react-admin's default hash router (`/#/dashboard`) and with a browser router. */
export const browserNavigation: Navigation = {
  currentPath: () => {
    const { hash, pathname } = window.location;
    return hash.startsWith('#/') ? hash.slice(1) : pathname;
  },
  goTo: (path) => {
    if (window.location.hash.startsWith('#/')) window.location.hash = `#${path}`;
    else window.location.assign(path);
  },
};

export interface HttpClientOptions {
  apiBaseUrl: string;
  /** Requests to `/auth/*` go to this base. */
  authApiBaseUrl: string;
  session: SessionStore;
  navigation: Navigation;
  logger?: Pick<Console, 'warn'>;
  /**
   * The interface's current language, sent as `Accept-Language` so that the server answers labels (an event's
   * type) in it rather than in the browser's own language list (docs/server.md "Events", reading).
   */
  currentLanguage?: () => string | undefined;
  /** Tests replace the transport. */
  adapter?: AxiosAdapter;
}

interface ReplayableConfig extends InternalAxiosRequestConfig {
  /** Set on the replay after a refresh, so a second 401 is final. */
  replayedAfterRefresh?: boolean;
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

const isApiErrorBody = (data: unknown): data is ApiErrorBody =>
  typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string';

/** A Retry-After header in seconds: it holds either a number of seconds or an HTTP date. */
export const retryAfterSecondsOf = (header: unknown, now = Date.now()): number | undefined => {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
};

export const toApiError = (response: AxiosResponse): ApiError =>
  new ApiError(
    response.status,
    isApiErrorBody(response.data) ? response.data : undefined,
    retryAfterSecondsOf((response.headers as Record<string, unknown> | undefined)?.['retry-after']),
  );

/** A text body sent as XML (a bank's camt.054 file): its own content type, not JSON's. */
const isXmlText = (config: InternalAxiosRequestConfig): boolean =>
  typeof config.data === 'string' && /^(application|text)\/xml\b/.test(String(config.headers.getContentType() ?? ''));

const bearerTokenOf = (config: InternalAxiosRequestConfig): string | null => {
  const authorization = config.headers.get('Authorization');
  return typeof authorization === 'string' && authorization.startsWith('Bearer ')
    ? authorization.slice('Bearer '.length)
    : null;
};

/** What the live notification stream (fetch, not axios) needs of the client: its shared token refresh. */
export interface TokenRefresher {
  /**
   * A token to use after `refusedToken` got a 401: the newer stored one when another request refreshed meanwhile,
   * else the result of the client's one shared refresh. Null when the server refused the refresh (the session
   * has then ended and the visitor is on their way to the sign-in page); rejects with ApiNetworkError offline.
   */
  refreshAccessToken(refusedToken: string | null): Promise<string | null>;
}

/** The app's axios instance with its token refresh for the callers that do not go through axios. */
export type HttpClient = AxiosInstance & TokenRefresher;

export const createHttpClient = ({
  apiBaseUrl,
  authApiBaseUrl,
  session,
  navigation,
  logger = console,
  currentLanguage,
  adapter,
}: HttpClientOptions): HttpClient => {
  const instance = axios.create({
    baseURL: apiBaseUrl,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    ...(adapter ? { adapter } : {}),
  });

  /** The request's path relative to the auth API, or null when it targets another server. */
  const authRelativePath = (url: string): string | null => {
    if (url.startsWith(authApiBaseUrl)) return url.slice(authApiBaseUrl.length) || '/';
    if (ABSOLUTE_URL.test(url)) return null;
    return url.startsWith('/') ? url : `/${url}`;
  };

  const isAuthRequest = (config: InternalAxiosRequestConfig): boolean => {
    const path = authRelativePath(config.url ?? '');
    return path !== null && isAuthEndpointPath(path);
  };

  instance.interceptors.request.use((config) => {
    const url = config.url ?? '';
    if (!ABSOLUTE_URL.test(url) && (url === '/auth' || url.startsWith('/auth/'))) config.baseURL = authApiBaseUrl;
    const accessToken = session.readAccessToken();
    if (accessToken && !config.headers.has('Authorization')) config.headers.setAuthorization(`Bearer ${accessToken}`);
    const language = currentLanguage?.();
    if (language && !config.headers.has('Accept-Language')) config.headers.set('Accept-Language', language);
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
      // axios hands FormData to the browser, which adds the multipart boundary itself.
      config.headers.setContentType('multipart/form-data');
    } else if (config.data !== undefined && !isXmlText(config)) {
      config.headers.setContentType('application/json');
    }
    return config;
  });

  const postWithCsrfHeader = (path: string) =>
    instance.post(path, undefined, { headers: { [CSRF_HEADER.name]: CSRF_HEADER.value } });

  /** Keep the user and roles when they are known, else only the token. */
  const storeRefreshedToken = (accessToken: string) => {
    const current = session.readSessionOrNull();
    if (current?.authId && current.authenticatedUser && current.roles) {
      session.signIn({ accessToken, authId: current.authId, user: current.authenticatedUser });
    } else {
      session.updateAccessToken(accessToken);
    }
  };

  const endSessionAfterRefusedRefresh = async () => {
    await postWithCsrfHeader(AUTH_ENDPOINTS.signOut).catch((error: unknown) =>
      logger.warn('Sign-out after a refused token refresh failed', error),
    );
    session.clearSession();
    if (!isAuthPagePath(navigation.currentPath())) navigation.goTo(SIGN_IN_PAGE);
  };

  /** Resolves to the new token, or null when the server refused (the session has then ended). */
  const refreshAccessToken = async (): Promise<string | null> => {
    try {
      const response = await postWithCsrfHeader(AUTH_ENDPOINTS.refreshTokens);
      const { accessToken } = refreshResponseSchema.parse(response.data);
      storeRefreshedToken(accessToken);
      return accessToken;
    } catch (error) {
      // Offline is not a refusal: keep the session, the caller sees the network error.
      if (error instanceof ApiNetworkError) throw error;
      await endSessionAfterRefusedRefresh();
      return null;
    }
  };

  // Every 401 that arrives while a refresh runs waits for that same refresh.
  let refreshInFlight: Promise<string | null> | null = null;
  const refreshOnce = (): Promise<string | null> => {
    refreshInFlight ??= refreshAccessToken().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  };

  const replayAfterRefresh = async (config: ReplayableConfig, unauthorized: AxiosResponse) => {
    const tokenNow = session.readAccessToken();
    // A 401 that arrives after another request already refreshed only needs the newer token.
    const tokenChangedMeanwhile = tokenNow !== null && tokenNow !== bearerTokenOf(config);
    const accessToken = tokenChangedMeanwhile ? tokenNow : await refreshOnce();
    if (accessToken === null) throw toApiError(unauthorized);
    config.replayedAfterRefresh = true;
    config.headers.setAuthorization(`Bearer ${accessToken}`);
    return instance.request(config);
  };

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
    const { config, response } = error as AxiosError & { config?: ReplayableConfig };
    if (!response) throw new ApiNetworkError({ cause: error });
    if (response.status === 401 && config && !config.replayedAfterRefresh && !isAuthRequest(config)) {
      return replayAfterRefresh(config, response);
    }
    throw toApiError(response);
  });

  const tokenRefresher: TokenRefresher = {
    refreshAccessToken: async (refusedToken) => {
      const tokenNow = session.readAccessToken();
      if (tokenNow !== null && tokenNow !== refusedToken) return tokenNow;
      return refreshOnce();
    },
  };
  return Object.assign(instance, tokenRefresher);
};

/** Request helpers that resolve to the response body: responses are unwrapped. */
export const createApi = (client: AxiosInstance) => ({
  request: <T>(config: AxiosRequestConfig): Promise<T> => client.request<T>(config).then((response) => response.data),
  get: <T>(url: string, config?: AxiosRequestConfig) => client.get<T>(url, config).then((response) => response.data),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    client.post<T>(url, data, config).then((response) => response.data),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    client.put<T>(url, data, config).then((response) => response.data),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    client.patch<T>(url, data, config).then((response) => response.data),
  delete: <T>(url: string, config?: AxiosRequestConfig) =>
    client.delete<T>(url, config).then((response) => response.data),
});
export type Api = ReturnType<typeof createApi>;
