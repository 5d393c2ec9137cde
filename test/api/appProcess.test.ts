import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';
import { killStartedServers, spawnServer, waitForOutput, type ServerProcess } from '../support/serverProcess';
import { DEMO_PASSWORD } from './harness';
import { initialiseDataDirectory } from './testDatabase';

/**
 * The real process (server/main.ts) on a PGlite data directory: the directory lock, the start banner and
 * the graceful shutdown. Always PGlite: the lock only concerns the embedded database.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-process-'));
// Its database initialised as the build's template leaves a new one: the first start still migrates and seeds.
// PGlite's own initdb on disk is embeddedDatabase.test.ts's to exercise.
beforeAll(() => initialiseDataDirectory(dataDir), 60_000);
afterAll(() => {
  killStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const startProcess = (port: number): ServerProcess =>
  spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });

/** The demo root's sign-in over HTTP: the process serves the seeded accounts. */
const signInAsRoot = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'root@demo.ch', password: DEMO_PASSWORD }),
  });

describe('the server process', () => {
  it('prints its URL and the demo accounts, refuses a second process on the same DATA_DIR, and stops cleanly', async () => {
    const port = await freePort();
    const first = startProcess(port);
    await waitForOutput(first, /is running at/);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    expect(first.output()).toMatch(/root@demo\.ch\s+ROOT/);
    expect(first.output()).toMatch(/coordinator-full@demo\.ch\s+COORDINATOR_ADMIN_FULL/);
    expect((await signInAsRoot(port)).status).toBe(200);

    const second = startProcess(await freePort());
    const started = Date.now();
    expect(await second.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.output()).toMatch(
      /Cannot start the server: The data directory .* is in use by another process \(pid \d+\)/,
    );
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
  }, 180_000);

  it('starts again on the same directory with the data kept and no second seed', async () => {
    const port = await freePort();
    const again = startProcess(port);
    await waitForOutput(again, /is running at/);
    expect(again.output()).not.toContain('(just created)');
    expect((await signInAsRoot(port)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('stops at once with a clear message when a variable is wrong', async () => {
    const wrong = startProcess(0);
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain('Invalid environment variables:');
    expect(wrong.output()).toContain('PORT: must be an integer between 1 and 65535');
  }, 60_000);
});
