import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { NotificationRecord } from '../domain/notification';

/**
 * The live notification client (docs/notifications.md): one `GET /notifications/stream` per tab, read with fetch so
 * that the access token travels in the `Authorization` header, never in the URL. The server-sent events are parsed
 * by eventsource-parser (MIT). After an error or a dropped connection it connects again with a growing delay and
 * `Last-Event-ID` (the last notification id it saw), so the server sends what it missed; a 401 gets a refreshed
 * token (the HTTP client's shared refresh) and connects again at once; it stops when the session ends.
 */

/** What the stream tells the app (ARCHITECTURE.md §9, "Live stream"). */
export type LiveNotificationEvent =
  /** A new notification of the signed-in user. */
  | { type: 'notification'; notification: NotificationRecord }
  /** The unread count may have changed (also sent once on every connect). */
  | { type: 'unread'; unread: number }
  /** An ask in the user's scope was created or decided. */
  | { type: 'asks' };

export type LiveNotificationListener = (event: LiveNotificationEvent) => void;

export interface NotificationStreamOptions {
  /** `<apiBaseUrl>/notifications/stream`. */
  url: string;
  /** The stored session's access token; null when nobody is signed in (the client then stops). */
  readAccessToken: () => string | null;
  /** A fresh token after `refusedToken` got a 401, null when the session ended (providers/httpClient.ts). */
  refreshAccessToken: (refusedToken: string | null) => Promise<string | null>;
  /** Called after every change of the stored session: a sign-out stops the stream at once. */
  subscribeToSession?: (listener: () => void) => () => void;
  /** The interface language, sent as `Accept-Language` (the notifications' titles are rendered in it). */
  currentLanguage?: () => string | undefined;
  /** Tests replace the transport; the browser's fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** How long to wait before the attempt after `failures` failed ones (0 after a connection that was open). */
  retryDelayMs?: (failures: number) => number;
  logger?: Pick<Console, 'warn'>;
}

export interface NotificationStream {
  /** Connects unless already running (once per tab, however many callers). */
  start(): void;
  /** Closes the connection and stops reconnecting. */
  stop(): void;
  isRunning(): boolean;
  subscribe(listener: LiveNotificationListener): () => void;
  /** The id of the last notification received while running, sent as `Last-Event-ID` on the next connect. */
  lastEventId(): string | null;
}

const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, each between half and all of it (so that many tabs do not come back at once). */
export const defaultRetryDelayMs = (failures: number): number => {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, 1_000 * 2 ** failures);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isRecordLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Waits `ms`, or less when the signal aborts. */
const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

class StreamRefusedError extends Error {
  override readonly name = 'StreamRefusedError';
  constructor(readonly status: number) {
    super(`The notification stream answered ${status}`);
  }
}

type ConnectionEnd = 'ended' | 'unauthorized';

export const createNotificationStream = ({
  url,
  readAccessToken,
  refreshAccessToken,
  subscribeToSession,
  currentLanguage,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  retryDelayMs = defaultRetryDelayMs,
  logger = console,
}: NotificationStreamOptions): NotificationStream => {
  const listeners = new Set<LiveNotificationListener>();
  let lastEventId: string | null = null;
  /** The delay the server asked for with a `retry:` field, used after a connection that was open. */
  let serverRetryMs: number | null = null;
  let running: { controller: AbortController; unsubscribe: () => void } | null = null;

  const emit = (event: LiveNotificationEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logger.warn('A listener of the notification stream failed', error);
      }
    }
  };

  const onMessage = ({ event, id, data }: EventSourceMessage) => {
    if (event === 'notification') {
      if (id) lastEventId = id;
      const notification = parseJson(data);
      if (isRecordLike(notification)) emit({ type: 'notification', notification: notification as never });
    } else if (event === 'unread') {
      const body = parseJson(data);
      const unread = isRecordLike(body) ? body.unread : undefined;
      if (typeof unread === 'number') emit({ type: 'unread', unread });
    } else if (event === 'asks') {
      emit({ type: 'asks' });
    }
    // Other event names are a newer server's: ignored.
  };

  /** One connection, read to its end: `onOpen` once the server accepted it. */
  const connect = async (token: string, signal: AbortSignal, onOpen: () => void): Promise<ConnectionEnd> => {
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    const language = currentLanguage?.();
    if (language) headers['Accept-Language'] = language;
    const response = await fetchImpl(url, { headers, signal, cache: 'no-store', credentials: 'same-origin' });
    if (response.status === 401) {
      // Not awaited: some transports settle a cancel only once the body was read.
      response.body?.cancel().catch(() => undefined);
      return 'unauthorized';
    }
    if (!response.ok || !response.body) throw new StreamRefusedError(response.status);
    onOpen();
    const parser = createParser({
      onEvent: onMessage,
      onRetry: (ms) => {
        serverRetryMs = ms;
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      reader.releaseLock();
    }
    return 'ended';
  };

  const run = async (controller: AbortController) => {
    const { signal } = controller;
    let failures = 0;
    /** The token a refresh gave: refused again, it is not refreshed in a loop but retried after a delay. */
    let refreshedToken: string | null = null;
    while (!signal.aborted) {
      const token = readAccessToken();
      if (token === null) break;
      let wasOpen = false;
      try {
        const end = await connect(token, signal, () => {
          wasOpen = true;
          failures = 0;
          refreshedToken = null;
        });
        if (end === 'unauthorized' && token !== refreshedToken) {
          refreshedToken = await refreshAccessToken(token);
          // Refused: the session has ended (the HTTP client sends the visitor to the sign-in page).
          if (refreshedToken === null) break;
          continue;
        }
      } catch (error) {
        if (signal.aborted) break;
        logger.warn('The notification stream failed; it connects again', error);
      }
      if (signal.aborted) break;
      const delay = wasOpen ? (serverRetryMs ?? retryDelayMs(0)) : retryDelayMs(failures);
      if (!wasOpen) failures += 1;
      await pause(delay, signal);
    }
    if (running?.controller === controller) stop();
  };

  /** Also forgets the last id: the next start (another sign-in, maybe another user) resumes from nothing. */
  function stop() {
    if (!running) return;
    const { controller, unsubscribe } = running;
    running = null;
    lastEventId = null;
    unsubscribe();
    controller.abort();
  }

  const start = () => {
    if (running || readAccessToken() === null) return;
    const controller = new AbortController();
    const unsubscribe =
      subscribeToSession?.(() => {
        if (readAccessToken() === null) stop();
      }) ?? (() => undefined);
    running = { controller, unsubscribe };
    void run(controller);
  };

  return {
    start,
    stop,
    isRunning: () => running !== null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    lastEventId: () => lastEventId,
  };
};
