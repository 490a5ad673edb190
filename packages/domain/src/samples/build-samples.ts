/**
 * Every sample of the product in one object, dated from `today` (see sample-dates.ts): what the seed
 * writes and what the tests read.
 */
import type { CalendarDate } from '../time/dates.ts';
import { SAMPLE_TIME_ZONE } from './sample-dates.ts';
import { samplePractitioners } from './practitioners.ts';
import { previewPractitioners } from './preview-practitioners.ts';
import { buildSamplePatientRecordRows, buildSamplePatientRows, buildSamplePatients } from './patients.ts';
import { buildDashboardAppointments, buildPortalSamples, buildScheduleAppointments } from './appointments.ts';
import { buildSampleEvents, popularResourceTags, sampleForumCategories, sampleForumTopics, sampleMembers, sampleResources } from './community.ts';
import { buildSampleReferralCodes, buildSampleReferrals } from './referrals.ts';
import { dashboardSampleStats, demoPractitionerProfile, referralSampleStats } from './demo-practice.ts';
import { communityGuidelines } from '../community/community.schema.ts';
import { demoAccount } from './demo-account.ts';

export function buildSamples(today: CalendarDate, timeZone: string = SAMPLE_TIME_ZONE) {
  return {
    today,
    timeZone,
    practitioners: samplePractitioners,
    previewPractitioners,
    patients: buildSamplePatients(today),
    patientRows: buildSamplePatientRows(today, timeZone),
    patientRecordRows: buildSamplePatientRecordRows(today),
    dashboardAppointments: buildDashboardAppointments(today),
    scheduleAppointments: buildScheduleAppointments(today),
    portal: buildPortalSamples(today, timeZone),
    forumCategories: sampleForumCategories,
    forumTopics: sampleForumTopics,
    communityGuidelines,
    events: buildSampleEvents(today),
    resources: sampleResources,
    popularResourceTags,
    members: sampleMembers,
    referralCodes: buildSampleReferralCodes(today),
    referrals: buildSampleReferrals(today, demoAccount.name),
    demoPractitionerProfile,
    dashboardStats: dashboardSampleStats,
    referralStats: referralSampleStats,
  };
}
export type Samples = ReturnType<typeof buildSamples>;
