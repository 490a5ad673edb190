import type { Database } from '../db/client.ts';
import { countRateLimitHit, peekRateLimit } from '../repositories/rate-limit.repository.ts';

export interface RateLimitRule {
  /** Names the limited action, e.g. `sign-in`. */
  readonly bucket: string;
  readonly max: number;
  readonly windowMs: number;
}

export type RateLimitVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Counts a hit for `subject` (an IP, an account) and tells whether it is still within the rule, and
 * if not, in how many whole seconds its window closes. Counters live in PostgreSQL, so every server
 * behind a load balancer shares them.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitVerdict> {
  const hit = await countRateLimitHit(db, `${rule.bucket}:${subject}`, rule.windowMs, now);
  if (hit.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hit.expiresAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Whether `subject` has already used up `rule` (no hit counted): for limits that count failures
 * only (sign-in), checked before the attempt, the failure counted after it (`consumeRateLimit`).
 */
export async function checkRateLimit(db: Database, rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitVerdict> {
  const hit = await peekRateLimit(db, `${rule.bucket}:${subject}`, now);
  if (!hit || hit.count < rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hit.expiresAt.getTime() - now.getTime()) / 1000)) };
}
