// @ts-check
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
  // Without its compressed forms the build was cut short before it finished (buildApp's last step).
  if ([builtIndex, `${builtIndex}.br`, `${builtIndex}.gz`].some((file) => !existsSync(file))) return true;
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
  // Vite builds React's development code when NODE_ENV says development (`NODE_ENV=development npm start`, the
  // e2e suite): three times the JavaScript. The build is always the production one; the caller's NODE_ENV is
  // put back after it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel, mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await precompressTextFiles(path.join(root, 'dist'));
}

/** The built files that are text, and so worth compressing (pictures and fonts are compressed formats already). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `x.br` and `x.gz` beside each text file below `directory`, at the encoders' best (slow) settings
 * (about 4 s for the app's code on two cores): they run once per build, not once per request. The server sends them as they are (server/plugins/spa.ts).
 * Every text file gets both, however small, so that no asset is ever compressed per request.
 * @param {string} directory
 */
export async function precompressTextFiles(directory) {
  const files = readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const index = path.join(directory, 'index.html');
  // index.html's last: the build counts as done (isAppBuildStale) once its compressed forms exist.
  await Promise.all(files.filter((file) => file !== index).map(precompressFile));
  if (existsSync(index)) await precompressFile(index);
}

/**
 * Source maps are five times the code and fetched only by developer tools and error reports: at Brotli's
 * best they took 40 s of a 5 s build, at quality 5 one second for a tenth more bytes.
 */
const SOURCE_MAP_QUALITY = 5;

/** @param {string} file */
async function precompressFile(file) {
  const bytes = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: file.endsWith('.map')
          ? SOURCE_MAP_QUALITY
          : zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
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
    // initdb's template databases serve only CREATE DATABASE, which nothing does on the embedded database (one
    // database, one session): without them every start copies 600 files and 14 MB fewer, half of the template.
    for (const template of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${template}`);
    }
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
