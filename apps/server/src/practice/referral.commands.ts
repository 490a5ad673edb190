/**
 * Referral codes and referrals on the command runner (commands/run-command.ts), decided by the
 * domain's referral-code and referral machines (issue 14). Each loads its row locked
 * (`SELECT … FOR UPDATE`) within what the caller may see, so a code or referral outside it is
 * simply absent — NOT_FOUND with the machine's message, exactly as for an unknown id:
 * - a code: within the owner's practice (`practiceId`), or anywhere for a redemption at sign-up;
 * - a referral: sent from the caller's practice, or sent to the caller's account e-mail;
 * - a redemption (the ledger row of a code's use at sign-up): by its id.
 * Writes from a practitioner's request leave an audit entry.
 */
import {
  decideReferral,
  decideReferralCode,
  decideReferralRedemption,
  evolveReferral,
  evolveReferralCode,
  evolveReferralRedemption,
  initialReferral,
  initialReferralCode,
  initialReferralRedemption,
  referralCodeErrors,
  referralCodeEventSchema,
  referralEventSchema,
  referralRedemptionEventSchema,
  type Actor,
  type RecordReferralRedemptionCommand,
  type ReferralCodeCommand,
  type ReferralCodeEvent,
  type ReferralCodeState,
  type ReferralRedemptionEvent,
  type ReferralRedemptionState,
  type ReferralCommand,
  type ReferralEvent,
  type ReferralPartyType,
  type ReferralState,
  type ReferralStatus,
} from '@wellspring/domain';
import type { CommandContext, CommandMachine } from '../commands/run-command.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** The domain actor of a command: the signed-in user (with their account e-mail when given), or the system. */
function actorOf(context: CommandContext, email?: string): Actor {
  if (context.actor.userId === null) return { kind: 'system' };
  return email === undefined ? { kind: 'user', id: context.actor.userId } : { kind: 'user', id: context.actor.userId, email };
}

interface LockedCodeRow {
  id: string;
  code: string;
  owner_user_id: string;
  usage_count: number;
  max_usage: number | null;
  expires_at: Date | null;
  reward_minor: number;
  status: string;
}

/** What a new code holds besides the machine's state. */
export interface ReferralCodeDetails {
  readonly description: string;
}

/**
 * A referral code. `scope`: the owner's practice (commands of the owner; another practice's code is
 * absent); null for a redemption, which finds the code wherever it is.
 */
export function referralCodeCommands(scope: PracticeScope | null, details?: ReferralCodeDetails): CommandMachine<ReferralCodeState, ReferralCodeCommand, ReferralCodeEvent> {
  return {
    aggregateType: 'referral_code',
    eventSchema: referralCodeEventSchema,
    async load(tx, id) {
      const [row] = scope
        ? await tx.$queryRaw<LockedCodeRow[]>`
            SELECT id, code, owner_user_id::text, usage_count, max_usage, expires_at, reward_minor, status
            FROM referral_code WHERE practice_id = ${scope.practiceId} AND id = ${id} FOR UPDATE`
        : await tx.$queryRaw<LockedCodeRow[]>`
            SELECT id, code, owner_user_id::text, usage_count, max_usage, expires_at, reward_minor, status
            FROM referral_code WHERE id = ${id} FOR UPDATE`;
      if (!row) return initialReferralCode;
      return {
        status: row.status === 'active' || row.status === 'inactive' ? row.status : 'deleted',
        id: row.id,
        code: row.code,
        ownerId: row.owner_user_id,
        usageCount: row.usage_count,
        maxUsage: row.max_usage,
        expiryDate: row.expires_at?.toISOString() ?? null,
        rewards: { referrer: row.reward_minor, referee: row.reward_minor },
      };
    },
    decide: (state, command, context) => decideReferralCode(state, command, { actor: actorOf(context), now: context.now }),
    evolve: evolveReferralCode,
    async save(tx, { before, after, aggregateId, context }) {
      if (after.status === 'absent') return undefined;
      if (before.status === 'absent') {
        if (!scope || !details) throw new Error('referralCodeCommands: a new code needs its practice and offer');
        // The code is unique across the site: the unique index decides, exactly under concurrency.
        const inserted = await tx.$queryRaw<{ id: string }[]>`
          INSERT INTO referral_code (id, practice_id, owner_user_id, code, description, reward_minor, max_usage, usage_count, expires_at, status, created_at)
          VALUES (${aggregateId}, ${scope.practiceId}, ${after.ownerId}::uuid, ${after.code}, ${details.description}, ${after.rewards.referrer},
                  ${after.maxUsage}, 0, ${after.expiryDate === null ? null : new Date(after.expiryDate)}, 'active', ${context.now})
          ON CONFLICT (code) DO NOTHING RETURNING id`;
        if (inserted.length === 0) return { code: 'CONFLICT', message: referralCodeErrors.alreadyExists };
        return undefined;
      }
      // Conditional on the usage the machine decided from: with the row lock it never misses, and
      // the table's trigger refuses any count over the limit.
      const updated = await tx.$executeRaw`
        UPDATE referral_code SET status = ${after.status}, usage_count = ${after.usageCount}
        WHERE id = ${aggregateId} AND usage_count = ${before.usageCount}`;
      if (updated !== 1) return { code: 'CONFLICT', message: referralCodeErrors.usedUp };
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}

interface LockedReferralRow {
  id: string;
  sender_user_id: string;
  referee_email: string;
  status: string;
  expires_at: Date | null;
  resend_count: number;
  completed_at: Date | null;
}

/** What a new referral holds besides the machine's state. */
interface NewReferralDetails {
  readonly referrerName: string;
  readonly refereeName: string;
  readonly refereeType: ReferralPartyType;
  readonly codeId: string;
  readonly message: string;
}

/** Who may see the referral: its sender's practice, and the account with its e-mail; `null` = the system. */
type ReferralViewer = { readonly practiceId: string; readonly email: string } | { readonly email: string } | null;

export interface ReferralCommandOptions {
  readonly viewer: ReferralViewer;
  /** The caller's account e-mail (normalized): makes them the receiver of a referral sent to it. */
  readonly actorEmail?: string;
  /** Audit entries of a practitioner's request. */
  readonly scope?: PracticeScope;
  readonly create?: NewReferralDetails;
  /** At completion: the rewards credited (cents) and the receiver's account. */
  readonly completion?: { readonly referrerRewardMinor: number; readonly refereeRewardMinor: number; readonly refereeUserId: string };
}

const referralStatuses: readonly string[] = ['pending', 'accepted', 'declined', 'cancelled', 'completed', 'expired'];

async function lockReferral(tx: DatabaseTransaction, id: string, viewer: ReferralViewer): Promise<LockedReferralRow | undefined> {
  if (viewer === null) {
    const [row] = await tx.$queryRaw<LockedReferralRow[]>`
      SELECT id, sender_user_id::text, referee_email, status, expires_at, resend_count, completed_at FROM referral WHERE id = ${id} FOR UPDATE`;
    return row;
  }
  const practiceId = 'practiceId' in viewer ? viewer.practiceId : null;
  const [row] = await tx.$queryRaw<LockedReferralRow[]>`
    SELECT id, sender_user_id::text, referee_email, status, expires_at, resend_count, completed_at FROM referral
    WHERE id = ${id} AND (practice_id = ${practiceId} OR referee_email = ${viewer.email}) FOR UPDATE`;
  return row;
}

export function referralCommands(options: ReferralCommandOptions): CommandMachine<ReferralState, ReferralCommand, ReferralEvent> {
  const { scope } = options;
  return {
    aggregateType: 'referral',
    eventSchema: referralEventSchema,
    async load(tx, id) {
      const row = await lockReferral(tx, id, options.viewer);
      if (!row || !referralStatuses.includes(row.status)) return initialReferral;
      return {
        status: row.status as ReferralStatus,
        id: row.id,
        senderId: row.sender_user_id,
        receiverId: row.referee_email,
        expiresAt: row.expires_at?.toISOString() ?? null,
        resendCount: row.resend_count,
        completedAt: row.completed_at?.toISOString() ?? null,
      };
    },
    decide: (state, command, context) => decideReferral(state, command, { actor: actorOf(context, options.actorEmail), now: context.now }),
    evolve: evolveReferral,
    async save(tx, { before, after, aggregateId, context }) {
      if (after.status === 'absent') return undefined;
      if (before.status === 'absent') {
        const details = options.create;
        if (!scope || !details) throw new Error('referralCommands: a new referral needs its practice and details');
        await tx.referral.create({
          data: {
            id: aggregateId,
            practiceId: scope.practiceId,
            senderUserId: after.senderId,
            referrerName: details.referrerName,
            refereeName: details.refereeName,
            refereeEmail: after.receiverId,
            refereeType: details.refereeType,
            codeId: details.codeId,
            message: details.message,
            status: after.status,
            expiresAt: after.expiresAt === null ? null : new Date(after.expiresAt),
            createdAt: context.now,
          },
          select: { id: true },
        });
        return undefined;
      }
      const completing = after.status === 'completed' && before.status !== 'completed' ? options.completion : undefined;
      await tx.referral.update({
        where: { id: aggregateId },
        data: {
          status: after.status,
          resendCount: after.resendCount,
          completedAt: after.completedAt === null ? null : new Date(after.completedAt),
          ...(completing
            ? { referrerRewardMinor: completing.referrerRewardMinor, refereeRewardMinor: completing.refereeRewardMinor, refereeUserId: completing.refereeUserId }
            : {}),
        },
        select: { id: true },
      });
      return undefined;
    },
    // The referral e-mail waits in the outbox for the relay, on sending and on every resend.
    toStoredEvent: (event) =>
      event.type === 'ReferralSent' || event.type === 'ReferralResent' ? { type: event.type, payload: { ...event }, delivery: 'pending' } : { type: event.type, payload: { ...event } },
  };
}

/**
 * The record of a code's use by the new account `userId` (practice/referral-redemption.ts), under a
 * fresh id, in the sign-up's transaction. The unique (code, account) index refuses a second use.
 */
export function referralRedemptionCommands(userId: string): CommandMachine<ReferralRedemptionState, RecordReferralRedemptionCommand, ReferralRedemptionEvent> {
  return {
    aggregateType: 'referral_redemption',
    eventSchema: referralRedemptionEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM referral_redemption WHERE id = ${id} FOR UPDATE`;
      return row ? { status: 'recorded', id: row.id } : initialReferralRedemption;
    },
    decide: (state, command) => decideReferralRedemption(state, command),
    evolve: evolveReferralRedemption,
    async save(tx, { before, aggregateId, command, context }) {
      if (before.status !== 'absent') return undefined;
      await tx.referralRedemption.create({
        data: {
          id: aggregateId,
          codeId: command.codeId,
          userId,
          referralId: command.referralId,
          referrerRewardMinor: command.rewards.referrer,
          refereeRewardMinor: command.rewards.referee,
          createdAt: context.now,
        },
        select: { id: true },
      });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
