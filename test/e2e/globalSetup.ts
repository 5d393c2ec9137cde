import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../support/freePort';
import { buildWhenStale } from '../support/build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the product as `npm start` does (the built server under plain node: what production runs; migrate,
 * seed, serve) on a fresh data directory.
 */
async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'development',
      SIGN_INS_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${baseUrl}/`, child, 240_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output.join('')}`, { cause: error });
  }
  return { baseUrl, stop };
}

/**
 * One product per worker, each on its own data directory: the files run two at a time, each against the
 * product its worker owns, so no file sees another's records half-way. A serial run left a third of the two
 * cores idle (Chromium and the server take turns).
 */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL runs the suite against a product that is already running (while developing the tests).
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrls', [process.env.E2E_BASE_URL]);
    return undefined;
  }
  // Once, before the servers start: each would build otherwise.
  buildWhenStale();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  return stopAll;
}
