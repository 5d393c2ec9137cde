import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from '../../scripts/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server as production runs it: the built bundle (scripts/build.mjs) under plain `node`. The tests that start
 * the server as a process of its own use it rather than server/main.ts through tsx, which compiled the sources at
 * every start: about a second more CPU for each of the few dozen starts of a run (bench/results/test-suite.md).
 */
export const BUILT_SERVER_ARGS = [path.join(ROOT, SERVER_ENTRY)];

/**
 * Builds the server when its bundle is missing or older than its sources, as `npm start` does; in a child process,
 * so that the build's esbuild service and PGlite template leave nothing in the test run's own process.
 */
export function buildServerWhenStale(): void {
  const script = `const build = await import('./scripts/build.mjs');
if (build.isServerBuildStale()) { console.log('Building the server for the tests that start it…'); await build.buildServer(); }`;
  const build = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (build.status !== 0) throw new Error(`the server build failed:\n${build.stderr}`);
}
