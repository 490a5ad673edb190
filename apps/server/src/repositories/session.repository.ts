import type { Database } from '../db/client.ts';
import { publicUserSelect } from './user.repository.ts';

export function insertSession(db: Database, data: { id: string; userId: string; expiresAt: Date }) {
  return db.session.create({ data, select: { id: true, userId: true, expiresAt: true } });
}

export function findSessionWithUser(db: Database, id: string) {
  return db.session.findUnique({
    where: { id },
    select: { id: true, expiresAt: true, user: { select: publicUserSelect } },
  });
}

export async function extendSession(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.session.updateMany({ where: { id }, data: { expiresAt } });
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.session.deleteMany({ where: { id } });
}

export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const result = await db.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return result.count;
}
