/**
 * A referral, as decide/evolve. The sender (referrer) refers someone to the receiver (the referee,
 * or the practitioner receiving the referral); who may do what is part of the rule.
 *
 * | state     | command  | actor             | condition          | events             | next      |
 * |-----------|----------|-------------------|--------------------|--------------------|-----------|
 * | absent    | Send     | the sender        | sender ≠ receiver  | ReferralSent       | pending   |
 * | pending   | Accept   | receiver          | not yet expired    | ReferralAccepted   | accepted  |
 * | pending   | Decline  | receiver          | —                  | ReferralDeclined   | declined  |
 * | pending   | Cancel   | sender            | —                  | ReferralCancelled  | cancelled |
 * | pending   | Resend   | sender            | not yet expired    | ReferralResent     | pending (unchanged) |
 * | pending   | Complete | receiver          | not yet expired    | ReferralAccepted, ReferralCompleted | completed |
 * | accepted  | Complete | receiver / system | —                  | ReferralCompleted  | completed |
 * | pending   | Expire   | system            | now ≥ expiresAt    | ReferralExpired    | expired   |
 *
 * A wrong actor gets FORBIDDEN; a command in the wrong state INVALID_TRANSITION; Accept or Resend
 * after the expiry PRECONDITION_FAILED ("This referral has expired."). declined, cancelled,
 * completed and expired are final. A rejected command changes nothing.
 *
 * The receiver may have no account when the referral is sent: Wellspring gives the referee's
 * normalized e-mail address as `receiverId`, and a signed-in user acts as the receiver when their
 * account e-mail (`Actor.email`) is that address. Complete from pending is the redemption of the
 * referral's code at sign-up: the new account accepts and completes in one step.
 *
 * The preview these screens come from only showed notices and never changed a status; Wellspring records
 * them (docs/product.md#what-is-stored, docs/product.md#referrals) with the same toasts; Resend keeps the
 * status, as its notice implies.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';

export const referralMachineStatuses = ['pending', 'accepted', 'declined', 'cancelled', 'completed', 'expired'] as const;
export type ReferralStatus = (typeof referralMachineStatuses)[number];

export type ReferralState =
  | { readonly status: 'absent' }
  | {
      readonly status: ReferralStatus;
      readonly id: string;
      readonly senderId: string;
      readonly receiverId: string;
      /** ISO instant, or null for a referral that never expires. */
      readonly expiresAt: string | null;
      readonly resendCount: number;
      readonly completedAt: string | null;
    };

export const initialReferral: ReferralState = { status: 'absent' };

export type ReferralCommand =
  | { readonly kind: 'Send'; readonly id: string; readonly senderId: string; readonly receiverId: string; readonly expiresAt: string | null }
  | { readonly kind: 'Accept' }
  | { readonly kind: 'Decline' }
  | { readonly kind: 'Cancel' }
  | { readonly kind: 'Resend' }
  | { readonly kind: 'Complete' }
  | { readonly kind: 'Expire' };

/**
 * The events, as zod schemas: the server stores an event as its JSON payload and reads it back
 * through `referralEventSchema`. `at` is the ISO instant of the command; `expiresAt` is kept as
 * the command gave it (the machine compares it with `Date.parse`).
 */
const referralId = z.string();
const referralAt = z.iso.datetime();
export const referralSentEventSchema = z.object({
  type: z.literal('ReferralSent'),
  id: referralId,
  senderId: z.string(),
  receiverId: z.string(),
  expiresAt: z.string().nullable(),
  at: referralAt,
});
const referralStepSchema = <Type extends string>(type: Type) => z.object({ type: z.literal(type), id: referralId, at: referralAt });
export const referralAcceptedEventSchema = referralStepSchema('ReferralAccepted');
export const referralDeclinedEventSchema = referralStepSchema('ReferralDeclined');
export const referralCancelledEventSchema = referralStepSchema('ReferralCancelled');
export const referralResentEventSchema = referralStepSchema('ReferralResent');
export const referralCompletedEventSchema = referralStepSchema('ReferralCompleted');
export const referralExpiredEventSchema = referralStepSchema('ReferralExpired');
export const referralEventSchema = z.discriminatedUnion('type', [
  referralSentEventSchema,
  referralAcceptedEventSchema,
  referralDeclinedEventSchema,
  referralCancelledEventSchema,
  referralResentEventSchema,
  referralCompletedEventSchema,
  referralExpiredEventSchema,
]);
export type ReferralEvent = Readonly<z.output<typeof referralEventSchema>>;

/**
 * Who issues the command: a signed-in user (with their account e-mail, normalized, when known), or
 * the system (scheduler, relay).
 */
export type Actor = { readonly kind: 'user'; readonly id: string; readonly email?: string } | { readonly kind: 'system' };

/** How long a sent referral stays pending before it expires. */
export const REFERRAL_EXPIRY_DAYS = 30;

/** A user is `party` when it is their id, or their account e-mail (a referee's `receiverId`). */
const isParty = (actor: Actor, party: string): boolean => actor.kind === 'user' && (actor.id === party || (actor.email !== undefined && actor.email === party));

export interface ReferralContext {
  readonly actor: Actor;
  /** The current instant. */
  readonly now: Date;
}

export const referralErrors = {
  notFound: 'Referral not found.',
  alreadyExists: 'This referral already exists.',
  selfReferral: 'You cannot refer yourself.',
  onlyReceiver: 'Only the person who received this referral can do that.',
  onlySender: 'Only the person who sent this referral can do that.',
  onlySystem: 'Referrals expire on their own.',
  expired: 'This referral has expired.',
  notExpiredYet: 'This referral has not expired yet.',
  notPending: (status: ReferralStatus) => `This referral is ${status}, not pending.`,
  notAccepted: (status: ReferralStatus) => `Only an accepted referral can be completed; this one is ${status}.`,
} as const;

const isExpired = (expiresAt: string | null, now: Date): boolean => expiresAt !== null && now.getTime() >= Date.parse(expiresAt);

export function decideReferral(state: ReferralState, command: ReferralCommand, context: ReferralContext): Decision<ReferralEvent> {
  const { actor, now } = context;
  const at = now.toISOString();
  if (command.kind === 'Send') {
    if (state.status !== 'absent') return reject('CONFLICT', referralErrors.alreadyExists);
    if (actor.kind !== 'user' || actor.id !== command.senderId) return reject('FORBIDDEN', referralErrors.onlySender);
    if (command.senderId === command.receiverId || isParty(actor, command.receiverId)) return reject('PRECONDITION_FAILED', referralErrors.selfReferral);
    return accept({ type: 'ReferralSent', id: command.id, senderId: command.senderId, receiverId: command.receiverId, expiresAt: command.expiresAt, at });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', referralErrors.notFound);
  const { id, status } = state;
  const isSender = actor.kind === 'user' && actor.id === state.senderId;
  const isReceiver = isParty(actor, state.receiverId);
  switch (command.kind) {
    case 'Accept':
    case 'Decline': {
      if (!isReceiver) return reject('FORBIDDEN', referralErrors.onlyReceiver);
      if (status !== 'pending') return reject('INVALID_TRANSITION', referralErrors.notPending(status));
      if (command.kind === 'Decline') return accept({ type: 'ReferralDeclined', id, at });
      if (isExpired(state.expiresAt, now)) return reject('PRECONDITION_FAILED', referralErrors.expired);
      return accept({ type: 'ReferralAccepted', id, at });
    }
    case 'Cancel':
    case 'Resend': {
      if (!isSender) return reject('FORBIDDEN', referralErrors.onlySender);
      if (status !== 'pending') return reject('INVALID_TRANSITION', referralErrors.notPending(status));
      if (command.kind === 'Cancel') return accept({ type: 'ReferralCancelled', id, at });
      if (isExpired(state.expiresAt, now)) return reject('PRECONDITION_FAILED', referralErrors.expired);
      return accept({ type: 'ReferralResent', id, at });
    }
    case 'Complete':
      if (!isReceiver && actor.kind !== 'system') return reject('FORBIDDEN', referralErrors.onlyReceiver);
      if (status === 'pending' && isReceiver) {
        if (isExpired(state.expiresAt, now)) return reject('PRECONDITION_FAILED', referralErrors.expired);
        return accept({ type: 'ReferralAccepted', id, at }, { type: 'ReferralCompleted', id, at });
      }
      if (status !== 'accepted') return reject('INVALID_TRANSITION', referralErrors.notAccepted(status));
      return accept({ type: 'ReferralCompleted', id, at });
    case 'Expire':
      if (actor.kind !== 'system') return reject('FORBIDDEN', referralErrors.onlySystem);
      if (status !== 'pending') return reject('INVALID_TRANSITION', referralErrors.notPending(status));
      if (!isExpired(state.expiresAt, now)) return reject('PRECONDITION_FAILED', referralErrors.notExpiredYet);
      return accept({ type: 'ReferralExpired', id, at });
  }
}

export function evolveReferral(state: ReferralState, event: ReferralEvent): ReferralState {
  if (event.type === 'ReferralSent') {
    return { status: 'pending', id: event.id, senderId: event.senderId, receiverId: event.receiverId, expiresAt: event.expiresAt, resendCount: 0, completedAt: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ReferralAccepted':
      return { ...state, status: 'accepted' };
    case 'ReferralDeclined':
      return { ...state, status: 'declined' };
    case 'ReferralCancelled':
      return { ...state, status: 'cancelled' };
    case 'ReferralResent':
      return { ...state, resendCount: state.resendCount + 1 };
    case 'ReferralCompleted':
      return { ...state, status: 'completed', completedAt: event.at };
    case 'ReferralExpired':
      return { ...state, status: 'expired' };
  }
}

/** The status to show at `now`: a pending referral past its expiry reads expired before the scheduler records it. */
export function referralStatusAt(state: Exclude<ReferralState, { status: 'absent' }>, now: Date): ReferralStatus {
  return state.status === 'pending' && isExpired(state.expiresAt, now) ? 'expired' : state.status;
}

/**
 * The actions the UI may offer to `actorId` (docs/product.md#referrals: sender Resend/Cancel, receiver Accept/Decline).
 * Past its expiry a pending referral can still be cancelled or declined, not resent or accepted.
 */
export function allowedReferralActions(state: Exclude<ReferralState, { status: 'absent' }>, actorId: string, now: Date): ('accept' | 'decline' | 'resend' | 'cancel')[] {
  if (state.status !== 'pending') return [];
  const expired = isExpired(state.expiresAt, now);
  if (actorId === state.senderId) return expired ? ['cancel'] : ['resend', 'cancel'];
  if (actorId === state.receiverId) return expired ? ['decline'] : ['accept', 'decline'];
  return [];
}
