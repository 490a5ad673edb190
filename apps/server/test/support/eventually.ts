import { isDeepStrictEqual } from 'node:util';

/**
 * What a NOTIFY-invalidated cache (or any change another connection makes) answers once the notice
 * has arrived, well under a second: `read` again every 20 ms until `expected` holds (a value, deeply
 * equal, or a predicate), then its last answer; after `timeoutMs` the last answer as it is, for the
 * test's own assertion to report.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T | ((value: T) => boolean), timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const done = typeof expected === 'function' ? (expected as (value: T) => boolean) : (value: T) => isDeepStrictEqual(value, expected);
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
