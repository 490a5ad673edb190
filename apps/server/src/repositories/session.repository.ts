import type { Database } from '../db/client.ts';
import { publicUserSelect } from './user.repository.ts';

export function insertSession(db: Database, data: { id: string; userId: string; expiresAt: Date; lastActiveAt: Date }) {
  return db.session.create({ data, select: { id: true, userId: true, expiresAt: true } });
}

export function findSessionWithUser(db: Database, id: string) {
  return db.session.findUnique({
    where: { id },
    select: { id: true, expiresAt: true, lastActiveAt: true, user: { select: publicUserSelect } },
  });
}

/** Records use of the session: its last activity and, when renewed, its new expiry. */
export async function touchSession(db: Database, id: string, data: { lastActiveAt: Date; expiresAt?: Date }): Promise<void> {
  await db.session.updateMany({ where: { id }, data });
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.session.deleteMany({ where: { id } });
}

/**
 * Deletes sessions past their expiry and, with an idle limit, those unused for that long. Both are
 * refused at their next use anyway; this keeps dead rows from piling up.
 */
export async function deleteExpiredSessions(db: Database, { now = new Date(), idleTimeoutMs }: { now?: Date; idleTimeoutMs?: number } = {}): Promise<number> {
  const idleSince = idleTimeoutMs ? new Date(now.getTime() - idleTimeoutMs) : null;
  const result = await db.session.deleteMany({
    where: { OR: [{ expiresAt: { lte: now } }, ...(idleSince ? [{ lastActiveAt: { lte: idleSince } }] : [])] },
  });
  return result.count;
}
