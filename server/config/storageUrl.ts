/**
 * STORAGE_URL: where uploads live when they are not on the local disk. One URL carries the whole S3
 * set-up, so an operator configures object storage with one variable:
 *
 *   s3://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host[:port]/bucket[/key/prefix][?region=…&path-style=true|false]
 *
 * - `s3://` and `s3+https://` reach the endpoint over HTTPS; `s3+http://` over plain HTTP (a MinIO on the
 *   same machine or network only).
 * - The credentials are percent-encoded (a `/` in a secret is `%2F`, a `+` is `%2B`). Without them the AWS
 *   SDK's own chain applies: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_PROFILE, container or instance roles.
 * - The path is the bucket, then an optional key prefix, so that one bucket can hold several installations.
 * - `region` (default us-east-1) signs the requests; `path-style` (default: true except on amazonaws.com)
 *   puts the bucket in the path rather than the host name, which every S3-compatible service understands.
 *
 * Messages never repeat the URL: it holds the secret.
 */

export interface S3StorageSettings {
  /** The endpoint's origin, e.g. `https://sos-ch-gva-2.exo.io`. */
  endpoint: string;
  bucket: string;
  /** '' or segments ending with `/`, put in front of every key. */
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export const DEFAULT_S3_REGION = 'us-east-1';
export const STORAGE_URL_FORMAT = 's3://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host[:port]/bucket[/prefix][?region=…]';

const ENDPOINT_PROTOCOLS: Readonly<Record<string, 'https:' | 'http:'>> = {
  's3:': 'https:',
  's3+https:': 'https:',
  's3+http:': 'http:',
};
const KNOWN_PARAMETERS = new Set(['region', 'path-style']);
/** Lenient on purpose: some providers accept names AWS no longer gives out (upper case, underscores). */
const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=[/?#]|$)/i;
const REGION = /^[a-z0-9-]{1,40}$/;

export type StorageUrlResult = { ok: true; settings: S3StorageSettings } | { ok: false; problem: string };

const problem = (text: string): StorageUrlResult => ({ ok: false, problem: text });

export function parseStorageUrl(value: string): StorageUrlResult {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem(`is not a URL; expected ${STORAGE_URL_FORMAT}`);
  }
  const endpointProtocol = ENDPOINT_PROTOCOLS[url.protocol];
  if (!endpointProtocol) return problem(`must start with s3://, s3+https:// or s3+http:// (${STORAGE_URL_FORMAT})`);
  if (!url.hostname) return problem(`names no host; expected ${STORAGE_URL_FORMAT}`);
  if (url.hash) return problem('must not have a #fragment');
  // The URL parser would silently resolve them, to another bucket or prefix than the one written.
  if (DOT_SEGMENT.test(value)) return problem('must not contain . or .. path segments');

  const [bucket = '', ...prefixSegments] = url.pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (!bucket) return problem(`names no bucket: the path's first segment is the bucket (${STORAGE_URL_FORMAT})`);
  if (!BUCKET_NAME.test(bucket))
    return problem('has an invalid bucket name (3 to 63 letters, digits, dots, hyphens or underscores)');
  if (prefixSegments.some((segment) => !PREFIX_SEGMENT.test(segment))) {
    return problem(
      'has an invalid key prefix after the bucket: use segments of letters, digits, dots, hyphens and underscores',
    );
  }

  const unknown = [...url.searchParams.keys()].filter((key) => !KNOWN_PARAMETERS.has(key));
  if (unknown.length > 0) return problem(`has unknown parameters (${unknown.join(', ')}); known: region, path-style`);
  const region = url.searchParams.get('region') ?? DEFAULT_S3_REGION;
  if (!REGION.test(region))
    return problem('has an invalid region (lower-case letters, digits and hyphens, e.g. eu-central-2)');
  const pathStyle = url.searchParams.get('path-style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    return problem('path-style must be true or false');

  const credentials = credentialsOf(url);
  if (credentials === 'invalid') {
    return problem(
      'must give both the access key and the secret (ACCESS_KEY_ID:SECRET_ACCESS_KEY@, percent-encoded) or neither',
    );
  }
  const isAws = url.hostname === 'amazonaws.com' || url.hostname.endsWith('.amazonaws.com');
  return {
    ok: true,
    settings: {
      endpoint: `${endpointProtocol}//${url.host}`,
      bucket,
      prefix: prefixSegments.map((segment) => `${segment}/`).join(''),
      region,
      forcePathStyle: pathStyle === null ? !isAws : pathStyle === 'true',
      ...(credentials ? { credentials } : {}),
    },
  };
}

function credentialsOf(url: URL): S3StorageSettings['credentials'] | 'invalid' | undefined {
  if (!url.username && !url.password) return undefined;
  if (!url.username || !url.password) return 'invalid';
  try {
    return { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
  } catch {
    return 'invalid';
  }
}

/** Where uploads go, for the start banner and logs: never the credentials. */
export const describeS3Storage = (settings: S3StorageSettings): string =>
  `S3 bucket ${settings.bucket}${settings.prefix ? ` (prefix ${settings.prefix})` : ''} at ${settings.endpoint}`;
