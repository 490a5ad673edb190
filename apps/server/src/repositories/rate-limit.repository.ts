import type { Database } from '../db/client.ts';

/*
 * All hits of one subject update one row, so that row is a hot spot under a burst: each hit holds
 * its row lock until its transaction ends. The hit is therefore one statement in its own implicit
 * transaction (no client round trip while the lock is held), sent straight through the pg pool
 * (Prisma's per-query work is larger than the statement itself), and committed without waiting
 * for the WAL flush — `set_config(..., is_local => true)` applies to this statement's transaction
 * only, so the connection goes back to the pool with synchronous commits on. A crash may lose
 * the last few counts, which is harmless; an fsync per hit under a row lock would serialise every
 * request from one client on the disk. Exported for the waitlist benchmark's bare baseline, which
 * runs this very text.
 */
export const COUNT_HIT_SQL = `
  INSERT INTO rate_limit (key, count, window_start, expires_at)
  SELECT $1, 1, $2::timestamptz, $3::timestamptz FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limit.expires_at <= $2::timestamptz THEN 1 ELSE rate_limit.count + 1 END,
    window_start = CASE WHEN rate_limit.expires_at <= $2::timestamptz THEN $2::timestamptz ELSE rate_limit.window_start END,
    expires_at = CASE WHEN rate_limit.expires_at <= $2::timestamptz THEN $3::timestamptz ELSE rate_limit.expires_at END
  RETURNING count, expires_at`;

export interface RateLimitHit {
  /** Hits within the current window, this one included. */
  readonly count: number;
  /** When the current window closes. */
  readonly expiresAt: Date;
}

/**
 * Counts one hit on `key` in a fixed window, atomically (one statement, so concurrent servers agree),
 * and returns the count within the current window and when that window closes.
 */
export async function countRateLimitHit(db: Database, key: string, windowMs: number, now = new Date()): Promise<RateLimitHit> {
  const closesAt = new Date(now.getTime() + windowMs);
  const result = await db.pool.query<{ count: number; expires_at: Date }>({ name: 'rate-limit-hit', text: COUNT_HIT_SQL, values: [key, now, closesAt] });
  const row = result.rows[0];
  return row ? { count: row.count, expiresAt: row.expires_at } : { count: 1, expiresAt: closesAt };
}

/** Deletes the counters whose window has closed: a key tried once leaves no row behind for long. */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const result = await db.rateLimit.deleteMany({ where: { expiresAt: { lte: now } } });
  return result.count;
}

/** The hits counted on `key` in its current window (no hit counted), or null when its window is closed. */
export async function peekRateLimit(db: Database, key: string, now = new Date()): Promise<RateLimitHit | null> {
  const result = await db.pool.query<{ count: number; expires_at: Date }>({
    name: 'rate-limit-peek',
    text: 'SELECT count, expires_at FROM rate_limit WHERE key = $1 AND expires_at > $2::timestamptz',
    values: [key, now],
  });
  const row = result.rows[0];
  return row ? { count: row.count, expiresAt: row.expires_at } : null;
}
