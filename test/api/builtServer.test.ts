import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';
import { DEMO_PASSWORD } from './harness';

/**
 * What production runs: the server built into plain JavaScript (`npm run build`, scripts/build.mjs) under
 * plain `node`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-built-'));
const children: ChildProcess[] = [];

beforeAll(() => {
  // Builds only what is missing or stale, as `npm start` would; a fresh clone builds both here.
  const build = spawnSync(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).buildWhenStale()"], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}, 320_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(command: string, args: string[], port: number): Started {
  const { TEST_DATABASE_URL: _ignored, DATABASE_URL: _alsoIgnored, ...env } = process.env;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForBanner(started: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/is running at/.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`exited (${started.child.exitCode}):\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`no banner within ${timeoutMs} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const signInAsRoot = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'root@demo.ch', password: DEMO_PASSWORD }),
  });

const lockFile = path.join(dataDir, '.lock');

describe('the built server', () => {
  it('runs under plain node: migrates, seeds, serves the app and the API, stops on SIGTERM', async () => {
    const port = await freePort();
    const server = start(process.execPath, ['dist-server/main.js'], port);
    await waitForBanner(server);
    expect(server.output()).not.toMatch(/tsx/);
    expect((await signInAsRoot(port)).status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/events`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});
