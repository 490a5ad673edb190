import { describe, expect, it } from 'vitest';
import { ReadCache, readCacheKey } from '../src/cache/read-cache.ts';

const liveCache = (options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) => {
  const cache = new ReadCache({ maxEntries: options.maxEntries ?? 10, ttlMs: options.ttlMs ?? 60_000, ...(options.now ? { now: options.now } : {}) });
  cache.setLive(true);
  return cache;
};

/** A loader that counts its calls and answers with the call number. */
const counter = () => {
  let calls = 0;
  return { load: () => Promise.resolve(++calls), calls: () => calls };
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ReadCache', () => {
  it('serves the second read of a key from memory', async () => {
    const cache = liveCache();
    const source = counter();
    expect(await cache.read('a', source.load)).toBe(1);
    expect(await cache.read('a', source.load)).toBe(1);
    expect(source.calls()).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('keeps nothing while it cannot hear changes (not live), and nothing when turned off', async () => {
    const deaf = new ReadCache({ maxEntries: 10, ttlMs: 60_000 });
    const source = counter();
    await deaf.read('a', source.load);
    expect(await deaf.read('a', source.load)).toBe(2);

    const off = ReadCache.disabled();
    off.setLive(true);
    const other = counter();
    await off.read('a', other.load);
    expect(await off.read('a', other.load)).toBe(2);
  });

  it('forgets everything at a change', async () => {
    const cache = liveCache();
    const source = counter();
    await cache.read('a', source.load);
    cache.invalidate();
    expect(await cache.read('a', source.load)).toBe(2);
  });

  it('does not store an answer whose read began before a change', async () => {
    const cache = liveCache();
    const slow = deferred<string>();
    const before = cache.read('a', () => slow.promise);
    cache.invalidate();
    slow.resolve('read before the change');
    expect(await before).toBe('read before the change');
    expect(await cache.read('a', () => Promise.resolve('read after the change'))).toBe('read after the change');
  });

  it('starts empty when it goes live again, since changes made meanwhile were not heard', async () => {
    const cache = liveCache();
    const source = counter();
    await cache.read('a', source.load);
    cache.setLive(false);
    cache.setLive(true);
    expect(await cache.read('a', source.load)).toBe(2);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const cache = liveCache();
    const slow = deferred<number>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return slow.promise;
    };
    const reads = [cache.read('a', load), cache.read('a', load), cache.read('a', load)];
    slow.resolve(7);
    expect(await Promise.all(reads)).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
  });

  it('never keeps a failure', async () => {
    const cache = liveCache();
    await expect(cache.read('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.read('a', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('drops the least recently used entry when full', async () => {
    const cache = liveCache({ maxEntries: 2 });
    const source = counter();
    await cache.read('a', source.load); // 1
    await cache.read('b', source.load); // 2
    await cache.read('a', source.load); // hit: a is now the most recent
    await cache.read('c', source.load); // 3, evicts b
    expect(await cache.read('a', source.load)).toBe(1);
    expect(await cache.read('b', source.load)).toBe(4);
    expect(cache.stats().entries).toBe(2);
  });

  it('reads again once an entry is older than its time to live', async () => {
    // An entry lives its time to live inclusive: a read exactly ttl later is still a hit.
    let now = 50_000;
    const cache = liveCache({ ttlMs: 1_000, now: () => now });
    const source = counter();
    await cache.read('a', source.load);
    now = 51_000;
    expect(await cache.read('a', source.load)).toBe(1);
    now = 51_001;
    expect(await cache.read('a', source.load)).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 1 });
  });

  it('lets no unknown key push out what is cached', async () => {
    const cache = liveCache({ maxEntries: 2 });
    const source = counter();
    await cache.read('a', source.load);
    await cache.read('b', source.load);
    expect(await cache.read('unknown id', () => Promise.resolve(null))).toBeNull();
    expect(await cache.read('another unknown id', () => Promise.resolve(undefined))).toBeUndefined();
    expect(await cache.read('a', source.load)).toBe(1);
    expect(await cache.read('b', source.load)).toBe(2);
    expect(cache.stats().entries).toBe(2);
  });

  it('answers "nothing found" to a read that began before a change, without an error', async () => {
    const cache = liveCache();
    const slow = deferred<null>();
    const before = cache.read('a', () => slow.promise);
    cache.invalidate();
    slow.resolve(null);
    expect(await before).toBeNull();
  });

  it('lets a read after a change start its own load rather than join one begun before it', async () => {
    const cache = liveCache();
    const slow = deferred<string>();
    const before = cache.read('a', () => slow.promise);
    cache.invalidate();
    const after = cache.read('a', () => Promise.resolve('read after the change'));
    slow.resolve('read before the change');
    expect(await before).toBe('read before the change');
    expect(await after).toBe('read after the change');
    expect(await cache.read('a', () => Promise.resolve('a third read'))).toBe('read after the change');
  });

  it('keys a procedure and its parsed input', () => {
    expect(readCacheKey('quiz.match', ['a', 'b'])).toBe('quiz.match ["a","b"]');
    expect(readCacheKey('directory.search', { query: 'x' })).not.toBe(readCacheKey('directory.search', { query: 'y' }));
  });
});
