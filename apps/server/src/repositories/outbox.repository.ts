/**
 * The outbox side of `domain_event` (docs/architecture.md#outbox): claiming due deliveries under a lease, recording
 * each attempt, dead-lettering, and the operator's status and requeue views.
 *
 * A claim is a lease, not an open transaction: one short statement (`FOR UPDATE SKIP LOCKED`) sets
 * `claimed_until`, the side effect runs outside any transaction, and the outcome is written only if
 * the lease is still ours (`claimed_until` unchanged). A worker that crashed mid-delivery simply lets
 * the lease run out, and the event becomes claimable again.
 */
import type { Database, DatabaseTransaction } from '../db/client.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface ClaimedDelivery {
  /** The event id: also the delivery's idempotency key. */
  readonly id: string;
  readonly type: string;
  readonly aggregateType: string;
  readonly aggregateId: string;
  readonly payload: unknown;
  readonly occurredAt: Date;
  /** Attempts made before this one (in the current round; a requeue resets it). */
  readonly attempts: number;
  /** The lease token: `claimed_until` as the database wrote it. */
  readonly lease: string;
}

export interface ClaimOptions {
  /** Only events of these types (the ones this worker can deliver now). */
  readonly types: readonly string[];
  readonly limit: number;
  readonly leaseMs: number;
}

interface ClaimRow {
  id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: unknown;
  occurred_at: Date;
  attempts: number;
  lease: string;
  sequence: bigint;
}

/** Claims up to `limit` due deliveries, oldest first, leasing them for `leaseMs`. */
export async function claimDueDeliveries(db: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.types.length === 0 || options.limit <= 0) return [];
  const rows = await db.$queryRaw<ClaimRow[]>`
    WITH due AS (
      SELECT id FROM domain_event
      WHERE delivery_status = 'pending'
        AND type = ANY(${[...options.types]}::text[])
        AND (next_attempt_at IS NULL OR next_attempt_at <= now())
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY sequence
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE domain_event AS event
    SET claimed_until = now() + make_interval(secs => ${options.leaseMs}::double precision / 1000)
    FROM due
    WHERE event.id = due.id
    RETURNING event.id::text AS id, event.type, event.aggregate_type, event.aggregate_id, event.payload, event.occurred_at,
              event.attempts, event.claimed_until::text AS lease, event.sequence`;
  return rows
    .sort((a, b) => (a.sequence < b.sequence ? -1 : 1))
    .map((row) => ({
      id: row.id,
      type: row.type,
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
      occurredAt: row.occurred_at,
      attempts: row.attempts,
      lease: row.lease,
    }));
}

export interface AttemptRecord {
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly succeeded: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
}

export type RecordedOutcome =
  | { readonly kind: 'delivered'; readonly attempt: number }
  | { readonly kind: 'retry'; readonly attempt: number }
  | { readonly kind: 'dead'; readonly attempt: number }
  /** Our lease ran out and another worker claimed the event: nothing was written. */
  | { readonly kind: 'lease_lost' };

export interface FailurePolicy {
  readonly maxAttempts: number;
  /** Wait before the next try, when there is one. */
  readonly retryDelayMs: number;
  /** The failure will not go away by retrying (e.g. an unreadable payload): dead-letter now. */
  readonly permanent?: boolean;
}

/**
 * Writes one attempt's outcome, if the lease is still ours: the event's outbox columns and a
 * `delivery_attempt` row numbered after every earlier try of this event. Call inside a transaction.
 */
export async function recordDeliveryAttempt(
  tx: DatabaseTransaction,
  claim: ClaimedDelivery,
  attempt: AttemptRecord,
  policy: FailurePolicy,
): Promise<RecordedOutcome> {
  const updated = attempt.succeeded
    ? await tx.$queryRaw<{ delivery_status: DeliveryStatus }[]>`
        UPDATE domain_event
        SET delivery_status = 'delivered', delivered_at = now(), attempts = attempts + 1, last_error = NULL,
            next_attempt_at = NULL, claimed_until = NULL
        WHERE id = ${claim.id}::uuid AND delivery_status = 'pending' AND claimed_until = ${claim.lease}::timestamptz
        RETURNING delivery_status`
    : await tx.$queryRaw<{ delivery_status: DeliveryStatus }[]>`
        UPDATE domain_event
        SET attempts = attempts + 1,
            last_error = ${attempt.error ?? 'failed'},
            claimed_until = NULL,
            delivery_status = CASE WHEN ${policy.permanent === true}::boolean OR attempts + 1 >= ${policy.maxAttempts}::int THEN 'dead' ELSE 'pending' END,
            next_attempt_at = CASE WHEN ${policy.permanent === true}::boolean OR attempts + 1 >= ${policy.maxAttempts}::int THEN NULL
                                   ELSE now() + make_interval(secs => ${policy.retryDelayMs}::double precision / 1000) END
        WHERE id = ${claim.id}::uuid AND delivery_status = 'pending' AND claimed_until = ${claim.lease}::timestamptz
        RETURNING delivery_status`;
  const status = updated[0]?.delivery_status;
  if (!status) return { kind: 'lease_lost' };
  const inserted = await tx.$queryRaw<{ attempt: number }[]>`
    INSERT INTO delivery_attempt (id, event_id, attempt, started_at, finished_at, succeeded, status_code, error)
    SELECT gen_random_uuid(), ${claim.id}::uuid, coalesce(max(attempt), 0) + 1, ${attempt.startedAt.toISOString()}::timestamptz,
           ${attempt.finishedAt.toISOString()}::timestamptz, ${attempt.succeeded}, ${attempt.statusCode}::int, ${attempt.error}
    FROM delivery_attempt WHERE event_id = ${claim.id}::uuid
    RETURNING attempt`;
  const number = inserted[0]?.attempt ?? 0;
  if (status === 'delivered') return { kind: 'delivered', attempt: number };
  return status === 'dead' ? { kind: 'dead', attempt: number } : { kind: 'retry', attempt: number };
}

/** Gives a claimed event back without counting an attempt (a worker stopping mid-delivery). */
export async function releaseClaim(db: Database, claim: ClaimedDelivery): Promise<void> {
  await db.$executeRaw`
    UPDATE domain_event SET claimed_until = NULL
    WHERE id = ${claim.id}::uuid AND delivery_status = 'pending' AND claimed_until = ${claim.lease}::timestamptz`;
}

/**
 * Pending deliveries of `types`, and how long until the next of them can be claimed (0 = now).
 * With `retriesWithinMs`, only the work in hand counts: what is due now or held by a relay, and the
 * retries (an attempt made) due within that time. A first attempt set for later is a scheduled
 * delivery (a reminder), not work in hand, however soon its time: a reminder due in ten minutes
 * made `drain` wait for it (and time out) whenever a booking's reminder fell within the hour.
 */
export async function pendingDeliveries(db: Database, types: readonly string[], retriesWithinMs: number | null = null): Promise<{ count: number; nextDueInMs: number | null }> {
  const rows = await db.$queryRaw<{ count: number; next_due_in_ms: number | null }[]>`
    SELECT count(*)::int AS count,
           greatest(0, extract(epoch FROM min(greatest(coalesce(next_attempt_at, '-infinity'), coalesce(claimed_until, '-infinity'))) - now()) * 1000)::float8
             AS next_due_in_ms
    FROM domain_event
    WHERE delivery_status = 'pending' AND type = ANY(${[...types]}::text[])
      AND (${retriesWithinMs}::float8 IS NULL OR next_attempt_at IS NULL OR next_attempt_at <= now()
           OR (attempts > 0 AND next_attempt_at <= now() + make_interval(secs => ${retriesWithinMs}::float8 / 1000)))`;
  const row = rows[0];
  return { count: row?.count ?? 0, nextDueInMs: row && row.count > 0 ? (row.next_due_in_ms ?? 0) : null };
}

/** Whether any pending delivery is of a type outside `types` (one no worker can send right now). */
export async function countPendingOutside(db: Database, types: readonly string[]): Promise<{ type: string; count: number }[]> {
  return db.$queryRaw<{ type: string; count: number }[]>`
    SELECT type, count(*)::int AS count FROM domain_event
    WHERE delivery_status = 'pending' AND NOT (type = ANY(${[...types]}::text[]))
    GROUP BY type ORDER BY type`;
}

export interface DeliveryCount {
  readonly status: DeliveryStatus;
  readonly type: string;
  readonly count: number;
}

export async function countDeliveriesByStatus(db: Database): Promise<DeliveryCount[]> {
  return db.$queryRaw<DeliveryCount[]>`
    SELECT delivery_status AS status, type, count(*)::int AS count FROM domain_event
    WHERE delivery_status IS NOT NULL
    GROUP BY delivery_status, type ORDER BY delivery_status, type`;
}

export interface DeliveryRow {
  readonly id: string;
  readonly type: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly occurredAt: Date;
  readonly nextAttemptAt: Date | null;
  readonly deliveredAt: Date | null;
  readonly claimedUntil: Date | null;
  readonly lastError: string | null;
}

/** The most recent deliveries with `status`, newest first. */
export async function findRecentDeliveries(db: Database, status: DeliveryStatus, limit: number): Promise<DeliveryRow[]> {
  return db.$queryRaw<DeliveryRow[]>`
    SELECT id::text AS id, type, delivery_status AS status, attempts, occurred_at AS "occurredAt", next_attempt_at AS "nextAttemptAt",
           delivered_at AS "deliveredAt", claimed_until AS "claimedUntil", last_error AS "lastError"
    FROM domain_event
    WHERE delivery_status = ${status}
    ORDER BY sequence DESC
    LIMIT ${limit}`;
}

/**
 * Puts dead-lettered deliveries back in the queue (all, or only `ids`), due now, with a fresh round
 * of attempts. The last error stays until the next attempt replaces it. Returns the requeued ids.
 */
export async function requeueDeadDeliveries(db: Database, ids?: readonly string[]): Promise<string[]> {
  const rows =
    ids === undefined
      ? await db.$queryRaw<{ id: string }[]>`
          UPDATE domain_event SET delivery_status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = NULL
          WHERE delivery_status = 'dead'
          RETURNING id::text AS id`
      : await db.$queryRaw<{ id: string }[]>`
          UPDATE domain_event SET delivery_status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = NULL
          WHERE delivery_status = 'dead' AND id::text = ANY(${[...ids]}::text[])
          RETURNING id::text AS id`;
  return rows.map((row) => row.id);
}
