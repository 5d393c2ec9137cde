import { Duplex } from 'node:stream';

/**
 * Two ends of a connection inside one process, each with the methods of `net.Socket` that node-postgres (as a
 * client) and PGlite's socket handler (as a server) call: what one end writes, the other reads.
 */
export class MemorySocket extends Duplex {
  peer: MemorySocket | undefined;
  readonly remoteAddress = 'memory';
  readonly remotePort = 0;

  constructor() {
    // As a TCP socket: when the peer ends, this end ends too, and both close.
    super({ allowHalfOpen: false });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.peer?.push(chunk);
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = undefined;
    if (peer && !peer.destroyed) {
      peer.push(null);
      peer.peer = undefined;
      peer.destroy();
    }
    done(error);
  }

  /** Already connected: says so on the next turn, as a socket does once its connection is made. */
  connect(): this {
    setImmediate(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }
}

export function memorySocketPair(): [MemorySocket, MemorySocket] {
  const client = new MemorySocket();
  const server = new MemorySocket();
  client.peer = server;
  server.peer = client;
  return [client, server];
}
