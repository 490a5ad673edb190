import type { WaitlistType } from '@wellspring/domain';
import { randomUUID } from 'node:crypto';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { NewDomainEvent } from './domain-event.repository.ts';

export async function insertWaitlistInvite(
  db: DatabaseTransaction,
  invite: { id: string; friendEmail: string; yourName: string; waitlistType: WaitlistType },
): Promise<{ id: string }> {
  return db.waitlistInvite.create({ data: invite, select: { id: true } });
}

const JOIN_SQL = `
  WITH entry AS (
    INSERT INTO waitlist (id, email, name, type)
    VALUES ($1::uuid, $2, $3, $4::"WaitlistType")
    ON CONFLICT ((lower(email))) DO NOTHING
    RETURNING id
  ), appended AS (
    INSERT INTO domain_event (id, aggregate_type, aggregate_id, type, payload, actor_id, request_id, delivery_status, next_attempt_at, occurred_at)
    SELECT $5::uuid, $6, $7, $8, $9::jsonb, $10::uuid, $11, $12, CASE WHEN $12::text IS NULL THEN NULL ELSE $13::timestamptz END, $13::timestamptz
    FROM entry
  )
  SELECT id::text AS id FROM entry`;

/**
 * Inserts the entry and appends its event in one statement (one round trip, one transaction, so
 * both or neither are stored, with the ordinary synchronous commit). Returns false, inserting
 * nothing, when the email is already on the waitlist in any letter case: the unique index on
 * lower(email) decides, so concurrent joins of one email end with exactly one row.
 *
 * This is the hot path of the waitlist benchmark, so it goes through the pg pool as a prepared
 * statement rather than Prisma's query engine and an interactive transaction (`runCreation` in
 * commands/run-command.ts calls it with the event stamped).
 */
export async function insertWaitlistEntryWithEvent(
  db: Database,
  entry: { id: string; email: string; name: string; type: WaitlistType },
  event: NewDomainEvent,
  now: Date,
): Promise<boolean> {
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
    ],
  });
  return result.rows.length === 1;
}
