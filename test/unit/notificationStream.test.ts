import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '../../domain/notification';
import {
  createNotificationStream,
  defaultRetryDelayMs,
  type LiveNotificationEvent,
  type NotificationStreamOptions,
} from '../../providers/notificationStream';

/** The live notification client against a fetch stub: what it sends, how it parses, reconnects and refreshes. */

const URL = 'https://api.test/api/v1/notifications/stream';

const record = (id: number): NotificationRecord => ({
  id,
  kind: 'EVENT_REQUEST_REJECTED',
  resource: 'events',
  recordId: 51,
  title: 'Your request was rejected',
  text: 'Club Nord turned down "Saturday Night".',
  createdAt: '2026-11-27T01:00:00.000Z',
  readAt: null,
  archivedAt: null,
});

/** One answer of the stub: a status, and for 200 the chunks of its body (`open` keeps it open until aborted). */
interface Answer {
  status?: number;
  chunks?: string[];
  open?: boolean;
}

interface Call {
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** A fetch that answers `answers` in turn (the last one again when they run out) and records each call. */
const fetchStub = (answers: Answer[]) => {
  const calls: Call[] = [];
  let index = 0;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal as AbortSignal;
    calls.push({ headers: { ...(init?.headers as Record<string, string>) }, signal });
    const answer = answers[Math.min(index, answers.length - 1)] ?? {};
    index += 1;
    const status = answer.status ?? 200;
    if (status !== 200) return new Response(JSON.stringify({ message: 'No' }), { status });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of answer.chunks ?? []) controller.enqueue(encoder.encode(chunk));
        if (!answer.open) controller.close();
        signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

let stopAll: (() => void)[] = [];
afterEach(() => {
  stopAll.forEach((stop) => stop());
  stopAll = [];
});

const startStream = (options: Partial<NotificationStreamOptions> & Pick<NotificationStreamOptions, 'fetch'>) => {
  let token: string | null = 'token-1';
  const events: LiveNotificationEvent[] = [];
  const refreshAccessToken = vi.fn(async () => {
    token = 'token-2';
    return token;
  });
  const stream = createNotificationStream({
    url: URL,
    readAccessToken: () => token,
    refreshAccessToken,
    retryDelayMs: () => 5,
    logger: { warn: () => undefined },
    ...options,
  });
  stream.subscribe((event) => events.push(event));
  stream.start();
  stopAll.push(stream.stop);
  return {
    stream,
    events,
    refreshAccessToken,
    signOut: () => {
      token = null;
    },
  };
};

describe('the live notification stream', () => {
  it('connects with the bearer token and the language, and parses notification, unread and asks events', async () => {
    const { fetch, calls } = fetchStub([
      {
        // Split across chunks as the network may deliver it; a ping comment and an unknown event are ignored.
        chunks: [
          ': ping\n\nevent: unr',
          `ead\ndata: {"unread": 3}\n\n${frame('notification', record(41), 41).slice(0, 20)}`,
          `${frame('notification', record(41), 41).slice(20)}${frame('asks', {})}${frame('later', { x: 1 })}`,
        ],
        open: true,
      },
    ]);
    const { events, stream } = startStream({ fetch, currentLanguage: () => 'de' });

    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'unread', unread: 3 },
      { type: 'notification', notification: record(41) },
      { type: 'asks' },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      Accept: 'text/event-stream',
      'Accept-Language': 'de',
    });
    expect(calls[0]!.headers['Last-Event-ID']).toBeUndefined();
    expect(stream.lastEventId()).toBe('41');
  });

  it('connects again after the stream ends, sending Last-Event-ID of the last notification it saw', async () => {
    const { fetch, calls } = fetchStub([
      { chunks: [frame('notification', record(41), 41), frame('notification', record(42), 42)] },
      { chunks: [frame('unread', { unread: 0 })] },
      { open: true },
    ]);
    const { events } = startStream({ fetch });

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]!.headers['Last-Event-ID']).toBe('42');
    expect(calls[2]!.headers['Last-Event-ID']).toBe('42');
    expect(events.map((event) => event.type)).toEqual(['notification', 'notification', 'unread']);
  });

  it('forgets the last id when stopped: the next start (another sign-in) resumes from nothing', async () => {
    const { fetch, calls } = fetchStub([{ chunks: [frame('notification', record(41), 41)], open: true }]);
    const { stream } = startStream({ fetch });
    await vi.waitFor(() => expect(stream.lastEventId()).toBe('41'));

    stream.stop();
    expect(stream.lastEventId()).toBeNull();
    stream.start();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.headers['Last-Event-ID']).toBeUndefined();
  });

  it('refreshes the token after a 401 and connects again at once with the new one', async () => {
    const { fetch, calls } = fetchStub([{ status: 401 }, { chunks: [frame('unread', { unread: 1 })], open: true }]);
    const { events, refreshAccessToken } = startStream({ fetch, retryDelayMs: () => 60_000 });

    await vi.waitFor(() => expect(events).toEqual([{ type: 'unread', unread: 1 }]));
    expect(refreshAccessToken).toHaveBeenCalledExactlyOnceWith('token-1');
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('stops when the refresh is refused (the session has ended)', async () => {
    const { fetch, calls } = fetchStub([{ status: 401 }]);
    const { stream } = startStream({ fetch, refreshAccessToken: async () => null });

    await vi.waitFor(() => expect(stream.isRunning()).toBe(false));
    expect(calls).toHaveLength(1);
  });

  it('does not refresh in a loop when the fresh token is refused too: it waits and tries again', async () => {
    const { fetch, calls } = fetchStub([{ status: 401 }]);
    const { refreshAccessToken } = startStream({ fetch });

    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(4));
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('retries after a server error and after a network failure, with growing delays', async () => {
    const delays: number[] = [];
    let attempt = 0;
    const { fetch: answering, calls } = fetchStub([{ status: 503 }, { status: 503 }, { open: true }]);
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return answering(input, init);
    }) as unknown as typeof globalThis.fetch;
    startStream({
      fetch,
      retryDelayMs: (failures) => {
        delays.push(failures);
        return 1;
      },
    });

    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(delays).toEqual([0, 1, 2]);
  });

  it('closes the connection on stop and on sign-out, and connects only once however often it is started', async () => {
    const { fetch, calls } = fetchStub([{ open: true }]);
    const listeners = new Set<() => void>();
    const { stream, signOut } = startStream({
      fetch,
      subscribeToSession: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    stream.start();
    stream.start();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(stream.isRunning()).toBe(true);

    signOut();
    listeners.forEach((listener) => listener());
    expect(stream.isRunning()).toBe(false);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(listeners.size).toBe(0);

    // Not signed in: starting does nothing.
    stream.start();
    expect(stream.isRunning()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(1);
  });

  it('waits between half and all of 1 s, 2 s, 4 s … up to 30 s', () => {
    for (const [failures, ceiling] of [
      [0, 1_000],
      [1, 2_000],
      [3, 8_000],
      [10, 30_000],
    ] as const) {
      const delay = defaultRetryDelayMs(failures);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});
