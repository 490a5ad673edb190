/**
 * The referral page's reads (issue 14), bound to the caller's practice: the practitioner's referrals
 * as sender (sent from the practice) and as receiver (sent to the account's e-mail), and the
 * practice's referral codes. Writes go through the machines (referral.commands.ts).
 */
import { allowedReferralActions, isReferralCodeRedeemable, type ReferralAction, type ReferralStatus } from '@wellspring/domain';
import type { DatabaseTransaction } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** The most a list shows. */
const LIST_LIMIT = 500;

interface ReferralRow {
  id: string;
  practice_id: string;
  sender_user_id: string;
  referrer_name: string;
  referee_name: string;
  referee_email: string;
  referee_type: string;
  status: string;
  code: string;
  code_description: string;
  message: string;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date | null;
  resend_count: number;
  referrer_reward_minor: number | null;
  referee_reward_minor: number | null;
}

const knownStatuses: readonly string[] = ['pending', 'accepted', 'declined', 'cancelled', 'completed', 'expired'];

export function referralsRepository(db: DatabaseTransaction, scope: PracticeScope) {
  return {
    /** Ids of the caller's pending referrals (sent or received) past their expiry, for the system to expire. */
    async dueForExpiry(email: string): Promise<string[]> {
      const rows = await db.$queryRaw<{ id: string }[]>`
        SELECT id FROM referral
        WHERE (practice_id = ${scope.practiceId} OR referee_email = ${email}) AND status = 'pending' AND expires_at <= ${scope.now}`;
      return rows.map((row) => row.id);
    },

    /** The caller's referrals, newest first: each with the caller's role, the actions open to them and the reward credited to them. */
    async listMine(email: string) {
      const rows = await db.$queryRaw<ReferralRow[]>`
        SELECT r.id, r.practice_id, r.sender_user_id::text, r.referrer_name, r.referee_name, r.referee_email, r.referee_type, r.status,
               c.code, c.description AS code_description, r.message, r.created_at, r.completed_at, r.expires_at, r.resend_count,
               r.referrer_reward_minor, r.referee_reward_minor
        FROM referral r JOIN referral_code c ON c.id = r.code_id
        WHERE r.practice_id = ${scope.practiceId} OR r.referee_email = ${email}
        ORDER BY r.created_at DESC, r.id
        LIMIT ${LIST_LIMIT}`;
      return rows.map((row) => {
        const role: 'sender' | 'receiver' = row.practice_id === scope.practiceId ? 'sender' : 'receiver';
        const actorId = role === 'sender' ? row.sender_user_id : row.referee_email;
        const actions: ReferralAction[] = knownStatuses.includes(row.status)
          ? allowedReferralActions(
              {
                status: row.status as ReferralStatus,
                id: row.id,
                senderId: row.sender_user_id,
                receiverId: row.referee_email,
                expiresAt: row.expires_at?.toISOString() ?? null,
                resendCount: row.resend_count,
                completedAt: null,
              },
              actorId,
              scope.now,
            )
          : [];
        return {
          id: row.id,
          role,
          referrerName: row.referrer_name,
          refereeName: row.referee_name,
          refereeEmail: row.referee_email,
          refereeType: row.referee_type,
          status: row.status,
          referralCode: row.code,
          offer: row.code_description,
          notes: row.message,
          createdAt: row.created_at.toISOString(),
          completedAt: row.completed_at?.toISOString() ?? null,
          expiresAt: row.expires_at?.toISOString() ?? null,
          rewardEarnedMinor: role === 'sender' ? row.referrer_reward_minor : row.referee_reward_minor,
          actions,
        };
      });
    },

    /** The practice's codes (not deleted), oldest first, each with whether it can be redeemed now. */
    async listCodes() {
      const rows = await db.referralCode.findMany({
        where: { practiceId: scope.practiceId, status: { not: 'deleted' } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: LIST_LIMIT,
        select: { id: true, code: true, description: true, rewardMinor: true, usageCount: true, maxUsage: true, expiresAt: true, status: true },
      });
      return rows.map((row) => {
        const code = { active: row.status === 'active', expiryDate: row.expiresAt?.toISOString() ?? null, usageCount: row.usageCount, maxUsage: row.maxUsage };
        return {
          id: row.id,
          code: row.code,
          description: row.description,
          rewards: { referrer: row.rewardMinor, referee: row.rewardMinor },
          usageCount: row.usageCount,
          maxUsage: row.maxUsage,
          expiryDate: code.expiryDate,
          active: code.active,
          redeemable: isReferralCodeRedeemable(code, scope.now),
        };
      });
    },

    /** The practice's code `code` (upper case), not deleted: what a new referral is sent with. */
    findCode(code: string) {
      return db.referralCode.findFirst({
        where: { practiceId: scope.practiceId, code, status: { not: 'deleted' } },
        select: { id: true, code: true, status: true, usageCount: true, maxUsage: true, expiresAt: true },
      });
    },
  };
}
