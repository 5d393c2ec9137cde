import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './harness';
import { postUploadParts, testPicture } from './uploadFixtures';

/** Compressed answers (server/plugins/compression.ts) and the built app's precompressed files (spa.ts). */

/**
 * The compressed files hold other text than the plain one, as a build never would: what comes back shows
 * which file was read, so an answer compressed per request cannot pass for a precompressed one.
 */
function writeBuiltFile(staticRoot: string, relativePath: string, text: string): void {
  const file = path.join(staticRoot, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(`${text} /* from .br */`));
  writeFileSync(`${file}.gz`, gzipSync(`${text} /* from .gz */`));
}

/** A hashed script of the built app, there before the server starts, as `npm start` builds before it starts. */
const ASSET = 'assets/entry-Ab12Cd34.js';
const assetCode = `export const answer = ${'42 + '.repeat(400)}0;`;

let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer({ builtFiles: (staticRoot) => writeBuiltFile(staticRoot, ASSET, assetCode) });
  root = (await signIn(server.app, 'root@demo.ch')).accessToken;
});
afterAll(() => server.close());

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${root}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

const decoded = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
};

describe('API answers', () => {
  const EVENTS = `/api/v1/events?range=${encodeURIComponent('[0,24]')}`;

  it('sends a list in Brotli when the browser accepts it, the same JSON and total as uncompressed', async () => {
    const plain = await get(EVENTS);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await get(EVENTS, 'gzip, deflate, br, zstd');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json());
    // The total react-admin pages with survives compression.
    expect(compressed.headers['content-range']).toBe(plain.headers['content-range']);
    expect(compressed.headers['content-range']).toMatch(/^events 0-\d+\/\d+$/);
  });

  it('falls back to gzip when the browser accepts only gzip', async () => {
    const plain = await get(EVENTS);
    const compressed = await get(EVENTS, 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json());
    expect(compressed.headers['content-range']).toBe(plain.headers['content-range']);
  });

  it('sends the answer as it is when the browser accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(EVENTS, acceptEncoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json<unknown[]>().length).toBeGreaterThan(5);
    }
  });

  it('sends an uploaded picture as it was stored, never compressed again', async () => {
    const png = await testPicture(400, 300).png().toBuffer();
    const upload = await postUploadParts(
      server.app,
      [{ bytes: png, fileName: 'plan.png', contentType: 'image/png' }],
      root,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const served = await get(upload.json<{ url: string }>().url, 'gzip, deflate, br');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
  });
});

describe('the built app', () => {
  it('serves a hashed asset from its .br or .gz file, cached for good, varying by Accept-Encoding', async () => {
    const br = await get(`/${ASSET}`, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(decoded(br)).toBe(`${assetCode} /* from .br */`);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await get(`/${ASSET}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(`${assetCode} /* from .gz */`);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetCode);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('serves each built file by its exact name only: no other spelling, no encoded file by its own name', async () => {
    for (const alias of ['/assets/ENTRY-Ab12Cd34.js', '/assets/entry-ab12cd34.js', `/${ASSET}.br`, `/${ASSET}.gz`]) {
      const response = await get(alias, 'gzip, deflate, br');
      expect(response.statusCode, alias).toBe(404);
      expect(response.headers['content-type'], alias).toMatch(/application\/json/);
    }
  });

  it('serves index.html, for every page of the app, from its precompressed file, never cached', async () => {
    const page = '<!doctype html><html><body><div id="root"></div></body></html>';
    writeBuiltFile(server.staticRoot, 'index.html', page);
    for (const url of ['/', '/auth', '/events/12/show']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(decoded(response)).toBe(`${page} /* from .br */`);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });
});
