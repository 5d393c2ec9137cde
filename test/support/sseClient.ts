/**
 * A minimal client of a text/event-stream answer over fetch (the live notification stream's tests and
 * benchmark): it records every event and comment as it arrives, and waits for one.
 */

export interface StreamEvent {
  event: string;
  id?: string;
  data: string;
}

export class SseClient {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: string,
    private readonly controller: AbortController,
  ) {}

  /** Opens the stream; a non-200 answer is read whole (`body`) and the client is already ended. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status !== 200 || !response.body) {
      const client = new SseClient(response.status, response.headers, await response.text(), controller);
      client.ended = true;
      return client;
    }
    const client = new SseClient(response.status, response.headers, '', controller);
    void client.read(response.body);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        this.buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.take(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.tell();
      }
    } catch {
      // Aborted by close(), or the server went away.
    }
    this.ended = true;
    this.tell();
  }

  private take(block: string): void {
    const event: StreamEvent = { event: 'message', data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
      else if (line.startsWith('id: ')) event.id = line.slice(4);
      else if (line.startsWith('data: ')) [event.data, isEvent] = [line.slice(6), true];
    }
    if (isEvent) this.events.push(event);
  }

  private tell(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** The events of one name, with their data parsed. */
  named<Data = unknown>(name: string): (StreamEvent & { json: Data })[] {
    return this.events
      .filter((event) => event.event === name)
      .map((event) => ({ ...event, json: JSON.parse(event.data) as Data }));
  }

  /** Resolves once `check` holds (checked at every arrival), or rejects after `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 2000, what = 'the expected event'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0 || (this.ended && !check())) {
        throw new Error(`${what} did not arrive (events: ${JSON.stringify(this.events.map((e) => e.event))})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}
