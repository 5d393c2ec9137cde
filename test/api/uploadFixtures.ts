import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** Multipart bodies for `POST /uploads` and sample files, shared by the upload test files. */

export interface MultipartPart {
  /** The part's field name; default `file`. */
  name?: string;
  fileName?: string;
  contentType?: string;
  bytes: Buffer | string;
}

export const MULTIPART_BOUNDARY = '----uploads-test-boundary-7f3a';

export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks = parts.flatMap((part) => {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const head =
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name ?? 'file'}"${fileName}\r\n` +
      (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
      '\r\n';
    return [Buffer.from(head), Buffer.from(part.bytes), Buffer.from('\r\n')];
  });
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  };
}

/** `POST /api/v1/uploads` with these parts, signed in with `token` (none: anonymous). */
export function postUploadParts(
  app: FastifyInstance,
  parts: MultipartPart[],
  token: string | undefined,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    payload,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
}

/** A plain picture of that size, to encode as PNG, JPEG, WebP or GIF. */
export const testPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** The smallest PDF file-type recognises. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/**
 * An animation of `frames` plain frames of that size, each of another colour (encoders merge identical
 * frames), stacked by sharp from one tall picture.
 */
export function testAnimation(width: number, height: number, frames: number) {
  const frameBytes = width * height * 3;
  const pixels = Buffer.alloc(frameBytes * frames);
  for (let frame = 0; frame < frames; frame += 1) {
    const colour = [(frame * 37) % 256, (frame * 101) % 256, Math.floor(frame / 7) % 256];
    for (let offset = frame * frameBytes; offset < (frame + 1) * frameBytes; offset += 3) pixels.set(colour, offset);
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } });
}
