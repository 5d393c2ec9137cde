import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';
import { spawnServer, waitForOutput, type ServerProcess } from '../support/serverProcess';
import { buildWhenStale } from '../support/build';
import { DEFAULT_DEMO_PASSWORD as DEMO_PASSWORD } from '../../server/config';

/**
 * What production runs: the server built into plain JavaScript (`npm run build`, scripts/build.mjs) under
 * plain `node`, and `npm start`, which process managers and terminals signal. SIGTERM or SIGINT sent to
 * the npm process must stop the server gracefully and leave no process behind, the data directory's lock
 * released. All on one PGlite data directory, one start after the other: each start also proves that the
 * previous one released the lock.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-built-'));
const children: ChildProcess[] = [];

// The global set-up built already, unless the suite runs against a product started elsewhere (E2E_BASE_URL).
beforeAll(buildWhenStale, 320_000);

afterAll(() => {
  // Whatever a failed test left running: each child leads its own process group.
  for (const child of children)
    if (child.pid && processesInGroup(child.pid).length > 0) process.kill(-child.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A command of the product as a terminal or a process manager starts it: in a process group of its own. */
function start(command: string, args: string[], port: number): ServerProcess {
  const server = spawnServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    { command, args, cwd: ROOT, detached: true },
  );
  children.push(server.child);
  return server;
}

const waitForBanner = (started: ServerProcess) => waitForOutput(started, /is running at/);

/** The processes of a process group (the started command and everything it started). */
function processesInGroup(groupId: number): string[] {
  const listing = execFileSync('ps', ['-A', '-o', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, pgid]) => pgid === String(groupId) && pid !== undefined)
    .map((fields) => fields.join(' '));
}

async function waitForEmptyGroup(groupId: number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let left = processesInGroup(groupId);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesInGroup(groupId);
  }
  return left;
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

describe('npm start and signals', () => {
  it.each([
    ['SIGTERM to the npm process (a process manager)', 'npm' as const, 'SIGTERM' as const],
    ['SIGINT to the npm process', 'npm' as const, 'SIGINT' as const],
    ['SIGINT to the whole process group (Ctrl-C in a terminal)', 'group' as const, 'SIGINT' as const],
  ])(
    '%s stops the server gracefully and leaves no process behind',
    async (_name, target, signal) => {
      const port = await freePort();
      const npm = start('npm', ['start'], port);
      await waitForBanner(npm);
      expect((await signInAsRoot(port)).status).toBe(200);
      const groupId = npm.child.pid as number;
      expect(processesInGroup(groupId).length).toBeGreaterThan(0);

      process.kill(target === 'npm' ? groupId : -groupId, signal);
      const left = await waitForEmptyGroup(groupId, 15_000);
      expect(left, npm.output()).toEqual([]);
      expect(await npm.exited).toBe(0);
      expect(npm.output()).toContain(`${signal} received: finishing requests and closing the database`);
      expect(npm.output()).not.toContain('again: exiting without waiting');
      expect(existsSync(lockFile)).toBe(false);
    },
    180_000,
  );
});
