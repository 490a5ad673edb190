/**
 * The demo practitioner (`demoAccount`) and what the demo seed must produce so the dashboard and the
 * referral page show the spec's sample figures from real data:
 * - 42 patients; 12 appointments in the current week (durations averaging 55 min); profile 85%
 *   complete (everything but a photo) — docs/product.md#dashboard;
 * - 12 referrals, 5 completed, $120 earned — docs/product.md#referrals (`buildSampleReferrals`).
 */
import { defaultBookingSettings, type BookingSettings } from '../booking/booking-settings.schema.ts';
import type { PractitionerProfile } from '../profile/practitioner-profile.schema.ts';
import type { DashboardStats } from '../dashboard/dashboard.ts';
import type { ReferralStats } from '../referrals/referral.schema.ts';
import { demoAccount } from './demo-account.ts';

export const demoPractitionerProfile: PractitionerProfile = {
  name: demoAccount.name,
  location: 'Portland, OR',
  shortBio: 'Naturopathic physician helping patients with digestive health, fatigue and stress through root-cause, food-first care.',
  about:
    'Dr. Mitchell has practiced naturopathic and functional medicine in Portland for eleven years. She combines a detailed history, targeted lab testing, therapeutic nutrition and botanical medicine, and works alongside primary care physicians so patients get one coordinated plan.',
  yearsExperience: 11,
  acceptsInsurance: true,
  specialties: ['Naturopathy', 'Functional Medicine', 'Nutrition'],
  certifications: ['Licensed Naturopathic Physician (Oregon)', 'IFM Certified Practitioner'],
  education: ['ND, National University of Natural Medicine', 'BS Nutrition Science, Oregon State University'],
  treatmentApproaches: ['Functional lab testing', 'Therapeutic nutrition', 'Botanical medicine', 'Mind–body practices'],
  profileImage: null,
  npi: '',
  taxId: '',
  billingAddress: '',
};

/**
 * The demo practice's online booking (issue 24, "Demo"): on, weekdays 09:00–12:30 and 13:30–17:00,
 * and two session types — an in-person initial consultation that the practitioner confirms herself
 * and a virtual follow-up that is confirmed at once — so a newcomer can book on her public profile,
 * see both outcomes, and confirm the request signed in as her. The rest is the defaults (30-minute
 * step, 12 hours' notice, 60 days ahead), with 10 minutes kept free after each visit.
 */
export function demoBookingSettings(timeZone: string): BookingSettings {
  const weekday = () => [
    { start: '09:00', end: '12:30' },
    { start: '13:30', end: '17:00' },
  ];
  return {
    ...defaultBookingSettings(timeZone),
    enabled: true,
    sessionTypes: [
      {
        id: 'initial-consultation',
        name: 'Initial consultation',
        durationMinutes: 60,
        priceMinor: 18_000,
        mode: 'in-person',
        newPatientsOnly: false,
        description: 'A full health history and a first plan, at the Portland office. Dr. Mitchell confirms each request herself.',
        approval: 'confirm',
      },
      {
        id: 'virtual-follow-up',
        name: 'Virtual follow-up',
        durationMinutes: 30,
        priceMinor: 9_000,
        mode: 'virtual',
        newPatientsOnly: false,
        description: 'A video visit to review progress and adjust the plan. Confirmed as soon as you book.',
        approval: 'auto',
      },
    ],
    weeklyHours: [[], weekday(), weekday(), weekday(), weekday(), weekday(), []],
    bufferAfterMinutes: 10,
  };
}

/** docs/product.md#dashboard sample dashboard figures — the demo seed's targets. */
export const dashboardSampleStats: DashboardStats = {
  totalPatients: 42,
  appointmentsThisWeek: 12,
  averageSessionMinutes: 55,
  profileCompletion: 85,
};

/** docs/product.md#referrals sample referral figures — the demo seed's targets. */
export const referralSampleStats: ReferralStats = { total: 12, completed: 5, rewardsEarned: 12_000 };

/** Durations of the demo's 12 appointments this week: 8 × 60 + 4 × 45 = 660 min, mean 55. */
export const demoWeekDurations: readonly number[] = [60, 45, 60, 60, 45, 60, 60, 45, 60, 60, 45, 60];
