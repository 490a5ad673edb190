/**
 * Sessions after Lucia's design (docs/decisions/0003-sessions-lucia-design.md): the cookie carries a
 * random token; the database keeps only its SHA-256, so a leaked table cannot be replayed.
 *
 * A session ends at whichever comes first: its sliding 30-day expiry, or an idle limit
 * (SESSION_IDLE_MINUTES, default 30) since its last recorded activity — clinical records must not stay
 * open on a shared clinic computer that someone walked away from.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Database } from '../db/client.ts';
import { deleteSession, findSessionWithUser, insertSession, touchSession } from '../repositories/session.repository.ts';
import type { PublicUser } from '../repositories/user.repository.ts';
import { shortenedAddress } from './address.ts';

const SESSION_COOKIE = 'session';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session used when fewer than this many milliseconds remain gets a fresh 30 days. */
const SESSION_RENEW_THRESHOLD_MS = 15 * DAY_MS;
/**
 * Activity is written at most once a minute per session, not at every request: the stored time is
 * moved only when it is at least this old. It therefore lags the last request by under a minute,
 * and an idle session ends between `idle limit − 1 minute` and `idle limit` after its last use
 * (never later than the limit).
 */
export const SESSION_ACTIVITY_GRANULARITY_MS = 60 * 1000;

export interface ValidSession {
  readonly id: string;
  readonly publicId: string;
  readonly expiresAt: Date;
  readonly authenticatedAt: Date;
  /** The password was right and the 2-step code is still owed: the session opens nothing yet. */
  readonly secondFactorPending: boolean;
  readonly user: PublicUser;
  /** The user's practice, when the account has one (read with the session, in the same statement). */
  readonly practice: { readonly id: string; readonly timeZone: string } | null;
  /** True when this validation extended the expiry: the cookie must be sent again. */
  readonly renewed: boolean;
}

/** 20 random bytes (160 bits), base32 lower case without padding. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionOrigin {
  /** The browser's User-Agent header, for the sessions list. */
  readonly userAgent?: string | null;
  /** The client address, stored shortened. */
  readonly address?: string | null;
  /** The password was right; the 2-step code is still owed. */
  readonly secondFactorPending?: boolean;
}

/** A session still owing its 2-step code ends after this long (the sign-in starts again). */
const SECOND_FACTOR_WINDOW_MS = 5 * 60 * 1000;

export async function createSession(db: Database, userId: string, now = new Date(), origin: SessionOrigin = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const pending = origin.secondFactorPending ?? false;
  const expiresAt = new Date(now.getTime() + (pending ? SECOND_FACTOR_WINDOW_MS : SESSION_LIFETIME_MS));
  await insertSession(db, {
    id: sessionIdFromToken(token),
    userId,
    expiresAt,
    lastActiveAt: now,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    address: origin.address ? shortenedAddress(origin.address) : null,
    secondFactorPending: pending,
  });
  return { token, expiresAt };
}

export interface SessionValidation {
  /** The time of the request (a test's clock, or the wall clock). */
  readonly now: Date;
  /** A session with no recorded activity for this long is over. */
  readonly idleTimeoutMs: number;
  /**
   * Whether a session still owing its 2-step code is answered (only the sign-in's second step asks);
   * otherwise it is null like no session: it opens nothing.
   */
  readonly allowSecondFactorPending?: boolean;
}

/**
 * The session of `token`, or null when there is none or it is over (expired or idle: its row is then
 * deleted). A valid session's use is recorded (see SESSION_ACTIVITY_GRANULARITY_MS) and, with under
 * 15 days left, its expiry moves to 30 days from now.
 */
export async function validateSessionToken(db: Database, token: string, { now, idleTimeoutMs, allowSecondFactorPending = false }: SessionValidation): Promise<ValidSession | null> {
  const id = sessionIdFromToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  if (row.secondFactorPending && !allowSecondFactorPending) return null;
  const expired = now.getTime() >= row.expiresAt.getTime();
  const idle = now.getTime() - row.lastActiveAt.getTime() >= idleTimeoutMs;
  if (expired || idle) {
    await deleteSession(db, id);
    return null;
  }
  // A session owing its code keeps its short expiry: only the code turns it into a full one.
  const renew = !row.secondFactorPending && row.expiresAt.getTime() - now.getTime() < SESSION_RENEW_THRESHOLD_MS;
  const expiresAt = renew ? new Date(now.getTime() + SESSION_LIFETIME_MS) : row.expiresAt;
  if (renew || now.getTime() - row.lastActiveAt.getTime() >= SESSION_ACTIVITY_GRANULARITY_MS) {
    await touchSession(db, id, { lastActiveAt: now, ...(renew ? { expiresAt } : {}) });
  }
  return {
    id,
    publicId: row.publicId,
    expiresAt,
    authenticatedAt: row.authenticatedAt,
    secondFactorPending: row.secondFactorPending,
    user: row.user,
    practice: row.practice,
    renewed: renew,
  };
}

export function invalidateSession(db: Database, sessionId: string): Promise<void> {
  return deleteSession(db, sessionId);
}

/** The session token from the request's Cookie header, if any. */
export function readSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = part.slice(separator + 1).trim();
      // Tokens are base32: anything else is not ours and is ignored.
      return /^[a-z2-7]{1,128}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setSessionCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.cookie(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: 0 });
}
