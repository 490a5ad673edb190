import { describe, expect, it } from 'vitest';
import { specialties } from '../catalog/specialties.ts';
import { bookingSettingsSchema } from '../booking/booking-settings.schema.ts';
import { isImageSource, practitionerProfileSchema } from '../profile/practitioner-profile.schema.ts';
import { averageSessionMinutes, profileCompletion } from '../dashboard/dashboard.ts';
import { referralStats } from '../referrals/referral.schema.ts';
import { isReferralCodeRedeemable } from '../referrals/referral-code.machine.ts';
import { canStartSession } from '../appointments/appointment.machine.ts';
import { forumCategoryNames, resourceTabOf, resourceTypes, eventTypes } from '../community/community.schema.ts';
import { quizSymptomVocabulary } from '../quiz/quiz.questions.ts';
import { formatLongDateTime } from '../time/date-formats.ts';
import { dayOfWeek, relativeLastVisit, weekOf } from '../time/dates.ts';
import { patientAge, patientRecordRowStatusLabel, patientRecordRowStatuses } from '../patients/patient.schema.ts';
import { buildSamples } from './build-samples.ts';
import { demoAccount } from './demo-account.ts';
import { dashboardSampleStats, demoBookingSettings, demoPractitionerProfile, demoWeekDurations, referralSampleStats } from './demo-practice.ts';
import { unknownPatient } from '../patients/patient.schema.ts';
import { patientDetailById } from './patients.ts';
import { samplePractitionerById } from './practitioners.ts';
import { SAMPLE_TIME_ZONE, SAMPLE_TODAY } from './sample-dates.ts';

const samples = buildSamples(SAMPLE_TODAY);

describe('sample practitioners', () => {
  it('are ids 1–5 with known specialties, real coordinates and quiz symptoms', () => {
    expect(samples.practitioners.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5']);
    for (const p of samples.practitioners) {
      for (const s of p.specialties) expect(specialties).toContain(s);
      for (const s of p.commonSymptoms) expect(quizSymptomVocabulary).toContain(s);
      expect(p.coordinates.lat).toBeGreaterThan(20);
      expect(p.coordinates.lng).toBeLessThan(-60);
      expect(p.about.length).toBeGreaterThanOrEqual(50);
      expect(p.shortBio.length).toBeLessThanOrEqual(200);
      for (const t of p.testimonials) expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(p.acceptsInsurance).toBe((p.insuranceList?.length ?? 0) > 0);
      expect(p.profileImage === null || isImageSource(p.profileImage)).toBe(true);
    }
    // Some have a portrait, some show their initials.
    expect(samples.practitioners.filter((p) => p.profileImage !== null).map((p) => p.id)).toEqual(['1', '2', '5']);
    expect(practitionerProfileSchema.shape.profileImage.parse(samplePractitionerById('1')?.profileImage)).toBe('/images/practitioners/elena-rodriguez.svg');
    expect(samplePractitionerById('9')).toBeUndefined();
  });

  it('include full and empty optional sections', () => {
    const full = samplePractitionerById('1');
    expect(full?.referrals?.length && full.physicianReferrals?.length && full.licensures?.length && full.awards?.length).toBeTruthy();
    const bare = samplePractitionerById('4');
    expect([bare?.referrals, bare?.physicianReferrals, bare?.licensures, bare?.awards]).toEqual([undefined, undefined, undefined, undefined]);
    expect(samples.previewPractitioners).toHaveLength(4);
  });
});

describe('sample patients', () => {
  it('are three full records; any other id is Unknown Patient', () => {
    expect(samples.patients.map((p) => p.name)).toEqual(['Emma Thompson', 'Michael Chen', 'Sofia Martinez']);
    expect(samples.patients.some((p) => p.conditions.length > 3)).toBe(true);
    for (const p of samples.patients) {
      expect(p.notes.every((n) => n.content.subjective && n.content.objective && n.content.assessment && n.content.plan)).toBe(true);
      expect(p.appointments.some((a) => a.timing === 'upcoming')).toBe(true);
      expect(p.appointments.every((a) => (a.timing === 'upcoming') === a.date >= SAMPLE_TODAY)).toBe(true);
      expect(p.lifestyle).not.toBeNull();
    }
    expect(patientAge(patientDetailById('1').dob, SAMPLE_TODAY)).toBe(40);
    const unknown = patientDetailById('42');
    expect(unknown).toEqual(unknownPatient('42'));
    expect(unknown).toMatchObject({ id: '42', name: 'Unknown Patient', dob: null, conditions: [], notes: [], appointments: [], allergies: [], familyHistory: [] });
    // No date of birth, so no age (not a made-up one).
    expect(patientAge(unknown.dob, SAMPLE_TODAY)).toBeNull();
  });

  it('have every health-record section filled, so the empty texts only show for the Unknown Patient', () => {
    for (const p of samples.patients) {
      expect([p.allergies, p.medications, p.medicalHistory, p.familyHistory].map((section) => section.length > 0)).toEqual([true, true, true, true]);
      expect(p.dob).not.toBeNull();
      for (const f of p.familyHistory) expect(f.relation && f.condition && /^\d+$/.test(f.age)).toBeTruthy();
    }
  });

  it('have dashboard record rows of every status, consistent with the records', () => {
    const rows = samples.patientRecordRows;
    expect(rows.map((r) => patientRecordRowStatusLabel(r.status))).toEqual(['Follow-up', 'Active', 'Scheduled', 'Completed']);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(patientRecordRowStatuses));
    expect(patientRecordRowStatusLabel('archived')).toBe('Unknown');
    for (const row of rows) {
      const listed = samples.patientRows.find((p) => p.id === row.patientId);
      expect(listed?.name).toBe(row.name);
      expect(listed?.conditions).toContain(row.condition);
      expect(row.lastVisit < SAMPLE_TODAY).toBe(true);
      const detail = samples.patients.find((p) => p.id === row.patientId);
      if (detail) expect(row.lastVisit).toBe(detail.appointments.filter((a) => a.status === 'completed').map((a) => a.date).sort().at(-1));
    }
    expect(samples.patientRows.find((p) => p.id === '5')?.lastVisit).toBe(relativeLastVisit(rows[3]?.lastVisit ?? null, SAMPLE_TODAY));
  });

  it('have list rows with relative texts', () => {
    expect(samples.patientRows.map((r) => [r.id, r.status, r.lastVisit, r.nextAppointment])).toEqual([
      ['1', 'active', '2 days ago', 'June 19, 10:00 AM'],
      ['2', 'active', '1 week ago', 'Today, 2:00 PM'],
      ['3', 'active', '2 weeks ago', 'June 25, 11:00 AM'],
      ['4', 'new', 'Never', 'Tomorrow, 10:00 AM'],
      ['5', 'inactive', '4 months ago', 'Not scheduled'],
    ]);
  });
});

describe('sample appointments', () => {
  it('show every dashboard status and mode; only some can start a session', () => {
    const rows = samples.dashboardAppointments;
    expect(new Set(rows.map((a) => a.status))).toEqual(new Set(['confirmed', 'pending', 'cancelled']));
    expect(new Set(rows.map((a) => a.mode))).toEqual(new Set(['virtual', 'in-person']));
    expect(rows.filter(canStartSession).map((a) => a.id)).toEqual(['1']);
  });

  it('fill the current week of the schedule', () => {
    const week = weekOf(SAMPLE_TODAY, SAMPLE_TIME_ZONE);
    for (const a of samples.scheduleAppointments) {
      expect(week).toContain(a.date);
      expect(['confirmed', 'pending']).toContain(a.status);
    }
    expect(dayOfWeek(week[0] as string)).toBe(0);
    expect(samples.portal.payments.map((p) => p.amountMinor)).toEqual([15000, 8500, 12000]);
    expect(samples.portal.appointments.map((a) => a.duration)).toEqual([60, 45, 90]);
    // Local hours of the practice, in summer (PDT) and in winter (PST) alike.
    for (const today of [SAMPLE_TODAY, '2026-01-12']) {
      const portal = buildSamples(today).portal;
      expect(portal.appointments.map((a) => formatLongDateTime(a.date, SAMPLE_TIME_ZONE).split(' at ')[1])).toEqual(['10:00 AM', '2:00 PM', '1:00 PM']);
    }
    expect(buildSamples(SAMPLE_TODAY, 'America/New_York').portal.appointments[0]?.date).toBe('2025-06-19T14:00:00.000Z');
  });
});

describe('sample community', () => {
  it('has the six categories, every event type in both formats, every resource tab', () => {
    expect(samples.forumCategories.map((c) => c.name)).toEqual([...forumCategoryNames]);
    expect(samples.forumTopics.length).toBeGreaterThan(3);
    expect(new Set(samples.events.map((e) => e.type))).toEqual(new Set(eventTypes));
    expect(new Set(samples.events.map((e) => e.isVirtual))).toEqual(new Set([true, false]));
    expect(samples.events.every((e) => e.date > SAMPLE_TODAY)).toBe(true);
    expect(new Set(samples.resources.map((r) => resourceTabOf(r.type)))).toEqual(new Set(['guides', 'templates', 'research', 'guidelines', 'other', null]));
    expect(new Set(samples.resources.map((r) => r.type))).toEqual(new Set([...resourceTypes, 'Video Course']));
    expect(samples.popularResourceTags).toHaveLength(10);
    expect(samples.members.filter((m) => m.isFeatured).map((m) => Boolean(m.achievement))).toEqual([true]);
    expect(new Set(samples.members.map((m) => m.connectionStatus))).toEqual(new Set(['connect', 'pending', 'connected']));
  });
});

describe('sample referrals and the demo practice', () => {
  it('offers the three codes of docs/product.md#referral-codes', () => {
    expect(samples.referralCodes.map((c) => [c.description, c.rewards.referrer, c.rewards.referee, c.maxUsage])).toEqual([
      ['$50 off first consultation', 5000, 5000, 50],
      ['20% off collaborative sessions', 2000, 2000, null],
      ['25% off initial visit', 2500, 2500, 25],
    ]);
    const now = new Date(`${SAMPLE_TODAY}T12:00:00Z`);
    expect(samples.referralCodes.map((c) => isReferralCodeRedeemable(c, now))).toEqual([true, true, true]);
  });

  it('yields the spec referral stats from the sample referrals', () => {
    expect(new Set(samples.referrals.map((r) => r.status))).toEqual(new Set(['pending', 'accepted', 'completed', 'expired', 'declined', 'cancelled']));
    expect(referralStats(samples.referrals, samples.referralCodes)).toEqual(referralSampleStats);
    expect(referralSampleStats).toEqual({ total: 12, completed: 5, rewardsEarned: 12_000 });
    expect(samples.referrals.every((r) => r.referrerName === demoAccount.name)).toBe(true);
  });

  it('has a valid demo profile at 85% with the demo account name', () => {
    expect(demoPractitionerProfile.name).toBe(demoAccount.name);
    expect(practitionerProfileSchema.parse(demoPractitionerProfile)).toEqual(demoPractitionerProfile);
    expect(profileCompletion(demoPractitionerProfile)).toBe(dashboardSampleStats.profileCompletion);
    expect(profileCompletion({ ...demoPractitionerProfile, profileImage: 'https://x.test/a.jpg' })).toBe(100);
    expect(profileCompletion({ name: '', location: '', shortBio: '', about: '', yearsExperience: 0, profileImage: null, specialties: [], certifications: [], education: [], treatmentApproaches: [] })).toBe(0);
    expect(demoWeekDurations).toHaveLength(dashboardSampleStats.appointmentsThisWeek);
    expect(averageSessionMinutes(demoWeekDurations)).toBe(dashboardSampleStats.averageSessionMinutes);
    expect(averageSessionMinutes([])).toBe(0);
    expect(dashboardSampleStats).toEqual({ totalPatients: 42, appointmentsThisWeek: 12, averageSessionMinutes: 55, profileCompletion: 85 });
  });

  it('takes online bookings on weekdays: one session type confirmed by the practitioner, one confirmed at once', () => {
    const settings = demoBookingSettings(SAMPLE_TIME_ZONE);
    expect(bookingSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings).toMatchObject({ enabled: true, timeZone: SAMPLE_TIME_ZONE });
    expect(settings.weeklyHours.map((ranges) => ranges.length)).toEqual([0, 2, 2, 2, 2, 2, 0]);
    expect(settings.sessionTypes.map(({ durationMinutes, mode, approval }) => ({ durationMinutes, mode, approval }))).toEqual([
      { durationMinutes: 60, mode: 'in-person', approval: 'confirm' },
      { durationMinutes: 30, mode: 'virtual', approval: 'auto' },
    ]);
  });

  it('moves with today', () => {
    const later = buildSamples('2030-01-07');
    expect(later.dashboardAppointments[0]?.date).toBe('2030-01-07');
    expect(later.events.every((e) => e.date > '2030-01-07')).toBe(true);
  });
});
