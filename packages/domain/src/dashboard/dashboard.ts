/**
 * Provider dashboard figures (docs/product.md#dashboard), computed from a practitioner's data so the demo seed can
 * be shaped to show the spec's sample numbers (42 patients, 12 appointments this week, 55 min average
 * session, 85% profile completion).
 */
import type { PractitionerProfile } from '../profile/practitioner-profile.schema.ts';

export interface DashboardStats {
  readonly totalPatients: number;
  readonly appointmentsThisWeek: number;
  /** Whole minutes. */
  readonly averageSessionMinutes: number;
  /** Percent, 0–100. */
  readonly profileCompletion: number;
}

/** Mean of the durations, rounded to whole minutes; 0 with no sessions. */
export function averageSessionMinutes(durations: readonly number[]): number {
  if (durations.length === 0) return 0;
  return Math.round(durations.reduce((sum, minutes) => sum + minutes, 0) / durations.length);
}

/**
 * Profile completion: each part has a weight, the weights sum to 100. A practitioner with everything
 * but a photo is at 85%.
 */
export const profileCompletionWeights = {
  name: 10,
  location: 10,
  shortBio: 10,
  about: 15,
  yearsExperience: 5,
  profileImage: 15,
  specialties: 10,
  certifications: 10,
  education: 10,
  treatmentApproaches: 5,
} as const;

export function profileCompletion(profile: Pick<PractitionerProfile, keyof typeof profileCompletionWeights>): number {
  const filled: Record<keyof typeof profileCompletionWeights, boolean> = {
    name: profile.name.trim() !== '',
    location: profile.location.trim() !== '',
    shortBio: profile.shortBio.trim() !== '',
    about: profile.about.trim() !== '',
    yearsExperience: profile.yearsExperience > 0,
    profileImage: profile.profileImage !== null && profile.profileImage !== '',
    specialties: profile.specialties.length > 0,
    certifications: profile.certifications.length > 0,
    education: profile.education.length > 0,
    treatmentApproaches: profile.treatmentApproaches.length > 0,
  };
  return (Object.keys(profileCompletionWeights) as (keyof typeof profileCompletionWeights)[]).reduce(
    (total, key) => total + (filled[key] ? profileCompletionWeights[key] : 0),
    0,
  );
}

/**
 * The two patient figures count different things, so each card says which (record 0046): the
 * dashboard's "Total Patients" is everyone in the practice's patient records; the portal's "Unique
 * Patients" (docs/product.md#portal-dashboard) only those with at least one appointment. Both are maintained figures
 * (record 0042: `patients` and `patients_with_appointments` of practice_summary).
 */
export const patientFigureHints = {
  totalPatients: 'Everyone in your patient records, with or without an appointment',
  uniquePatients: 'Patients with at least one appointment; your records may hold more',
} as const;

export const dashboardMessages = {
  noUpcoming: 'No upcoming appointments',
  manageSchedule: 'Manage Schedule',
  loginComingSoon: 'Login feature coming soon',
  /** The dashboard side menu's Log Out (docs/product.md#accounts). */
  loggedOut: 'Logged out successfully',
  /** The provider portal's Log Out (docs/product.md#accounts). */
  loggingOut: 'Logging out...',
  portalLoggedOut: { title: 'Logged out', description: 'You have been successfully logged out.' },
  logoutFailed: { title: 'Error', description: 'Failed to log out. Please try again.' },
  startingAppointment: 'Starting appointment',
  messageSent: 'Message sent to patient',
  comingSoon: {
    scheduling: 'Feature coming soon',
    // "Calendar sync feature coming soon" (docs/product.md#dashboard) is replaced by the feature (issue 24): the
    // schedule's "Calendar sync" opens it in the Online booking settings (/dashboard/booking#calendar-sync).
    // "Add patient feature coming soon" is replaced by the patient form (issue 26).
    waitingRoom: 'Virtual waiting room feature coming soon',
    telehealthSetup: 'Telehealth setup wizard coming soon',
    invoice: 'Invoice creation feature coming soon',
    messages: 'Messages feature coming soon',
    // The side menu's Clinical Notes is a screen since issue 26; the spec's toast text is kept here.
    notes: 'Notes feature coming soon',
    // "Settings feature coming soon" (docs/product.md#dashboard) is replaced by the feature (issue 25): the side
    // menu's Settings opens /dashboard/settings.
  },
} as const;
