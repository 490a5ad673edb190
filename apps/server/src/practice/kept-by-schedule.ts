/**
 * What this server has read of a practice's schedule — its weeks, the dashboard's week figures and
 * upcoming list, the portal's count of later days — kept while nothing it shows has changed.
 *
 * A busy clinic's week is hundreds of rows, and reading and shaping them is most of what serving the
 * week costs (issue 27). Every write that changes what a practice's schedule shows moves the practice's
 * `schedule_version` (migration 20261129160000: appointment writes, a patient's new name, a TRUNCATE),
 * so a value kept under the version read *before* its rows is exact for as long as the version is
 * unchanged. The version comes from the database on every read, so a write through any server (or
 * by hand in SQL) is seen by all of them at once: no notice, no expiry, no window of staleness.
 * Only a read-only transaction's reads may be kept: a change's may see its own uncommitted rows.
 *
 * Each cache's key says what the value depends on besides the version (the practice, its zone, the
 * week); an entry is dropped when a newer version replaces it or when the least recently used go over
 * the bound. Each read still leaves its audit entry: the cache saves the query, not the record of who looked.
 * The patient directory (patient-directory.ts) is kept the same way under its own version.
 */
import { LRUCache } from 'lru-cache';

export interface KeptByScheduleOptions<Value> {
  /** The bound, in the units of `sizeOf` (entries, without it). */
  readonly maxSize: number;
  /** A value's share of the bound (a week: its appointments). */
  readonly sizeOf?: (value: Value) => number;
}

export class KeptBySchedule<Value extends object> {
  readonly #kept: LRUCache<string, { readonly version: string; readonly value: Value }>;

  constructor({ maxSize, sizeOf }: KeptByScheduleOptions<Value>) {
    this.#kept = new LRUCache({ maxSize, sizeCalculation: (kept) => Math.max(1, sizeOf?.(kept.value) ?? 1) });
  }

  /** The value kept under `key` if it was read at `version`. */
  get(key: string, version: string): Value | undefined {
    const kept = this.#kept.get(key);
    return kept?.version === version ? kept.value : undefined;
  }

  /** The value kept under `key`, whatever version it was read at (the caller checks it). */
  latest(key: string): Value | undefined {
    return this.#kept.get(key)?.value;
  }

  /** The version the value under `key` was read at, if one is kept. */
  versionOf(key: string): string | undefined {
    return this.#kept.peek(key)?.version;
  }

  set(key: string, version: string, value: Value): void {
    this.#kept.set(key, { version, value });
  }
}
