import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDataDirectory, dataDirectoryUses, parseEnvironment } from '../../server/config';
import { parseStorageUrl } from '../../server/config/storageUrl';
import { DatabaseUnavailableError, checkConnection, describeDatabaseProblem } from '../../server/db/connectionProblems';
import { DataDirectoryError } from '../../server/config/dataDirectory';
import { checkPortAvailable, explainStartupFailure, PortUnavailableError } from '../../server/startupProblems';
import { freePort } from '../support/freePort';

/**
 * The one-line explanations of start-up failures. test/api/startupErrors.test.ts runs the real process for
 * each; here the PostgreSQL errors whose server may be missing on the machine running the tests are built
 * as the driver builds them from the server's answer (pg's DatabaseError with the SQLSTATE code).
 */

const PASSWORD = 'S3cret-Pa55';
const urlTo = (host: string, port: number, database = 'backoffice', user = 'app') =>
  `postgres://${user}:${PASSWORD}@${host}:${port}/${database}`;

/** What pg throws when the server answers with an ErrorResponse. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

/** Drizzle's wrapper around a failed query, which hid the cause. */
const wrappedByDrizzle = (cause: unknown) =>
  new DrizzleQueryError('CREATE SCHEMA IF NOT EXISTS "drizzle"', [], cause as Error);

describe('describeDatabaseProblem', () => {
  it('names the server and the database of a missing database, under the Drizzle wrapper', () => {
    const error = wrappedByDrizzle(serverError('3D000', 'database "backoffice" does not exist'));
    expect(describeDatabaseProblem(error, urlTo('db.example.ch', 5433))).toBe(
      'PostgreSQL at db.example.ch:5433 has no database "backoffice" (database "backoffice" does not exist): ' +
        'create it (createdb backoffice) or correct the database name in DATABASE_URL.',
    );
  });

  it('names the user of an unknown role or a wrong password, never the password', () => {
    for (const [code, reason] of [
      ['28000', 'role "app" does not exist'],
      ['28P01', 'password authentication failed for user "app"'],
    ]) {
      const line = describeDatabaseProblem(wrappedByDrizzle(serverError(code, reason)), urlTo('db.example.ch', 5432));
      expect(line).toBe(
        `PostgreSQL at db.example.ch:5432 refused the user "app" (${reason}): correct the user or the password in DATABASE_URL.`,
      );
    }
  });

  it('never repeats the password, even when a message quotes it', () => {
    const line = describeDatabaseProblem(
      serverError('XX000', `something about ${PASSWORD}`),
      urlTo('db.example.ch', 5432),
    );
    expect(line).toContain('something about ***');
    expect(line).not.toContain(PASSWORD);
  });

  it('gives any other server error with its SQLSTATE', () => {
    const error = wrappedByDrizzle(serverError('42501', 'permission denied for database backoffice'));
    expect(describeDatabaseProblem(error, urlTo('db.example.ch', 5432))).toBe(
      'PostgreSQL at db.example.ch:5432, database "backoffice", user "app": permission denied for database backoffice (SQLSTATE 42501).',
    );
  });

  it('says nothing about errors that are not PostgreSQL problems', () => {
    expect(describeDatabaseProblem(new Error('boom'), urlTo('db.example.ch', 5432))).toBeUndefined();
  });
});

describe('a PostgreSQL server that cannot be reached (real driver errors)', () => {
  it('explains a refused connection that Drizzle wrapped while migrating', async () => {
    const port = await freePort();
    const url = urlTo('127.0.0.1', port);
    const pool = new pg.Pool({ connectionString: url });
    const failure = await migrate(drizzle(pool), { migrationsFolder: 'server/db/migrations' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await pool.end();
    expect(failure).toBeInstanceOf(Error);
    expect(explainStartupFailure(failure, url)).toBe(
      `PostgreSQL at 127.0.0.1:${port} refused the connection (connect ECONNREFUSED 127.0.0.1:${port}): ` +
        'start PostgreSQL there or correct the host and port in DATABASE_URL.',
    );
  });

  it('checkConnection names a refused server and an unknown host, without the password', async () => {
    const port = await freePort();
    const refused = await checkConnection(urlTo('127.0.0.1', port)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect((refused as Error).message).toMatch(
      new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port} refused the connection`),
    );
    const unknown = await checkConnection(urlTo('nonexistent.invalid', 5432)).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(DatabaseUnavailableError);
    expect((unknown as Error).message).toMatch(
      /^The PostgreSQL host "nonexistent\.invalid" is unknown \(getaddrinfo (ENOTFOUND|EAI_AGAIN) nonexistent\.invalid\)/,
    );
    for (const error of [refused, unknown]) expect((error as Error).message).not.toContain(PASSWORD);
  });
});

describe('checkPortAvailable', () => {
  let occupied: Server | undefined;
  afterEach(() => occupied?.close());

  it('names the port and the host when another process listens there', async () => {
    const port = await freePort();
    occupied = createServer();
    await new Promise<void>((resolve) => occupied?.listen(port, '127.0.0.1', resolve));
    const error = await checkPortAvailable(port, '127.0.0.1').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect((error as Error).message).toBe(
      `Port ${port} is already in use on 127.0.0.1: stop the other server or set PORT to a free port.`,
    );
  });

  it('lets the port go again when it is free', async () => {
    const port = await freePort();
    await checkPortAvailable(port, '127.0.0.1');
    await checkPortAvailable(port, '127.0.0.1');
  });
});

/** The settings of a well-formed STORAGE_URL (uploads in a bucket, not under DATA_DIR). */
const bucketSettings = () => {
  const parsed = parseStorageUrl('s3://key:secret@s3.example.ch/bucket');
  if (!parsed.ok) throw new Error('the example STORAGE_URL should parse');
  return parsed.settings;
};

describe('checkDataDirectory', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is skipped when nothing is kept there: PostgreSQL, object storage and JWT_SECRET', () => {
    root = mkdtempSync(path.join(tmpdir(), 'data-dir-check-'));
    const file = path.join(root, 'a-file');
    writeFileSync(file, '');
    const needs = {
      dataDir: file,
      databaseUrl: 'postgres://db/x',
      jwtSecret: 'x'.repeat(32),
      objectStorage: bucketSettings(),
    };
    expect(dataDirectoryUses(needs)).toEqual([]);
    expect(() => checkDataDirectory(needs)).not.toThrow();
    expect(() => checkDataDirectory({ ...needs, objectStorage: undefined })).toThrow(
      new DataDirectoryError(
        `DATA_DIR ${file} (uploads) is a file, not a directory: move the file away or set DATA_DIR to a directory.`,
      ),
    );
  });

  it('creates a missing directory and its uploads directory', () => {
    root = mkdtempSync(path.join(tmpdir(), 'data-dir-check-'));
    const config = parseEnvironment({ DATA_DIR: path.join(root, 'new', 'data') });
    checkDataDirectory(config);
    expect(() => checkDataDirectory(config)).not.toThrow();
  });

  it('fails at once under /proc, where a recursive mkdir would loop forever', () => {
    root = mkdtempSync(path.join(tmpdir(), 'data-dir-check-'));
    expect(() => checkDataDirectory({ dataDir: '/proc/backoffice-data' })).toThrow(
      /^DATA_DIR \/proc\/backoffice-data \(the PGlite database, uploads, the generated JWT secret\) cannot be created: mkdir \/proc\/backoffice-data failed/,
    );
  });
});
