/**
 * A referral code, as decide/evolve.
 *
 * | state            | command    | actor     | condition                                   | events                   | next     |
 * |------------------|------------|-----------|---------------------------------------------|--------------------------|----------|
 * | absent           | Create     | the owner | code well-formed, reward ≥ 0, maxUsage ≥ 1  | ReferralCodeCreated      | active   |
 * | active           | Deactivate | owner     | —                                           | ReferralCodeDeactivated  | inactive |
 * | inactive         | Activate   | owner     | —                                           | ReferralCodeActivated    | active   |
 * | active/inactive  | Delete     | owner     | —                                           | ReferralCodeDeleted      | deleted  |
 * | active           | Redeem     | not owner | not expired, usageCount < maxUsage (null = unlimited) | ReferralCodeRedeemed | active (usageCount + 1) |
 *
 * Redeem fails with PRECONDITION_FAILED and a clear message when the code is inactive, expired, or
 * used up; the owner redeeming their own code is FORBIDDEN. Deleted is final: every command then gets
 * NOT_FOUND (docs/product.md#referral-codes: "existing referrals using it stop working"). Rewards are one amount, paid equally
 * to referrer and referee (docs/product.md#referral-codes: 50/50, 20/20, 25/25).
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import type { Actor } from './referral.machine.ts';

export type ReferralCodeState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'inactive' | 'deleted';
      readonly id: string;
      readonly code: string;
      readonly ownerId: string;
      readonly usageCount: number;
      readonly maxUsage: number | null;
      /** ISO instant, or null for no expiry. */
      readonly expiryDate: string | null;
      readonly rewards: { readonly referrer: number; readonly referee: number };
    };

export const initialReferralCode: ReferralCodeState = { status: 'absent' };

export type ReferralCodeCommand =
  | {
      readonly kind: 'Create';
      readonly id: string;
      readonly code: string;
      readonly ownerId: string;
      readonly maxUsage: number | null;
      readonly expiryDate: string | null;
      /** Minor units (cents), for each side. */
      readonly reward: number;
    }
  | { readonly kind: 'Deactivate' }
  | { readonly kind: 'Activate' }
  | { readonly kind: 'Delete' }
  | { readonly kind: 'Redeem'; readonly referralId: string };

/** Codes are stored upper case: "WELL-50". */
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,30}[A-Z0-9]$/;

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * through `referralCodeEventSchema`, with the rules `decide` enforces (code pattern, rewards in
 * whole minor units, maxUsage ≥ 1 or unlimited).
 */
const referralCodeId = z.string();
const rewardSchema = z.number().int().min(0);
export const referralCodeCreatedEventSchema = z.object({
  type: z.literal('ReferralCodeCreated'),
  id: referralCodeId,
  code: z.string().regex(REFERRAL_CODE_PATTERN),
  ownerId: z.string(),
  maxUsage: z.number().int().min(1).nullable(),
  expiryDate: z.string().nullable(),
  reward: rewardSchema,
});
export const referralCodeDeactivatedEventSchema = z.object({ type: z.literal('ReferralCodeDeactivated'), id: referralCodeId });
export const referralCodeActivatedEventSchema = z.object({ type: z.literal('ReferralCodeActivated'), id: referralCodeId });
export const referralCodeDeletedEventSchema = z.object({ type: z.literal('ReferralCodeDeleted'), id: referralCodeId });
export const referralCodeRedeemedEventSchema = z.object({
  type: z.literal('ReferralCodeRedeemed'),
  id: referralCodeId,
  referralId: z.string(),
  usageCount: z.number().int().min(1),
  rewards: z.object({ referrer: rewardSchema, referee: rewardSchema }),
});
export const referralCodeEventSchema = z.discriminatedUnion('type', [
  referralCodeCreatedEventSchema,
  referralCodeDeactivatedEventSchema,
  referralCodeActivatedEventSchema,
  referralCodeDeletedEventSchema,
  referralCodeRedeemedEventSchema,
]);
export type ReferralCodeEvent = Readonly<z.output<typeof referralCodeEventSchema>>;

export interface ReferralCodeContext {
  readonly actor: Actor;
  readonly now: Date;
}

export const referralCodeErrors = {
  notFound: 'Referral code not found.',
  alreadyExists: 'This referral code already exists.',
  invalidCode: 'A referral code is 4 to 32 letters, digits or dashes.',
  invalidReward: 'The reward must be an amount of 0 or more.',
  invalidMaxUsage: 'Maximum usage must be at least 1, or unlimited.',
  onlyOwner: 'Only the owner of this referral code can do that.',
  ownCode: 'You cannot redeem your own referral code.',
  alreadyActive: 'This referral code is already active.',
  alreadyInactive: 'This referral code is already inactive.',
  inactive: 'This referral code is inactive.',
  expired: 'This referral code has expired.',
  usedUp: 'This referral code has reached its maximum number of uses.',
} as const;

export const isReferralCodeExpired = (expiryDate: string | null, now: Date): boolean => expiryDate !== null && now.getTime() >= Date.parse(expiryDate);

export function decideReferralCode(state: ReferralCodeState, command: ReferralCodeCommand, context: ReferralCodeContext): Decision<ReferralCodeEvent> {
  const { actor, now } = context;
  if (command.kind === 'Create') {
    if (state.status !== 'absent') return reject('CONFLICT', referralCodeErrors.alreadyExists);
    if (actor.kind !== 'user' || actor.id !== command.ownerId) return reject('FORBIDDEN', referralCodeErrors.onlyOwner);
    const code = normalizeReferralCode(command.code);
    if (!REFERRAL_CODE_PATTERN.test(code)) return reject('PRECONDITION_FAILED', referralCodeErrors.invalidCode);
    if (!Number.isSafeInteger(command.reward) || command.reward < 0) return reject('PRECONDITION_FAILED', referralCodeErrors.invalidReward);
    if (command.maxUsage !== null && (!Number.isSafeInteger(command.maxUsage) || command.maxUsage < 1)) return reject('PRECONDITION_FAILED', referralCodeErrors.invalidMaxUsage);
    return accept({ type: 'ReferralCodeCreated', id: command.id, code, ownerId: command.ownerId, maxUsage: command.maxUsage, expiryDate: command.expiryDate, reward: command.reward });
  }
  if (state.status === 'absent' || state.status === 'deleted') return reject('NOT_FOUND', referralCodeErrors.notFound);
  const { id } = state;
  const isOwner = actor.kind === 'user' && actor.id === state.ownerId;
  switch (command.kind) {
    case 'Deactivate':
      if (!isOwner) return reject('FORBIDDEN', referralCodeErrors.onlyOwner);
      return state.status === 'active' ? accept({ type: 'ReferralCodeDeactivated', id }) : reject('INVALID_TRANSITION', referralCodeErrors.alreadyInactive);
    case 'Activate':
      if (!isOwner) return reject('FORBIDDEN', referralCodeErrors.onlyOwner);
      return state.status === 'inactive' ? accept({ type: 'ReferralCodeActivated', id }) : reject('INVALID_TRANSITION', referralCodeErrors.alreadyActive);
    case 'Delete':
      if (!isOwner) return reject('FORBIDDEN', referralCodeErrors.onlyOwner);
      return accept({ type: 'ReferralCodeDeleted', id });
    case 'Redeem':
      if (isOwner) return reject('FORBIDDEN', referralCodeErrors.ownCode);
      if (state.status === 'inactive') return reject('PRECONDITION_FAILED', referralCodeErrors.inactive);
      if (isReferralCodeExpired(state.expiryDate, now)) return reject('PRECONDITION_FAILED', referralCodeErrors.expired);
      if (state.maxUsage !== null && state.usageCount >= state.maxUsage) return reject('PRECONDITION_FAILED', referralCodeErrors.usedUp);
      return accept({ type: 'ReferralCodeRedeemed', id, referralId: command.referralId, usageCount: state.usageCount + 1, rewards: state.rewards });
  }
}

export function evolveReferralCode(state: ReferralCodeState, event: ReferralCodeEvent): ReferralCodeState {
  if (event.type === 'ReferralCodeCreated') {
    return {
      status: 'active',
      id: event.id,
      code: event.code,
      ownerId: event.ownerId,
      usageCount: 0,
      maxUsage: event.maxUsage,
      expiryDate: event.expiryDate,
      rewards: { referrer: event.reward, referee: event.reward },
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ReferralCodeDeactivated':
      return { ...state, status: 'inactive' };
    case 'ReferralCodeActivated':
      return { ...state, status: 'active' };
    case 'ReferralCodeDeleted':
      return { ...state, status: 'deleted' };
    case 'ReferralCodeRedeemed':
      return { ...state, usageCount: event.usageCount };
  }
}

/** Whether a code can be redeemed at `now` (for listing selectable codes). */
export const isReferralCodeRedeemable = (
  code: { readonly active: boolean; readonly expiryDate: string | null; readonly usageCount: number; readonly maxUsage: number | null },
  now: Date,
): boolean => code.active && !isReferralCodeExpired(code.expiryDate, now) && (code.maxUsage === null || code.usageCount < code.maxUsage);
