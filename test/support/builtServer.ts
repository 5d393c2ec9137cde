import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServerBuildStale, SERVER_ENTRY } from '../../scripts/build.mjs';
import { BUILD_TIMEOUT_MS, runBuildScript } from './build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as production runs it: the built bundle (scripts/build.mjs) under plain `node`. The tests that start
 * the server as a process of its own use it rather than server/main.ts through tsx, which compiled the sources at
 * every start: about a second more CPU for each of the few dozen starts of a run (bench/results/test-suite.md).
 * Such a test file calls `beforeAll(buildServerWhenStale, SERVER_BUILD_TIMEOUT_MS)` first.
 */
export const BUILT_SERVER_ARGS = [path.join(ROOT, SERVER_ENTRY)];

/** `buildServerWhenStale`'s hook: it may wait for another worker's build before making its own. */
export const SERVER_BUILD_TIMEOUT_MS = 2 * BUILD_TIMEOUT_MS;

/** One build at a time for this checkout: the files of a run that need it may start together, in two workers. */
const BUILD_LOCK = path.join(tmpdir(), `backoffice-server-build-${Buffer.from(ROOT).toString('hex').slice(-40)}`);
/** A lock older than the longest build was left by a run that was killed. */
const ABANDONED_LOCK_MS = BUILD_TIMEOUT_MS;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function holdBuildLock(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      return () => rmSync(BUILD_LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false }); // gone already when its holder just released it
      if (lock && Date.now() - lock.mtimeMs > ABANDONED_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      await pause(250);
    }
  }
}

/**
 * Builds the server when its bundle is missing or older than its sources, as `npm start` does. Only the files
 * that start the server pay for it, so one API test file after a change to the server does not wait for a build.
 */
export async function buildServerWhenStale(): Promise<void> {
  if (!isServerBuildStale()) return;
  const release = await holdBuildLock();
  try {
    if (!isServerBuildStale()) return; // another worker built it while this one waited
    runBuildScript('buildServer()');
  } finally {
    release();
  }
}
