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
    let now = 0;
    const cache = liveCache({ ttlMs: 1_000, now: () => now });
    const source = counter();
    await cache.read('a', source.load);
    now = 999;
    expect(await cache.read('a', source.load)).toBe(1);
    now = 1_000;
    expect(await cache.read('a', source.load)).toBe(2);
  });

  it('keys a procedure and its parsed input', () => {
    expect(readCacheKey('quiz.match', ['a', 'b'])).toBe('quiz.match ["a","b"]');
    expect(readCacheKey('directory.search', { query: 'x' })).not.toBe(readCacheKey('directory.search', { query: 'y' }));
  });
});
