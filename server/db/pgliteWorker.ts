import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { PGLITE_EXTENSIONS } from './pgliteExtensions';
import { ConnectionQueue } from './pgliteQueue';

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
  const queue = new ConnectionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket) => {
    if (handlers.size >= maxConnections) return void socket.destroy();
    // The handler takes any object with the queue's methods; the package does not export its own class.
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  });
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
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      handlers.clear();
      await closed;
    },
  };
}

async function start({ dataDir, socketPath, maxConnections }: PgliteWorkerData): Promise<void> {
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
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
