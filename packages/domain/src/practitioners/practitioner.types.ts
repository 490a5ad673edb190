/**
 * Practitioners of the directory (docs/product.md#directory), their credentials, and the status labels
 * of licensures and patient referrals (docs/product.md#texts: "else Unknown").
 */
import { labelOf } from '../shared/labels.ts';
import type { Specialty } from '../catalog/specialties.ts';
import type { CalendarDate } from '../time/dates.ts';

export interface Testimonial {
  readonly id: string;
  readonly author: string;
  readonly text: string;
  /** 1 to 5. */
  readonly rating: number;
  readonly date: CalendarDate;
}

export const directoryReferralStatuses = ['pending', 'accepted', 'completed'] as const;
export type DirectoryReferralStatus = (typeof directoryReferralStatuses)[number];
export const directoryReferralStatusLabels: Record<DirectoryReferralStatus, string> = { pending: 'Pending', accepted: 'Accepted', completed: 'Completed' };
export const directoryReferralStatusLabel = (status: string): string => labelOf(directoryReferralStatusLabels, status);

export interface PatientReferral {
  readonly id: string;
  readonly patientName: string;
  readonly reason: string;
  readonly date: CalendarDate;
  readonly referredBy: string;
  readonly status: DirectoryReferralStatus;
}

export interface PhysicianReferral {
  readonly id: string;
  readonly physicianName: string;
  readonly specialty: string;
  readonly hospital: string;
  readonly date: CalendarDate;
  readonly note: string;
}

export const licensureStatuses = ['active', 'pending', 'expired'] as const;
export type LicensureStatus = (typeof licensureStatuses)[number];
export const licensureStatusLabels: Record<LicensureStatus, string> = { active: 'Active', pending: 'Pending', expired: 'Expired' };
export const licensureStatusLabel = (status: string): string => labelOf(licensureStatusLabels, status);

export interface Licensure {
  readonly id: string;
  readonly name: string;
  readonly issuedBy: string;
  readonly issueDate: CalendarDate;
  readonly expiryDate: CalendarDate | null;
  readonly status: LicensureStatus;
}

export interface Award {
  readonly id: string;
  readonly name: string;
  readonly issuedBy: string;
  readonly year: number;
  readonly description: string;
}

export interface Coordinates {
  readonly lat: number;
  readonly lng: number;
}

export interface Practitioner {
  readonly id: string;
  readonly name: string;
  /** A photo URL, or null for the initials fallback. */
  readonly profileImage: string | null;
  readonly specialties: readonly Specialty[];
  /** "City, ST". */
  readonly location: string;
  readonly coordinates: Coordinates;
  /** Miles from the searcher, as the sample cards show it ("2.4 miles away"). */
  readonly distance: number;
  readonly yearsExperience: number;
  readonly shortBio: string;
  readonly about: string;
  readonly education: readonly string[];
  readonly certifications: readonly string[];
  readonly acceptsInsurance: boolean;
  readonly insuranceList?: readonly string[];
  readonly reviewCount: number;
  readonly rating: number;
  readonly testimonials: readonly Testimonial[];
  readonly treatmentApproaches: readonly string[];
  readonly questionsPrompts: readonly string[];
  readonly commonSymptoms: readonly string[];
  readonly conditionsTreated: readonly string[];
  readonly referrals?: readonly PatientReferral[];
  readonly physicianReferrals?: readonly PhysicianReferral[];
  readonly licensures?: readonly Licensure[];
  readonly awards?: readonly Award[];
}

export const practitionerProfileTabs = ['About', 'Approach', 'Credentials', 'Reviews', 'Referrals', 'Physicians', 'Awards'] as const;

export const practitionerMessages = {
  notFound: { title: 'Practitioner Not Found', description: "We couldn't find the practitioner you're looking for." },
  noPatientReferrals: 'No Patient Referrals',
  noPhysicianReferrals: 'No Physician Referrals',
  noLicensures: 'No Licensure Information',
  noAwards: 'No Awards Information',
  respondsWithin: 'Responds within 24 hours',
  favoriteAdded: 'Added to favorites',
  favoriteRemoved: 'Removed from favorites',
  linkCopied: 'Link copied',
  contactInitiated: { title: 'Contact initiated', description: 'A message has been sent to the practitioner.' },
} as const;

/** The profile page shows its skeleton for 500 ms (docs/product.md#profile). */
export const PROFILE_LOADING_MS = 500;

/** Initials of a name for the avatar fallback: "Dr. Elena Rodriguez" → "ER". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(dr|mr|mrs|ms|prof)\.?\s+/i, '')
    .split(/\s+/)
    .filter((word) => word.length > 0);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
