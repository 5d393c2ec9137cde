import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const BUILD_TIMEOUT_MS = 300_000;

/**
 * Runs one of scripts/build.mjs's exports (`buildServer()`) in a child process: Vite's build sets NODE_ENV for the
 * process that runs it, and esbuild's service and the PGlite template would stay in the test's own process.
 */
export function runBuildScript(call: string): void {
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `await (await import('./scripts/build.mjs')).${call}`],
    { cwd: ROOT, encoding: 'utf8', timeout: BUILD_TIMEOUT_MS },
  );
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}

/** Builds the app and the server when missing or stale, as `npm start` would (a fresh clone builds both). */
export const buildWhenStale = (): void => runBuildScript('buildWhenStale()');
