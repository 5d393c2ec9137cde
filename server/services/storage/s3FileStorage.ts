import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { InvalidStorageKeyError, type FileStorage, type StoredFile } from './fileStorage';
import { isStorageKey } from './keys';
import type { S3StorageSettings } from '../../config/storageUrl';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<S3Sdk> | undefined;
/** The AWS SDK takes some 25 MB of memory: it loads when a bucket is configured, not in a server using its disk. */
const loadSdk = (): Promise<S3Sdk> => (sdk ??= import('@aws-sdk/client-s3'));

interface Connection {
  sdk: S3Sdk;
  client: S3Client;
}

/** A stalled endpoint fails the upload instead of holding the request for ever. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Exoscale SOS, Infomaniak, Cloudflare R2…), so
 * that every API process serves every file. Keys are checked exactly as on the local disk: only
 * server-chosen keys are written or read, whatever a URL asks for.
 */
export class S3FileStorage implements FileStorage {
  private readonly connection: Promise<Connection>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.connection = loadSdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Recent SDKs otherwise add CRC checksums (aws-chunked trailers for streams) that many S3-compatible
        // services reject (s3rver ignores them); the bytes are covered by the signature and TLS anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS },
      }),
    }));
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk: loaded, client } = await this.connection;
    await client.send(
      new loaded.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const { sdk: loaded, client } = await this.connection;
    try {
      const object = await client.send(new loaded.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!object.Body || object.ContentLength === undefined) return null;
      // In Node the SDK's body is the HTTP response itself, a Readable.
      return { stream: object.Body as Readable, sizeBytes: object.ContentLength };
    } catch (error) {
      if (isMissing(loaded, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing object too.
    const { sdk: loaded, client } = await this.connection;
    await client.send(new loaded.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Fails with the service's reason when the bucket is missing or the credentials do not reach it. */
  async checkAccess(): Promise<void> {
    const { sdk: loaded, client } = await this.connection;
    await client.send(new loaded.HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    void this.connection.then(({ client }) => client.destroy());
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
    return `${this.prefix}${key}`;
  }
}

/** A missing object; a missing bucket is a configuration error and stays one. */
const isMissing = (loaded: S3Sdk, error: unknown): boolean =>
  error instanceof loaded.S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
