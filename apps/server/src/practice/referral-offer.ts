/**
 * What a referral code offers a visitor (the shared link's page, and sign-up before it keeps the
 * code for later): the code's public facts through the view meant for them, whichever practice it
 * belongs to, and why it cannot be redeemed now, if it cannot.
 */
import { isReferralCodeExpired, referralCodeErrors } from '@wellspring/domain';
import type { Database, DatabaseTransaction } from '../db/client.ts';

export interface ReferralOffer {
  readonly code: string;
  readonly description: string;
  readonly rewardMinor: number;
  readonly referrerName: string;
  /** Why the code cannot be redeemed now (inactive, expired, used up), or null. */
  readonly unavailable: string | null;
}

/** The offer of `code` (upper case), or null for an unknown or deleted code. */
export async function findReferralOffer(db: Database | DatabaseTransaction, code: string, now: Date): Promise<ReferralOffer | null> {
  const [row] = await db.$queryRaw<
    { code: string; description: string; rewardMinor: number; status: string; usageCount: number; maxUsage: number | null; expiresAt: Date | null; referrerName: string }[]
  >`
    SELECT o.code, o.description, o.reward_minor AS "rewardMinor", o.status, o.usage_count AS "usageCount", o.max_usage AS "maxUsage",
           o.expires_at AS "expiresAt", u.name AS "referrerName"
    FROM referral_code_offer o JOIN practice p ON p.id = o.practice_id JOIN app_user u ON u.id = p.owner_user_id
    WHERE o.code = ${code}`;
  if (!row || row.status === 'deleted') return null;
  const unavailable =
    row.status !== 'active'
      ? referralCodeErrors.inactive
      : isReferralCodeExpired(row.expiresAt?.toISOString() ?? null, now)
        ? referralCodeErrors.expired
        : row.maxUsage !== null && row.usageCount >= row.maxUsage
          ? referralCodeErrors.usedUp
          : null;
  return { code: row.code, description: row.description, rewardMinor: row.rewardMinor, referrerName: row.referrerName, unavailable };
}
