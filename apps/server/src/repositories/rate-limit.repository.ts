import type { Database } from '../db/client.ts';

/**
 * Counts one hit on `key` in a fixed window, atomically (one statement, so concurrent servers agree),
 * and returns the count within the current window.
 */
export async function countRateLimitHit(db: Database, key: string, windowMs: number, now = new Date()): Promise<number> {
  const windowOpenedAfter = new Date(now.getTime() - windowMs);
  // All hits of one subject update one row, so its lock is held until commit. Counters may be lost
  // in a crash without harm, so the commit does not wait for the WAL flush: the lock is released at
  // once instead of after an fsync, and a burst from one client does not queue on the disk.
  const [, rows] = await db.$transaction([
    db.$executeRaw`SET LOCAL synchronous_commit TO OFF`,
    db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit (key, count, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.window_start <= ${windowOpenedAfter} THEN 1 ELSE rate_limit.count + 1 END,
      window_start = CASE WHEN rate_limit.window_start <= ${windowOpenedAfter} THEN ${now} ELSE rate_limit.window_start END
    RETURNING count`,
  ]);
  return rows[0]?.count ?? 1;
}

/** Drops counters whose window closed long ago, so the table stays small. */
export async function deleteExpiredRateLimits(db: Database, olderThan: Date): Promise<number> {
  const result = await db.rateLimit.deleteMany({ where: { windowStart: { lt: olderThan } } });
  return result.count;
}
