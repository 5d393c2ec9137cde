import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServerBuildStale, SERVER_ENTRY } from '../../scripts/build.mjs';
import { runBuildScript } from './build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as production runs it: the built bundle (scripts/build.mjs) under plain `node`. The tests that start
 * the server as a process of its own use it rather than server/main.ts through tsx, which compiled the sources at
 * every start: about a second more CPU for each of the few dozen starts of a run (bench/results/test-suite.md).
 */
export const BUILT_SERVER_ARGS = [path.join(ROOT, SERVER_ENTRY)];

/**
 * Builds the server when its bundle is missing or older than its sources, as `npm start` does: in the API
 * project's global set-up (test/api/serverBuild.ts), before any test runs. Built beside the tests instead, its
 * seconds of CPU fell on whichever files ran then, and one timing test failed under it.
 */
export function buildServerWhenStale(): void {
  if (isServerBuildStale()) runBuildScript('buildServer()');
}
