import { LRUCache } from 'lru-cache';

/**
 * A bounded, in-process cache of public directory reads (search pages, quiz matches, profiles).
 *
 * The directory is read far more often than it changes, and the same reads recur (a city's first
 * page, a quiz answer set: at most 5^5 of those). Correctness comes from invalidation, not from
 * expiry: a statement-level trigger on `practitioner` NOTIFYs `directory_changed` at every commit
 * that touches the table (and one on `practice` when a listing's booking settings or owner change:
 * the cards say whether it takes bookings), and every server LISTENs (directory-change-listener.ts); any notice drops
 * the whole cache. The TTL only bounds how long an entry lives if a notice were ever missed.
 *
 * Rules that keep it exact:
 * - Entries are kept only while the cache is *live*: while this server's LISTEN connection is up.
 *   Losing it (or never having it) turns the cache into a pass-through until LISTEN is back, and
 *   going live again starts empty (notices sent in between were missed).
 * - Every invalidation bumps a generation. A load that started before a change must not store an
 *   answer read before it: a load stores only if the generation is still the one it began in.
 * - Loads of the same key in the same generation share one query (single flight); failures are
 *   never cached.
 * - Least recently used entries go first once `maxEntries` is reached; `maxEntries` 0 disables it.
 *   The entries (least recently used order, time to live) are an `lru-cache`; the single flight is
 *   kept here rather than in its `fetchMethod`, which reserves a slot for every load before it
 *   knows the answer (an unknown key would push out a read entry) and rejects a load that found
 *   nothing across a change (record 0048).
 */
export interface ReadCacheOptions {
  readonly maxEntries: number;
  readonly ttlMs: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

export interface ReadCacheStats {
  readonly live: boolean;
  readonly entries: number;
  readonly hits: number;
  readonly misses: number;
  readonly invalidations: number;
}

export interface ReadTicket {
  readonly generation: number;
}

export class ReadCache {
  /** Null when turned off (`maxEntries` 0). An entry lives `ttlMs` inclusive: stale once older than that. */
  readonly #entries: LRUCache<string, NonNullable<unknown>> | null;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  #generation = 0;
  #live = false;
  #hits = 0;
  #misses = 0;
  #invalidations = 0;

  constructor(options: ReadCacheOptions) {
    this.#entries =
      options.maxEntries > 0
        ? new LRUCache({
            max: options.maxEntries,
            ttl: options.ttlMs,
            // Read the clock at every look-up: the default keeps a reading for 1 ms behind a timer.
            ttlResolution: 0,
            ...(options.now ? { perf: { now: options.now } } : {}),
          })
        : null;
  }

  /** A cache that never keeps anything (tests and callers without a listener). */
  static disabled(): ReadCache {
    return new ReadCache({ maxEntries: 0, ttlMs: 0 });
  }

  get enabled(): boolean {
    return this.#entries !== null;
  }

  /** The cached answer for `key`, or the one `load` gives (kept when the cache is live and nothing changed meanwhile). */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached as T;
    const ticket = this.ticket();
    if (!ticket) return load();
    // A read joining a load already under way counts as a miss (peek counted it), not as a hit.
    const pending = this.#inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const settle = () => {
      if (this.#inFlight.get(key) === loading) this.#inFlight.delete(key);
    };
    const loading = load().then(
      (value) => {
        settle();
        this.store(key, value, ticket);
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.#inFlight.set(key, loading);
    return loading;
  }

  /** The live entry for `key` (then marked most recently used), or undefined; counts a hit or a miss. */
  peek(key: string): unknown {
    if (!this.#live || !this.#entries) return undefined;
    // An expired entry is dropped by the look-up itself.
    const value = this.#entries.get(key);
    if (value === undefined) this.#misses += 1;
    else this.#hits += 1;
    return value;
  }

  /** Taken before reading the database: `store` keeps the answer only if no change happened since. Null when nothing may be kept. */
  ticket(): ReadTicket | null {
    return this.#live && this.#entries ? { generation: this.#generation } : null;
  }

  /** Keeps `value` under `key` if the directory has not changed since `ticket` was taken. */
  store(key: string, value: unknown, ticket: ReadTicket): void {
    // "Nothing found" is not kept: unknown keys must not push out what people read.
    if (!this.#live || !this.#entries || ticket.generation !== this.#generation || value === undefined || value === null) return;
    this.#entries.set(key, value);
  }

  /** The directory changed: nothing read before now may be served again. */
  invalidate(): void {
    this.#generation += 1;
    this.#invalidations += 1;
    this.#entries?.clear();
    this.#inFlight.clear();
  }

  /** Whether changes are being heard (the LISTEN connection is up). Any change of state empties the cache. */
  setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    this.invalidate();
  }

  stats(): ReadCacheStats {
    return { live: this.#live, entries: this.#entries?.size ?? 0, hits: this.#hits, misses: this.#misses, invalidations: this.#invalidations };
  }
}

/** The cache key of a procedure's parsed input (zod output: keys in schema order, defaults applied). */
export const readCacheKey = (procedure: string, input: unknown): string => `${procedure} ${JSON.stringify(input)}`;
