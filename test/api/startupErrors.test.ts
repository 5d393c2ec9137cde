import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_SERVER_ARGS } from '../support/builtServer';
import { freePort } from '../support/freePort';

/**
 * Every start-up problem an operator can cause, on the real server entry (server/main.ts, built as production runs
 * it) as a child process: it must exit with code 1 within seconds (never hang, never spin) and say in one line
 * what is wrong and what to do, with no stack trace. The missing database and the unknown user need a PostgreSQL server:
 * they run whenever TEST_DATABASE_URL names one (as in CI); test/unit/startupProblems.test.ts checks their
 * wording on the driver's error objects everywhere.
 */

const root = mkdtempSync(path.join(tmpdir(), 'backoffice-startup-'));
chmodSync(root, 0o755); // readable by the unprivileged user the permission cases run as
let busyPort: number;
let occupant: Server;

beforeAll(async () => {
  busyPort = await freePort();
  occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(busyPort, '127.0.0.1', resolve));
});
afterAll(() => {
  occupant.close();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh path under the test's directory; created as `kind` when given. */
function pathFor(name: string, kind?: 'file' | 'read-only directory' | 'open directory'): string {
  const target = path.join(root, name);
  if (kind === 'file') writeFileSync(target, 'not a directory');
  if (kind === 'read-only directory') mkdirSync(target, { mode: 0o555 });
  if (kind === 'open directory') mkdirSync(target, { mode: 0o777 });
  if (kind) chmodSync(target, kind === 'file' ? 0o644 : kind === 'read-only directory' ? 0o555 : 0o777);
  return target;
}

/** Permissions do not stop root: the permission cases run the server as `nobody` when the tests run as root. */
const unprivileged = () => (process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {});

interface Outcome {
  code: number | null;
  output: string;
  elapsedMs: number;
}

async function startServer(env: Record<string, string>, options: { unprivileged?: boolean } = {}): Promise<Outcome> {
  const {
    TEST_DATABASE_URL: _test,
    DATABASE_URL: _database,
    PORT: _port,
    DATA_DIR: _dataDir,
    JWT_SECRET: _secret,
    ...inherited
  } = process.env;
  const started = Date.now();
  const child = spawn(process.execPath, BUILT_SERVER_ARGS, {
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.unprivileged ? unprivileged() : {}),
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  // A process that spins or waits is killed after 30 s; the assertion on the time then fails.
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(killer);
  return { code, output, elapsedMs: Date.now() - started };
}

interface StartupCase {
  problem: string;
  env: () => Promise<Record<string, string>> | Record<string, string>;
  unprivileged?: boolean;
  /** The whole output: `Cannot start the server: ` and this line. */
  line: (env: Record<string, string>) => RegExp | string;
}

const A_SECRET = 'a-jwt-secret-of-at-least-32-characters';
const closedPostgres = async () => `postgres://app:S3cret-Pa55@127.0.0.1:${await freePort()}/backoffice`;

/** Another database and another user on the server of TEST_DATABASE_URL, which exist nowhere. */
function onTestServer(change: (url: URL) => void): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  change(url);
  return url.toString();
}

const withTestServer: StartupCase[] = process.env.TEST_DATABASE_URL
  ? [
      {
        problem: 'a missing database',
        env: async () => ({
          PORT: String(await freePort()),
          DATA_DIR: pathFor('pg-missing-db'),
          DATABASE_URL: onTestServer((url) => (url.pathname = '/ops_no_such_database')),
        }),
        line: () =>
          /^PostgreSQL at \S+ has no database "ops_no_such_database" \(database "ops_no_such_database" does not exist\): create it/,
      },
      {
        problem: 'an unknown user',
        env: async () => ({
          PORT: String(await freePort()),
          DATA_DIR: pathFor('pg-unknown-user'),
          DATABASE_URL: onTestServer((url) => {
            url.username = 'ops_no_such_user';
            url.password = 'S3cret-Pa55';
          }),
        }),
        line: () =>
          /^PostgreSQL at \S+ refused the user "ops_no_such_user" \(.*"ops_no_such_user".*\): correct the user or the password in DATABASE_URL\.$/,
      },
    ]
  : [];

const cases: StartupCase[] = [
  {
    problem: 'an empty PORT',
    env: () => ({ PORT: '', DATA_DIR: pathFor('empty-port') }),
    line: () => 'Invalid environment variables:\n  - PORT: is empty; unset it to use 3000 or give a port number',
  },
  {
    problem: 'a busy port',
    env: () => ({ PORT: String(busyPort), DATA_DIR: pathFor('busy-port') }),
    line: () => `Port ${busyPort} is already in use on 127.0.0.1: stop the other server or set PORT to a free port.`,
  },
  {
    problem: 'DATA_DIR naming a file',
    env: async () => ({ PORT: String(await freePort()), DATA_DIR: pathFor('a-file', 'file') }),
    line: ({ DATA_DIR }) =>
      `DATA_DIR ${DATA_DIR} (the PGlite database, uploads, the generated JWT secret) is a file, not a directory: ` +
      'move the file away or set DATA_DIR to a directory.',
  },
  {
    problem: 'DATA_DIR under a file',
    env: async () => ({ PORT: String(await freePort()), DATA_DIR: path.join(pathFor('another-file', 'file'), 'data') }),
    line: ({ DATA_DIR }) =>
      `DATA_DIR ${DATA_DIR} (the PGlite database, uploads, the generated JWT secret) cannot be created: ` +
      `${path.dirname(DATA_DIR)} is a file, not a directory; set DATA_DIR to a directory.`,
  },
  {
    problem: 'DATA_DIR under /proc (where a recursive mkdir loops forever)',
    env: async () => ({ PORT: String(await freePort()), DATA_DIR: '/proc/backoffice-data' }),
    line: () =>
      /^DATA_DIR \/proc\/backoffice-data \(.*\) cannot be created: mkdir \/proc\/backoffice-data failed, .*; create it for the server's user or set DATA_DIR to a writable directory\.$/,
  },
  {
    problem: 'a DATA_DIR that is not writable',
    unprivileged: true,
    env: async () => ({ PORT: String(await freePort()), DATA_DIR: pathFor('read-only', 'read-only directory') }),
    line: ({ DATA_DIR }) =>
      `DATA_DIR ${DATA_DIR} (the PGlite database, uploads, the generated JWT secret) is not writable: permission denied (EACCES); ` +
      "give the server's user write access to it or set DATA_DIR to a writable directory.",
  },
  {
    problem: 'a DATA_DIR that cannot be created',
    unprivileged: true,
    env: async () => ({
      PORT: String(await freePort()),
      DATA_DIR: path.join(pathFor('read-only-parent', 'read-only directory'), 'data'),
    }),
    line: ({ DATA_DIR }) =>
      `DATA_DIR ${DATA_DIR} (the PGlite database, uploads, the generated JWT secret) cannot be created: mkdir ${DATA_DIR} failed, ` +
      "permission denied (EACCES); create it for the server's user or set DATA_DIR to a writable directory.",
  },
  {
    problem: 'a JWT secret file the server may not read',
    unprivileged: true,
    env: async () => {
      const dataDir = pathFor('foreign-secret', 'open directory');
      writeFileSync(path.join(dataDir, 'jwt-secret'), A_SECRET, { mode: 0o600 });
      chmodSync(path.join(dataDir, 'jwt-secret'), process.getuid?.() === 0 ? 0o600 : 0o000);
      return { PORT: String(await freePort()), DATA_DIR: dataDir };
    },
    line: ({ DATA_DIR }) =>
      `The JWT secret ${DATA_DIR}/jwt-secret cannot be read: permission denied (EACCES); ` +
      "give the server's user access to it, or set JWT_SECRET, or set DATA_DIR to a directory of that user.",
  },
  {
    problem: 'PostgreSQL with a DATA_DIR that is not writable (uploads still live there)',
    unprivileged: true,
    env: async () => ({
      PORT: String(await freePort()),
      DATA_DIR: pathFor('read-only-uploads', 'read-only directory'),
      DATABASE_URL: await closedPostgres(),
      JWT_SECRET: A_SECRET,
    }),
    line: ({ DATA_DIR }) =>
      `DATA_DIR ${DATA_DIR} (uploads) is not writable: permission denied (EACCES); ` +
      "give the server's user write access to it or set DATA_DIR to a writable directory.",
  },
  {
    problem: 'a PostgreSQL server that refuses connections',
    env: async () => ({
      PORT: String(await freePort()),
      DATA_DIR: pathFor('pg-refused'),
      DATABASE_URL: await closedPostgres(),
    }),
    line: ({ DATABASE_URL }) => {
      const port = new URL(DATABASE_URL).port;
      return (
        `PostgreSQL at 127.0.0.1:${port} refused the connection (connect ECONNREFUSED 127.0.0.1:${port}): ` +
        'start PostgreSQL there or correct the host and port in DATABASE_URL.'
      );
    },
  },
  {
    problem: 'an unknown PostgreSQL host',
    env: async () => ({
      PORT: String(await freePort()),
      DATA_DIR: pathFor('pg-unknown-host'),
      DATABASE_URL: 'postgres://app:S3cret-Pa55@nonexistent.invalid:5432/backoffice',
    }),
    line: () =>
      /^The PostgreSQL host "nonexistent\.invalid" is unknown \(getaddrinfo (ENOTFOUND|EAI_AGAIN) nonexistent\.invalid\): correct the host in DATABASE_URL\.$/,
  },
  ...withTestServer,
];

describe('start-up errors: one line, exit code 1, within seconds', () => {
  it.each(cases)(
    '$problem',
    async (startupCase) => {
      const env = await startupCase.env();
      const outcome = await startServer(env, { unprivileged: startupCase.unprivileged });
      const expected = startupCase.line(env);
      const message = outcome.output.replace(/\n$/, '');
      expect(message.startsWith('Cannot start the server: '), outcome.output).toBe(true);
      const line = message.slice('Cannot start the server: '.length);
      if (typeof expected === 'string') expect(line).toBe(expected);
      else expect(line).toMatch(expected);
      expect(outcome.output).not.toMatch(/^\s+at /m);
      expect(outcome.output).not.toContain('S3cret-Pa55');
      expect(outcome.code).toBe(1);
      expect(outcome.elapsedMs).toBeLessThan(15_000);
      // Checked before the database is opened: no PGlite directory was made.
      if (env.DATA_DIR && existsSync(env.DATA_DIR) && !env.DATA_DIR.startsWith('/proc')) {
        expect(existsSync(path.join(env.DATA_DIR, 'pglite'))).toBe(false);
      }
    },
    40_000,
  );
});
