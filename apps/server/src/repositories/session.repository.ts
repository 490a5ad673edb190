import type { Database } from '../db/client.ts';
import type { PublicUser } from './user.repository.ts';

export function insertSession(db: Database, data: { id: string; userId: string; expiresAt: Date; lastActiveAt: Date }) {
  return db.session.create({ data, select: { id: true, userId: true, expiresAt: true } });
}

/**
 * Every signed-in request reads this: the session, its user and the user's practice (if any), in one
 * prepared statement through the pool (Prisma's per-query cost would be most of the request's).
 */
export const SESSION_WITH_USER_SQL = `
  SELECT s.id, s.expires_at, s.last_active_at, u.id AS user_id, u.name, u.email, u.role, pr.id AS practice_id, pr.time_zone
  FROM session s
  JOIN app_user u ON u.id = s.user_id
  LEFT JOIN practice pr ON pr.owner_user_id = u.id
  WHERE s.id = $1`;

interface SessionWithUserRow {
  id: string;
  expires_at: Date;
  last_active_at: Date;
  user_id: string;
  name: string;
  email: string;
  role: string;
  practice_id: string | null;
  time_zone: string | null;
}

export interface SessionWithUser {
  readonly id: string;
  readonly expiresAt: Date;
  readonly lastActiveAt: Date;
  readonly user: PublicUser;
  /** The user's practice, when the account has one. */
  readonly practice: { readonly id: string; readonly timeZone: string } | null;
}

export async function findSessionWithUser(db: Database, id: string): Promise<SessionWithUser | null> {
  const { rows } = await db.pool.query<SessionWithUserRow>({ name: 'session-with-user', text: SESSION_WITH_USER_SQL, values: [id] });
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    expiresAt: row.expires_at,
    lastActiveAt: row.last_active_at,
    user: { id: row.user_id, name: row.name, email: row.email, role: row.role },
    practice: row.practice_id && row.time_zone ? { id: row.practice_id, timeZone: row.time_zone } : null,
  };
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
