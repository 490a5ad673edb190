/**
 * The demo practitioner's referral codes (the three offers of docs/product.md#referral-codes) and referrals (every status),
 * dated from `today`. Together they give the referral page's sample stats: 12 referrals, 5 completed,
 * $120 earned (4 completed with the $25 code + 1 with the $20 code; `referralStats`, in cents).
 */
import type { Referral, ReferralCode } from '../referrals/referral.schema.ts';
import type { CalendarDate } from '../time/dates.ts';
import { sampleDay } from './sample-dates.ts';

export const DEMO_PRACTITIONER_ID = 'demo-practitioner';

const endOfDayUtc = (date: CalendarDate) => `${date}T23:59:59.000Z`;
const noonUtc = (date: CalendarDate) => `${date}T19:00:00.000Z`;

export function buildSampleReferralCodes(today: CalendarDate): ReferralCode[] {
  return [
    {
      id: 'code-1',
      code: 'WELLNESS50',
      ownerId: DEMO_PRACTITIONER_ID,
      ownerType: 'practitioner',
      usageCount: 12,
      maxUsage: 50,
      expiryDate: endOfDayUtc(sampleDay(today, 90)),
      rewards: { referrer: 5000, referee: 5000 },
      active: true,
      description: '$50 off first consultation',
    },
    {
      id: 'code-2',
      code: 'COLLAB20',
      ownerId: DEMO_PRACTITIONER_ID,
      ownerType: 'practitioner',
      usageCount: 7,
      maxUsage: null,
      expiryDate: null,
      rewards: { referrer: 2000, referee: 2000 },
      active: true,
      description: '20% off collaborative sessions',
    },
    {
      id: 'code-3',
      code: 'INITIAL25',
      ownerId: DEMO_PRACTITIONER_ID,
      ownerType: 'practitioner',
      usageCount: 9,
      maxUsage: 25,
      expiryDate: endOfDayUtc(sampleDay(today, 30)),
      rewards: { referrer: 2500, referee: 2500 },
      active: true,
      description: '25% off initial visit',
    },
  ];
}

type Row = [id: string, name: string, email: string, type: Referral['refereeType'], status: Referral['status'], code: string, daysAgo: number, notes: string];

const rows: readonly Row[] = [
  ['ref-1', 'Emma Thompson', 'emma.thompson@example.com', 'patient', 'completed', 'INITIAL25', 80, 'Digestive health support'],
  ['ref-2', 'Michael Chen', 'michael.chen@example.com', 'patient', 'completed', 'INITIAL25', 72, 'Migraine care'],
  ['ref-3', 'Sofia Martinez', 'sofia.martinez@example.com', 'patient', 'completed', 'INITIAL25', 60, 'Eczema and allergies'],
  ['ref-4', 'Dr. Grace Kim', 'grace.kim@example.com', 'practitioner', 'completed', 'COLLAB20', 51, 'Co-managing nutrition patients'],
  ['ref-5', 'Hannah Brooks', 'hannah.brooks@example.com', 'patient', 'completed', 'INITIAL25', 44, 'Stress and sleep'],
  ['ref-6', 'Daniel Lee', 'daniel.lee@example.com', 'patient', 'accepted', 'WELLNESS50', 20, 'Back pain'],
  ['ref-7', 'Dr. Omar Reyes', 'omar.reyes@example.com', 'practitioner', 'accepted', 'COLLAB20', 15, 'Acupuncture collaboration'],
  ['ref-8', 'Laura Perez', 'laura.perez@example.com', 'patient', 'pending', 'WELLNESS50', 4, 'Hormone balance'],
  ['ref-9', 'Ben Carter', 'ben.carter@example.com', 'patient', 'pending', 'WELLNESS50', 1, 'Fatigue'],
  ['ref-10', 'Nina Volkova', 'nina.volkova@example.com', 'patient', 'expired', 'WELLNESS50', 40, 'Weight management'],
  ['ref-11', 'Tom Becker', 'tom.becker@example.com', 'patient', 'declined', 'WELLNESS50', 33, 'Allergies'],
  ['ref-12', 'Dr. Lisa Hart', 'lisa.hart@example.com', 'practitioner', 'cancelled', 'COLLAB20', 28, 'Thyroid co-management'],
];

export function buildSampleReferrals(today: CalendarDate, referrerName = 'Dr. Sarah Mitchell'): Referral[] {
  return rows.map(([id, name, email, type, status, code, daysAgo, notes]) => ({
    id,
    referrerId: DEMO_PRACTITIONER_ID,
    referrerType: 'practitioner',
    referrerName,
    refereeId: status === 'completed' || status === 'accepted' ? `${id}-referee` : null,
    refereeName: name,
    refereeEmail: email,
    refereeType: type,
    status,
    referralCode: code,
    createdAt: noonUtc(sampleDay(today, -daysAgo)),
    completedAt: status === 'completed' ? noonUtc(sampleDay(today, -daysAgo + 14)) : null,
    notes,
  }));
}
