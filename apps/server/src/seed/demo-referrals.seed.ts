/**
 * The demo practitioner's referral codes and referrals (issue 14): the three codes of docs/product.md#referral-codes and
 * twelve referrals in every status, rewards credited on the five completed ones, so the referral
 * page shows the spec's 12 total, 5 completed and $120 earned (`buildSampleReferrals`). Only while
 * the practice has no codes, and only when none of the sample codes is taken by another account.
 */
import { randomUUID } from 'node:crypto';
import { calendarDateInZone, REFERRAL_EXPIRY_DAYS } from '@wellspring/domain';
import { buildSampleReferralCodes, buildSampleReferrals, SAMPLE_TIME_ZONE } from '@wellspring/domain/samples';
import type { Database } from '../db/client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoReferrals(db: Database, practiceId: string, userId: string, referrerName: string, now = new Date()): Promise<boolean> {
  if ((await db.referralCode.count({ where: { practiceId } })) > 0) return false;
  const today = calendarDateInZone(now, SAMPLE_TIME_ZONE);
  const codes = buildSampleReferralCodes(today);
  if ((await db.referralCode.count({ where: { code: { in: codes.map((code) => code.code) } } })) > 0) return false;
  const codeIds = new Map(codes.map((code) => [code.code, randomUUID()]));
  const rewardOf = new Map(codes.map((code) => [code.code, code.rewards]));
  const referrals = buildSampleReferrals(today, referrerName);
  await db.$transaction(async (tx) => {
    await tx.referralCode.createMany({
      data: codes.map((code, index) => ({
        id: codeIds.get(code.code) ?? randomUUID(),
        practiceId,
        ownerUserId: userId,
        code: code.code,
        description: code.description,
        rewardMinor: code.rewards.referrer,
        maxUsage: code.maxUsage,
        usageCount: code.usageCount,
        expiresAt: code.expiryDate === null ? null : new Date(code.expiryDate),
        status: code.active ? 'active' : 'inactive',
        // Listed in the spec's order (oldest first).
        createdAt: new Date(now.getTime() - (120 - index) * DAY_MS),
      })),
    });
    await tx.referral.createMany({
      data: referrals.map((referral) => {
        const createdAt = new Date(referral.createdAt);
        const completed = referral.status === 'completed';
        const rewards = rewardOf.get(referral.referralCode);
        return {
          id: randomUUID(),
          practiceId,
          senderUserId: userId,
          referrerName: referral.referrerName,
          refereeName: referral.refereeName,
          refereeEmail: referral.refereeEmail,
          refereeType: referral.refereeType,
          codeId: codeIds.get(referral.referralCode) ?? '',
          message: referral.notes,
          status: referral.status,
          expiresAt: new Date(createdAt.getTime() + REFERRAL_EXPIRY_DAYS * DAY_MS),
          createdAt,
          completedAt: referral.completedAt === null ? null : new Date(referral.completedAt),
          referrerRewardMinor: completed ? (rewards?.referrer ?? 0) : null,
          refereeRewardMinor: completed ? (rewards?.referee ?? 0) : null,
        };
      }),
    });
  });
  return true;
}
