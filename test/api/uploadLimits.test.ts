import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ERROR_CODES, UPLOAD_LIMITS, UPLOAD_PROCESSING, type Upload } from '../../domain/upload';
import { signIn, startTestServer, type TestServer } from './harness';
import { postUploadParts, TEST_PDF, testAnimation, testPicture } from './uploadFixtures';

/**
 * The work one upload may cost and how many pictures are processed at once (domain/upload.ts
 * UPLOAD_LIMITS.maxFrames / maxAnimationPixels, UPLOAD_PROCESSING; server/services/uploads.ts).
 * The gate is narrowed to one picture at a time and one waiting, and the tests occupy it themselves, so
 * what waits, what is refused and what never reaches decoding is seen without measuring time.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ uploadProcessing: { concurrent: 1, waiting: 1, maxWaitMs: 60_000 } });
  token = (await signIn(server.app, 'admin@demo.ch')).accessToken;
});
afterAll(() => server.close());

const post = (bytes: Buffer, fileName: string) => postUploadParts(server.app, [{ bytes, fileName }], token);
const storedFiles = () => {
  const directory = path.join(server.dataDir, 'uploads');
  return existsSync(directory) ? readdirSync(directory) : [];
};

/** Takes the gate's only slot until the returned function is called. */
function occupyTheGate(): () => Promise<void> {
  let release!: () => void;
  const held = server.app.uploadGate.run(() => new Promise<void>((resolve) => (release = resolve)));
  return async () => {
    release();
    await held;
  };
}

const waitUntilWaiting = async (count: number) => {
  for (let tries = 0; server.app.uploadGate.load.waiting < count; tries += 1) {
    if (tries > 500) throw new Error('no upload started waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('animations beyond the limits', () => {
  const tooManyFrames = UPLOAD_LIMITS.maxFrames + 1;

  it.each([
    ['WebP', (image: Sharp) => image.webp({ loop: 0 })],
    ['GIF', (image: Sharp) => image.gif({ loop: 0 })],
  ])(
    'refuse an animated %s with more frames than the limit with 400 UPLOAD_IMAGE_TOO_COMPLEX, before decoding a frame',
    async (_format, encode) => {
      const animation = await encode(testAnimation(8, 8, tooManyFrames)).toBuffer();
      expect((await sharp(animation).metadata()).pages).toBe(tooManyFrames);
      const release = occupyTheGate(); // a picture that reached decoding would wait here
      try {
        const response = await post(animation, 'long.webp');
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          message: UPLOAD_ERROR_CODES.imageTooComplex,
          errors: { file: expect.stringContaining(`at most ${UPLOAD_LIMITS.maxFrames} frames`) },
        });
        expect(server.app.uploadGate.load.waiting).toBe(0);
      } finally {
        await release();
      }
      expect(storedFiles()).toEqual([]);
    },
  );

  it('refuses an animation of few frames whose pixels over all frames exceed the limit', async () => {
    const side = 1000;
    const frames = Math.floor(UPLOAD_LIMITS.maxAnimationPixels / (side * side)) + 1;
    expect(frames).toBeLessThanOrEqual(UPLOAD_LIMITS.maxFrames);
    const animation = await testAnimation(side, side, frames).webp({ loop: 0, effort: 0 }).toBuffer();
    const response = await post(animation, 'big.webp');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: UPLOAD_ERROR_CODES.imageTooComplex });
  });

  it('accepts an animation at the frame limit and keeps its frames', async () => {
    const animation = await testAnimation(8, 8, UPLOAD_LIMITS.maxFrames).webp({ loop: 0 }).toBuffer();
    const response = await post(animation, 'ok.webp');
    expect(response.statusCode, response.body).toBe(201);
    const served = await server.app.inject({ method: 'GET', url: response.json<Upload>().url });
    expect((await sharp(served.rawPayload).metadata()).pages).toBe(UPLOAD_LIMITS.maxFrames);
  });
});

describe('pictures processed at once', () => {
  it('lets an upload wait for a free slot, and answers 503 UPLOADS_BUSY with Retry-After beyond the waiting room', async () => {
    const png = await testPicture(20, 20).png().toBuffer();
    const release = occupyTheGate();
    const waiting = post(png, 'waits.png');
    try {
      await waitUntilWaiting(1);
      const refused = await post(png, 'refused.png');
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ message: UPLOAD_ERROR_CODES.busy, errors: { file: expect.any(String) } });
      expect(refused.headers['retry-after']).toBe(String(UPLOAD_PROCESSING.retryAfterSeconds));
    } finally {
      await release();
    }
    expect((await waiting).statusCode).toBe(201);
    expect(server.app.uploadGate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('does not make a PDF wait for pictures', async () => {
    const release = occupyTheGate();
    try {
      expect((await post(TEST_PDF, 'menu.pdf')).statusCode).toBe(201);
    } finally {
      await release();
    }
  });
});

describe('pictures processed at once, waiting too long', () => {
  it('answers 503 to an upload that waited longer than the limit for its turn', async () => {
    const impatient = await startTestServer({ uploadProcessing: { concurrent: 1, waiting: 5, maxWaitMs: 50 } });
    try {
      const adminToken = (await signIn(impatient.app, 'admin@demo.ch')).accessToken;
      let release!: () => void;
      const held = impatient.app.uploadGate.run(() => new Promise<void>((resolve) => (release = resolve)));
      const response = await postUploadParts(
        impatient.app,
        [{ bytes: await testPicture(4, 4).png().toBuffer(), fileName: 'a.png' }],
        adminToken,
      );
      expect(response.statusCode, response.body).toBe(503);
      expect(impatient.app.uploadGate.load.waiting).toBe(0);
      release();
      await held;
    } finally {
      await impatient.close();
    }
  });
});
