/**
 * The record of one referral code's use by the account created with it (issue 14, item 9): the
 * ledger of the rewards both sides were credited, and the referral the use completed, if any. The
 * code's own machine decides whether it may be redeemed (its Redeem); this one records the result
 * once, under a fresh id. The event holds ids and amounts only (the account is the event's actor).
 *
 * | state    | command | events                     | next     |
 * |----------|---------|----------------------------|----------|
 * | absent   | Record  | ReferralRedemptionRecorded | recorded |
 * | recorded | Record  | CONFLICT                   | unchanged |
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';

export type ReferralRedemptionState = { readonly status: 'absent' } | { readonly status: 'recorded'; readonly id: string };
export const initialReferralRedemption: ReferralRedemptionState = { status: 'absent' };

export interface RecordReferralRedemptionCommand {
  readonly kind: 'Record';
  readonly id: string;
  readonly codeId: string;
  /** The referral the redemption completed; null when none was waiting (or it had expired). */
  readonly referralId: string | null;
  /** Minor units (cents) credited to each side. */
  readonly rewards: { readonly referrer: number; readonly referee: number };
}

const reward = z.number().int().min(0);
export const referralRedemptionEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ReferralRedemptionRecorded'),
    id: z.string().min(1),
    codeId: z.string().min(1),
    referralId: z.string().min(1).nullable(),
    rewards: z.object({ referrer: reward, referee: reward }),
  }),
]);
export type ReferralRedemptionEvent = Readonly<z.output<typeof referralRedemptionEventSchema>>;

export const referralRedemptionMessages = { alreadyRecorded: 'This referral code use is already recorded.' } as const;

export function decideReferralRedemption(state: ReferralRedemptionState, command: RecordReferralRedemptionCommand): Decision<ReferralRedemptionEvent> {
  if (state.status !== 'absent') return reject('CONFLICT', referralRedemptionMessages.alreadyRecorded);
  const { id, codeId, referralId, rewards } = command;
  return accept({ type: 'ReferralRedemptionRecorded', id, codeId, referralId, rewards: { referrer: rewards.referrer, referee: rewards.referee } });
}

export const evolveReferralRedemption = (_state: ReferralRedemptionState, event: ReferralRedemptionEvent): ReferralRedemptionState => ({ status: 'recorded', id: event.id });
