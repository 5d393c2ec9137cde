import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRouteHookHandler } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX } from '../domain/auth';
import { AUTH_ERROR_CODES } from '../domain/errors';
import type { ServerConfig } from './config';
import { usesLocalHttp } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { AuthService, type AuthLifetimes, type LinkMailer } from './services/auth';
import { decoyPasswordHash } from './services/passwords';
import { createFileStorage, type FileStorage } from './services/storage';
import { scheduleOrphanUploadSweep } from './services/uploadSweep';
import { scheduleStatisticsJobs } from './services/statistics/schedule';
import { scheduleBillingJobs } from './services/billing/schedule';
import { EMBEDDED_VACUUM_CHECK_MS, scheduleEmbeddedVacuum } from './services/embeddedVacuum';
import { mailCommittedInvoices } from './routes/billing';
import { uploadWorkGate } from './services/uploads';
import { listenToWidgetChanges, type WidgetChanges } from './services/widgetChanges';
import { NotificationCenter } from './services/notifications/center';
import { WidgetCounts } from './services/widgetCounts';
import type { WorkGate, WorkGateLimits } from './services/workGate';
import type { RateLimitPolicy } from './services/rateLimits';
import { registerAuthentication } from './plugins/authenticate';
import { registerCompression } from './plugins/compression';
import { BackgroundTasks } from './plugins/background';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { ApiError } from './errors';
import { registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { apiRoutes } from './routes';
import { externalWidgetRoutes } from './routes/externalWidgets';
import { WidgetPages } from './services/widgetPage';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /** The Drizzle database; inside a transaction use its `tx` handle only. */
    db: Database;
    authService: AuthService;
    background: BackgroundTasks;
    /** Mails (server/services/mail): the outbox, and SMTP when configured. Send after the write commits. */
    mailer: LinkMailer;
    /** Uploaded files (server/services/storage). */
    storage: FileStorage;
    /** Bounds how many uploaded pictures are decoded at once (domain/upload.ts UPLOAD_PROCESSING). */
    uploadGate: WorkGate;
    /** Counts of the public widget's views and clicks, written every few seconds. */
    widgetCounts: WidgetCounts;
    /** Committed changes of what widgets show, from every process (services/widgetChanges.ts). */
    widgetChanges: WidgetChanges;
    /** The public widget's pages and their cache (server/services/widgetPage). */
    widgetPages: WidgetPages;
    /** Notifications' live stream hub, mail dispatcher and digest (server/services/notifications/center.ts). */
    notifications: NotificationCenter;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  mailer: LinkMailer;
  /** Fastify's logger: on (info) by default, off in tests. */
  logger?: FastifyServerOptions['logger'];
  /** The clock of tokens, sessions and limits; tests move it instead of sleeping. */
  now?: () => Date;
  lifetimes?: Partial<AuthLifetimes>;
  rateLimits?: Partial<RateLimitPolicy>;
  /** The built app (Vite's outDir); default `dist/` at the repository root. */
  staticRoot?: string;
  /** Where uploads are stored; default createFileStorage(config): STORAGE_URL's bucket, else DATA_DIR/uploads. */
  storage?: FileStorage;
  /** Default: UPLOAD_PROCESSING; tests make the gate narrow. */
  uploadProcessing?: Partial<WorkGateLimits>;
  /**
   * Delete orphan uploads at start and periodically (server/services/uploadSweep.ts); default: outside
   * NODE_ENV test.
   */
  sweepOrphanUploads?: boolean;
  /** Sees every route as it is registered, before any other hook (tests compare them with the API document). */
  onRoute?: onRouteHookHandler;
  /**
   * The minute's sweep of missed notification mails and the daily digest at 07:00 Europe/Zurich
   * (server/services/notifications/center.ts); default: outside NODE_ENV test. Mails at once are sent either way.
   */
  notificationSchedules?: boolean;
  /**
   * The statistics' daily count of the occurrences held (server/services/statistics/schedule.ts), with its
   * catch-up at start; default: outside NODE_ENV test.
   */
  statisticsSchedules?: boolean;
  /** The billing's daily job (server/services/billing/schedule.ts); default: outside NODE_ENV test. */
  billingSchedules?: boolean;
  /**
   * Autovacuum for the embedded database, which has none (server/services/embeddedVacuum.ts): how often, in ms, or
   * false for never. Default: every minute on PGlite outside NODE_ENV test; never on PostgreSQL.
   */
  embeddedVacuumMs?: number | false;
  /** The live stream's heartbeat; default STREAM_HEARTBEAT_MS (25 s). */
  streamHeartbeatMs?: number;
}

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_STATIC_ROOT = path.join(REPOSITORY_ROOT, 'dist');
const ENDED_SESSIONS_SWEEP_MS = 60 * 60 * 1000;

/** Tokens in query strings (the reset-password check) must not end up in logs. */
const redactUrl = (url: string) => url.replace(/([?&](?:resetPasswordToken|token|ticket)=)[^&]*/gi, '$1[redacted]');

const defaultLogger = (config: ServerConfig): FastifyServerOptions['logger'] =>
  config.nodeEnv === 'test'
    ? false
    : {
        level: 'info',
        serializers: {
          req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
        },
      };

/** Builds the whole server (API, security headers, static app) without listening: tests use `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const https = new URL(config.publicUrl).protocol === 'https:';
  const app = Fastify({ logger: options.logger ?? defaultLogger(config), trustProxy: config.trustProxy });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const authService = new AuthService({
    db: database.db,
    mailer: options.mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    lifetimes: options.lifetimes,
    rateLimits: options.rateLimits,
    now: options.now,
  });
  // Before the pool serves: every connection it opens from here on listens for changes of identities.
  const forgetIdentities = await authService.sessions.rememberIdentities(database);
  app.addHook('onClose', forgetIdentities);
  const background = new BackgroundTasks(app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('authService', authService);
  app.decorate('background', background);
  app.decorate('mailer', options.mailer);
  app.decorate('storage', options.storage ?? createFileStorage(config));
  app.decorate('uploadGate', uploadWorkGate(options.uploadProcessing));
  app.decorate('widgetCounts', new WidgetCounts({ db: database.db, now: options.now }));
  app.decorate('widgetChanges', await listenToWidgetChanges(database));
  const widgetPages = new WidgetPages({
    db: database.db,
    now: options.now ?? (() => new Date()),
    publicUrl: config.publicUrl,
  });
  app.decorate('widgetPages', widgetPages);
  const notifications = new NotificationCenter({
    db: database.db,
    mailer: options.mailer,
    publicUrl: config.publicUrl,
    background,
    log: app.log,
    now: options.now ?? (() => new Date()),
    heartbeatMs: options.streamHeartbeatMs,
  });
  await notifications.start(database);
  app.decorate('notifications', notifications);
  // Every process drops the pages a committed write changed (LISTEN/NOTIFY on PostgreSQL).
  app.widgetChanges.onChange((establishmentId) =>
    establishmentId === null ? widgetPages.invalidateAll() : widgetPages.invalidateEstablishment(establishmentId),
  );

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new ApiError(context.statusCode, AUTH_ERROR_CODES.tooManyAttempts),
  });
  registerAuthentication(app, authService);

  // Two sibling contexts: the app's global hooks (security headers, compression, cookies, no-store) never run
  // for the public widget, which answers thousands of anonymous visitors a second with headers of its own.
  await app.register(async (site) => {
    registerSecurityHeaders(site, { https, maps: config.mapsEnabled });
    // Before every route, the built app's files included: it hooks each route as it is registered.
    await registerCompression(site);
    // Before every route: the API document is made of the routes registered after it (never the widget's).
    await registerOpenApi(site, { referencePage: config.nodeEnv !== 'production' });
    await site.register(cookie);
    preventCachingOfApiAnswers(site);
    await site.register(apiRoutes, {
      prefix: API_PREFIX,
      authService,
      background,
      secureCookies: !usesLocalHttp(config.publicUrl),
      withOutbox: config.nodeEnv !== 'production',
    });
    await registerSpa(site, { root: options.staticRoot ?? DEFAULT_STATIC_ROOT });
  });
  await app.register(externalWidgetRoutes, {
    pages: app.widgetPages,
    counts: app.widgetCounts,
    rateLimit: authService.rateLimits.widgetPages,
  });

  scheduleHousekeeping(app, authService);
  scheduleNotifications(app, options.notificationSchedules ?? config.nodeEnv !== 'test');
  if (options.sweepOrphanUploads ?? config.nodeEnv !== 'test')
    scheduleOrphanUploadSweep(app, options.now ?? (() => new Date()));
  if (options.statisticsSchedules ?? config.nodeEnv !== 'test')
    scheduleStatisticsJobs(app, options.now ?? (() => new Date()));
  if (options.billingSchedules ?? config.nodeEnv !== 'test')
    scheduleBillingJobs(app, options.now ?? (() => new Date()), (result) =>
      mailCommittedInvoices(app, result.invoiceIds),
    );
  const embeddedVacuumMs =
    options.embeddedVacuumMs ?? (database.engine === 'pglite' && config.nodeEnv !== 'test' && EMBEDDED_VACUUM_CHECK_MS);
  if (embeddedVacuumMs !== false) scheduleEmbeddedVacuum(app, embeddedVacuumMs);
  return app;
}

/** `POST` with `Content-Type: application/json` and no body (refresh, sign-out) is an empty body, not a 400. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

/** API answers carry personal data and tokens: no cache may keep them unless a route says otherwise. */
function preventCachingOfApiAnswers(app: FastifyInstance): void {
  // A callback, not an async function: it runs on every answer, the public widget's thousands a second included.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/**
 * The live streams end before the server stops accepting (they would hold `app.close()` open: an event stream
 * never ends by itself); their clients reconnect, to another process if this one is going. Listening stops
 * on close.
 */
function scheduleNotifications(app: FastifyInstance, schedules: boolean): void {
  if (schedules) app.addHook('onReady', async () => app.notifications.startSchedules());
  app.addHook('preClose', async () => app.notifications.closeStreams());
  app.addHook('onClose', async () => app.notifications.stop());
}

function scheduleHousekeeping(app: FastifyInstance, authService: AuthService): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void decoyPasswordHash(); // computed now so that the first unknown-email sign-in is not slower than others
    sweep = setInterval(() => {
      authService.sessions
        .deleteEndedSessions()
        .catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
    }, ENDED_SESSIONS_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onReady', async () => app.widgetCounts.start());
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await app.background.idle();
    await app.widgetCounts.stop();
    await app.widgetChanges.stop();
  });
}
