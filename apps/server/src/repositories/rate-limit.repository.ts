import type { Database } from '../db/client.ts';

/**
 * Counts one hit on `key` in a fixed window, atomically (one statement, so concurrent servers agree),
 * and returns the count within the current window.
 */
export async function countRateLimitHit(db: Database, key: string, windowMs: number, now = new Date()): Promise<number> {
  const windowOpenedAfter = new Date(now.getTime() - windowMs);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit (key, count, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.window_start <= ${windowOpenedAfter} THEN 1 ELSE rate_limit.count + 1 END,
      window_start = CASE WHEN rate_limit.window_start <= ${windowOpenedAfter} THEN ${now} ELSE rate_limit.window_start END
    RETURNING count`;
  return rows[0]?.count ?? 1;
}

/** Drops counters whose window closed long ago, so the table stays small. */
export async function deleteExpiredRateLimits(db: Database, olderThan: Date): Promise<number> {
  const result = await db.rateLimit.deleteMany({ where: { windowStart: { lt: olderThan } } });
  return result.count;
}
