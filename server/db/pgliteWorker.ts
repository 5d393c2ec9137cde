import { chmodSync, cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pgliteExtensions';
import { servePgliteConnections } from './pgliteConnections';

/**
 * The embedded database's own thread: PGlite runs here, off the event loop that serves HTTP (a long query
 * used to stop every request), and answers the PostgreSQL wire protocol on a Unix socket, so that the server
 * speaks to it through node-postgres as it does to PostgreSQL. Started and stopped by openDatabase
 * (client.ts); the messages it exchanges with it are `PgliteWorkerMessage`.
 */

export interface PgliteWorkerData {
  /** PGlite's directory; undefined for an in-memory database. */
  dataDir: string | undefined;
  socketPath: string;
  maxConnections: number;
  /** A new data directory, initialised and migrated by the build (dist-server/pglite-template), if there is one. */
  templateDir: string | undefined;
}

export type PgliteWorkerMessage =
  { kind: 'ready' } | { kind: 'failed'; message: string; stack: string | undefined } | { kind: 'closed' };

if (!parentPort) throw new Error('pgliteWorker.ts runs as a worker thread started by openDatabase.');
const port = parentPort;
const send = (message: PgliteWorkerMessage) => port.postMessage(message);

interface SocketServer {
  stop(): Promise<void>;
}

/** The wire protocol on `socketPath`, readable by this user only; one handler per connection, one queue for PGlite. */
async function serve(db: PGlite, socketPath: string, maxConnections: number): Promise<SocketServer> {
  const connections = servePgliteConnections(db, maxConnections);
  const server: Server = createServer((socket) => connections.accept(socket));
  // A socket file left by a process that was killed; the directory lock says that process is gone.
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await connections.closeAll();
      await closed;
    },
  };
}

/**
 * PostgreSQL's own default, 128 MB, is memory PGlite touches at every start (more than the rest of the
 * database together); 32 MB hold the demo data many times over, and what does not fit is read from the
 * files, which the system caches.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * A new database starts as a copy of the build's template, initialised and migrated (scripts/build.mjs):
 * PGlite's initdb takes seconds and leaves hundreds of megabytes behind in this thread. Copied beside the target and renamed, so that a start
 * stopped halfway leaves no half-copied database. Without a template (running from the sources) PGlite
 * runs initdb itself.
 */
function copyTemplate(dataDir: string, templateDir: string | undefined): void {
  if (!templateDir || !existsSync(path.join(templateDir, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const draft = `${dataDir}.new-${process.pid}`;
  rmSync(draft, { recursive: true, force: true });
  cpSync(templateDir, draft, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(draft, dataDir);
}

async function start({ dataDir, socketPath, maxConnections, templateDir }: PgliteWorkerData): Promise<void> {
  let db: PGlite | undefined;
  try {
    if (dataDir) copyTemplate(dataDir, templateDir);
    db = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
      startParams: START_PARAMS,
    });
    const server = await serve(db, socketPath, maxConnections);
    const open = db;
    port.once('message', () => {
      // The only message is the request to stop: connections closed, then PGlite, so its files are consistent.
      void (async () => {
        await server.stop();
        await open.close();
        send({ kind: 'closed' });
        port.close();
      })();
    });
    send({ kind: 'ready' });
  } catch (error) {
    await db?.close().catch(() => undefined);
    const failure = error instanceof Error ? error : new Error(String(error));
    send({ kind: 'failed', message: failure.message, stack: failure.stack });
    port.close();
  }
}

void start(workerData as PgliteWorkerData);
