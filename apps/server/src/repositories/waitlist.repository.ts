import type { WaitlistType } from '@wellspring/domain';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { NewDomainEvent } from './domain-event.repository.ts';
import type { IdempotencyClaim } from './idempotency.repository.ts';

export async function insertWaitlistInvite(
  db: DatabaseTransaction,
  invite: { id: string; friendEmail: string; yourName: string; waitlistType: WaitlistType },
): Promise<{ id: string }> {
  return db.waitlistInvite.create({ data: invite, select: { id: true } });
}

/** The join's one statement (`insertWaitlistEntryWithEvent`); the benchmark's bare baseline runs this very text. */
export const JOIN_SQL = `
  WITH entry AS (
    INSERT INTO waitlist (id, email, name, type)
    VALUES ($1::uuid, $2, $3, $4::"WaitlistType")
    ON CONFLICT ((lower(email))) DO NOTHING
    RETURNING id
  ), appended AS (
    INSERT INTO domain_event (id, aggregate_type, aggregate_id, type, payload, actor_id, request_id, delivery_status, next_attempt_at, occurred_at)
    SELECT $5::uuid, $6, $7, $8, $9::jsonb, $10::uuid, $11, $12, CASE WHEN $12::text IS NULL THEN NULL ELSE $13::timestamptz END, $13::timestamptz
    FROM entry
  ), claimed AS (
    INSERT INTO idempotency_key (scope, key, procedure, fingerprint, created_at)
    SELECT $14, $15, $16, $17, $13::timestamptz
    FROM entry WHERE $15::text IS NOT NULL
  )
  SELECT id::text AS id FROM entry`;

/** PostgreSQL's unique_violation, and the constraint whose violation means the key was claimed first. */
const UNIQUE_VIOLATION = '23505';
const IDEMPOTENCY_KEY_PKEY = 'idempotency_key_pkey';

/** How a join's statement ended: stored, or nothing stored because the e-mail or the request's key was taken. */
export type WaitlistJoinOutcome = 'joined' | 'email-taken' | 'key-taken';

/**
 * Inserts the entry, appends its event and claims the request's idempotency key (when it has one)
 * in one statement (one round trip, one transaction, so all or none are stored, with the ordinary
 * synchronous commit). Stores nothing and answers:
 * - 'email-taken' when the email is already on the waitlist in any letter case: the unique index on
 *   lower(email) decides, so concurrent joins of one email end with exactly one row;
 * - 'key-taken' when another request claimed the same key first: the claim has no ON CONFLICT, so
 *   its unique violation aborts the whole statement, the entry and its event with it.
 *
 * This is the hot path of the waitlist benchmark, so it goes through the pg pool as a prepared
 * statement rather than Prisma's query engine and an interactive transaction (`runCreation` in
 * commands/run-command.ts calls it with the event stamped and the request's unclaimed key).
 */
export async function insertWaitlistEntryWithEvent(
  db: Database,
  entry: { id: string; email: string; name: string; type: WaitlistType },
  event: NewDomainEvent,
  now: Date,
  claim: IdempotencyClaim | null,
): Promise<WaitlistJoinOutcome> {
  try {
    const result = await db.pool.query<{ id: string }>({
      name: 'waitlist-join',
      text: JOIN_SQL,
      values: [
        entry.id,
        entry.email,
        entry.name,
        entry.type,
        randomUUID(),
        event.aggregateType,
        event.aggregateId,
        event.type,
        JSON.stringify(event.payload),
        event.actorId ?? null,
        event.requestId ?? null,
        event.delivery ?? null,
        now,
        claim?.scope ?? null,
        claim?.key ?? null,
        claim?.procedure ?? null,
        claim?.fingerprint ?? null,
      ],
    });
    return result.rows.length === 1 ? 'joined' : 'email-taken';
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === UNIQUE_VIOLATION && error.constraint === IDEMPOTENCY_KEY_PKEY) return 'key-taken';
    throw error;
  }
}
