import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';

/**
 * Compressed answers: Brotli where the browser accepts it, else gzip, else as they are. API answers are
 * compressed as they leave; the built app's files were compressed at build time (scripts/build.mjs) and are
 * served as such by @fastify/static (server/plugins/spa.ts), which this plugin then leaves alone because they
 * already carry their Content-Encoding. Registered before every route: it hooks each route as it is added.
 */

/** Only Brotli and gzip: every browser has both, and zstd would be a third encoding to keep apart in caches. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;

/**
 * API answers are compressed as they are made, on every request: Brotli's fastest quality and gzip's fastest
 * level. On a page of records they cost a quarter of the plugin's defaults (Brotli 4, gzip 6) for answers about
 * a tenth larger, still a twentieth to a thirtieth of the JSON. The built app's files were compressed once, at
 * the highest quality (scripts/build.mjs).
 */
const ANSWER_BROTLI_QUALITY = 1;
const ANSWER_GZIP_LEVEL = 1;

/** Below this an answer fits one packet anyway; compressing it would cost more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the event loop; larger ones through a zlib stream. The
 * plugin's default on two cores is 8 KiB, which sent every page of records (40–50 KB of JSON) through a stream:
 * a zlib context, the thread pool and stream events per answer, where Brotli 1 compresses such a page in well
 * under a millisecond (about 2.5 ms a MiB here). Measured side by side on the establishments list at 100,000
 * events: about a quarter less server CPU per request (bench/results/lists.md).
 */
const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * Text of every kind is compressed; for other types the plugin asks mime-db, which counts pictures (but SVG),
 * PDFs, archives and fonts as compressed formats already: an uploaded picture is sent as it is stored. Not
 * the plugin's default test, which also compresses any `application/octet-stream`.
 */
const TEXT = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/i;

export const isCompressibleType = (contentType: string) => TEXT.test(contentType);

/**
 * A list answer's `Content-Range: events 0-24/319` (ra-data-simple-rest's total) is not
 * a byte range, but @fastify/compress leaves every answer that has a Content-Range uncompressed, to keep
 * byte offsets true. The header is set aside just before the plugin's hook and put back just after it.
 */
const setAsideRange = new WeakMap<FastifyReply, string>();

const RECORD_RANGE = /^[a-z][\w-]* \d+-\d+\/\d+$|^[a-z][\w-]* \*\/\d+$/i;

const setAsideRecordRange: onSendHookHandler = async (_request, reply, payload) => {
  const range = reply.getHeader('Content-Range');
  if (typeof range === 'string' && reply.statusCode !== 206 && RECORD_RANGE.test(range)) {
    setAsideRange.set(reply, range);
    reply.removeHeader('Content-Range');
  }
  return payload;
};

const restoreRecordRange: onSendHookHandler = async (_request, reply, payload) => {
  const range = setAsideRange.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  return payload;
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    customTypes: isCompressibleType,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: ANSWER_GZIP_LEVEL },
    // Request bodies stay as browsers send them (uncompressed); no decompression to fuzz.
    globalDecompression: false,
  });
  // Runs after the plugin's own onRoute hook, so these wrap the onSend hook it has just added to the route.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [setAsideRecordRange, ...hooks, restoreRecordRange];
  });
}
