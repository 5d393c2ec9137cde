import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../domain/languages';
import { WIDGET_PATHS, widgetPageQuerySchema, type WidgetPageQuery } from '../../domain/widget';
import type { WindowLimit } from '../services/rateLimits';
import type { WidgetCounts } from '../services/widgetCounts';
import { languageOfAcceptLanguage } from '../services/readerLanguage';
import {
  EMBED_SCRIPT,
  fontFile,
  renderProblemPage,
  WIDGET_FONT_PATH,
  type CachedPage,
  type WidgetPages,
} from '../services/widgetPage';

/**
 * The public widget (docs/server.md "The public widget"), at the site's root, outside the API: the page that
 * venues frame on their sites, its fonts, its `.ics` files, the redirects of its ticket and website links, and the
 * embed script. No sign-in and no cookies; the app's own security headers are replaced by each answer's (the
 * page may be framed by the venue's sites), and answers are compressed once, when rendered, not per request.
 */

export interface ExternalWidgetRoutesOptions {
  pages: WidgetPages;
  rateLimit: WindowLimit;
  /** Views and clicks (server/services/widgetCounts); each call only adds to a counter in memory. */
  counts: Pick<WidgetCounts, 'view' | 'ticketClick' | 'websiteClick'>;
}

const WIDGET_PREFIX = WIDGET_PATHS.pages;

/**
 * The per-address limit of every route here. The app's global hooks (helmet, compression, cookies) never run for
 * these routes (server/app.ts registers them in a context of their own): each answer sets its own headers, and
 * pages are compressed once, when rendered. A visitor's frame has no use for the limit's headers until it is hit.
 */
const routeOptions = (limit: WindowLimit) =>
  ({
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.windowMs,
        addHeadersOnExceeding: {
          'x-ratelimit-limit': false,
          'x-ratelimit-remaining': false,
          'x-ratelimit-reset': false,
        },
      },
    },
  }) as const;

/** Headers of the answers that are not the page (files, redirects, problems). */
const PLAIN_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

export async function externalWidgetRoutes(app: FastifyInstance, options: ExternalWidgetRoutesOptions): Promise<void> {
  const { pages, counts } = options;
  const common = routeOptions(options.rateLimit);
  // Only these routes (the plugin is encapsulated): a refusal shows as a page in the venue's frame, not as JSON.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode === 429) return sendProblem(reply, 429, problemLanguage(request), { kind: 'tooMany' });
    throw error;
  });

  app.get<{ Params: { key: string }; Querystring: Record<string, unknown> }>(
    `${WIDGET_PREFIX}/:key`,
    common,
    // Not async: a cached page (nearly every request) is answered without a promise in between.
    (request, reply) => {
      const parsed = widgetPageQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        const parameter = String(parsed.error.issues[0]?.path[0] ?? '');
        return sendProblem(reply, 400, problemLanguage(request), { kind: 'badRequest', parameter });
      }
      const query: WidgetPageQuery = parsed.data;
      const preview = query.preview !== undefined;
      const acceptLanguage = request.headers['accept-language'];
      const hit = preview ? undefined : pages.cached(request.params.key, query, acceptLanguage);
      if (!hit) return renderAndSend(request, reply, query, preview);
      if (isHuman(request)) counts.view(hit.widgetSettingsId, refererOrigin(request));
      return sendPage(request, reply, hit);
    },
  );

  async function renderAndSend(
    request: FastifyRequest<{ Params: { key: string } }>,
    reply: FastifyReply,
    query: WidgetPageQuery,
    preview: boolean,
  ): Promise<FastifyReply> {
    const acceptLanguage = request.headers['accept-language'];
    const answer = preview
      ? await pages.preview(request.params.key, query, acceptLanguage)
      : await pages.page(request.params.key, query, acceptLanguage);
    if (answer.kind === 'notFound') return sendProblem(reply, 404, answer.language, { kind: 'notFound' });
    if (!preview && isHuman(request)) counts.view(answer.page.widgetSettingsId, refererOrigin(request));
    return sendPage(request, reply, answer.page);
  }

  app.get<{ Params: { key: string; occurrence: string } }>(
    `${WIDGET_PREFIX}/:key/occurrences/:occurrence`,
    common,
    async (request, reply) => {
      const { key, occurrence } = request.params;
      const ics = occurrence.endsWith('.ics') ? await pages.ics(key, occurrence.slice(0, -4)) : null;
      if (ics === null) return sendProblem(reply, 404, problemLanguage(request), { kind: 'notFound' });
      const name = `event-${occurrence.replace(/[^0-9A-Za-z]/g, '')}.ics`;
      return reply
        .headers({
          ...PLAIN_HEADERS,
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-cache',
        })
        .send(ics);
    },
  );

  app.get<{ Params: { key: string; occurrence: string } }>(
    `${WIDGET_PREFIX}/:key/occurrences/:occurrence/ticket`,
    common,
    async (request, reply) => {
      const target = await pages.ticketUrl(request.params.key, request.params.occurrence);
      if (!target) return sendProblem(reply, 404, problemLanguage(request), { kind: 'notFound' });
      if (isHuman(request)) counts.ticketClick(target.widgetSettingsId, target.eventId);
      return redirect(reply, target.url);
    },
  );

  app.get<{ Params: { key: string } }>(`${WIDGET_PREFIX}/:key/website`, common, async (request, reply) => {
    const target = await pages.websiteUrl(request.params.key);
    if (!target) return sendProblem(reply, 404, problemLanguage(request), { kind: 'notFound' });
    if (isHuman(request)) counts.websiteClick(target.widgetSettingsId);
    return redirect(reply, target.url);
  });

  // Any other path below /external/ is the neutral 404, never the app (which would show its sign-in).
  app.get('/external/*', common, async (request, reply) =>
    sendProblem(reply, 404, problemLanguage(request), { kind: 'notFound' }),
  );

  app.get<{ Params: { file: string } }>(`${WIDGET_FONT_PATH}/:file`, common, async (request, reply) => {
    const bytes = fontFile(request.params.file);
    if (!bytes) return sendProblem(reply, 404, problemLanguage(request), { kind: 'notFound' });
    return reply
      .headers({
        ...PLAIN_HEADERS,
        'content-type': 'font/woff2',
        'cache-control': 'public, max-age=31536000, immutable',
        'cross-origin-resource-policy': 'same-origin',
      })
      .send(bytes);
  });

  const embedEtag = `"${createHash('sha256').update(EMBED_SCRIPT).digest('base64url').slice(0, 32)}"`;
  app.get(WIDGET_PATHS.embedScript, common, async (request, reply) => {
    reply.headers({
      ...PLAIN_HEADERS,
      etag: embedEtag,
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      // Loaded by the venues' sites.
      'cross-origin-resource-policy': 'cross-origin',
    });
    if (matchesEtag(request.headers['if-none-match'], embedEtag)) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(EMBED_SCRIPT);
  });
}

/** Crawlers, link previews and monitors (by their user agent, the `isbot` list) see the widget but are not counted. */
const isHuman = (request: FastifyRequest): boolean => !isbot(request.headers['user-agent'] ?? '');

function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.headers(page.headers);
  if (page.headers.etag && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
}

function sendProblem(
  reply: FastifyReply,
  status: 400 | 404 | 429,
  language: Language,
  problem: Parameters<typeof renderProblemPage>[1],
): FastifyReply {
  return reply
    .code(status)
    .headers({
      ...PLAIN_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'content-language': language,
      vary: 'Accept-Language',
      'cache-control': 'no-store',
      // Shown inside the venue's iframe instead of a browser error.
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
    })
    .send(renderProblemPage(language, problem));
}

/** Leaves for a stored web address; nothing of the page goes with it. */
const redirect = (reply: FastifyReply, url: string) =>
  reply
    .code(302)
    .headers({ ...PLAIN_HEADERS, location: url, 'cache-control': 'no-store' })
    .send();

/** A problem page's language: a valid `?lang=`, else the visitor's, else German. */
function problemLanguage(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  return languageOfAcceptLanguage(request.headers['accept-language']) ?? 'de';
}

/** The embedding site: the origin of the Referer a browser sends with the iframe's request, if any. */
function refererOrigin(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const origin = new URL(referer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values: each is read once (a hot path, bounded). */
const encodingOfHeader = new Map<string, Encoding>();
const REMEMBERED_ENCODING_HEADERS = 64;

/** Brotli, else gzip, else none, as the request's Accept-Encoding allows (a q=0 refuses). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  if (typeof header !== 'string') return encodingOf(header.join(','));
  const remembered = encodingOfHeader.get(header);
  if (remembered) return remembered;
  const encoding = encodingOf(header);
  if (encodingOfHeader.size < REMEMBERED_ENCODING_HEADERS) encodingOfHeader.set(header, encoding);
  return encoding;
}

function encodingOf(header: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}
