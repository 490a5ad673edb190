/**
 * The caller's practice, as every practice query sees it. `practitionerProcedure` (trpc/trpc.ts)
 * resolves it from the session and hands out repositories bound to it
 * (`practiceRepositories`), so a router never passes a practice id and cannot forget one: every
 * statement in this folder filters on `scope.practiceId`, and a record of another practice is
 * simply not found — exactly like an unknown id.
 */
import type { Database, DatabaseTransaction } from '../db/client.ts';

export interface PracticeScope {
  readonly practiceId: string;
  /** IANA zone of the practice: "today", "this week", ages and "upcoming" are computed in it. */
  readonly timeZone: string;
  /** Who acts, for the audit log and the events. */
  readonly actor: { readonly userId: string; readonly name: string };
  readonly requestId: string;
  readonly sourceAddress: string | null;
  /** The request's clock (tests control it). */
  readonly now: Date;
}

export interface PracticeRow {
  readonly id: string;
  readonly timeZone: string;
}

/**
 * The practice a practitioner account owns, created on first use if the account has none yet
 * (accounts get one at sign-up; the migration gave every older account one).
 */
export async function practiceOfUser(db: Database | DatabaseTransaction, userId: string): Promise<PracticeRow> {
  const existing = await db.practice.findUnique({ where: { ownerUserId: userId }, select: { id: true, timeZone: true } });
  if (existing) return existing;
  return db.practice.upsert({ where: { ownerUserId: userId }, create: { ownerUserId: userId }, update: {}, select: { id: true, timeZone: true } });
}

/** A new account's practice, in the account's own transaction. */
export async function createPracticeFor(db: Database | DatabaseTransaction, userId: string): Promise<PracticeRow> {
  return db.practice.create({ data: { ownerUserId: userId }, select: { id: true, timeZone: true } });
}
