import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../../domain/access';
import { isLanguage, type Language } from '../../../domain/languages';
import { NOTIFICATION_CHANNELS } from '../../../domain/notification';
import { STREAM_HEARTBEAT_MS } from '../../../domain/notificationApi';
import { isRoleKey } from '../../../domain/roles';
import type { DatabaseHandle } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { users } from '../../db/schema/auth';
import { notificationsAfter, toNotificationRecord, unreadCountOf } from './records';

/**
 * The live stream's hub (docs/notifications.md "Live stream"): one LISTEN per process on channel
 * `notifications` (payload: a user id, sent at commit by the trigger of migration 0014 on every insert and
 * update of their notifications) and on `asks_changed` (payload `{establishmentId, promoterGroupId, kind}`),
 * and the open streams of this process by user. On PostgreSQL every process hears every commit, so a change
 * made through any process reaches a browser connected to any other; on PGlite the same code runs in one.
 *
 * On a user's notification, each of their streams sends the new ones it has not sent yet (id above the last
 * sent, not archived), rendered in the user's language now, and `event: unread` with the count; on an ask
 * change, `event: asks` to the streams whose viewer sees that ask. A stream whose client is gone is dropped.
 */

/** What a stream sends at most per wake-up; the rest follows on the next one, at once. */
const BATCH = 100;

export interface AsksChange {
  establishmentId: number | null;
  promoterGroupId: number | null;
  kind: 'EVENT_REQUEST' | 'TEMPLATE_REQUEST' | null;
}

/** Whether an ask of this establishment or promoter group concerns the viewer (their scope, or they decide it). */
export function asksChangeConcerns(viewer: Viewer, change: AsksChange): boolean {
  const roles = viewer.roleKeys.filter(isRoleKey);
  if (roles.some((role) => role === 'ROOT' || role === 'COORDINATOR_ADMIN_FULL')) return true;
  if (roles.includes('CUSTOMER') && roles.length === 1) return false;
  if (viewer.establishmentId !== null && change.establishmentId === viewer.establishmentId) return true;
  return viewer.promoterGroupId !== null && change.promoterGroupId === viewer.promoterGroupId;
}

export function parseAsksChange(payload: string): AsksChange | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return undefined;
    const idOrNull = (id: unknown) => (typeof id === 'number' && Number.isSafeInteger(id) ? id : null);
    const kind = value.kind === 'EVENT_REQUEST' || value.kind === 'TEMPLATE_REQUEST' ? value.kind : null;
    return { establishmentId: idOrNull(value.establishmentId), promoterGroupId: idOrNull(value.promoterGroupId), kind };
  } catch {
    return undefined;
  }
}

export interface StreamOptions {
  userId: number;
  viewer: Viewer;
  /** `?lang=` of the stream, else the user's stored language read at each send, else this (Accept-Language). */
  language: Language | undefined;
  fallbackLanguage: Language;
  /** The last notification id the client has (Last-Event-ID, else the newest at connect): later ones are sent. */
  lastSentId: number;
}

/** One open `GET /notifications/stream`. */
export class NotificationStream {
  private lastSentId: number;
  private flushing: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly hub: NotificationHub,
    private readonly response: ServerResponse,
    readonly options: StreamOptions,
  ) {
    this.lastSentId = options.lastSentId;
  }

  get userId(): number {
    return this.options.userId;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private write(chunk: string): void {
    if (this.closed || this.response.destroyed || this.response.writableEnded) return;
    this.response.write(chunk);
  }

  send(event: string, data: unknown, id?: number): void {
    this.write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
  }

  ping(): void {
    this.write(': ping\n\n');
  }

  /** Sends what is new since the last send, once at a time; a wake-up meanwhile runs it again after. */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          await this.sendNew();
        } while (this.again && !this.closed);
      } catch (error) {
        this.hub.log('notification stream send failed', error);
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  private async sendNew(): Promise<void> {
    const { db } = this.hub;
    // Both at once: a notification committed after the count was read notifies again, which runs this again.
    const [reader, first] = await Promise.all([
      readerStateOf(db, this.userId),
      notificationsAfter(db, this.userId, this.lastSentId, BATCH),
    ]);
    const language = this.options.language ?? reader.language ?? this.options.fallbackLanguage;
    let rows = first;
    for (;;) {
      if (this.closed) return;
      for (const row of rows) {
        this.send('notification', toNotificationRecord(row, language), row.id);
        this.lastSentId = Math.max(this.lastSentId, row.id);
      }
      if (rows.length < BATCH) break;
      rows = await notificationsAfter(db, this.userId, this.lastSentId, BATCH);
    }
    this.send('unread', { unread: reader.unread });
  }

  /** Ends the answer (server shutdown) or forgets it (the client left). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.remove(this);
    if (!this.response.writableEnded) this.response.end();
  }
}

/** The user's stored language now and their unread count (two short queries at once). */
async function readerStateOf(
  db: Queryable,
  userId: number,
): Promise<{ language: Language | undefined; unread: number }> {
  const [[row], unread] = await Promise.all([
    db.select({ language: users.language }).from(users).where(eq(users.id, userId)),
    unreadCountOf(db, userId),
  ]);
  return { language: isLanguage(row?.language) ? row.language : undefined, unread };
}

export interface NotificationHubOptions {
  db: Queryable;
  log: (message: string, error: unknown) => void;
  heartbeatMs?: number;
}

type Listener = (userId: number) => void;

export class NotificationHub {
  readonly db: Queryable;
  private readonly byUser = new Map<number, Set<NotificationStream>>();
  private readonly streams = new Set<NotificationStream>();
  private readonly userListeners = new Set<Listener>();
  private readonly gapListeners = new Set<() => void>();
  private stopListening: (() => Promise<void>)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  readonly log: (message: string, error: unknown) => void;

  constructor(options: NotificationHubOptions) {
    this.db = options.db;
    this.log = options.log;
    this.heartbeatMs = options.heartbeatMs ?? STREAM_HEARTBEAT_MS;
  }

  /** LISTENs on both channels (once per process) and starts the heartbeat. */
  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stopListening.push(
      await database.listen(
        NOTIFICATION_CHANNELS.notifications,
        (payload) => this.onUserChange(payload),
        () => this.onGap(),
      ),
      await database.listen(NOTIFICATION_CHANNELS.asks, (payload) => this.onAsksChange(payload)),
    );
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.ping();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Also told of every user's change (the mail dispatcher). */
  onUser(listener: Listener): void {
    this.userListeners.add(listener);
  }

  /** Told when notifications may have been missed (the listening connection was lost and is back). */
  onMissed(listener: () => void): void {
    this.gapListeners.add(listener);
  }

  get size(): number {
    return this.streams.size;
  }

  /** Opens a stream: sends `unread` (and, on a resume, what the client missed) at once. */
  open(response: ServerResponse, options: StreamOptions): NotificationStream {
    const stream = new NotificationStream(this, response, options);
    this.streams.add(stream);
    let own = this.byUser.get(options.userId);
    if (!own) this.byUser.set(options.userId, (own = new Set()));
    own.add(stream);
    response.on('close', () => stream.close());
    void stream.wake();
    return stream;
  }

  remove(stream: NotificationStream): void {
    this.streams.delete(stream);
    const own = this.byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) this.byUser.delete(stream.userId);
  }

  private onUserChange(payload: string): void {
    const userId = Number(payload);
    if (!Number.isSafeInteger(userId) || userId <= 0) return;
    for (const stream of this.byUser.get(userId) ?? []) void stream.wake();
    for (const listener of this.userListeners) listener(userId);
  }

  private onGap(): void {
    for (const stream of this.streams) void stream.wake();
    for (const listener of this.gapListeners) listener();
  }

  private onAsksChange(payload: string): void {
    const change = parseAsksChange(payload);
    for (const stream of this.streams) {
      if (!change || asksChangeConcerns(stream.options.viewer, change)) stream.send('asks', {});
    }
  }

  /** Ends every open stream (the server is closing): their clients reconnect to another process. */
  closeStreams(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    this.closeStreams();
    const stops = this.stopListening;
    this.stopListening = [];
    await Promise.all(stops.map((stop) => stop()));
  }
}
