import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the app and the server when missing or stale, as `npm start` would (a fresh clone builds both), in a
 * child process: Vite's build sets NODE_ENV for the process that runs it.
 */
export function buildWhenStale(): void {
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).buildWhenStale()"],
    { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
  );
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}
