/**
 * The tokens of private links (issue 24): a booking's manage link and a practice's calendar feed.
 * A token is HMAC-SHA256(key, purpose:subject:generation), 256 bits, base64url — derived, never
 * stored: the database keeps only its SHA-256 (`hash`), so whoever reads the tables cannot use a
 * link, while the server can write the same link into every e-mail of a booking without keeping it.
 * A new generation (a booking moved, a feed regenerated) is a new token; the old one's hash is gone,
 * so the old link answers "not found" at once. The key is derived from the audit HMAC key (HKDF with
 * its own label), so an operator keeps one secret (docs/decisions/0034-booking-links.md).
 */
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'manage-booking' | 'calendar-feed' | 'password-reset' | 'email-verification' | 'email-change';

export interface LinkTokens {
  /** The token of `subject`'s link for `purpose`, at `generation`. */
  token(purpose: LinkPurpose, subject: string, generation: number): string;
  /** What the database stores and looks a token up by. */
  hash(token: string): Buffer;
  /** Whether `token` is `subject`'s current one, compared in constant time. */
  matches(token: string, purpose: LinkPurpose, subject: string, generation: number): boolean;
}

/** A token's shape: 43 base64url characters (32 bytes). Anything else is refused before any lookup. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function linkKeyFromAuditKey(auditKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', auditKey, Buffer.alloc(0), 'wellspring private links v1', 32));
}

export function createLinkTokens(key: Buffer): LinkTokens {
  const token = (purpose: LinkPurpose, subject: string, generation: number): string =>
    createHmac('sha256', key).update(`${purpose}:${subject}:${generation}`).digest('base64url');
  const hash = (value: string): Buffer => createHash('sha256').update(value).digest();
  return {
    token,
    hash,
    matches: (value, purpose, subject, generation) => timingSafeEqual(hash(value), hash(token(purpose, subject, generation))),
  };
}

/**
 * Tokens under a key made for this process: tests and tools that start an app without the server's
 * key. Every part of one process shares it, so an e-mail's link opens the same process's pages.
 */
let processTokens: LinkTokens | null = null;
export function processLinkTokens(): LinkTokens {
  processTokens ??= createLinkTokens(randomBytes(32));
  return processTokens;
}
