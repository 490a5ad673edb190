/**
 * How sample data gets its dates.
 *
 * Timeless facts (dates of birth, testimonials, credentials, past referrals on the public profiles,
 * resources) are fixed calendar dates. Everything whose meaning depends on "now" — upcoming and past
 * appointments, events, referral codes' expiry, the practice's referrals — is built by a function
 * taking `today` (a calendar date in the practitioner's zone) and placed at fixed offsets from it. So
 * the app always looks current (the seed passes the real today) and tests stay deterministic (they
 * pass `SAMPLE_TODAY`).
 */
import { addDays, type CalendarDate } from '../time/dates.ts';

/** The fixed "today" tests and static previews use (a Monday). */
export const SAMPLE_TODAY: CalendarDate = '2025-06-16';

/** The zone the sample practice works in. */
export const SAMPLE_TIME_ZONE = 'America/Los_Angeles';

/** `today` shifted by `days`. */
export const sampleDay = (today: CalendarDate, days: number): CalendarDate => addDays(today, days);
