import path from 'node:path';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main } from './main';

/**
 * `npm start`: builds the app with Vite when dist/ is missing or older than any of its sources, then runs
 * the server (server/main.ts). A fresh clone therefore needs nothing but `npm install && npm start`.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT_INDEX = path.join(ROOT, 'dist', 'index.html');
/** Everything Vite reads to build the app. */
export const APP_SOURCES = ['src', 'resources', 'providers', 'domain', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', '.env'];

/** The newest modification time (ms) of a file or of any file below a directory; 0 when absent. */
export function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only in its directory's time
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

export function isBuildStale(root = ROOT): boolean {
  const builtIndex = path.join(root, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return APP_SOURCES.some((source) => newestModification(path.join(root, source)) > builtAt);
}

async function buildApp(): Promise<void> {
  console.log(existsSync(BUILT_INDEX) ? 'The app sources changed: rebuilding…' : 'Building the app (first start)…');
  const { build } = await import('vite');
  await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
}

async function start(): Promise<void> {
  // Vite's build sets process.env.NODE_ENV to "production"; the server reads the environment it was given.
  const environment = { ...process.env };
  if (isBuildStale()) {
    try {
      await buildApp();
    } catch (error) {
      console.error('Cannot build the app:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  restoreNodeEnv(environment.NODE_ENV);
  await main(environment);
}

function restoreNodeEnv(nodeEnv: string | undefined): void {
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) void start();
