import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { memorySocketPair } from '../../server/db/memorySocket';

const nextData = async (socket: NodeJS.ReadableStream): Promise<string> => String((await once(socket, 'data'))[0]);

describe('memorySocketPair', () => {
  it('says it is connected, as a socket does, and carries what one end writes to the other, both ways', async () => {
    const [client, server] = memorySocketPair();
    const connected = once(client, 'connect');
    client.connect();
    await connected;
    client.write('startup');
    expect(await nextData(server)).toBe('startup');
    server.write('ready');
    expect(await nextData(client)).toBe('ready');
  });

  it('closes both ends when one ends, as a TCP socket does (no half-open connection)', async () => {
    const [client, server] = memorySocketPair();
    const closed = Promise.all([once(client, 'close'), once(server, 'close')]);
    client.resume();
    server.resume();
    client.end();
    await closed;
    expect(server.writable).toBe(false);
  });

  it('ends the other side when one is destroyed', async () => {
    const [client, server] = memorySocketPair();
    const serverClosed = once(server, 'close');
    server.resume();
    client.destroy();
    await serverClosed;
    expect(server.destroyed).toBe(true);
  });
});
