import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canUpload } from '../../domain/access';
import { UPLOAD_ERROR_CODES, UPLOAD_LIMITS, type Upload } from '../../domain/upload';
import { uploads } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed';
import { createUser, signIn, startTestServer, TEST_PASSWORD, type TestServer } from './harness';
import { MULTIPART_BOUNDARY, postUploadParts, TEST_PDF, testPicture, type MultipartPart } from './uploadFixtures';

/** `POST /uploads` and the served files (server/routes/uploads.ts). */

let server: TestServer;
let root: string;
let admin: string;
let promoter: string;
let customer: string;

beforeAll(async () => {
  server = await startTestServer();
  [root, admin, promoter, customer] = await Promise.all(
    ['root@demo.ch', 'admin@demo.ch', 'promoter@demo.ch', 'customer@demo.ch'].map(
      async (email) => (await signIn(server.app, email)).accessToken,
    ),
  );
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

// ---- helpers -----------------------------------------------------------------------------------------

type Part = MultipartPart;

const postParts = (parts: Part[], token: string | undefined = root): Promise<LightMyRequestResponse> =>
  postUploadParts(server.app, parts, token);

const postFile = (bytes: Buffer | string, fileName: string, contentType: string, token?: string) =>
  postParts([{ bytes, fileName, contentType }], token);

async function uploaded(bytes: Buffer, fileName: string, contentType: string, token?: string): Promise<Upload> {
  const response = await postFile(bytes, fileName, contentType, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Upload>();
}

const fetchFile = (url: string) => server.app.inject({ method: 'GET', url });

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ message: string; errors?: Record<string, string> }>();

const uploadsDir = () => path.join(server.dataDir, 'uploads');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);
const uploadRowCount = async () => (await server.db.select({ value: count() }).from(uploads))[0].value;

const picture = testPicture;
const PDF = TEST_PDF;

// ---- accepted files ----------------------------------------------------------------------------------

describe('accepted files', () => {
  it('stores a PNG with its dimensions and a WebP preview that fits inside the preview size', async () => {
    const png = await picture(800, 600).png().toBuffer();
    const upload = await uploaded(png, 'Logo Bar.png', 'image/png');
    expect(upload).toMatchObject({ mimeType: 'image/png', width: 800, height: 600, originalName: 'Logo Bar.png' });
    expect(upload.url).toMatch(/^\/api\/v1\/uploads\/files\/[A-Za-z0-9_-]{22,}\.png$/);
    expect(upload.previewUrl).toMatch(/^\/api\/v1\/uploads\/files\/[A-Za-z0-9_-]{22,}\.preview\.webp$/);

    const preview = await fetchFile(upload.previewUrl!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const previewMetadata = await sharp(preview.rawPayload).metadata();
    expect(previewMetadata).toMatchObject({ format: 'webp', width: UPLOAD_LIMITS.previewSize, height: 360 });
  });

  it('stores JPEG, WebP and GIF with the type read from their content', async () => {
    const jpeg = await uploaded(await picture(300, 200).jpeg().toBuffer(), 'photo.jpeg', 'image/jpeg');
    expect(jpeg).toMatchObject({ mimeType: 'image/jpeg', width: 300, height: 200 });
    expect(jpeg.url).toMatch(/\.jpg$/);
    // The declared type and the name disagree with the content: the content wins.
    const webp = await uploaded(await picture(64, 32).webp().toBuffer(), 'picture.png', 'image/png');
    expect(webp).toMatchObject({ mimeType: 'image/webp', width: 64, height: 32 });
    expect(webp.url).toMatch(/\.webp$/);
    const gif = await uploaded(await picture(20, 10).gif().toBuffer(), 'anim.gif', 'application/octet-stream');
    expect(gif).toMatchObject({ mimeType: 'image/gif', width: 20, height: 10 });
    for (const upload of [jpeg, webp, gif]) expect((await fetchFile(upload.previewUrl!)).statusCode).toBe(200);
  });

  it('keeps a GIF byte for byte and serves the same bytes', async () => {
    const gifBytes = await picture(12, 12).gif().toBuffer();
    const upload = await uploaded(gifBytes, 'small.gif', 'image/gif');
    expect(upload.sizeBytes).toBe(gifBytes.length);
    const served = await fetchFile(upload.url);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, gifBytes)).toBe(0);
  });

  it('re-encodes an animated WebP with all its frames', async () => {
    const frameOf = (color: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background: color } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map(frameOf));
    const animation = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    const upload = await uploaded(animation, 'blink.webp', 'image/webp');
    expect(upload).toMatchObject({ mimeType: 'image/webp', width: 10, height: 10 });
    const served = await fetchFile(upload.url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ pages: 3, width: 10 });
  });

  it('stores a PDF as it is, without dimensions or preview', async () => {
    const upload = await uploaded(PDF, 'Menu.pdf', 'application/pdf');
    expect(upload).toMatchObject({
      mimeType: 'application/pdf',
      width: null,
      height: null,
      previewUrl: null,
      sizeBytes: PDF.length,
    });
    expect(upload.url).toMatch(/\.pdf$/);
    const served = await fetchFile(upload.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="Menu.pdf"; filename*=UTF-8''Menu.pdf`);
    expect(Buffer.compare(served.rawPayload, PDF)).toBe(0);
  });

  it('re-encodes a phone photo upright and without its EXIF (GPS position, owner)', async () => {
    const marker = 'GPS-MARKER-46.5N';
    const photo = await picture(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 31/1 0/1', GPSMapDatum: marker },
      })
      .toBuffer();
    expect(photo.toString('latin1')).toContain(marker);

    const upload = await uploaded(photo, 'IMG_0001.JPG', 'image/jpeg');
    // Orientation 6 is a quarter turn: the stored picture is upright, its sides swapped.
    expect(upload).toMatchObject({ width: 20, height: 40 });
    const served = await fetchFile(upload.url);
    expect(served.rawPayload.toString('latin1')).not.toContain(marker);
    expect(served.rawPayload.toString('latin1')).not.toContain('Secret Owner');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
  });

  it('keeps only a clean file name: no folders, no control or direction characters', async () => {
    const upload = await uploaded(
      await picture(8, 8).png().toBuffer(),
      '..\\..\\tmp/évil\u202Egnp.exe\u0007.png',
      'image/png',
    );
    expect(upload.originalName).toBe('évilgnp.exe.png');
    const served = await fetchFile(upload.url);
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="_vilgnp.exe.png"; filename*=UTF-8''%C3%A9vilgnp.exe.png`,
    );
  });

  it('lets ADMIN, PROMOTER and ROOT upload, and records who did', async () => {
    const png = await picture(10, 10).png().toBuffer();
    for (const token of [admin, promoter, root]) {
      const upload = await uploaded(png, 'x.png', 'image/png', token);
      const [row] = await server.db
        .select({ ownerUserId: uploads.ownerUserId })
        .from(uploads)
        .where(eq(uploads.id, upload.id));
      expect(row.ownerUserId).not.toBeNull();
    }
  });
});

// ---- refused files -----------------------------------------------------------------------------------

describe('refused files', () => {
  it('refuses a file larger than the limit with 413, while reading and from the declared length', async () => {
    const justTooLarge = Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1, 0x41);
    const streamed = await postFile(justTooLarge, 'big.png', 'image/png');
    expect(streamed.statusCode).toBe(413);
    expect(errorOf(streamed)).toEqual({ message: UPLOAD_ERROR_CODES.tooLarge, errors: { file: expect.any(String) } });

    const declared = await postFile(Buffer.alloc(UPLOAD_LIMITS.maxBytes + 200_000, 0x41), 'bigger.png', 'image/png');
    expect(declared.statusCode).toBe(413);
    expect(errorOf(declared).message).toBe(UPLOAD_ERROR_CODES.tooLarge);
  });

  it.each([
    ['HTML named photo.png', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
    [
      'SVG named photo.png',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['a text file', 'just some words\n'],
    ['an executable', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])],
    ['an empty file', ''],
  ])('refuses %s with 415 whatever its name and declared type', async (_label, bytes) => {
    const response = await postFile(bytes, 'photo.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      message: UPLOAD_ERROR_CODES.unsupportedType,
      errors: { file: expect.any(String) },
    });
  });

  it('refuses a damaged picture with 400: a PNG header followed by garbage, a cut PNG or JPEG', async () => {
    const png = await picture(200, 200).png().toBuffer();
    // Signature and header chunk (IHDR) of a real PNG, then garbage where the pixels should be.
    const headerThenGarbage = Buffer.concat([png.subarray(0, 33), Buffer.from('garbage'.repeat(50))]);
    const cutJpeg = (await picture(400, 400).jpeg().toBuffer()).subarray(0, 300);
    for (const bytes of [headerThenGarbage, png.subarray(0, 60), cutJpeg]) {
      const response = await postFile(bytes, 'broken.png', 'image/png');
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toEqual({
        message: UPLOAD_ERROR_CODES.unreadableImage,
        errors: { file: expect.any(String) },
      });
    }
  });

  it('refuses the PNG signature alone followed by garbage as an unknown type (415)', async () => {
    const signatureThenGarbage = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('garbage'.repeat(50)),
    ]);
    expect((await postFile(signatureThenGarbage, 'broken.png', 'image/png')).statusCode).toBe(415);
  });

  it('refuses a picture wider than the largest accepted side with 400 UPLOAD_IMAGE_TOO_LARGE, not as damaged', async () => {
    const wide = await sharp({
      create: { width: UPLOAD_LIMITS.maxImageSide + 1, height: 1, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const response = await postFile(wide, 'wide.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      message: 'UPLOAD_IMAGE_TOO_LARGE',
      errors: { file: expect.stringContaining('12000 pixels') },
    });
  });

  it('answers 400 when no part named file carries a file', async () => {
    const png = await picture(4, 4).png().toBuffer();
    const noFile = await postParts([{ name: 'title', bytes: 'hello' }]);
    const otherName = await postParts([{ name: 'picture', fileName: 'a.png', contentType: 'image/png', bytes: png }]);
    const notMultipart = await server.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      payload: { file: 'a.png' },
      headers: { authorization: `Bearer ${root}` },
    });
    for (const response of [noFile, otherName, notMultipart]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        message: UPLOAD_ERROR_CODES.missingFile,
        errors: { file: expect.any(String) },
      });
    }
  });

  it('lets exactly the roles the permission table allows upload (canUpload), every demo account', async () => {
    const png = await picture(4, 4).png().toBuffer();
    for (const account of DEMO_ACCOUNTS) {
      const token = (await signIn(server.app, account.email)).accessToken;
      const response = await postFile(png, 'a.png', 'image/png', token);
      expect(response.statusCode, account.email).toBe(canUpload([account.roleKey]) ? 201 : 403);
    }
  });

  it('answers 400, never 500, to a malformed multipart body', async () => {
    const send = (contentType: string, payload: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${root}` },
      });
    const noBoundary = await send('multipart/form-data', 'whatever');
    const cutShort = await send(
      `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
    );
    for (const response of [noBoundary, cutShort]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toEqual({
        message: UPLOAD_ERROR_CODES.missingFile,
        errors: { file: expect.any(String) },
      });
    }
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const png = await picture(4, 4).png().toBuffer();
    expect((await postFile(png, 'a.png', 'image/png', '')).statusCode).toBe(401);
    expect((await postFile(png, 'a.png', 'image/png', customer)).statusCode).toBe(403);
  });

  it('leaves neither a file nor a row behind when an upload is refused or fails half-way', async () => {
    const filesBefore = storedFiles();
    const rowsBefore = await uploadRowCount();
    await postFile('<html></html>', 'a.png', 'image/png');
    await postFile(
      Buffer.concat([(await picture(8, 8).png().toBuffer()).subarray(0, 8), Buffer.from('x'.repeat(99))]),
      'a.png',
      'image/png',
    );
    // The preview cannot be written: the already written file must go again.
    const put = server.app.storage.put.bind(server.app.storage);
    vi.spyOn(server.app.storage, 'put').mockImplementation(async (key, bytes, type) => {
      if (key.includes('.preview.')) throw new Error('disk full');
      return put(key, bytes, type);
    });
    const failed = await postFile(await picture(8, 8).png().toBuffer(), 'a.png', 'image/png');
    expect(failed.statusCode).toBe(500);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await uploadRowCount()).toBe(rowsBefore);
  });
});

// ---- served files ------------------------------------------------------------------------------------

describe('served files', () => {
  it('serves the stored bytes publicly with headers that keep them from running as a page', async () => {
    const upload = await uploaded(await picture(30, 30).png().toBuffer(), 'Club logo.png', 'image/png');
    const served = await fetchFile(upload.url);
    expect(served.statusCode).toBe(200);
    const stored = readFileSync(path.join(uploadsDir(), path.basename(upload.url)));
    expect(Buffer.compare(served.rawPayload, stored)).toBe(0);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(stored.length),
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'content-disposition': `inline; filename="Club logo.png"; filename*=UTF-8''Club%20logo.png`,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const policy = String(served.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim());
    expect(policy.sort()).toEqual(["default-src 'none'", 'sandbox']);
  });

  it('answers 404 to unknown and malformed keys, without caching', async () => {
    const missing = await fetchFile('/api/v1/uploads/files/AAAAAAAAAAAAAAAAAAAAAAAA.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    for (const key of ['nope', 'short.png', 'AAAAAAAAAAAAAAAAAAAAAAAA.html', 'AAAAAAAAAAAAAAAAAAAAAAAA.png.html', '']) {
      expect((await fetchFile(`/api/v1/uploads/files/${key}`)).statusCode, key).toBe(404);
    }
  });

  it('answers 404 to keys that try to leave the uploads folder', async () => {
    writeFileSync(path.join(server.dataDir, 'secret.png'), 'not for you');
    const attempts = [
      '..%2Fsecret.png',
      '%2e%2e%2fsecret.png',
      '..%5Csecret.png',
      'demo/..%2F..%2Fsecret.png',
      'demo/%2e%2e%2f%2e%2e%2fsecret.png',
      '%2Fetc%2Fpasswd',
      'demo%2F..%2F..%2Fsecret.png',
    ];
    for (const attempt of attempts) {
      const response = await fetchFile(`/api/v1/uploads/files/${attempt}`);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.body).not.toContain('not for you');
    }
    // Dot segments the router resolves leave /uploads/files altogether (here for GET /uploads/:id, signed in only).
    const resolved = await fetchFile('/api/v1/uploads/files/demo/%2e%2e/%2e%2e/secret.png');
    expect(resolved.statusCode).toBe(401);
    expect(resolved.body).not.toContain('not for you');
  });

  it('serves the demo pictures the seed stored under demo/, with their previews', async () => {
    const [seeded] = await server.db.select().from(uploads).where(like(uploads.storageKey, 'demo/%')).limit(1);
    const png = await picture(16, 16).png().toBuffer();
    await server.app.storage.put(seeded.storageKey, png, 'image/png');
    await server.app.storage.put(seeded.previewKey!, png, 'image/png');
    for (const key of [seeded.storageKey, seeded.previewKey!]) {
      const served = await fetchFile(`/api/v1/uploads/files/${key}`);
      expect(served.statusCode, key).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    }
  });

  it('does not serve a stored file that has no row (left over by a crash)', async () => {
    const key = 'BBBBBBBBBBBBBBBBBBBBBBBB.png';
    await server.app.storage.put(key, await picture(4, 4).png().toBuffer(), 'image/png');
    expect((await fetchFile(`/api/v1/uploads/files/${key}`)).statusCode).toBe(404);
  });
});

describe('GET /uploads/:id', () => {
  it('answers the Upload shape to its owner and to a platform role, 404 to anyone else', async () => {
    const upload = await uploaded(await picture(6, 6).png().toBuffer(), 'mine.png', 'image/png', admin);
    const read = (token: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/uploads/${upload.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await read(admin)).json()).toEqual(upload);
    expect((await read(root)).json()).toEqual(upload);
    const otherAdmin = await createUser(server.db, { roleKey: 'ADMIN' });
    const other = (await signIn(server.app, otherAdmin.email, TEST_PASSWORD)).accessToken;
    expect((await read(other)).statusCode).toBe(404);
    expect((await read(promoter)).statusCode).toBe(404);
  });
});
