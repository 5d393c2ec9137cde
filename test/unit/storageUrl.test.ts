import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnvironment } from '../../server/config';
import { parseStorageUrl, type S3StorageSettings } from '../../server/config/storageUrl';

/** STORAGE_URL (server/services/storage/storageUrl.ts): one URL for the whole S3 set-up. */

function settingsOf(value: string): S3StorageSettings {
  const result = parseStorageUrl(value);
  if (!result.ok) throw new Error(result.problem);
  return result.settings;
}

function problemOf(env: Record<string, string>): string {
  try {
    parseEnvironment(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('STORAGE_URL', () => {
  it('reads a Swiss provider: HTTPS endpoint, bucket, prefix, region and percent-encoded credentials, path-style', () => {
    expect(
      settingsOf('s3://EXOKEY123:se%2Fcr%2Bet@sos-ch-gva-2.exo.io/backoffice-uploads/production?region=ch-gva-2'),
    ).toEqual({
      endpoint: 'https://sos-ch-gva-2.exo.io',
      bucket: 'backoffice-uploads',
      prefix: 'production/',
      region: 'ch-gva-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'EXOKEY123', secretAccessKey: 'se/cr+et' },
    });
  });

  it('reaches a local MinIO over plain HTTP with s3+http://, with the port and a nested prefix', () => {
    expect(settingsOf('s3+http://minio:minio-secret@127.0.0.1:9000/uploads/site-a/staging/')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'uploads',
      prefix: 'site-a/staging/',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(settingsOf('s3+https://k:s@storage.example.ch/uploads').endpoint).toBe('https://storage.example.ch');
  });

  it("leaves the credentials to the AWS SDK's chain when the URL has none, and uses virtual-hosted buckets on AWS", () => {
    const settings = settingsOf('s3://s3.eu-central-2.amazonaws.com/backoffice?region=eu-central-2');
    expect(settings).toEqual({
      endpoint: 'https://s3.eu-central-2.amazonaws.com',
      bucket: 'backoffice',
      prefix: '',
      region: 'eu-central-2',
      forcePathStyle: false,
    });
    expect(settingsOf('s3://s3.eu-central-2.amazonaws.com/backoffice?path-style=true').forcePathStyle).toBe(true);
    expect(settingsOf('s3://k:s@r2.example.com/backoffice?path-style=false').forcePathStyle).toBe(false);
  });

  it.each([
    ['https://k:s@host/bucket', 'must start with s3://, s3+https:// or s3+http://'],
    ['s3:bucket', 'names no host'],
    ['s3://k:s@host', 'names no bucket'],
    ['s3://k:s@host/', 'names no bucket'],
    ['s3://k:s@host/b', 'invalid bucket name'],
    ['s3://k:s@host/bucket/../other', 'must not contain . or .. path segments'],
    ['s3://k:s@host/bucket/%2E%2e/other', 'must not contain . or .. path segments'],
    ['s3://k:s@host/bucket/./p', 'must not contain . or .. path segments'],
    ['s3://k:s@host/bucket/a//b', 'invalid key prefix'],
    ['s3://k:s@host/bucket?regoin=ch-gva-2', 'unknown parameters (regoin)'],
    ['s3://k:s@host/bucket?region=CH GVA', 'invalid region'],
    ['s3://k:s@host/bucket?path-style=yes', 'path-style must be true or false'],
    ['s3://onlykey@host/bucket', 'both the access key and the secret'],
    ['s3://k:s@host/bucket#x', 'must not have a #fragment'],
    ['not a url', 'is not a URL'],
  ])('refuses %j with a message saying what is wrong', (value, message) => {
    const result = parseStorageUrl(value);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(message);
  });

  it('is optional: unset or empty means the local disk', () => {
    expect(parseEnvironment({}).objectStorage).toBeUndefined();
    expect(parseEnvironment({ STORAGE_URL: ' ' }).objectStorage).toBeUndefined();
    expect(parseEnvironment({ STORAGE_URL: 's3://k:s@host/bucket' }).objectStorage?.bucket).toBe('bucket');
  });

  it('stops the start with one line naming STORAGE_URL and never repeating the secret', () => {
    const message = problemOf({ STORAGE_URL: 's3://AKIAEXAMPLE:Very-Secret-Key@host/bucket?regoin=x' });
    expect(message).toContain('STORAGE_URL: has unknown parameters (regoin)');
    expect(message).not.toContain('Very-Secret-Key');
    expect(problemOf({ STORAGE_URL: 'https://AKIAEXAMPLE:Very-Secret-Key@host/bucket' })).not.toContain(
      'Very-Secret-Key',
    );
  });
});
