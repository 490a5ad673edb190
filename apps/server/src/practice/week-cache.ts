/**
 * The schedule weeks this server has answered, kept while nothing they show has changed.
 *
 * A busy clinic's week is hundreds of rows, and reading and shaping them is most of what serving the
 * week costs (issue 27). Every write that changes what a practice's week shows moves the practice's
 * `schedule_version` (migration 20261129160000: appointment writes, a patient's new name, a TRUNCATE),
 * so a week kept under the version read *before* its rows is exact for as long as the version is
 * unchanged. The version comes from the database on every read, so a write through any server (or
 * by hand in SQL) is seen by all of them at once: no notice, no expiry, no window of staleness.
 *
 * The key holds the practice, its zone and the week's first instant; an entry is dropped when a newer
 * version replaces it or when the least recently used weeks go over the bound (counted in rows).
 * Each read still leaves its audit entry: the cache saves the query, not the record of who looked.
 */
import { LRUCache } from 'lru-cache';

/** At most this many appointments in memory over every kept week (a busy week is ~350). */
const MAX_ROWS = 100_000;

export interface KeptWeek<Week> {
  readonly version: string;
  readonly week: Week;
  readonly rows: number;
}

export class WeekCache<Week extends object> {
  readonly #weeks = new LRUCache<string, KeptWeek<Week>>({
    maxSize: MAX_ROWS,
    // An empty week still takes a slot.
    sizeCalculation: (kept) => kept.rows + 1,
  });

  /** The week kept under `key` if it was read at `version`. */
  get(key: string, version: string): Week | undefined {
    const kept = this.#weeks.get(key);
    return kept?.version === version ? kept.week : undefined;
  }

  set(key: string, kept: KeptWeek<Week>): void {
    this.#weeks.set(key, kept);
  }

  clear(): void {
    this.#weeks.clear();
  }
}
