import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isIBANValid } from 'swissqrbill/utils';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/auth';
import { billingAddressSchema, type Creditor } from '../../domain/billing';
import { UPLOAD_RATE_LIMIT } from '../../domain/upload';
import { usableMapsKey } from '../../domain/maps';
import { parseStorageUrl, type S3StorageSettings } from './storageUrl';
import {
  DataDirectoryError,
  createDirectory,
  ensureWritableDirectory,
  fileSystemReason,
  type DirectoryNaming,
} from './dataDirectory';

/** The server's configuration, read from the environment once at start. */
export const NODE_ENVS = ['development', 'test', 'staging', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export const DEFAULT_PORT = 3000;
export const DEFAULT_DATA_DIR = './data';
export const DEFAULT_SIGN_INS_PER_MINUTE = 20;
export const DEFAULT_DEMO_PASSWORD = 'Demo-Backoffice-2026';
export const JWT_SECRET_MIN_LENGTH = 32;
export const JWT_SECRET_FILE = 'jwt-secret';

export interface ServerConfig {
  port: number;
  /** The interface to listen on (HOST, default all interfaces). */
  host: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** PostgreSQL server URL; PGlite under dataDir when absent. */
  databaseUrl?: string;
  nodeEnv: NodeEnv;
  /** The origin people open, without a trailing slash; links in mails start with it. */
  publicUrl: string;
  jwtSecret: string;
  smtpUrl?: string;
  demoPassword: string;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For to believe, so that rate limits see the client's
   * address behind a load balancer. false (default) trusts none.
   */
  trustProxy: boolean | string;
  /**
   * Sign-ins accepted per client address and minute (default 20). Raise it when many people share one
   * address (an office behind NAT); the end-to-end tests raise it, since every browser there is 127.0.0.1.
   */
  signInsPerMinute: number;
  /**
   * Uploads accepted per user within ten minutes (UPLOADS_PER_TEN_MINUTES, default domain/upload.ts
   * UPLOAD_RATE_LIMIT.max); beyond, `POST /uploads` answers 429 TOO_MANY_UPLOADS until the window ends.
   */
  uploadsPerTenMinutes: number;
  /**
   * Whether the browser app was given a real maps key (VITE_MAPS_API_KEY, the same variable as the build,
   * set in the server's environment too): only then does the CSP allow Google's origins for the address
   * autocomplete. The shipped `local-no-maps` is no key.
   */
  mapsEnabled: boolean;
  /**
   * STORAGE_URL parsed (server/services/storage/storageUrl.ts): uploads in an S3-compatible bucket, shared by
   * every API process. Absent: the local disk under DATA_DIR/uploads.
   */
  objectStorage?: S3StorageSettings;
  /**
   * Who invoices are paid to (BILLING_IBAN and the BILLING_* address). Outside production the demo creditor
   * when unset; in production invoices cannot be created until it is set (docs/billing.md).
   */
  billingCreditor?: Creditor;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment variables:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Environment = Record<string, string | undefined>;

/** An empty variable counts as unset, as shells and .env files commonly leave them. */
const optionalText = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().optional(),
  );

const urlWithProtocols = (protocols: string[], message: string) =>
  optionalText().refine((value) => value === undefined || hasProtocol(value, protocols), { message });

const hasProtocol = (value: string, protocols: string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const isPlainOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** A limit's count: a whole number from 1 to 100000. */
const countSetting = () =>
  optionalText().refine(
    (value) => value === undefined || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100_000),
    {
      message: 'must be a whole number from 1 to 100000',
    },
  );

const environmentSchema = z.object({
  VITE_MAPS_API_KEY: optionalText(),
  // PORT alone is not "empty means unset": a listening port is chosen on purpose, and `PORT=` from a script
  // whose variable was not filled in must not quietly start on 3000 (docs/server.md "Configuration").
  PORT: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.trim() !== '', {
      message: `is empty; unset it to use ${DEFAULT_PORT} or give a port number`,
    })
    .refine((value) => value === undefined || value.trim() === '' || isPortNumber(value), {
      message: 'must be an integer between 1 and 65535',
    }),
  HOST: optionalText(),
  DATA_DIR: optionalText(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  NODE_ENV: optionalText().refine((value) => value === undefined || (NODE_ENVS as readonly string[]).includes(value), {
    message: `must be one of ${NODE_ENVS.join(', ')}`,
  }),
  PUBLIC_URL: optionalText().refine((value) => value === undefined || isPlainOrigin(value), {
    message:
      'must be an http:// or https:// URL without credentials, query or fragment (e.g. https://backoffice.example.ch)',
  }),
  JWT_SECRET: optionalText().refine((value) => value === undefined || value.length >= JWT_SECRET_MIN_LENGTH, {
    message: `must be at least ${JWT_SECRET_MIN_LENGTH} characters long`,
  }),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  TRUST_PROXY: optionalText().refine((value) => value === undefined || parseTrustProxy(value) !== undefined, {
    message: 'must be true, false, or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8,127.0.0.1)',
  }),
  SIGN_INS_PER_MINUTE: countSetting(),
  UPLOADS_PER_TEN_MINUTES: countSetting(),
  STORAGE_URL: optionalText().superRefine((value, context) => {
    const parsed = value === undefined ? undefined : parseStorageUrl(value);
    if (parsed && !parsed.ok) context.addIssue({ code: 'custom', message: parsed.problem });
  }),
  BILLING_IBAN: optionalText().refine((value) => value === undefined || isIBANValid(value), {
    message: 'must be a valid Swiss or Liechtenstein IBAN or QR-IBAN (CH or LI, 21 characters)',
  }),
  BILLING_NAME: optionalText(),
  BILLING_STREET: optionalText(),
  BILLING_BUILDING_NUMBER: optionalText(),
  BILLING_POSTAL_CODE: optionalText(),
  BILLING_TOWN: optionalText(),
  BILLING_COUNTRY: optionalText(),
  DEMO_PASSWORD: optionalText().refine(
    (value) => value === undefined || (value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH),
    { message: `must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long` },
  ),
});

function parseTrustProxy(value: string): ServerConfig['trustProxy'] | undefined {
  if (value === 'true' || value === 'false') return value === 'true';
  const addresses = value.split(',').map((address) => address.trim());
  return addresses.every((address) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(address)) ? addresses.join(',') : undefined;
}

const isPortNumber = (value: string): boolean => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;

/** Uploaded files live under DATA_DIR whichever database runs. */
export const uploadsDirectory = (dataDir: string): string => path.join(dataDir, 'uploads');

/** The configuration without the file-backed JWT secret: pure, so every message is unit-testable. */
export type ParsedConfig = Omit<ServerConfig, 'jwtSecret'> & { jwtSecret?: string };

export function parseEnvironment(env: Environment, cwd = process.cwd()): ParsedConfig {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = result.data;
  const nodeEnv = (values.NODE_ENV ?? 'development') as NodeEnv;
  if (nodeEnv === 'production') {
    const missing = [
      values.JWT_SECRET === undefined &&
        `JWT_SECRET: is required in production (at least ${JWT_SECRET_MIN_LENGTH} random characters)`,
      // Without it, mailed links would point at localhost and the refresh cookie would lose its Secure flag.
      values.PUBLIC_URL === undefined &&
        'PUBLIC_URL: is required in production (the address people open, e.g. https://backoffice.example.ch)',
    ].filter((problem): problem is string => problem !== false);
    if (missing.length > 0) throw new ConfigError(missing);
  }
  const port = values.PORT === undefined ? DEFAULT_PORT : Number(values.PORT);
  return {
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, values.DATA_DIR ?? DEFAULT_DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    nodeEnv,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: values.JWT_SECRET,
    smtpUrl: values.SMTP_URL,
    demoPassword: values.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    trustProxy: values.TRUST_PROXY === undefined ? false : (parseTrustProxy(values.TRUST_PROXY) ?? false),
    signInsPerMinute:
      values.SIGN_INS_PER_MINUTE === undefined ? DEFAULT_SIGN_INS_PER_MINUTE : Number(values.SIGN_INS_PER_MINUTE),
    uploadsPerTenMinutes:
      values.UPLOADS_PER_TEN_MINUTES === undefined ? UPLOAD_RATE_LIMIT.max : Number(values.UPLOADS_PER_TEN_MINUTES),
    mapsEnabled: usableMapsKey(values.VITE_MAPS_API_KEY) !== null,
    ...objectStorageOf(values.STORAGE_URL),
    ...billingCreditorOf(values, nodeEnv),
  };
}

/** The operator of the demo: SIX's example QR-IBAN, so demo QR-bills scan but pay nobody. */
export const DEMO_BILLING_CREDITOR: Creditor = {
  name: 'Venue Back Office AG',
  street: 'Bahnhofstrasse',
  buildingNumber: '1',
  postalCode: '8001',
  town: 'Zürich',
  country: 'CH',
  iban: 'CH4431999123000889012',
};

function billingCreditorOf(values: z.output<typeof environmentSchema>, nodeEnv: NodeEnv) {
  if (values.BILLING_IBAN === undefined)
    return nodeEnv === 'production' ? {} : { billingCreditor: DEMO_BILLING_CREDITOR };
  const address = billingAddressSchema.safeParse({
    name: values.BILLING_NAME,
    street: values.BILLING_STREET,
    buildingNumber: values.BILLING_BUILDING_NUMBER,
    postalCode: values.BILLING_POSTAL_CODE,
    town: values.BILLING_TOWN,
    country: values.BILLING_COUNTRY,
  });
  if (!address.success) {
    throw new ConfigError(
      address.error.issues.map(
        (issue) =>
          `BILLING_${String(issue.path[0])
            .replace(/[A-Z]/g, (letter) => `_${letter}`)
            .toUpperCase()}: ${issue.message} (BILLING_IBAN is set, so the creditor's address is required)`,
      ),
    );
  }
  return { billingCreditor: { ...address.data, iban: values.BILLING_IBAN.replace(/\s+/g, '').toUpperCase() } };
}

const objectStorageOf = (storageUrl: string | undefined): Pick<ParsedConfig, 'objectStorage'> => {
  const parsed = storageUrl === undefined ? undefined : parseStorageUrl(storageUrl);
  return parsed?.ok ? { objectStorage: parsed.settings } : {};
};

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so sessions survive
 * restarts without any set-up. Processes that share a database but not a DATA_DIR need JWT_SECRET set.
 */
export function readOrCreateJwtSecret(dataDir: string): string {
  const secretPath = path.join(dataDir, JWT_SECRET_FILE);
  createDirectory(dataDir);
  try {
    writeFileSync(secretPath, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unusableSecretFile(secretPath, error);
  }
  let secret: string;
  try {
    secret = readFileSync(secretPath, 'utf8').trim();
  } catch (error) {
    throw unusableSecretFile(secretPath, error);
  }
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError([
      `JWT_SECRET: the secret kept in ${secretPath} is shorter than ${JWT_SECRET_MIN_LENGTH} characters; delete the file to generate a new one`,
    ]);
  }
  return secret;
}

/** What the settings keep in DATA_DIR; with none, the directory is not needed at all. */
interface DataDirectoryNeeds {
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  /** Object storage for uploads (STORAGE_URL): set, uploads need no local directory. */
  objectStorage?: S3StorageSettings;
}

export function dataDirectoryUses(config: DataDirectoryNeeds): string[] {
  return [
    config.databaseUrl === undefined && 'the PGlite database',
    config.objectStorage === undefined && 'uploads',
    config.jwtSecret === undefined && 'the generated JWT secret',
  ].filter((use): use is string => use !== false);
}

/**
 * Proves, before anything opens it, that DATA_DIR (and its uploads directory when uploads are kept on disk)
 * exists or can be created, is a directory and is writable; throws DataDirectoryError with one line naming
 * the path, the reason and what it holds. With PostgreSQL the directory still holds the uploads: an
 * unwritable one would start a server whose every upload fails.
 */
export function checkDataDirectory(config: DataDirectoryNeeds): void {
  const uses = dataDirectoryUses(config);
  if (uses.length === 0) return;
  const naming = (directory: string): DirectoryNaming => ({
    subject: `DATA_DIR ${directory} (${uses.join(', ')})`,
    variable: 'DATA_DIR',
  });
  ensureWritableDirectory(config.dataDir, naming(config.dataDir));
  if (config.objectStorage === undefined)
    ensureWritableDirectory(uploadsDirectory(config.dataDir), naming(uploadsDirectory(config.dataDir)));
}

export function loadConfig(env: Environment = process.env, cwd = process.cwd()): ServerConfig {
  const parsed = parseEnvironment(env, cwd);
  checkDataDirectory(parsed);
  return { ...parsed, jwtSecret: parsed.jwtSecret ?? readOrCreateJwtSecret(parsed.dataDir) };
}

const unusableSecretFile = (secretPath: string, error: unknown) =>
  new DataDirectoryError(
    `The JWT secret ${secretPath} cannot be read: ${fileSystemReason(error)}; ` +
      "give the server's user access to it, or set JWT_SECRET, or set DATA_DIR to a directory of that user.",
  );

/** Browsers drop Secure cookies on plain http, which is only acceptable on the developer's own machine. */
export function usesLocalHttp(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
