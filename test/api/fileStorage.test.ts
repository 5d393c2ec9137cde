import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidStorageKeyError,
  LocalFileStorage,
  S3FileStorage,
  newStorageKey,
  openFileStorage,
  previewKeyOf,
  type FileStorage,
} from '../../server/services/storage';
import { ConfigError } from '../../server/config';
import { S3_TEST_BUCKET, startS3Server, type S3TestServer } from '../support/s3Server';

/**
 * One contract for every FileStorage (server/services/storage/fileStorage.ts): the local disk (the embedded
 * default) and S3 (STORAGE_URL), the latter against an s3rver the file starts on a free port. Whatever an
 * implementation does underneath, the app sees the same behaviour.
 */

let s3: S3TestServer;
let localRoot: string;
const s3Storages: S3FileStorage[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = mkdtempSync(path.join(tmpdir(), 'backoffice-storage-'));
});

afterAll(async () => {
  for (const storage of s3Storages) storage.close();
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

function s3Storage(prefix?: string): S3FileStorage {
  const storage = new S3FileStorage(s3.settings(prefix));
  s3Storages.push(storage);
  return storage;
}

interface Implementation {
  name: string;
  create: () => FileStorage;
}

const IMPLEMENTATIONS: Implementation[] = [
  { name: 'LocalFileStorage', create: () => new LocalFileStorage(path.join(localRoot, 'uploads')) },
  { name: 'S3FileStorage', create: () => s3Storage('installation-a') },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function read(storage: FileStorage, key: string): Promise<{ bytes: Buffer; sizeBytes: number } | null> {
  const file = await storage.open(key);
  return file && { bytes: await bytesOf(file.stream), sizeBytes: file.sizeBytes };
}

const pngKey = () => newStorageKey('image/png');

/** Keys a URL could carry that are not server-chosen: traversal, absolute paths, other folders, look-alikes. */
const MALFORMED_KEYS = [
  '',
  '../x.png',
  '../../etc/passwd',
  '/etc/passwd',
  '/tmp/abcdefghijklmnopqrstuvwxyz.png',
  'demo/../../x.png',
  'demo/../jwt-secret',
  'demo/./logo.png',
  '..',
  'abcdefghijklmnopqrstuvwxyz/../x.png',
  'abcdefghijklmnopqrstuvwxyz.png/..',
  '..\\..\\x.png',
  '%2e%2e/x.png',
  'abcdefghijklmnopqrstuvwxyz.png\u0000.txt',
  'abcdefghijklmnopqrstuvwxyz.exe',
  'other/abcdefghijklmnopqrstuvwxyz.png',
];

describe.each(IMPLEMENTATIONS)('$name', ({ create }) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = create();
  });

  it('gives back the bytes it stored, with their size', async () => {
    const key = pngKey();
    const bytes = randomBytes(4096);
    await storage.put(key, bytes, 'image/png');
    const file = await read(storage, key);
    expect(file?.sizeBytes).toBe(bytes.length);
    expect(file?.bytes.equals(bytes)).toBe(true);
  });

  it('stores previews and demo pictures under their keys', async () => {
    const original = pngKey();
    const keys = [previewKeyOf(original), 'demo/test-venue-logo.png', 'demo/test-venue-logo.preview.png'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/png');
    for (const key of keys) expect((await read(storage, key))?.bytes.toString()).toBe(key);
  });

  it('keeps an empty file', async () => {
    const key = pngKey();
    await storage.put(key, Buffer.alloc(0), 'image/png');
    expect(await read(storage, key)).toEqual({ bytes: Buffer.alloc(0), sizeBytes: 0 });
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storage.open(pngKey())).toBeNull();
    expect(await storage.open(previewKeyOf(pngKey()))).toBeNull();
  });

  it.each(MALFORMED_KEYS)('refuses to store under %j and answers null when asked for it', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await storage.open(key)).toBeNull();
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('deletes a missing file without complaint', async () => {
    await expect(storage.delete(pngKey())).resolves.toBeUndefined();
  });

  it('forgets a deleted file and keeps the others', async () => {
    const [gone, kept] = [pngKey(), pngKey()];
    await storage.put(gone, Buffer.from('gone'), 'image/png');
    await storage.put(kept, Buffer.from('kept'), 'image/png');
    await storage.delete(gone);
    expect(await storage.open(gone)).toBeNull();
    expect((await read(storage, kept))?.bytes.toString()).toBe('kept');
  });

  it('replaces the bytes of a key stored twice', async () => {
    const key = pngKey();
    await storage.put(key, Buffer.from('first version, longer'), 'image/png');
    await storage.put(key, Buffer.from('second'), 'image/png');
    expect(await read(storage, key)).toEqual({ bytes: Buffer.from('second'), sizeBytes: 6 });
  });

  it('stores files put at the same moment each under its own key', async () => {
    const files = Array.from({ length: 12 }, () => ({
      key: pngKey(),
      bytes: randomBytes(2048 + Math.floor(Math.random() * 4096)),
    }));
    await Promise.all(files.map((file) => storage.put(file.key, file.bytes, 'image/png')));
    const stored = await Promise.all(files.map((file) => read(storage, file.key)));
    stored.forEach((file, index) => expect(file?.bytes.equals(files[index].bytes)).toBe(true));
  });

  it('keeps a large file intact (5 MB)', async () => {
    const key = newStorageKey('application/pdf');
    const bytes = randomBytes(5 * 1024 * 1024);
    await storage.put(key, bytes, 'application/pdf');
    const file = await read(storage, key);
    expect(file?.sizeBytes).toBe(bytes.length);
    expect(file?.bytes.equals(bytes)).toBe(true);
  });
});

describe('LocalFileStorage on disk', () => {
  it('writes nothing outside its directory for a traversal key', async () => {
    const root = path.join(localRoot, 'contained', 'uploads');
    const storage: FileStorage = new LocalFileStorage(root);
    await storage.put(pngKey(), Buffer.from('inside'), 'image/png');
    await expect(storage.put('../escaped.png', Buffer.from('outside'), 'image/png')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    expect(existsSync(path.join(localRoot, 'contained', 'escaped.png'))).toBe(false);
    expect(readdirSync(path.join(localRoot, 'contained'))).toEqual(['uploads']);
  });
});

describe('S3FileStorage in a bucket', () => {
  const rawClient = () =>
    new S3Client({
      endpoint: s3.settings().endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.settings().credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  it('stores each object under the key prefix with its content type', async () => {
    const key = newStorageKey('image/webp');
    await s3Storage('tenants/zurich').put(key, Buffer.from('webp bytes'), 'image/webp');
    const client = rawClient();
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: `tenants/zurich/${key}` }));
      expect(object.ContentType).toBe('image/webp');
      expect(await object.Body?.transformToString()).toBe('webp bytes');
    } finally {
      client.destroy();
    }
  });

  it('keeps installations with different prefixes in one bucket apart', async () => {
    const key = pngKey();
    await s3Storage('installation-one').put(key, Buffer.from('one'), 'image/png');
    expect(await s3Storage('installation-two').open(key)).toBeNull();
    expect(await s3Storage().open(key)).toBeNull();
    await s3Storage('installation-two').delete(key);
    expect((await read(s3Storage('installation-one'), key))?.bytes.toString()).toBe('one');
  });

  it('is checked at start: a missing bucket is a configuration error naming the bucket, never the secret', async () => {
    const settings = {
      ...s3.settings(),
      bucket: 'no-such-bucket',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-secret-value' },
    };
    const failure = await openFileStorage({ dataDir: localRoot, objectStorage: settings }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect(message).toMatch(
      /^The object storage of STORAGE_URL, S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+, cannot be used \(HTTP 404 NotFound\): check the bucket name, the region and the credentials\.$/,
    );
    expect(message).not.toContain('S3RVER-secret-value');
  });

  it('is checked at start: an endpoint nobody answers on is a configuration error', async () => {
    const settings = { ...s3.settings(), endpoint: 'http://127.0.0.1:9' };
    await expect(openFileStorage({ dataDir: localRoot, objectStorage: settings })).rejects.toThrow(
      /STORAGE_URL, S3 bucket backoffice-test at http:\/\/127\.0\.0\.1:9, cannot be used \(ECONNREFUSED\)/,
    );
  });

  it('opens a reachable bucket, and a missing bucket is an error when reading, not a missing file', async () => {
    const storage = await openFileStorage({ dataDir: localRoot, objectStorage: s3.settings('checked') });
    expect(storage).toBeInstanceOf(S3FileStorage);
    s3Storages.push(storage as S3FileStorage);
    const wrongBucket = new S3FileStorage({ ...s3.settings(), bucket: 'no-such-bucket' });
    s3Storages.push(wrongBucket);
    await expect(wrongBucket.open(pngKey())).rejects.toThrow();
  });
});
