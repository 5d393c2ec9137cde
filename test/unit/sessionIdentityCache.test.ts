import { describe, expect, it } from 'vitest';
import { SessionIdentityCache } from '../../server/services/sessionIdentityCache';

const SESSION = '00000000-0000-4000-8000-000000000001';
const OTHER_SESSION = '00000000-0000-4000-8000-000000000002';

/** A cache on clocks the test moves: the sessions' (wall time) and the entries' age (monotonic). */
function cacheWithClocks(maxAgeMs = 1000, maxEntries = 100) {
  const clocks = { wall: Date.parse('2026-11-29T12:00:00Z'), monotonic: 0 };
  const cache = new SessionIdentityCache<string>(
    () => new Date(clocks.wall),
    maxAgeMs,
    maxEntries,
    () => clocks.monotonic,
  );
  let reads = 0;
  const live =
    (identity: string, endsInMs = 3_600_000) =>
    async () => {
      reads += 1;
      return { identity, sessionEndsAt: new Date(clocks.wall + endsInMs) };
    };
  return { cache, clocks, live, reads: () => reads };
}

describe('SessionIdentityCache', () => {
  it('reads a session once, then answers it from memory until its maximum age', async () => {
    const { cache, clocks, live, reads } = cacheWithClocks(1000);
    expect(await cache.lookup(SESSION, 7, live('first'))).toBe('first');
    clocks.monotonic += 999;
    expect(await cache.lookup(SESSION, 7, live('second'))).toBe('first');
    expect(reads()).toBe(1);
    clocks.monotonic += 1;
    expect(await cache.lookup(SESSION, 7, live('third'))).toBe('third');
    expect(reads()).toBe(2);
  });

  it('never answers a session past its end, nor for another user than the one it was read for', async () => {
    const { cache, clocks, live, reads } = cacheWithClocks();
    await cache.lookup(SESSION, 7, live('ends soon', 500));
    clocks.wall += 500;
    expect(await cache.lookup(SESSION, 7, async () => undefined)).toBeUndefined();
    await cache.lookup(OTHER_SESSION, 7, live('of user 7'));
    expect(await cache.lookup(OTHER_SESSION, 8, async () => undefined)).toBeUndefined();
    expect(reads()).toBe(2);
  });

  it('keeps nothing a read found not live', async () => {
    const { cache, live, reads } = cacheWithClocks();
    expect(await cache.lookup(SESSION, 7, async () => undefined)).toBeUndefined();
    expect(await cache.lookup(SESSION, 7, live('signed in again'))).toBe('signed in again');
    expect(reads()).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('forgets everything at once', async () => {
    const { cache, live, reads } = cacheWithClocks();
    await cache.lookup(SESSION, 7, live('before'));
    await cache.lookup(OTHER_SESSION, 8, live('before'));
    cache.forgetAll();
    expect(cache.size).toBe(0);
    expect(await cache.lookup(SESSION, 7, live('after'))).toBe('after');
    expect(reads()).toBe(3);
  });

  it('does not keep what a read that began before a change found', async () => {
    const { cache, live } = cacheWithClocks();
    let finishRead: () => void = () => undefined;
    const readFinished = new Promise<void>((resolve) => (finishRead = resolve));
    const slow = cache.lookup(SESSION, 7, async () => {
      await readFinished;
      return live('read before the change')();
    });
    cache.forgetAll();
    finishRead();
    expect(await slow).toBe('read before the change');
    expect(cache.size).toBe(0);
    expect(await cache.lookup(SESSION, 7, live('read after'))).toBe('read after');
  });

  it('drops the oldest session beyond its size', async () => {
    const { cache, live, reads } = cacheWithClocks(1000, 2);
    await cache.lookup('a', 1, live('a'));
    await cache.lookup('b', 2, live('b'));
    await cache.lookup('c', 3, live('c'));
    expect(cache.size).toBe(2);
    await cache.lookup('b', 2, live('b again'));
    await cache.lookup('c', 3, live('c again'));
    expect(reads()).toBe(3);
    expect(await cache.lookup('a', 1, live('a again'))).toBe('a again');
    expect(reads()).toBe(4);
  });
});
