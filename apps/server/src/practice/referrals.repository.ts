/**
 * The referral page's reads (issue 14), bound to the caller's practice: the practitioner's referrals
 * as sender (sent from the practice) and as receiver (sent to the account's e-mail), and the
 * practice's referral codes. Writes go through the machines (referral.commands.ts).
 */
import { allowedReferralActions, isReferralCodeRedeemable, type ReferralAction, type ReferralStatus } from '@wellspring/domain';
import type { PracticeSql } from './practice-transaction.ts';
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

/** A referral code as the page and a new referral use it. */
interface ReferralCodeRow {
  id: string;
  code: string;
  status: string;
  usageCount: number;
  maxUsage: number | null;
  expiresAt: Date | null;
}

const REFERRAL_CODE_COLUMNS = 'id, code, status, usage_count AS "usageCount", max_usage AS "maxUsage", expires_at AS "expiresAt"';

const knownStatuses: readonly string[] = ['pending', 'accepted', 'declined', 'cancelled', 'completed', 'expired'];

export function referralsRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** Ids of the caller's pending referrals (sent or received) past their expiry, for the system to expire. */
    async dueForExpiry(email: string): Promise<string[]> {
      const { rows } = await sql.query<{ id: string }>(
        `SELECT id FROM referral
         WHERE (practice_id = $1 OR referee_email = $2) AND status = 'pending' AND expires_at <= $3`,
        [scope.practiceId, email, scope.now],
      );
      return rows.map((row) => row.id);
    },

    /** The caller's referrals, newest first: each with the caller's role, the actions open to them and the reward credited to them. */
    async listMine(email: string) {
      const { rows } = await sql.query<ReferralRow>(
        `SELECT r.id, r.practice_id, r.sender_user_id::text, r.referrer_name, r.referee_name, r.referee_email, r.referee_type, r.status,
               c.code, c.description AS code_description, r.message, r.created_at, r.completed_at, r.expires_at, r.resend_count,
               r.referrer_reward_minor, r.referee_reward_minor
        FROM referral r JOIN referral_code c ON c.id = r.code_id
        WHERE r.practice_id = $1 OR r.referee_email = $2
        ORDER BY r.created_at DESC, r.id
        LIMIT $3`,
        [scope.practiceId, email, LIST_LIMIT],
      );
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
      const { rows } = await sql.query<ReferralCodeRow & { description: string; rewardMinor: number }>(
        `SELECT ${REFERRAL_CODE_COLUMNS}, description, reward_minor AS "rewardMinor"
         FROM referral_code WHERE practice_id = $1 AND status <> 'deleted'
         ORDER BY created_at, id
         LIMIT $2`,
        [scope.practiceId, LIST_LIMIT],
      );
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
    async findCode(code: string): Promise<ReferralCodeRow | null> {
      const { rows } = await sql.query<ReferralCodeRow>(
        `SELECT ${REFERRAL_CODE_COLUMNS} FROM referral_code WHERE practice_id = $1 AND code = $2 AND status <> 'deleted' ORDER BY created_at, id LIMIT 1`,
        [scope.practiceId, code],
      );
      return rows[0] ?? null;
    },
  };
}
