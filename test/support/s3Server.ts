import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { parseStorageUrl, type S3StorageSettings } from '../../server/services/storage';
import { freePort } from './freePort';

/**
 * A local S3-compatible server (s3rver) for the tests, on a free loopback port with a temporary directory
 * and one bucket. Its access key and secret are s3rver's fixed ones.
 *
 *   const s3 = await startS3Server();
 *   new S3FileStorage(s3.settings('installation-a'));   // or STORAGE_URL: s3.storageUrl()
 *   await s3.close();
 */
export interface S3TestServer {
  /** `s3+http://S3RVER:S3RVER@127.0.0.1:<port>/<bucket>[/<prefix>]`, as an operator would set STORAGE_URL. */
  storageUrl(prefix?: string): string;
  /** The same URL parsed, for constructing an S3FileStorage directly. */
  settings(prefix?: string): S3StorageSettings;
  /** The directory s3rver keeps the objects in. */
  directory: string;
  close(): Promise<void>;
}

export const S3_TEST_BUCKET = 'backoffice-test';
const S3RVER_CREDENTIALS = 'S3RVER:S3RVER';

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'backoffice-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  await server.run();
  const storageUrl = (prefix?: string) =>
    `s3+http://${S3RVER_CREDENTIALS}@127.0.0.1:${port}/${S3_TEST_BUCKET}${prefix ? `/${prefix}` : ''}`;
  return {
    storageUrl,
    settings: (prefix) => {
      const parsed = parseStorageUrl(storageUrl(prefix));
      if (!parsed.ok) throw new Error(parsed.problem);
      return parsed.settings;
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
