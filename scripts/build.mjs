// @ts-check
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build`: the browser app with Vite into dist/, the server with esbuild into dist-server/ (plain
 * JavaScript that `node` runs, no TypeScript at run time). `npm start` (scripts/start.mjs) calls the same
 * functions for whichever build is missing or older than its sources. Plain JavaScript, so that it runs
 * before anything is built.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Everything Vite reads to build the app. */
export const APP_SOURCES = [
  'src',
  'resources',
  'providers',
  'domain',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  '.env',
];

/**
 * The built server. It sits one level below the repository root, as server/*.ts do, so that the paths the
 * server derives from its own location (dist/ for the app, in server/app.ts) hold for both; the migrations
 * it applies are copied next to it (server/db/client.ts reads `migrations/` beside itself).
 */
export const SERVER_OUT_DIR = 'dist-server';
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');
/** esbuild's record of every file the bundle was made from: the server build is stale when one changed. */
const SERVER_INPUTS = path.join(SERVER_OUT_DIR, 'inputs.json');
const MIGRATIONS = path.join('server', 'db', 'migrations');
/** A new PGlite data directory, initialised and migrated here: the server copies it (makePgliteTemplate). */
const PGLITE_TEMPLATE = 'pglite-template';

/**
 * The newest modification time (ms) of a file or of any file below a directory; 0 when absent.
 * @param {string} target
 * @returns {number}
 */
export function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only in its directory's time
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

/** @param {string} [root] */
export function isAppBuildStale(root = ROOT) {
  const builtIndex = path.join(root, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return APP_SOURCES.some((source) => newestModification(path.join(root, source)) > builtAt);
}

/**
 * Stale when the bundle or its record of inputs is missing, or when an input (this script included) or a
 * migration changed since (a deleted input shows as missing; a new file shows through the input that imports it).
 * @param {string} [root]
 */
export function isServerBuildStale(root = ROOT) {
  const entry = path.join(root, SERVER_ENTRY);
  const inputsFile = path.join(root, SERVER_INPUTS);
  if (!existsSync(entry) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(entry).mtimeMs;
  /** @type {string[]} */
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  // The lock file: the PGlite template belongs to the installed PGlite.
  return [...inputs, MIGRATIONS, 'package-lock.json'].some((source) => {
    const file = path.join(root, source);
    return !existsSync(file) || newestModification(file) > builtAt;
  });
}

/**
 * @param {string} [root]
 * @param {'info' | 'warn'} [logLevel] Vite's file list, or only its warnings
 */
export async function buildApp(root = ROOT, logLevel = 'warn') {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel, mode: 'production' });
}

/** @param {string} [root] */
export async function buildServer(root = ROOT) {
  const esbuild = await import('esbuild');
  const outdir = path.join(root, SERVER_OUT_DIR);
  rmSync(outdir, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      // The embedded database's thread is an entry of its own, written beside the chunks that start it
      // (server/db/client.ts looks for it beside itself).
      entryPoints: { main: 'server/main.ts', pgliteWorker: 'server/db/pgliteWorker.ts' },
      outdir,
      bundle: true,
      // Dependencies stay in node_modules, loaded by Node as they are (native ones like sharp and argon2 included).
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // Separate chunks keep main.ts's late imports late: the start-up checks run before Fastify and the databases
      // load.
      splitting: true,
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
    });
    const bundled = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
    const inputs = [...bundled, path.relative(root, fileURLToPath(import.meta.url))];
    cpSync(path.join(root, MIGRATIONS), path.join(outdir, 'migrations'), { recursive: true });
    await makePgliteTemplate(path.join(outdir, PGLITE_TEMPLATE), path.join(outdir, 'migrations'));
    // Written last: an interrupted build has no record of inputs and counts as stale.
    writeFileSync(path.join(root, SERVER_INPUTS), JSON.stringify(inputs, null, 1));
  } finally {
    // esbuild runs as a child process; stopping it leaves the server process without children.
    await esbuild.stop();
  }
}

/**
 * A new PGlite database, initialised and migrated here: a server starting on an empty DATA_DIR copies this
 * directory (server/db/pgliteWorker.ts) instead of running PGlite's initdb, which takes seconds and leaves
 * hundreds of megabytes in the process that ran it, and the migrations, which take seconds more over the
 * socket. Migrations added later apply at start as usual. The extensions are server/db/pgliteExtensions.ts's.
 * @param {string} directory
 * @param {string} migrationsFolder
 */
async function makePgliteTemplate(directory, migrationsFolder) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ dataDir: directory, extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
}

/**
 * Builds what is missing or stale, saying so; with `force`, both.
 * @param {{ force?: boolean, root?: string, log?: (line: string) => void }} [options]
 */
export async function buildWhenStale({ force = false, root = ROOT, log = console.log } = {}) {
  if (force || isAppBuildStale(root)) {
    log(
      existsSync(path.join(root, 'dist', 'index.html')) && !force
        ? 'The app sources changed: rebuilding the app…'
        : 'Building the app…',
    );
    await buildApp(root, force ? 'info' : 'warn');
  }
  if (force || isServerBuildStale(root)) {
    log(
      existsSync(path.join(root, SERVER_ENTRY)) && !force
        ? 'The server sources changed: rebuilding the server…'
        : 'Building the server…',
    );
    await buildServer(root);
  }
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  buildWhenStale({ force: true }).catch((/** @type {unknown} */ error) => {
    console.error('The build failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
