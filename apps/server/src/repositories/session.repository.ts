import type { Database } from '../db/client.ts';
import type { PublicUser } from './user.repository.ts';

export interface NewSession {
  readonly id: string;
  readonly userId: string;
  readonly expiresAt: Date;
  readonly lastActiveAt: Date;
  readonly userAgent: string | null;
  readonly address: string | null;
  /** The password was right and a 2-step code is still owed. */
  readonly secondFactorPending: boolean;
}

export function insertSession(db: Database, data: NewSession) {
  return db.session.create({ data: { ...data, authenticatedAt: data.lastActiveAt }, select: { id: true, userId: true, expiresAt: true } });
}

/**
 * Every signed-in request reads this: the session, its user and the user's practice (if any), in one
 * prepared statement through the pool (Prisma's per-query cost would be most of the request's).
 */
export const SESSION_WITH_USER_SQL = `
  SELECT s.id, s.public_id, s.expires_at, s.last_active_at, s.authenticated_at, s.second_factor_pending,
         u.id AS user_id, u.name, u.email, u.role, u.email_verified_at IS NOT NULL AS email_verified, pr.id AS practice_id, pr.time_zone
  FROM session s
  JOIN app_user u ON u.id = s.user_id
  LEFT JOIN practice pr ON pr.owner_user_id = u.id
  WHERE s.id = $1`;

interface SessionWithUserRow {
  id: string;
  public_id: string;
  expires_at: Date;
  last_active_at: Date;
  authenticated_at: Date;
  second_factor_pending: boolean;
  email_verified: boolean;
  user_id: string;
  name: string;
  email: string;
  role: string;
  practice_id: string | null;
  time_zone: string | null;
}

export interface SessionWithUser {
  readonly id: string;
  readonly publicId: string;
  readonly expiresAt: Date;
  readonly lastActiveAt: Date;
  /** When the password (and code) were last entered in this session. */
  readonly authenticatedAt: Date;
  readonly secondFactorPending: boolean;
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
    publicId: row.public_id,
    expiresAt: row.expires_at,
    lastActiveAt: row.last_active_at,
    authenticatedAt: row.authenticated_at,
    secondFactorPending: row.second_factor_pending,
    user: { id: row.user_id, name: row.name, email: row.email, role: row.role, emailVerified: row.email_verified },
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

export interface SessionListing {
  readonly publicId: string;
  readonly userAgent: string | null;
  readonly address: string | null;
  readonly createdAt: Date;
  readonly lastActiveAt: Date;
}

/** The account's sessions that have passed sign-in (a session still owing its code is not one yet), last used first. */
export function listSessionsOfUser(db: Database, userId: string): Promise<SessionListing[]> {
  return db.session.findMany({
    where: { userId, secondFactorPending: false },
    orderBy: [{ lastActiveAt: 'desc' }, { publicId: 'asc' }],
    select: { publicId: true, userAgent: true, address: true, createdAt: true, lastActiveAt: true },
  });
}

/** Ends the account's session `publicId`; false when it has none of that id (ended already, or another's). */
export async function deleteSessionOfUser(db: Database, userId: string, publicId: string): Promise<boolean> {
  const result = await db.session.deleteMany({ where: { userId, publicId } });
  return result.count > 0;
}

/** Ends every session of the account but `keepId` (the caller's own). */
export async function deleteOtherSessions(db: Database, userId: string, keepId: string): Promise<number> {
  const result = await db.session.deleteMany({ where: { userId, id: { not: keepId } } });
  return result.count;
}

/** The password (and code) were entered again in this session: sensitive changes are open for 10 minutes. */
export async function markSessionAuthenticated(db: Database, id: string, at: Date): Promise<void> {
  await db.session.updateMany({ where: { id }, data: { authenticatedAt: at, secondFactorPending: false } });
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
