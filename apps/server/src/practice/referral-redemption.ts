/**
 * Redeeming a referral code when an account is created with it (issue 14, item 9): in the
 * account's own transaction, the referral-code machine decides the Redeem on the code's locked row
 * (refused when inactive, expired, deleted or at its usage limit — concurrent redemptions wait for
 * the lock, so a code never goes past its limit), the use is counted, and the pending referral sent
 * with that code to the new account's e-mail is completed through the referral machine, crediting
 * both sides' rewards. The redemption machine records what was credited (a `referral_redemption`
 * row and its ReferralRedemptionRecorded event).
 */
import { randomUUID } from 'node:crypto';
import { referralCodeErrors, type DomainError } from '@wellspring/domain';
import { executeCommand, type CommandContext } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { auditChangeOutsideCall } from './practice-audit.ts';
import { bindPractice } from './practice-transaction.ts';
import { referralCodeCommands, referralCommands, referralRedemptionCommands } from './referral.commands.ts';

export interface Redemption {
  readonly redemptionId: string;
  readonly codeId: string;
  /** The referral it completed, if one was waiting. */
  readonly referralId: string | null;
  readonly rewards: { readonly referrer: number; readonly referee: number };
}

/**
 * Redeems `code` (upper case) for the new account `userId` with the normalized `email`; `context`'s
 * actor is that account. A refusal comes back as the machine's DomainError; the caller rolls back.
 */
export async function redeemReferralCode(
  tx: DatabaseTransaction,
  context: CommandContext,
  input: { readonly code: string; readonly userId: string; readonly email: string },
): Promise<{ ok: true; redemption: Redemption } | { ok: false; error: DomainError }> {
  // The code belongs to another practice: found through the view meant for it, then redeemed in
  // that practice's name (row-level security), with the new account's e-mail naming its referral.
  const [found] = await tx.$queryRaw<{ id: string; practice_id: string }[]>`SELECT id, practice_id FROM referral_code_offer WHERE code = ${input.code}`;
  if (!found) return { ok: false, error: { code: 'NOT_FOUND', message: referralCodeErrors.notFound } };
  await bindPractice(tx, { practiceId: found.practice_id, userEmail: input.email });
  const waiting = await tx.referral.findFirst({
    where: { codeId: found.id, refereeEmail: input.email, status: 'pending' },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: { id: true },
  });
  const redemptionId = randomUUID();
  const redeemed = await executeCommand(tx, context, referralCodeCommands(null), found.id, { kind: 'Redeem', referralId: waiting?.id ?? redemptionId });
  if (!redeemed.ok) return redeemed;
  if (redeemed.state.status === 'absent') throw new Error('redeemReferralCode: a redeemed code has a state');
  const { rewards } = redeemed.state;
  let referralId: string | null = null;
  if (waiting) {
    const completed = await executeCommand(
      tx,
      context,
      referralCommands({
        viewer: { email: input.email },
        actorEmail: input.email,
        completion: { referrerRewardMinor: rewards.referrer, refereeRewardMinor: rewards.referee, refereeUserId: input.userId },
      }),
      waiting.id,
      { kind: 'Complete' },
    );
    // An expired referral is not completed; the code's own rewards are still credited below.
    if (completed.ok) referralId = waiting.id;
  }
  const recorded = await executeCommand(tx, context, referralRedemptionCommands(input.userId), redemptionId, {
    kind: 'Record',
    id: redemptionId,
    codeId: found.id,
    referralId,
    rewards: { referrer: rewards.referrer, referee: rewards.referee },
  });
  if (!recorded.ok) return recorded;
  const audited = { practiceId: found.practice_id, actorUserId: input.userId, action: 'update' as const, requestId: context.requestId };
  if (referralId) await auditChangeOutsideCall(tx, { ...audited, recordType: 'referral', recordId: referralId });
  await auditChangeOutsideCall(tx, { ...audited, recordType: 'referral_code', recordId: found.id });
  return { ok: true, redemption: { redemptionId, codeId: found.id, referralId, rewards } };
}
