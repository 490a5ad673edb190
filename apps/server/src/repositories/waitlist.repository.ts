import type { WaitlistType } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';

/** The entry with this email in any letter case (served by the unique index on lower(email)). */
export async function findWaitlistEntryIdByEmail(db: DatabaseTransaction, email: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM waitlist WHERE lower(email) = lower(${email}) LIMIT 1`;
  return rows[0]?.id ?? null;
}

export async function insertWaitlistEntry(
  db: DatabaseTransaction,
  entry: { id: string; email: string; name: string; type: WaitlistType },
): Promise<{ id: string }> {
  return db.waitlistEntry.create({ data: entry, select: { id: true } });
}

export async function insertWaitlistInvite(
  db: DatabaseTransaction,
  invite: { id: string; friendEmail: string; yourName: string; waitlistType: WaitlistType },
): Promise<{ id: string }> {
  return db.waitlistInvite.create({ data: invite, select: { id: true } });
}
