/**
 * The single-use links of an account (issue 25): password reset (1 hour), e-mail verification and
 * change of e-mail (48 hours). A link's token is derived from its row's id (auth/link-tokens.ts,
 * 256 bits); the row keeps only the token's SHA-256, so the raw token is in the e-mail alone. A link
 * is live while it is unused, unexpired, and no newer link of its purpose replaced it (the command
 * that makes a link marks the older ones used).
 */
import { EMAIL_VERIFICATION_HOURS, PASSWORD_RESET_MINUTES } from '@wellspring/domain';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { LINK_TOKEN_PATTERN, type LinkTokens } from './link-tokens.ts';

/** The new token row of a link a command sends (the token is derived from its id; only its hash is kept). */
export interface NewAccountToken {
  readonly id: string;
  readonly purpose: 'password-reset' | 'email-verification' | 'email-change';
  readonly hash: Buffer;
  readonly expiresAt: Date;
  /** The new address of a change of e-mail. */
  readonly email?: string | null;
}

export type AccountLinkPurpose = NewAccountToken['purpose'];

const LIFETIME_MS: Readonly<Record<AccountLinkPurpose, number>> = {
  'password-reset': PASSWORD_RESET_MINUTES * 60_000,
  'email-verification': EMAIL_VERIFICATION_HOURS * 3_600_000,
  'email-change': EMAIL_VERIFICATION_HOURS * 3_600_000,
};

/** A new link's row (its token is `links.token(purpose, id, 0)`, written into the e-mail by the relay). */
export function newAccountToken(links: LinkTokens, purpose: AccountLinkPurpose, now: Date, email: string | null = null): NewAccountToken {
  const id = randomUUID();
  return { id, purpose, hash: links.hash(links.token(purpose, id, 0)), expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]), email };
}

export interface LiveAccountLink {
  readonly tokenId: string;
  readonly userId: string;
  readonly purpose: AccountLinkPurpose;
}

/** The live link `token` is for one of `purposes`, or null (unknown, used, replaced, expired, or another purpose's). */
export async function findLiveAccountLink(db: Database, links: LinkTokens, token: string, purposes: readonly AccountLinkPurpose[], now: Date): Promise<LiveAccountLink | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const row = await db.accountToken.findUnique({
    where: { tokenHash: new Uint8Array(links.hash(token)) },
    select: { id: true, userId: true, purpose: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  const purpose = purposes.find((candidate) => candidate === row.purpose);
  // The hash found the row; the HMAC proves the token is the one this server made for it.
  if (!purpose || !links.matches(token, purpose, row.id, 0)) return null;
  return { tokenId: row.id, userId: row.userId, purpose };
}
