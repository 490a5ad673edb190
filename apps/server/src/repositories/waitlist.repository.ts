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

/**
 * Inserts the entry and appends its event in one statement (one round trip, atomic). Returns null,
 * inserting nothing, when the email is already on the waitlist in any letter case: the unique index
 * on lower(email) decides, so concurrent joins of one email end with exactly one row.
 */
export async function insertWaitlistEntryWithEvent(
  db: Database,
  entry: { id: string; email: string; name: string; type: WaitlistType },
  event: NewDomainEvent,
): Promise<{ id: string } | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH entry AS (
      INSERT INTO waitlist (id, email, name, type)
      VALUES (${entry.id}::uuid, ${entry.email}, ${entry.name}, ${entry.type}::"WaitlistType")
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id
    ), appended AS (
      INSERT INTO domain_event (id, aggregate_type, aggregate_id, type, payload, actor_id, delivery_status)
      SELECT ${randomUUID()}::uuid, ${event.aggregateType}, ${event.aggregateId}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
             ${event.actorId ?? null}::uuid, ${event.delivery ?? null}
      FROM entry
    )
    SELECT id::text AS id FROM entry`;
  return rows[0] ?? null;
}
