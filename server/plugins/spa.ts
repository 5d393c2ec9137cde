import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '../../domain/auth';
import { notFoundBody } from '../errors';

/**
 * Serves the built single-page app from `dist/` and answers every other non-API GET with its index.html,
 * so that deep links (/dashboard, /reset-password/…) load the app. Unknown API paths stay JSON 404s.
 */

/** Vite puts content-hashed files under assets/: they never change, everything else is revalidated. */
const IMMUTABLE_ASSETS = `${path.sep}assets${path.sep}`;

const isApiPath = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith('/api/');
/** A missing /favicon.ico or /assets/x.js is a 404, not the app's HTML. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]);

export async function registerSpa(app: FastifyInstance, options: { root: string }): Promise<void> {
  // Without dist/ at start there is no static plugin (and no reply.sendFile): a later build needs a restart.
  const served = existsSync(options.root);
  const indexExists = () => served && existsSync(path.join(options.root, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, {
      root: options.root,
      // A route per built file, listed once at start. The catch-all route checked each path's spelling by reading
      // every directory on the way, the whole assets folder (a thousand entries) for every script: it doubled the
      // server's CPU per file served (docs/server.md). The build comes before the start (`npm start`), so the list
      // is whole; a file added later is a 404 until the next start.
      wildcard: false,
      // Their routes would serve nothing a browser asks for: they are sent as the plain file's encodings.
      globIgnore: ['**/*.br', '**/*.gz'],
      index: false,
      // scripts/build.mjs writes a .br and a .gz beside each text file: sent as they are, never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'Cache-Control',
          filePath.includes(IMMUTABLE_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', options.root);

  app.get('/', (_request, reply) => (indexExists() ? sendIndex(reply) : reply.code(404).send(appNotBuiltBody())));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !looksLikeFile(url);
    if (wantsPage && indexExists()) return sendIndex(reply);
    if (wantsPage) return reply.code(404).send(appNotBuiltBody());
    return reply.code(404).send(notFoundBody());
  });
}

const appNotBuiltBody = () => ({
  message: 'Not found: the app is not built. Run `npm start` (builds it) or `npm run dev` (serves it with Vite).',
});
