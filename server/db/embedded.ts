import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDirectory } from '../config/dataDirectory';
import { acquireDirectoryLock, type DirectoryLock } from './lock';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pgliteWorker';

/**
 * The embedded database (PGlite) in its own thread, behind a Unix socket (pgliteWorker.ts). Only Node's own
 * modules load here, so that the server starts this thread first and loads Fastify, Drizzle and the services
 * while the thread copies its files and starts PGlite; openDatabase (client.ts) then connects to it.
 */

export interface EmbeddedDatabase {
  /** The directory of the socket `.s.PGSQL.5432`, which is how node-postgres is given a Unix socket. */
  socketDirectory: string;
  /** Closes the connections and PGlite (its files then consistent), waits for the thread to end, unlocks the directory. */
  stop(): Promise<void>;
}

/** A new PGlite database, initialised and migrated by the build beside the bundle (scripts/build.mjs); absent in the sources. */
const pgliteTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/** Where under DATA_DIR the embedded database keeps its files. */
export const pgliteDirectoryOf = (dataDir: string): string => path.join(dataDir, 'pglite');

/** Connections of the pool, on either engine. On PGlite they take turns (pgliteQueue.ts), a transaction at a time. */
export const POOL_SIZE = 10;

/**
 * PGlite under `dataDir` (created if missing, locked against a second process), or in memory without one.
 * The directory's problems, a lock held by another server and PGlite's own failures reject the promise.
 */
export async function startEmbeddedDatabase(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    createDirectory(dataDir);
    lock = acquireDirectoryLock(dataDir);
  }
  try {
    const worker = await startPgliteWorker(dataDir);
    return {
      socketDirectory: worker.socketDirectory,
      stop: async () => {
        await worker.stop();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

interface PgliteWorker {
  /** The directory of the socket `.s.PGSQL.5432`, which is how node-postgres is given a Unix socket. */
  socketDirectory: string;
  /** Closes the connections and PGlite (its files then consistent) and waits for the thread to end. */
  stop(): Promise<void>;
}

/** The socket's name: the one node-postgres derives from the default port. */
const SOCKET_NAME = '.s.PGSQL.5432';
/** Room for a socket path: 108 bytes on Linux, 104 on macOS and the BSDs, the terminating zero included. */
const MAX_SOCKET_PATH = 100;

/**
 * The socket lives in the data directory, private to the user who owns it and reachable from no network;
 * where that path is too long for a socket, or without a data directory, in a private temporary directory.
 */
function socketDirectoryFor(dataDir: string | undefined): { directory: string; temporary: boolean } {
  if (dataDir && Buffer.byteLength(path.join(path.resolve(dataDir), SOCKET_NAME)) <= MAX_SOCKET_PATH) {
    return { directory: path.resolve(dataDir), temporary: false };
  }
  return { directory: mkdtempSync(path.join(tmpdir(), 'backoffice-pglite-')), temporary: true };
}

/**
 * The built server runs `pgliteWorker.js` beside its bundle; from the sources (tsx, Vitest) a small JavaScript
 * file registers tsx in the thread first (pgliteWorkerFromSources.mjs).
 */
const workerEntry = (): URL =>
  new URL(import.meta.url.endsWith('.ts') ? './pgliteWorkerFromSources.mjs' : './pgliteWorker.js', import.meta.url);

async function startPgliteWorker(dataDir: string | undefined): Promise<PgliteWorker> {
  const socket = socketDirectoryFor(dataDir);
  const removeSocketDirectory = () => {
    if (socket.temporary) rmSync(socket.directory, { recursive: true, force: true });
  };
  const workerData: PgliteWorkerData = {
    dataDir: dataDir ? pgliteDirectoryOf(dataDir) : undefined,
    socketPath: path.join(socket.directory, SOCKET_NAME),
    maxConnections: POOL_SIZE * 2,
    templateDir: pgliteTemplate,
  };
  // The thread's JavaScript only passes messages between the socket and PGlite: a young generation of 8 MB
  // (V8 lets it grow several times that) keeps about 5 MB less resident (bench/startup.ts).
  const worker = new Worker(workerEntry(), { workerData, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: PgliteWorkerMessage) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(Object.assign(new Error(message.message), { stack: message.stack }));
      });
      void exited.then((code) =>
        reject(new Error(`The embedded database stopped while starting (exit code ${code}).`)),
      );
    });
  } catch (error) {
    await worker.terminate();
    removeSocketDirectory();
    throw error;
  }
  // After the start: a crash of the database thread is reported, never thrown into the server's event loop.
  worker.on('error', (error) => console.error('The embedded database failed:', error));
  return {
    socketDirectory: socket.directory,
    stop: async () => {
      worker.postMessage({ kind: 'close' });
      await exited;
      removeSocketDirectory();
    },
  };
}
