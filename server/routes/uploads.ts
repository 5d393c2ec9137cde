import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ROLE_SCOPES, canUpload } from '../../domain/access';
import { RESOURCE_ERROR_CODES } from '../../domain/errors';
import { isRoleKey } from '../../domain/roles';
import {
  UPLOAD_LIMITS,
  UPLOAD_MIME_TYPES,
  UPLOAD_PROCESSING,
  UPLOAD_RATE_LIMIT,
  isImageMimeType,
  uploadSchema,
} from '../../domain/upload';
import { ApiError, parseInput } from '../errors';
import { EXTENSION_OF_TYPE, isStorageKey, mimeTypeOfKey } from '../services/storage';
import {
  findUploadRowOfKey,
  isBusyError,
  loadUploadRow,
  malformedBodyError,
  missingFileError,
  storeUpload,
  tooLargeError,
  tooManyUploadsError,
} from '../services/uploads';
import { uploadOf } from '../services/uploadRecords';
import { forbidden, idParamsSchema, viewerOf } from './shared/resource';

/**
 * `/uploads` (the file handling is server/services/uploads.ts, where files live is
 * server/services/storage):
 * - `POST /uploads`: multipart, one file part named `file`; whoever `canUpload` (domain/access.ts).
 *   201 with the Upload shape; 413 too large, 415 not an accepted type, 400 no file or unreadable picture,
 *   429 beyond the user's upload limit (uploadRateLimit), 503 with Retry-After while the server processes as
 *   many pictures as it takes at once (UPLOAD_PROCESSING, app.uploadGate).
 * - `GET /uploads/files/<key>`: public (the widget on other sites shows logos; keys are unguessable). The
 *   headers keep a file from ever running as a page on this origin (see FILE_SECURITY_HEADERS).
 * - `GET /uploads/:id`: the Upload shape, to the user who uploaded it or a platform role.
 */

/** Room for the multipart boundaries and part headers around the largest accepted file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Replaces the app's headers on served files: no script, style, plugin or form may run even if a file
 * were opened as a page (`default-src 'none'`, `sandbox`: an opaque origin without scripts); other sites
 * may embed the pictures (Cross-Origin-Resource-Policy, the widget). nosniff stays from the global headers.
 */
export const FILE_SECURITY_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], sandbox: [] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} as const;

const notFound = () => new ApiError(404, RESOURCE_ERROR_CODES.notFound);

/**
 * At most `max` uploads per user (not per address: colleagues behind one NAT upload apart) within
 * UPLOAD_RATE_LIMIT.windowMs, counted by @fastify/rate-limit after the bearer check (`preHandler`, so the
 * user is known and a request without a session is a 401, not counted). Every attempt counts, refused
 * files too: each one costs the server a decode.
 */
const uploadRateLimit = (max: number) => ({
  config: {
    rateLimit: {
      max,
      timeWindow: UPLOAD_RATE_LIMIT.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `uploads:${viewerOf(request).userId}`,
      errorResponseBuilder: () => tooManyUploadsError(),
    },
  },
});

const tags = ['uploads'];
const storedFile = z.file().describe('The stored bytes');
const SCHEMAS = {
  create: {
    tags,
    summary: `Upload a picture or PDF: one multipart part named ${UPLOAD_LIMITS.fieldName}`,
    consumes: ['multipart/form-data'],
    // The handler reads the part itself (receiveFile); this only names it for the document.
    body: z.object({
      [UPLOAD_LIMITS.fieldName]: z
        .file()
        .mime([...UPLOAD_MIME_TYPES])
        .max(UPLOAD_LIMITS.maxBytes),
    }),
    response: { 201: uploadSchema },
    errorStatuses: [403, 413, 415, 503],
  },
  file: {
    tags,
    summary: 'A stored file or its preview, by its unguessable key (public: the widget shows logos)',
    params: z.object({ '*': z.string().describe('The storage key') }),
    response: {
      200: {
        description: 'The file, inline for pictures, as an attachment for PDF',
        content: Object.fromEntries(UPLOAD_MIME_TYPES.map((type) => [type, { schema: storedFile }])),
      },
    },
  },
  one: {
    tags,
    summary: 'One own upload (platform roles: any)',
    params: idParamsSchema,
    response: { 200: uploadSchema },
  },
} as const;

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  app.post(
    '/uploads',
    { ...uploadRateLimit(app.config.uploadsPerTenMinutes), preHandler: app.authenticate, schema: SCHEMAS.create },
    async (request, reply) => {
      const identity = viewerOf(request);
      if (!canUpload(identity.roleKeys)) throw forbidden();
      const received = await receiveFile(request);
      try {
        const upload = await storeUpload(
          app.db,
          app.storage,
          { ...received, ownerUserId: identity.userId },
          app.uploadGate,
        );
        return reply.code(201).send(upload);
      } catch (error) {
        if (isBusyError(error)) reply.header('Retry-After', String(UPLOAD_PROCESSING.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    '/uploads/files/*',
    { config: { securityHeaders: FILE_SECURITY_HEADERS }, schema: SCHEMAS.file },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      return serveFile(app, key, reply);
    },
  );

  app.get('/uploads/:id', { preHandler: app.authenticate, schema: SCHEMAS.one }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const viewer = viewerOf(request);
    const row = await loadUploadRow(app.db, id);
    const seesAll = viewer.roleKeys.some((role) => isRoleKey(role) && ROLE_SCOPES[role] === 'all');
    // Someone else's upload is "not found" rather than forbidden: its existence is nobody else's business.
    if (!row || (row.ownerUserId !== viewer.userId && !seesAll)) throw notFound();
    return uploadOf(row);
  });
}

/** The bytes of the `file` part; the size limit is enforced while reading, so a large body is never kept. */
async function receiveFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > UPLOAD_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLargeError();
  if (!request.isMultipart()) throw missingFileError();
  try {
    const part = await request.file();
    if (!part || part.fieldname !== UPLOAD_LIMITS.fieldName) throw missingFileError();
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    throw asClientError(error);
  }
}

/** Reading the body fails only because of the body: a missing boundary or a cut part is the client's 400. */
function asClientError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLargeError();
  // @fastify/multipart's own 4xx (too many parts or files) keep their status.
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return malformedBodyError();
}

async function serveFile(app: FastifyInstance, key: string, reply: FastifyReply): Promise<FastifyReply> {
  if (!isStorageKey(key)) throw notFound();
  const row = await findUploadRowOfKey(app.db, key);
  const mimeType = row?.storageKey === key ? row.mimeType : mimeTypeOfKey(key);
  if (!row || !mimeType) throw notFound();
  const file = await app.storage.open(key);
  if (!file) throw notFound();
  return (
    reply
      .type(mimeType)
      .header('Content-Length', file.sizeBytes)
      .header('X-Content-Type-Options', 'nosniff')
      // A key never changes its bytes: caches may keep them for good.
      .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('Content-Disposition', contentDisposition(row.originalName, mimeType, row.storageKey !== key))
      .send(file.stream)
  );
}

/**
 * Pictures are shown inline; a PDF is downloaded (`attachment`): it is then opened by a viewer outside this
 * origin, and browsers' built-in viewers refuse to run under the `sandbox` policy anyway. The file name is
 * the original one with the extension of the served type, in ASCII and in UTF-8 (RFC 6266).
 */
export function contentDisposition(originalName: string, mimeType: string, isPreview: boolean): string {
  const extension = EXTENSION_OF_TYPE[mimeType as keyof typeof EXTENSION_OF_TYPE] ?? 'bin';
  const base = originalName.replace(/\.[^.]*$/, '') || 'file';
  const fileName = `${base}${isPreview ? '-preview' : ''}.${extension}`;
  const asciiName = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  const utf8Name = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const disposition = isImageMimeType(mimeType) ? 'inline' : 'attachment';
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${utf8Name}`;
}
