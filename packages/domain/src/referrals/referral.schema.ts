/**
 * The community referral system (docs/product.md#referrals, docs/product.md#referral-codes): the Refer
 * Someone form, referral statuses with badges and icons, and its texts.
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { labelOf } from '../shared/labels.ts';
import type { ReferralStatus } from './referral.machine.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { EARLIEST_INPUT_DATE, isInputDateInRange, LATEST_INPUT_DATE, MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';
import { minorToDecimalString, parseAmountToMinor } from '../money/money.ts';
import { normalizeReferralCode, REFERRAL_CODE_PATTERN, referralCodeErrors } from './referral-code.machine.ts';

export const referralPartyTypes = ['patient', 'practitioner'] as const;
export const referralPartyTypeSchema = z.enum(referralPartyTypes);
export type ReferralPartyType = z.infer<typeof referralPartyTypeSchema>;
export const referralPartyTypeLabels: Record<ReferralPartyType, string> = { patient: 'Patient', practitioner: 'Practitioner' };

/** docs/product.md#referrals — note: these messages have no final period, unlike the waitlist's. */
export const referralMessages = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  type: 'Please select who you are referring',
  referralCode: 'Please select a referral code',
} as const;

export const referralFormSchema = z.object({
  name: lineText().trim().min(2, referralMessages.name).max(200, tooLongMessage('Name', 200)),
  email: lineText().trim().max(MAX_EMAIL_LENGTH, referralMessages.email).pipe(z.email(referralMessages.email)),
  type: z.enum(referralPartyTypes, { error: referralMessages.type }).default('patient'),
  referralCode: lineText().trim().min(1, referralMessages.referralCode).max(40, referralMessages.referralCode),
  message: multilineText().max(2000, tooLongMessage('Message', 2000)).optional(),
});
export type ReferralFormInput = z.input<typeof referralFormSchema>;
export type ReferralForm = z.output<typeof referralFormSchema>;
export const referralFormDefaults: ReferralForm = { name: '', email: '', type: 'patient', referralCode: '', message: '' };

/** The four statuses of docs/product.md#referrals. */
export const referralStatuses = ['pending', 'accepted', 'completed', 'expired'] as const;
/**
 * Every status a stored referral can have: the spec's four plus declined and cancelled, which the
 * spec only toasts and Wellspring records (see referral.machine.ts). They get their own labels rather
 * than "Unknown".
 */
export type ReferralDisplayStatus = ReferralStatus;
export const referralStatusLabels: Record<ReferralStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  completed: 'Completed',
  expired: 'Expired',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
export const referralStatusLabel = (status: string): string => labelOf(referralStatusLabels, status);

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';
/** docs/product.md#referrals: pending and completed secondary, accepted outline, expired destructive (declined too; cancelled outline). */
export const referralStatusBadges: Record<ReferralStatus, BadgeVariant> = {
  pending: 'secondary',
  accepted: 'outline',
  completed: 'secondary',
  expired: 'destructive',
  declined: 'destructive',
  cancelled: 'outline',
};
export const referralStatusBadge = (status: string): BadgeVariant =>
  (Object.prototype.hasOwnProperty.call(referralStatusBadges, status) ? referralStatusBadges[status as ReferralStatus] : 'default');

export type ReferralIcon = { readonly name: 'clock' | 'check' | 'x' | 'help'; readonly color: 'grey' | 'blue' | 'green' | 'red' };
/** docs/product.md#referrals: pending clock, accepted blue check, completed green check, expired red. */
export const referralStatusIcons: Record<ReferralStatus, ReferralIcon> = {
  pending: { name: 'clock', color: 'grey' },
  accepted: { name: 'check', color: 'blue' },
  completed: { name: 'check', color: 'green' },
  expired: { name: 'x', color: 'red' },
  declined: { name: 'x', color: 'red' },
  cancelled: { name: 'x', color: 'grey' },
};
export const referralStatusIcon = (status: string): ReferralIcon =>
  (Object.prototype.hasOwnProperty.call(referralStatusIcons, status) ? referralStatusIcons[status as ReferralStatus] : { name: 'help', color: 'grey' });

export interface Referral {
  readonly id: string;
  readonly referrerId: string;
  readonly referrerType: ReferralPartyType;
  readonly referrerName: string;
  readonly refereeId: string | null;
  readonly refereeName: string;
  readonly refereeEmail: string;
  readonly refereeType: ReferralPartyType;
  readonly status: ReferralStatus;
  readonly referralCode: string;
  /** ISO instant. */
  readonly createdAt: string;
  readonly completedAt: string | null;
  readonly notes: string;
}

export interface ReferralCode {
  readonly id: string;
  readonly code: string;
  readonly ownerId: string;
  readonly ownerType: ReferralPartyType;
  readonly usageCount: number;
  /** null = unlimited. */
  readonly maxUsage: number | null;
  /** ISO instant, or null for no expiry. */
  readonly expiryDate: string | null;
  /** In minor units (cents); always equal for referrer and referee. */
  readonly rewards: { readonly referrer: number; readonly referee: number };
  readonly active: boolean;
  /** What the code offers, e.g. "$50 off first consultation". */
  readonly description: string;
}

export const referralTabs = ['My Referrals', 'Refer Someone', 'My Referral Codes'] as const;

export const referralToasts = {
  sending: 'Sending Referral...',
  sent: (email: string) => ({ title: 'Referral sent!', description: `We've sent an invitation to ${email}.` }),
  sendFailed: { title: 'Failed to send referral', description: 'Please try again later' },
  resent: 'Referral resent',
  cancelled: 'Referral cancelled',
  accepted: 'Referral accepted',
  declined: 'Referral declined',
  codeDeactivated: 'Code deactivated',
  codeActivated: 'Code activated',
  codeDeleted: 'Referral code deleted',
  deleteConfirm: {
    title: 'Are you sure?',
    description: 'This will permanently delete this referral code. Existing referrals using this code will no longer work.',
  },
  currentlyInactive: 'Currently inactive',
  /** Cancel asks first: a cancelled referral is final (issue 28). */
  cancelConfirm: {
    title: 'Cancel this referral?',
    description: (refereeName: string) => `${refereeName} will no longer be able to accept it. A cancelled referral cannot be restored.`,
    keep: 'Keep referral',
    confirm: 'Cancel referral',
  },
  /** Declining is final too, so the receiver is asked first (issue 28). */
  declineConfirm: {
    title: 'Decline this referral?',
    description: (referrerName: string) => `${referrerName} will see it as declined. A declined referral cannot be accepted later.`,
    keep: 'Keep referral',
    confirm: 'Decline referral',
  },
} as const;

/** The copy button's "copied" indicator lasts 2 s; the simulated send took 1 s (docs/product.md#referral-codes). */
export const COPIED_INDICATOR_MS = 2000;

/** A referral code card's status line: "Currently inactive", "Active until June 30, 2026" or "Active until Never". */
export function referralCodeStatusText(code: Pick<ReferralCode, 'active' | 'expiryDate'>, formatDate: (iso: string) => string): string {
  if (!code.active) return referralToasts.currentlyInactive;
  return `Active until ${code.expiryDate === null ? 'Never' : formatDate(code.expiryDate)}`;
}

/** The link a Share button copies: `{origin}/referral?code={code}` (docs/product.md#referral-codes). */
export const referralShareLink = (origin: string, code: string): string => `${origin.replace(/\/+$/, '')}/referral?code=${encodeURIComponent(code)}`;

/** The referral page's stats, computed from a practitioner's referrals (docs/product.md#referrals: 12 total, 5 completed, $120). */
export interface ReferralStats {
  readonly total: number;
  readonly completed: number;
  /** Minor units (cents), in US dollars. */
  readonly rewardsEarned: number;
}

/**
 * The stats of a practitioner's own referrals, sent and received, each with the reward credited to
 * this practitioner when it completed (null when none was).
 */
export function referralStatsOf(referrals: readonly { readonly status: string; readonly rewardEarnedMinor: number | null }[]): ReferralStats {
  return {
    total: referrals.length,
    completed: referrals.filter((referral) => referral.status === 'completed').length,
    rewardsEarned: referrals.reduce((sum, referral) => sum + (referral.status === 'completed' ? (referral.rewardEarnedMinor ?? 0) : 0), 0),
  };
}

/** A reward or a rewards-earned figure: 12000 → "$120", 2550 → "$25.50" (rewards are in US dollars). */
export function formatReward(minor: number): string {
  return minor % 100 === 0 ? `$${(minor / 100).toLocaleString('en-US')}` : `$${minorToDecimalString(minor)}`;
}

/** The largest reward a code may offer, in cents: $10,000 (the column is a PostgreSQL `integer`). */
export const MAX_REFERRAL_REWARD_MINOR = 1_000_000;

/** docs/product.md#referral-codes has no rules for the new-code form; these are Wellspring's. */
export const referralCodeFormMessages = {
  description: 'Please describe the offer',
  maxUsage: 'Usage limit must be a whole number of at least 1, or empty for no limit',
  expiryDate: 'Please enter a valid date',
  expiryDateRange: `Please enter a date between ${EARLIEST_INPUT_DATE.slice(0, 4)} and ${LATEST_INPUT_DATE.slice(0, 4)}`,
  rewardTooLarge: `Reward must be at most $${(MAX_REFERRAL_REWARD_MINOR / 100).toLocaleString('en-US')}`,
} as const;

/**
 * The "Create Code" form: the code (stored upper case, unique across the site), what it offers,
 * the reward for each side as an amount in dollars (stored in cents), an optional usage limit and an
 * optional last day (the code works until the end of that day, UTC).
 */
export const referralCodeFormSchema = z.object({
  code: lineText()
    .trim()
    .transform(normalizeReferralCode)
    .pipe(z.string().regex(REFERRAL_CODE_PATTERN, referralCodeErrors.invalidCode)),
  description: lineText().trim().min(2, referralCodeFormMessages.description).max(120, tooLongMessage('Offer', 120)),
  reward: lineText().transform((text, ctx) => {
    const parsed = parseAmountToMinor(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    if (parsed.minor > MAX_REFERRAL_REWARD_MINOR) {
      ctx.addIssue({ code: 'custom', message: referralCodeFormMessages.rewardTooLarge });
      return z.NEVER;
    }
    return parsed.minor;
  }),
  maxUsage: lineText()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return null;
      const value = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(value) || value < 1) {
        ctx.addIssue({ code: 'custom', message: referralCodeFormMessages.maxUsage });
        return z.NEVER;
      }
      return value;
    }),
  expiryDate: lineText()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T23:59:59.999Z`)) || new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: 'custom', message: referralCodeFormMessages.expiryDate });
        return z.NEVER;
      }
      if (!isInputDateInRange(text)) {
        ctx.addIssue({ code: 'custom', message: referralCodeFormMessages.expiryDateRange });
        return z.NEVER;
      }
      return `${text}T23:59:59.999Z`;
    }),
});
export type ReferralCodeFormInput = z.input<typeof referralCodeFormSchema>;
export type ReferralCodeForm = z.output<typeof referralCodeFormSchema>;
export const referralCodeFormDefaults = { code: '', description: '', reward: '', maxUsage: '', expiryDate: '' };

/** Rewards earned = the referrer reward (minor units) of each completed referral's code. */
export function referralStats(referrals: readonly Pick<Referral, 'status' | 'referralCode'>[], codes: readonly Pick<ReferralCode, 'code' | 'rewards'>[]): ReferralStats {
  const rewardByCode = new Map(codes.map((code) => [code.code, code.rewards.referrer]));
  const completed = referrals.filter((referral) => referral.status === 'completed');
  return {
    total: referrals.length,
    completed: completed.length,
    rewardsEarned: completed.reduce((sum, referral) => sum + (rewardByCode.get(referral.referralCode) ?? 0), 0),
  };
}

/** A referral code as a link carries it (`/referral?code=`): looked up upper case. */
export const referralCodeRefSchema = z.object({ code: lineText().trim().min(1, referralCodeErrors.notFound).max(40, referralCodeErrors.notFound).transform(normalizeReferralCode) });

/** The actions a referral's row offers its viewer (docs/product.md#referrals): the sender Resend/Cancel, the receiver Accept/Decline. */
export type ReferralAction = 'resend' | 'cancel' | 'accept' | 'decline';
export const referralActionLabels: Record<ReferralAction, string> = { resend: 'Resend', cancel: 'Cancel', accept: 'Accept', decline: 'Decline' };
export const referralActionToasts: Record<ReferralAction, string> = {
  resend: referralToasts.resent,
  cancel: referralToasts.cancelled,
  accept: referralToasts.accepted,
  decline: referralToasts.declined,
};
