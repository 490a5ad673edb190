/**
 * Every procedure input bounds its numbers and dates to what PostgreSQL and the domain hold (issue 23,
 * "edges"): the extreme values that once reached the database as a 500 are refused here, each with a
 * field message in plain English.
 */
import { describe, expect, it } from 'vitest';
import { appointmentCreateSchema } from '../appointments/appointment-create.schema.ts';
import { portalAppointmentFormSchema } from '../appointments/appointment.schema.ts';
import { signInSchema, signUpSchema } from '../auth/auth.schema.ts';
import { practitionerApplicationSchema } from '../applications/practitioner-application.schema.ts';
import { forumTopicsInputSchema } from '../community/community.machines.ts';
import { directorySearchSchema } from '../directory/directory.schema.ts';
import { searchFiltersOf } from '../directory/search-address.ts';
import { patientSearchSchema } from '../patients/patient.schema.ts';
import { paymentCreateSchema, accessLogSchema, portalAppointmentUpdateSchema, portalPageSchema } from '../portal/portal.schema.ts';
import { practitionerProfileSchema } from '../profile/practitioner-profile.schema.ts';
import { MAX_REFERRAL_REWARD_MINOR, referralCodeFormSchema, referralFormSchema } from '../referrals/referral.schema.ts';
import { scheduleOverlapSchema, scheduleWeekSchema } from '../schedule/schedule.schema.ts';
import { joinWaitlistSchema, sendInviteSchema } from '../waitlist/waitlist.schema.ts';
import { inputBoundMessages, isInputDateInRange, MAX_PAGE, PG_BIGINT_MAX } from './input-bounds.ts';
import { messagesOf } from './schema.testkit.ts';

const OUT_OF_RANGE_DAYS = ['1899-12-31', '2200-01-01', '9999-12-31'];
const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example.com`;

describe('the input date range', () => {
  it('runs from 1900-01-01 to 2199-12-31, for dates and datetime-local values', () => {
    expect(['1900-01-01', '2026-06-05', '2199-12-31', '2199-12-31T23:59'].every(isInputDateInRange)).toBe(true);
    expect([...OUT_OF_RANGE_DAYS, '1899-12-31T23:59', '2200-01-01T00:00'].some(isInputDateInRange)).toBe(false);
  });

  it('bounds the schedule week, the overlap check and a new appointment’s day, with the range message', () => {
    for (const day of OUT_OF_RANGE_DAYS) {
      expect(messagesOf(scheduleWeekSchema, { weekStart: day }), day).toEqual({ weekStart: [inputBoundMessages.dateRange] });
      expect(messagesOf(scheduleOverlapSchema, { date: day, time: '09:00', duration: 60 }), day).toEqual({ date: [inputBoundMessages.dateRange] });
      expect(messagesOf(appointmentCreateSchema, { patientId: 'p1', date: day, time: '09:00', duration: 60 }), day).toEqual({ date: [inputBoundMessages.dateRange] });
    }
    expect(scheduleWeekSchema.parse({ weekStart: '2199-12-29' })).toEqual({ weekStart: '2199-12-29' });
    expect(scheduleWeekSchema.parse({ weekStart: '1900-01-01' })).toEqual({ weekStart: '1900-01-01' });
  });

  it('keeps one message for a day that does not exist', () => {
    expect(messagesOf(scheduleWeekSchema, { weekStart: '2025-02-29' })).toEqual({ weekStart: ['Please enter a valid date.'] });
    expect(messagesOf(scheduleWeekSchema, { weekStart: '0000-00-00' })).toEqual({ weekStart: ['Please enter a valid date.'] });
    // JavaScript's Date reads years 0–99 as 1900–1999, so year 1 is no calendar date here at all.
    expect(messagesOf(scheduleWeekSchema, { weekStart: '0001-01-01' })).toEqual({ weekStart: ['Please enter a valid date.'] });
  });

  it('bounds the portal appointment’s date and time, on create and update', () => {
    const form = { patientName: 'Robin Vale', patientEmail: 'robin@example.com' };
    for (const date of ['1899-12-31T23:59', '2200-01-01T00:00', '9999-12-31T23:59']) {
      expect(messagesOf(portalAppointmentFormSchema, { ...form, date }), date).toEqual({ date: [inputBoundMessages.dateRange] });
      expect(messagesOf(portalAppointmentUpdateSchema, { ...form, id: 'a1', date }), date).toEqual({ date: [inputBoundMessages.dateRange] });
    }
    for (const date of ['+275760-09-13T00:00', '0001-01-01T00:00', '10000-01-01T00:00']) expect(messagesOf(portalAppointmentFormSchema, { ...form, date }), date).toEqual({ date: ['Please choose a date and time.'] });
    expect(portalAppointmentFormSchema.safeParse({ ...form, date: '2199-12-31T23:59' }).success).toBe(true);
  });

  it('bounds a referral code’s last day', () => {
    const code = { code: 'WELCOME-50', description: 'A welcome offer', reward: '50' };
    expect(messagesOf(referralCodeFormSchema, { ...code, expiryDate: '9999-12-31' })).toEqual({ expiryDate: ['Please enter a date between 1900 and 2199'] });
    expect(referralCodeFormSchema.parse({ ...code, expiryDate: '2199-12-31' }).expiryDate).toBe('2199-12-31T23:59:59.999Z');
  });
});

describe('numbers', () => {
  it('keeps the access log’s cursor within PostgreSQL’s bigint', () => {
    expect(accessLogSchema.parse({ id: 'p1', cursor: String(PG_BIGINT_MAX) }).cursor).toBe('9223372036854775807');
    for (const cursor of ['9223372036854775808', '9999999999999999999', '12345678901234567890']) {
      expect(messagesOf(accessLogSchema, { id: 'p1', cursor }), cursor).toEqual({ cursor: ['Invalid page.'] });
    }
  });

  it('bounds every page number, so OFFSET cannot overflow', () => {
    for (const page of [MAX_PAGE + 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e20, Number.NaN, Number.POSITIVE_INFINITY, 0, -1, 1.5]) {
      expect(messagesOf(portalPageSchema, { page }), String(page)).toEqual({ page: [inputBoundMessages.page] });
      expect(messagesOf(patientSearchSchema, { page }), String(page)).toEqual({ page: [inputBoundMessages.page] });
    }
    expect(messagesOf(directorySearchSchema, { page: MAX_PAGE + 1 })).toEqual({ page: [inputBoundMessages.page] });
    expect(portalPageSchema.parse({ page: MAX_PAGE }).page).toBe(MAX_PAGE);
    expect(messagesOf(patientSearchSchema, { pageSize: 101 })).toEqual({ pageSize: ['Page size must be a whole number from 1 to 100.'] });
    expect(messagesOf(forumTopicsInputSchema, { cursor: 10_001 })).toEqual({ cursor: ['Please load the topics again.'] });
  });

  it('reads a search address’s page past the deepest one as the first, so the page never asks for it', () => {
    const pageOf = (page: string) => searchFiltersOf((name) => (name === 'page' ? page : null)).page;
    expect(pageOf(String(MAX_PAGE))).toBe(MAX_PAGE);
    expect(pageOf(String(MAX_PAGE + 1))).toBe(1);
    expect(pageOf('99999999999999999999')).toBe(1);
  });

  it('keeps a referral reward within the integer column, and a payment within its own limit', () => {
    const code = { code: 'WELCOME-50', description: 'A welcome offer' };
    expect(referralCodeFormSchema.parse({ ...code, reward: '10000' }).reward).toBe(MAX_REFERRAL_REWARD_MINOR);
    expect(messagesOf(referralCodeFormSchema, { ...code, reward: '10000.01' })).toEqual({ reward: ['Reward must be at most $10,000'] });
    expect(messagesOf(referralCodeFormSchema, { ...code, reward: '21474836.48' })).toEqual({ reward: ['Reward must be at most $10,000'] });
    expect(messagesOf(paymentCreateSchema, { amount: '99999999999999999999' })).toEqual({ amount: ['Amount is too large.'] });
  });
});

describe('texts', () => {
  it('refuses an e-mail address longer than 254 characters with the field’s own message', () => {
    expect(longEmail.length).toBeGreaterThan(254);
    expect(messagesOf(signInSchema, { email: longEmail, password: 'x' })).toEqual({ email: ['Please enter a valid email address.'] });
    expect(messagesOf(signUpSchema, { name: 'Robin Vale', email: longEmail, password: 'a long passphrase' }).email).toEqual(['Please enter a valid email address.']);
    expect(messagesOf(joinWaitlistSchema, { name: 'Robin Vale', email: longEmail, type: 'patient' })).toEqual({ email: ['Please enter a valid email address.'] });
    expect(messagesOf(sendInviteSchema, { yourName: 'Robin Vale', friendEmail: longEmail, waitlistType: 'patient' })).toEqual({ friendEmail: ['Please enter a valid email address.'] });
    expect(messagesOf(portalAppointmentFormSchema, { patientName: 'Robin', patientEmail: longEmail, date: '2026-06-05T10:00' })).toEqual({ patientEmail: ['Please enter a valid email address.'] });
    expect(messagesOf(referralFormSchema, { name: 'Robin', email: longEmail, referralCode: 'WELCOME-50' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(
      messagesOf(practitionerApplicationSchema, { name: 'Robin', email: longEmail, phone: '5035550142', specialties: 'Nutrition', experience: '3-5', acceptTerms: true }),
    ).toEqual({ email: ['Please enter a valid email address.'] });
  });

  it('bounds the ids and codes a form names', () => {
    expect(messagesOf(appointmentCreateSchema, { patientId: 'p'.repeat(201), date: '2026-06-05', time: '09:00', duration: 60 })).toEqual({ patientId: ['Please choose a patient.'] });
    expect(messagesOf(referralFormSchema, { name: 'Robin', email: 'robin@example.com', referralCode: 'C'.repeat(41) })).toEqual({ referralCode: ['Please select a referral code'] });
    expect(paymentCreateSchema.safeParse({ amount: '10', appointmentId: 'a'.repeat(201) }).success).toBe(false);
  });

  it('bounds how many entries a profile list holds', () => {
    const profile = { name: 'Dr. Robin Vale', location: 'Portland, OR', about: 'a'.repeat(60), yearsExperience: '5' };
    expect(practitionerProfileSchema.safeParse({ ...profile, certifications: Array.from({ length: 50 }, (_, index) => `Cert ${index}`) }).success).toBe(true);
    expect(messagesOf(practitionerProfileSchema, { ...profile, certifications: Array.from({ length: 51 }, (_, index) => `Cert ${index}`) })).toEqual({
      certifications: ['Lists can have at most 50 entries'],
    });
  });
});
