import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse } from '../../domain/auth';
import type { Upload } from '../../domain/upload';
import { sweepOrphanUploads } from '../../server/services/uploadSweep';
import { freePort } from '../support/freePort';
import { startS3Server, type S3TestServer } from '../support/s3Server';
import { killStartedServers, spawnServer, waitForOutput, type ServerProcess } from '../support/serverProcess';
import { DEMO_PASSWORD, signIn, startTestServer, type TestServer } from './harness';
import { runOnServer } from './testDatabase';
import { multipartBody, postUploadParts, testPicture } from './uploadFixtures';

/**
 * Several API processes on one database serve each other's uploads when they share an object store
 * (STORAGE_URL), and do not when each keeps its files on its own disk.
 *
 * - Always (PGlite or PostgreSQL): two apps built in this process on one database, each with its own
 *   DATA_DIR, both with STORAGE_URL pointing at one s3rver bucket; and the negative control, two apps with the
 *   local-disk default, where the second answers 404 for the first's upload.
 * - With TEST_DATABASE_URL only: two real server processes (server/main.ts) on one fresh PostgreSQL database
 *   and one bucket. PGlite is one process's embedded database and cannot be shared, so this case exists only
 *   when a PostgreSQL server is given (CI's PostgreSQL run); the list of tests is decided when the file is
 *   collected, never skipped at run time.
 */

const JWT_SECRET = randomBytes(32).toString('hex');
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'x-content-type-options',
  'content-security-policy',
  'cross-origin-resource-policy',
  'cache-control',
  'content-disposition',
];

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const headersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(FILE_HEADERS.map((name) => [name, String(headers[name])]));

const pictureBytes = () => testPicture(120, 80).png().toBuffer();

async function uploadThrough(app: FastifyInstance, token: string): Promise<Upload> {
  const response = await postUploadParts(
    app,
    [{ bytes: await pictureBytes(), fileName: 'Shared poster.png', contentType: 'image/png' }],
    token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Upload>();
}

const get = (app: FastifyInstance, url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url });

function expectStrictFileHeaders(headers: Record<string, unknown>, contentType: string): void {
  expect(headers['content-type']).toBe(contentType);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none';sandbox");
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
}

describe('two API instances on one database', () => {
  const servers: TestServer[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = await startTestServer({ env: { JWT_SECRET, ...env } });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  describe('sharing one S3 bucket (STORAGE_URL)', () => {
    let a: TestServer;
    let b: TestServer;
    let token: string;
    beforeAll(async () => {
      const storageUrl = s3.storageUrl('in-process');
      a = await start({ STORAGE_URL: storageUrl });
      b = await start({ STORAGE_URL: storageUrl });
      token = (await signIn(a.app, 'root@demo.ch')).accessToken;
    });

    it('serve through one what was uploaded through the other, with the same bytes and strict headers', async () => {
      expect(a.dataDir).not.toBe(b.dataDir);
      const upload = await uploadThrough(a.app, token);
      for (const url of [upload.url, upload.previewUrl!]) {
        const [fromA, fromB] = [await get(a.app, url), await get(b.app, url)];
        expect(fromB.statusCode).toBe(200);
        expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
        expect(headersOf(fromB.headers)).toEqual(headersOf(fromA.headers));
        expectStrictFileHeaders(fromB.headers, url === upload.url ? 'image/png' : 'image/webp');
      }
      expect(Number((await get(b.app, upload.url)).headers['content-length'])).toBe(upload.sizeBytes);
      // The record too, with the token A signed: both know JWT_SECRET.
      const record = await b.app.inject({
        method: 'GET',
        url: `/api/v1/uploads/${upload.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(record.json<Upload>()).toEqual(upload);
    });

    it('stop serving through one what the other deleted', async () => {
      const upload = await uploadThrough(a.app, token);
      expect((await get(a.app, upload.url)).statusCode).toBe(200);
      // The orphan sweep is how uploads are deleted; B runs it, past the grace period of a fresh upload.
      const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
      const { deletedKeys } = await sweepOrphanUploads(b.db, b.app.storage, { now: later });
      expect(deletedKeys).toEqual(
        expect.arrayContaining([upload.url.split('/').pop(), upload.previewUrl!.split('/').pop()]),
      );
      expect((await get(a.app, upload.url)).statusCode).toBe(404);
      expect((await get(a.app, upload.previewUrl!)).statusCode).toBe(404);
      expect(await a.app.storage.open(upload.url.split('/').pop()!)).toBeNull();
    });

    it('send the same headers for a file from the bucket as for one from the local disk', async () => {
      const local = await start();
      const localToken = (await signIn(local.app, 'root@demo.ch')).accessToken;
      const [fromS3, fromDisk] = [await uploadThrough(a.app, token), await uploadThrough(local.app, localToken)];
      const [s3Answer, diskAnswer] = [await get(b.app, fromS3.url), await get(local.app, fromDisk.url)];
      expect(s3Answer.rawPayload.equals(diskAnswer.rawPayload)).toBe(true);
      const { date: _s3Date, ...s3Headers } = s3Answer.headers;
      const { date: _diskDate, ...diskHeaders } = diskAnswer.headers;
      expect(s3Headers).toEqual(diskHeaders);
    });
  });

  describe('each on its own disk (the default, no STORAGE_URL)', () => {
    it("answer 404 for the other's upload: the reason several processes need shared object storage", async () => {
      const a = await start();
      const b = await start();
      const token = (await signIn(a.app, 'root@demo.ch')).accessToken;
      const upload = await uploadThrough(a.app, token);
      expect((await get(a.app, upload.url)).statusCode).toBe(200);
      expect((await get(b.app, upload.url)).statusCode).toBe(404);
    });
  });
});

// ---- server processes ------------------------------------------------------------------------------------

const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL;

interface OriginProcess extends ServerProcess {
  origin: string;
}

const databaseUrlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

afterAll(() => killStartedServers());

/** server/main.ts as its own process, with the test's JWT_SECRET; never the test run's TEST_DATABASE_URL. */
function launchProcess(env: Record<string, string>, port: number): OriginProcess {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    PUBLIC_URL: origin,
    JWT_SECRET,
  });
  return { ...server, origin };
}

async function startProcess(env: Record<string, string>): Promise<OriginProcess> {
  const server = launchProcess(env, await freePort());
  await waitForOutput(server, /is running at/);
  return server;
}

async function stopProcess(server: OriginProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function signInOver(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'root@demo.ch', password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as SignInResponse).accessToken;
}

async function uploadOver(origin: string, token: string): Promise<Upload> {
  const { payload, headers } = multipartBody([
    { bytes: await pictureBytes(), fileName: 'Across processes.png', contentType: 'image/png' },
  ]);
  const response = await fetch(`${origin}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Upload;
}

async function fetchFile(
  origin: string,
  url: string,
): Promise<{ status: number; bytes: Buffer; headers: Record<string, string> }> {
  const response = await fetch(`${origin}${url}`);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: Object.fromEntries(response.headers),
  };
}

async function waitForStatus(origin: string, url: string, status: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetchFile(origin, url)).status !== status) {
    if (Date.now() > deadline) throw new Error(`${url} never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a server process with STORAGE_URL', () => {
  it('stops at start with one line when the bucket cannot be used, before opening the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-shared-'));
    try {
      const storageUrl = s3.storageUrl().replace('/backoffice-test', '/missing-bucket');
      const server = launchProcess({ STORAGE_URL: storageUrl, DATA_DIR: dataDir }, await freePort());
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /Cannot start the server: The object storage of STORAGE_URL, S3 bucket missing-bucket at http:\/\/127\.0\.0\.1:\d+, cannot be used \(HTTP 404 NotFound\): check the bucket name, the region and the credentials\./,
      );
      expect(server.output()).not.toContain('S3RVER:S3RVER');
      expect(readdirSync(dataDir)).not.toContain('pglite');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

if (POSTGRES_SERVER_URL) {
  describe('two server processes on one PostgreSQL with STORAGE_URL', () => {
    const databaseName = `shared_uploads_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const databaseUrl = databaseUrlOf(POSTGRES_SERVER_URL, databaseName);
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'backoffice-shared-')));
    const env = (dataDir: string) => ({
      DATABASE_URL: databaseUrl,
      STORAGE_URL: s3.storageUrl('processes'),
      DATA_DIR: dataDir,
    });

    beforeAll(async () => {
      await runOnServer(POSTGRES_SERVER_URL, `CREATE DATABASE "${databaseName}"`);
    });
    afterAll(async () => {
      killStartedServers();
      await runOnServer(POSTGRES_SERVER_URL, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });

    it('serve each other’s uploads and the demo pictures, and stop serving what the other deleted', async () => {
      // One after the other: the first migrates and seeds (its demo pictures go to the bucket).
      const a = await startProcess(env(dataDirs[0]));
      expect(a.output()).toMatch(
        /uploads: S3 bucket backoffice-test \(prefix processes\/\) at http:\/\/127\.0\.0\.1:\d+/,
      );
      expect(a.output()).not.toContain('S3RVER:S3RVER');
      let b = await startProcess(env(dataDirs[1]));

      const token = await signInOver(a.origin);
      const upload = await uploadOver(a.origin, token);
      for (const url of [upload.url, upload.previewUrl!]) {
        const [fromA, fromB] = [await fetchFile(a.origin, url), await fetchFile(b.origin, url)];
        expect(fromB.status).toBe(200);
        expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
        expect(headersOf(fromB.headers)).toEqual(headersOf(fromA.headers));
        expectStrictFileHeaders(fromB.headers, url === upload.url ? 'image/png' : 'image/webp');
      }
      // The demo logo A seeded is served by B, which never wrote a file.
      const demoLogo = await fetchFile(b.origin, '/api/v1/uploads/files/demo/gleis-7-club-logo.png');
      expect(demoLogo.status).toBe(200);
      expect(demoLogo.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      // A's token works on B: one JWT_SECRET.
      const record = await fetch(`${b.origin}/api/v1/uploads/${upload.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await record.json()).toEqual(upload);

      // Deleting is the orphan sweep, which runs when a server starts: age the upload past its grace period
      // and restart B; then A no longer serves it.
      await runOnServer(
        databaseUrl,
        `UPDATE uploads SET created_at = now() - interval '30 days' WHERE id = ${upload.id}`,
      );
      await stopProcess(b);
      b = await startProcess(env(dataDirs[1]));
      await waitForStatus(a.origin, upload.url, 404);
      expect((await fetchFile(a.origin, upload.previewUrl!)).status).toBe(404);
      expect((await fetchFile(b.origin, upload.url)).status).toBe(404);

      await stopProcess(a);
      await stopProcess(b);
    }, 300_000);
  });
}
