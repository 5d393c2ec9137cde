import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import type { LinkMailer } from '../auth';
import { mailDueNotifications, runDigestIfDue, sendDigests, type DeliveryServer } from './delivery';
import { NotificationHub } from './live';

/**
 * Everything of notifications that runs in an API process besides the routes (docs/notifications.md): the
 * live stream's hub with its LISTEN, the mail dispatcher it wakes, the sweep of missed mails and the daily
 * digest's clock. `app.notifications` (server/app.ts).
 */

/** How often the missed NOW mails are swept and the digest's hour is checked. */
const SCHEDULE_MS = 60_000;

/** Work after the answer (the app's `background`, server/plugins/background.ts), awaited when the app closes. */
export interface BackgroundRunner {
  run(name: string, task: () => Promise<void>): void;
}

export interface NotificationCenterOptions {
  db: Queryable;
  mailer: LinkMailer;
  publicUrl: string;
  background: BackgroundRunner;
  log: FastifyBaseLogger;
  now: () => Date;
  heartbeatMs?: number;
}

export class NotificationCenter {
  readonly hub: NotificationHub;
  private readonly delivery: DeliveryServer;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: NotificationCenterOptions) {
    this.delivery = { db: options.db, mailer: options.mailer, publicUrl: options.publicUrl };
    this.hub = new NotificationHub({
      db: options.db,
      heartbeatMs: options.heartbeatMs,
      log: (message, error) => options.log.error({ err: error }, message),
    });
    // A user's notifications changed in some process's commit: mail the ones due now (whoever claims first).
    this.hub.onUser((userId) => this.dispatch(userId));
    this.hub.onMissed(() => this.dispatch());
  }

  /** The app's clock (tickets' expiry, the digest's day). */
  now(): Date {
    return this.options.now();
  }

  /** LISTENs (one connection per channel and process). */
  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    await this.hub.start(database);
  }

  /** The minute's sweep of missed NOW mails and the digest at 07:00 Europe/Zurich (not in tests). */
  startSchedules(): void {
    const tick = () => {
      this.dispatch();
      this.options.background.run('notification digest', async () => {
        await runDigestIfDue(this.delivery, this.options.now());
      });
    };
    tick();
    this.timer = setInterval(tick, SCHEDULE_MS);
    this.timer.unref();
  }

  /** Mails the due NOW notifications (of one user, or of all), after the answer, as background work. */
  dispatch(userId?: number): void {
    this.options.background.run('notification mails', async () => {
      await mailDueNotifications(this.delivery, userId);
    });
  }

  /** Mails the due NOW notifications now and answers how many (tests, the dispatcher race). */
  mailDue(userId?: number): Promise<number> {
    return mailDueNotifications(this.delivery, userId);
  }

  /** `POST /notifications/digest` and `npm run notifications:digest`: the digest now, outside the day's slot. */
  sendDigestNow(): Promise<number> {
    return sendDigests(this.delivery);
  }

  /** Ends the open streams: before the server stops accepting, so that closing never waits for them. */
  closeStreams(): void {
    this.hub.closeStreams();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.hub.stop();
  }
}
