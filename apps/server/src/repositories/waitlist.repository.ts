import type { WaitlistEntryState, WaitlistType } from '@wellspring/domain';
import { initialWaitlistEntry, waitlistTypeSchema } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';

export async function insertWaitlistInvite(
  db: DatabaseTransaction,
  invite: { id: string; friendEmail: string; yourName: string; waitlistType: WaitlistType },
): Promise<{ id: string }> {
  return db.waitlistInvite.create({ data: invite, select: { id: true } });
}

/** The waitlist entry `id`, locked for the rest of the transaction; absent when there is none. */
export async function lockWaitlistEntry(tx: DatabaseTransaction, id: string): Promise<WaitlistEntryState> {
  const rows = await tx.$queryRaw<{ id: string; email: string; name: string; type: string }[]>`
    SELECT id::text AS id, email, name, type::text AS type FROM waitlist WHERE id = ${id}::uuid FOR UPDATE`;
  const row = rows[0];
  if (!row) return initialWaitlistEntry;
  return { status: 'joined', id: row.id, email: row.email, name: row.name, type: waitlistTypeSchema.parse(row.type) };
}

/**
 * Inserts the entry, or nothing when the email is already on the waitlist in any letter case
 * (false): the unique index on lower(email) decides, so concurrent joins of one email end with
 * exactly one row. The loser waits for the winner's commit, then inserts nothing.
 */
export async function insertWaitlistEntry(tx: DatabaseTransaction, entry: { id: string; email: string; name: string; type: WaitlistType }): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO waitlist (id, email, name, type)
    VALUES (${entry.id}::uuid, ${entry.email}, ${entry.name}, ${entry.type}::"WaitlistType")
    ON CONFLICT ((lower(email))) DO NOTHING`;
  return inserted === 1;
}
