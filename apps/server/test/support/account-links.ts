/**
 * The link an account e-mail carries, as the relay writes it: the token derived again from the id
 * its event names (processLinkTokens, the key of every app this test process starts).
 */
import { processLinkTokens, type LinkPurpose } from '../../src/auth/link-tokens.ts';
import type { Database } from '../../src/db/client.ts';

const purposeOf: Readonly<Record<string, LinkPurpose>> = {
  EmailVerificationRequested: 'email-verification',
  EmailChangeRequested: 'email-change',
  PasswordResetRequested: 'password-reset',
};

/** The token of the newest link of `type` sent to the account `userId` (its e-mail's link). */
export async function latestLinkToken(db: Database, userId: string, type: keyof typeof purposeOf): Promise<string> {
  const [event] = await db.$queryRaw<{ token_id: string }[]>`
    SELECT payload->>'tokenId' AS token_id FROM domain_event
    WHERE aggregate_type = 'account' AND aggregate_id = ${userId} AND type = ${type}
    ORDER BY sequence DESC LIMIT 1`;
  const purpose = purposeOf[type];
  if (!event || !purpose) throw new Error(`no ${type} link for ${userId}`);
  return processLinkTokens().token(purpose, event.token_id, 0);
}

/** The id of the account with this (normalized) address. */
export async function accountIdOf(db: Database, email: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() }, select: { id: true } });
  return user.id;
}
