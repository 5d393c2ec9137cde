import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_ERROR_CODES } from '../../domain/errors';
import { isLanguage } from '../../domain/languages';
import {
  notificationIdsSchema,
  notificationKindsOf,
  notificationPreferencesSchema,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_RESOURCES,
} from '../../domain/notification';
import {
  lastEventIdSchema,
  notificationCountAnswerSchema,
  notificationDigestAnswerSchema,
  notificationIdsAnswerSchema,
  notificationListFilterSchema,
  notificationStreamQuerySchema,
  NOTIFICATION_KIND_NOT_RECEIVED,
  NOTIFICATION_SORT_FIELDS,
  streamTicketSchema,
} from '../../domain/notificationApi';
import { idSchema } from '../../domain/records';
import { isRoleKey, type RoleKey } from '../../domain/roles';
import { ApiError, INVALID_INPUT, parseInput } from '../errors';
import { authOf } from '../plugins/authenticate';
import { languageOfAcceptLanguage, readerLanguageOf } from '../services/readerLanguage';
import {
  changeNotifications,
  findNotification,
  listNotifications,
  newestNotificationId,
  NOTIFICATION_CHANGES,
  preferencesOf,
  readAllNotifications,
  savePreferences,
  toNotificationRecord,
} from '../services/notifications/records';
import { issueStreamTicket, redeemStreamTicket } from '../services/notifications/tickets';
import { listQueryParser, setContentRange } from './shared/listQuery';
import { forbidden, idParamsSchema, viewerOf } from './shared/resource';

/**
 * The notifications API (docs/notifications.md; ARCHITECTURE.md §9): the caller's own notifications, whatever
 * the role. There is no permission resource for them: every signed-in user has theirs, and every query names
 * the caller, so another user's notification does not exist (404 on `GET /:id`) and its id is silently left
 * out of the changes. `/notification-preferences` offers the kinds the caller's role receives.
 */

const TAG = ['notifications'];

const recordSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  resource: z.enum(NOTIFICATION_RESOURCES).nullable(),
  recordId: idSchema.nullable(),
  title: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
  archivedAt: z.iso.datetime().nullable(),
});

const deliveriesSchema = z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_DELIVERIES));
const preferencesAnswerSchema = z.object({ deliveries: deliveriesSchema, defaults: deliveriesSchema });

const parseList = listQueryParser({
  sortable: NOTIFICATION_SORT_FIELDS,
  defaultSort: { field: 'id', order: 'DESC' },
  filter: notificationListFilterSchema,
});

/** The caller's language for titles and texts (server/services/readerLanguage.ts). */
const languageOf = (request: FastifyRequest) =>
  readerLanguageOf({ storedLanguage: authOf(request).language, acceptLanguage: request.headers['accept-language'] });

const roleOf = (request: FastifyRequest): RoleKey => {
  const role = authOf(request).roleKeys.find(isRoleKey);
  if (!role) throw forbidden();
  return role;
};

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const authenticated = { preHandler: app.authenticate };

  app.get(
    '/notifications',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'List the caller’s notifications (getList; getMany with filter.id); archived ones only on asking',
        querystring: parseList.schema,
        response: { 200: z.array(recordSchema) },
        paginated: true,
      },
    },
    async (request, reply) => {
      const query = parseList(request.query);
      const { userId } = authOf(request);
      const page = await listNotifications(app.db, userId, query);
      setContentRange(reply, 'notifications', query.offset, page.rows.length, page.total);
      const language = languageOf(request);
      return page.rows.map((row) => toNotificationRecord(row, language));
    },
  );

  app.get(
    '/notifications/:id',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'One of the caller’s notifications',
        params: idParamsSchema,
        response: { 200: recordSchema },
      },
    },
    async (request) => {
      const { id } = parseInput(idParamsSchema, request.params);
      const row = await findNotification(app.db, authOf(request).userId, id);
      if (!row) throw new ApiError(404, 'Not found');
      return toNotificationRecord(row, languageOf(request));
    },
  );

  for (const change of NOTIFICATION_CHANGES) {
    app.post(
      `/notifications/${change}`,
      {
        ...authenticated,
        schema: {
          tags: TAG,
          summary: `Mark the caller’s notifications among ids ${change === 'read' || change === 'unread' ? `as ${change}` : `${change}d`}; answers the ids it changed (others’ are ignored)`,
          body: notificationIdsSchema,
          response: { 200: notificationIdsAnswerSchema },
        },
      },
      async (request) => {
        const { ids } = parseInput(notificationIdsSchema, request.body);
        return { ids: await changeNotifications(app.db, authOf(request).userId, ids, change) };
      },
    );
  }

  app.post(
    '/notifications/read-all',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'Mark every unread, unarchived notification of the caller read; answers how many',
        response: { 200: notificationCountAnswerSchema },
      },
    },
    async (request) => ({ count: await readAllNotifications(app.db, authOf(request).userId) }),
  );

  app.post(
    '/notifications/digest',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'ROOT: send the daily digest mails now (outside the day’s 07:00 slot); answers how many',
        response: { 200: notificationDigestAnswerSchema },
        errorStatuses: [403],
      },
    },
    async (request) => {
      if (!authOf(request).roleKeys.includes('ROOT')) throw forbidden();
      return { mails: await app.notifications.sendDigestNow() };
    },
  );

  app.get(
    '/notification-preferences',
    {
      ...authenticated,
      schema: {
        tags: ['notification-preferences'],
        summary: 'The delivery of each kind the caller’s role receives, and the role’s defaults',
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => preferencesOf(app.db, authOf(request).userId, roleOf(request)),
  );

  app.put(
    '/notification-preferences',
    {
      ...authenticated,
      schema: {
        tags: ['notification-preferences'],
        summary: 'Change the delivery of some kinds (the others keep theirs); answers all of them',
        body: notificationPreferencesSchema,
        response: { 200: preferencesAnswerSchema },
      },
    },
    async (request) => {
      const { deliveries } = parseInput(notificationPreferencesSchema, request.body);
      const role = roleOf(request);
      const received = new Set<string>(notificationKindsOf(role));
      const refused = Object.keys(deliveries).filter((kind) => !received.has(kind));
      if (refused.length > 0)
        throw new ApiError(
          400,
          INVALID_INPUT,
          Object.fromEntries(refused.map((kind) => [`deliveries.${kind}`, NOTIFICATION_KIND_NOT_RECEIVED])),
        );
      const { userId } = authOf(request);
      await savePreferences(app.db, userId, deliveries);
      return preferencesOf(app.db, userId, role);
    },
  );

  app.post(
    '/notifications/stream-ticket',
    {
      ...authenticated,
      schema: {
        tags: TAG,
        summary: 'A single-use ticket (valid 60 s) to open the live stream with ?ticket= (EventSource clients)',
        response: { 200: streamTicketSchema },
      },
    },
    async (request) => {
      const issued = await issueStreamTicket(app.db, authOf(request), now(app));
      return { ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() };
    },
  );

  app.get(
    '/notifications/stream',
    {
      // Never compressed (an encoder would hold the events back) nor answered to HEAD (it would never end).
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags: TAG,
        summary:
          'Live stream (text/event-stream) of the caller’s new notifications, unread count and asks changes; Authorization: Bearer, or ?ticket=; Last-Event-ID resumes',
        querystring: notificationStreamQuerySchema,
        headers: z.object({ 'last-event-id': z.string().optional() }),
        security: [{ bearerAuth: [] }, {}],
        errorStatuses: [401],
      },
    },
    (request, reply) => openStream(app, request, reply),
  );
}

const now = (app: FastifyInstance) => app.notifications.now();

/** Bearer as every route, or a ticket: sets `request.auth`, else a 401. */
async function authenticateStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, ticket?: string) {
  if (request.headers.authorization !== undefined || ticket === undefined) {
    await app.authenticate(request, reply);
    return;
  }
  const redeemed = await redeemStreamTicket(app.db, ticket, now(app));
  const identity = redeemed && (await app.authService.sessions.findActiveIdentity(redeemed.userId, redeemed.sessionId));
  if (!identity) throw new ApiError(401, AUTH_ERROR_CODES.notSignedIn);
  request.auth = identity;
}

async function openStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const query = parseInput(notificationStreamQuerySchema, request.query);
  await authenticateStream(app, request, reply, query.ticket);
  const header = request.headers['last-event-id'];
  const fromHeader = typeof header === 'string' && header !== '' ? lastEventIdSchema.safeParse(header) : undefined;
  if (fromHeader && !fromHeader.success)
    throw new ApiError(400, INVALID_INPUT, {
      'Last-Event-ID': 'The id of the last notification received: plain digits',
    });
  const identity = authOf(request);
  const resumeFrom = fromHeader?.data ?? query.lastEventId;
  const lastSentId = resumeFrom ?? (await newestNotificationId(app.db, identity.userId));

  reply.hijack();
  const raw = reply.raw;
  // The security headers (set on the raw answer by their hook) stay; no cache, no proxy buffering.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The browser's EventSource waits this long before it reconnects.
  raw.write('retry: 3000\n\n');
  raw.socket?.setNoDelay(true);
  const stored = identity.language;
  app.notifications.hub.open(raw, {
    userId: identity.userId,
    viewer: viewerOf(request),
    language: query.lang,
    fallbackLanguage:
      languageOfAcceptLanguage(request.headers['accept-language']) ?? (isLanguage(stored) ? stored : 'en'),
    lastSentId,
  });
}
