/**
 * The caller's practice, as every practice query sees it. `practitionerProcedure` (trpc/trpc.ts)
 * resolves it from the session and hands out repositories bound to it
 * (`practiceRepositories`), so a router never passes a practice id and cannot forget one: every
 * statement in this folder filters on `scope.practiceId`, and a record of another practice is
 * simply not found — exactly like an unknown id.
 */
import type { LinkTokens } from '../auth/link-tokens.ts';
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
  /**
   * The tokens of private links: a change to an online booking's appointment makes its new manage
   * link with them (practice/booking-follow.ts). Every request's scope carries them.
   */
  readonly links?: LinkTokens;
}

export interface PracticeRow {
  readonly id: string;
  readonly timeZone: string;
}

/**
 * The practice a practitioner account owns, or null. Every practitioner account has one: sign-up
 * creates it with the account (commands/account.commands.ts), and the practice workspace's migration
 * (20261124200000) gave every older practitioner account one. Null therefore means an account the
 * practice workspace does not serve; callers refuse it (FORBIDDEN).
 */
export async function practiceOfUser(db: Database | DatabaseTransaction, userId: string): Promise<PracticeRow | null> {
  return db.practice.findUnique({ where: { ownerUserId: userId }, select: { id: true, timeZone: true } });
}

/** The refusal of a signed-in practitioner whose account has no practice. */
export const NO_PRACTICE_MESSAGE = 'This account has no practice.';
