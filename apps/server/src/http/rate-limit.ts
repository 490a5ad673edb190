import type { Database } from '../db/client.ts';
import { countRateLimitHit } from '../repositories/rate-limit.repository.ts';

export interface RateLimitRule {
  /** Names the limited action, e.g. `sign-in`. */
  readonly bucket: string;
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Counts a hit for `subject` (an IP, or IP and email) and tells whether it is still within the rule.
 * Counters live in PostgreSQL, so every server behind a load balancer shares them.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<boolean> {
  const count = await countRateLimitHit(db, `${rule.bucket}:${subject}`, rule.windowMs);
  return count <= rule.max;
}
