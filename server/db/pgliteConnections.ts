import type { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { ConnectionQueue } from './pgliteQueue';

/** The wire-protocol connections to one PGlite: each socket given to `accept` is a connection of its own. */
export interface PgliteConnections {
  /** Serves the PostgreSQL wire protocol on `socket`; refused (destroyed) beyond the maximum. */
  accept(socket: Duplex): void;
  /** Ends every connection: open exchanges synced, open transactions rolled back. */
  closeAll(): Promise<void>;
}

export function servePgliteConnections(db: PGlite, maxConnections: number): PgliteConnections {
  const queue = new ConnectionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  return {
    accept(socket) {
      if (handlers.size >= maxConnections) return void socket.destroy();
      // The handler takes any object with the queue's methods; the package does not export its own class.
      const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
      handlers.add(handler);
      const forget = () => handlers.delete(handler);
      handler.addEventListener('close', forget);
      handler.addEventListener('error', forget);
      // Typed for `net.Socket`; it calls only what every socket here has (MemorySocket has the rest).
      handler.attach(socket as never).catch(() => {
        forget();
        socket.destroy();
      });
    },
    async closeAll() {
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      handlers.clear();
    },
  };
}
