import type { PGlite } from '@electric-sql/pglite';
import { deallocateStatement, qualifyStatementName, statementNamePrefix } from './pgliteStatementNames';

/**
 * Lets several wire-protocol connections share one PGlite, which has a single session. A connection keeps
 * PGlite from its first message until its exchange is complete: inside a transaction block (so the
 * statements of two transactions never interleave), and inside an extended-protocol exchange, from Parse to
 * Sync (so another connection's Parse never replaces the unnamed statement between this one's Parse and
 * Bind). The queue of @electric-sql/pglite-socket keeps only the first: a message larger than one socket
 * read (a few dozen kilobytes of parameters) arrives in two reads, another connection's exchange ran in
 * between, and the first one failed ("bind message supplies 2 parameters, but prepared statement "" requires
 * 1"). This class has the shape of that package's queue, which its PGLiteSocketHandler drives.
 *
 * Each connection's prepared statements get names of their own in the shared session (pgliteStatementNames.ts),
 * and are deallocated when the connection goes.
 */

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

/** Frontend messages after which more of the same exchange follows: Parse, Bind, Describe, Execute, Close, Flush, CopyData. */
const EXCHANGE_CONTINUES = new Set(['P', 'B', 'D', 'E', 'C', 'H', 'd'].map((type) => type.charCodeAt(0)));
/** A Sync message: ends whatever extended-protocol exchange a vanished connection left open. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

export class ConnectionQueue {
  readonly #db: PGlite;
  #waiting: Pending[] = [];
  /** The connection that holds PGlite between its messages, or null when any connection may go next. */
  #owner: number | null = null;
  #running: Pending | undefined;
  #draining = false;
  /** Connections gone while they held PGlite (or while their message ran): their exchange is ended for them. */
  readonly #departed = new Set<number>();
  /** The named statements each connection prepared, as PGlite knows them. */
  readonly #prepared = new Map<number, Set<string>>();
  /** Statements of connections that have gone, deallocated when no connection holds PGlite. */
  #abandoned: string[] = [];

  constructor(db: PGlite) {
    this.#db = db;
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ handlerId, message, onData, resolve, reject });
      void this.#drain();
    });
  }

  /** A connection closed: its messages not yet run never will be. */
  clearQueueForHandler(handlerId: number): void {
    const [theirs, others] = partition(this.#waiting, (pending) => pending.handlerId === handlerId);
    this.#waiting = others;
    for (const pending of theirs) pending.reject(new Error('The connection closed.'));
  }

  /**
   * A connection closed: if it held PGlite, its open exchange is synced and its transaction rolled back; its
   * prepared statements are deallocated.
   */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    const prepared = this.#prepared.get(handlerId);
    this.#prepared.delete(handlerId);
    if (prepared) this.#abandoned.push(...prepared);
    if (this.#owner === handlerId || this.#running?.handlerId === handlerId) this.#departed.add(handlerId);
    await this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      for (;;) {
        if (this.#owner !== null && this.#departed.has(this.#owner)) await this.#release(this.#owner);
        if (this.#owner === null && this.#abandoned.length > 0) await this.#deallocateAbandoned();
        const next = this.#takeNext();
        if (!next) break;
        await this.#run(next);
      }
    } finally {
      this.#draining = false;
    }
  }

  #takeNext(): Pending | undefined {
    const index = this.#owner === null ? 0 : this.#waiting.findIndex((pending) => pending.handlerId === this.#owner);
    if (index < 0 || index >= this.#waiting.length) return undefined;
    return this.#waiting.splice(index, 1)[0];
  }

  async #run(pending: Pending): Promise<void> {
    this.#running = pending;
    let bytes = 0;
    try {
      const message = this.#withOwnStatementName(pending);
      await this.#db.runExclusive(() =>
        this.#db.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            pending.onData(data);
          },
        }),
      );
      this.#owner = this.#holdsAfter(pending.message) ? pending.handlerId : null;
      pending.resolve(bytes);
    } catch (error) {
      this.#owner = null;
      pending.reject(error as Error);
    } finally {
      this.#running = undefined;
      if (this.#owner !== pending.handlerId) this.#departed.delete(pending.handlerId);
    }
  }

  /** The message with the statement name it carries made the sender's own, which is then noted or forgotten. */
  #withOwnStatementName({ handlerId, message }: Pending): Uint8Array {
    const qualified = qualifyStatementName(message, statementNamePrefix(handlerId));
    if (qualified.prepared) {
      const prepared = this.#prepared.get(handlerId) ?? new Set<string>();
      this.#prepared.set(handlerId, prepared.add(qualified.prepared));
    }
    if (qualified.closed) this.#prepared.get(handlerId)?.delete(qualified.closed);
    return qualified.message;
  }

  /**
   * One by one, because a Parse that failed left a name noted that PGlite never prepared: its DEALLOCATE fails
   * alone.
   */
  async #deallocateAbandoned(): Promise<void> {
    const names = this.#abandoned;
    this.#abandoned = [];
    for (const name of names) await this.#db.exec(deallocateStatement(name)).catch(() => undefined);
  }

  /** Whether the sender keeps PGlite after this message: its exchange goes on, or its transaction is open. */
  #holdsAfter(message: Uint8Array): boolean {
    return EXCHANGE_CONTINUES.has(message[0] as number) || this.#db.isInTransaction();
  }

  async #release(handlerId: number): Promise<void> {
    this.#owner = null;
    this.#departed.delete(handlerId);
    await this.#db.runExclusive(() => this.#db.execProtocolRaw(SYNC));
    if (this.#db.isInTransaction()) await this.#db.exec('ROLLBACK');
  }
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
