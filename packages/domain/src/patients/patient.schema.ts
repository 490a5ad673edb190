/**
 * Patients (docs/product.md#patients, docs/product.md#patient-detail, docs/product.md#health-record):
 * types, status badges, and the patient search rule.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { inputBoundMessages, MAX_PAGE } from '../shared/input-bounds.ts';
import { pageCursorSchema } from '../shared/page-cursor.ts';
import { labelOf, type BadgeColor } from '../shared/labels.ts';
import type { EhrRecordType, SoapContent } from '../ehr/ehr.schema.ts';
import { ageInYears, type CalendarDate } from '../time/dates.ts';
import type { AppointmentStatus, AppointmentTiming } from '../appointments/appointment.schema.ts';

export const patientStatuses = ['active', 'new', 'inactive'] as const;
export const patientStatusSchema = z.enum(patientStatuses);
export type PatientStatus = z.infer<typeof patientStatusSchema>;
/** docs/product.md#patients: active green "Active", new blue "New", inactive grey "Inactive". No transitions. */
export const patientStatusLabels: Record<PatientStatus, string> = { active: 'Active', new: 'New', inactive: 'Inactive' };
export const patientStatusColors: Record<PatientStatus, BadgeColor> = { active: 'green', new: 'blue', inactive: 'grey' };
export const patientStatusLabel = (status: string): string => labelOf(patientStatusLabels, status);
export const patientStatusColor = (status: string): BadgeColor =>
  (Object.prototype.hasOwnProperty.call(patientStatusColors, status) ? patientStatusColors[status as PatientStatus] : 'grey');


/** The dashboard's recent patient rows (docs/product.md#dashboard). */
export const patientRecordRowStatuses = ['active', 'follow_up', 'scheduled', 'completed'] as const;
export const patientRecordRowStatusSchema = z.enum(patientRecordRowStatuses);
export type PatientRecordRowStatus = z.infer<typeof patientRecordRowStatusSchema>;
export const patientRecordRowStatusLabels: Record<PatientRecordRowStatus, string> = {
  active: 'Active',
  follow_up: 'Follow-up',
  scheduled: 'Scheduled',
  completed: 'Completed',
};
export const patientRecordRowStatusLabel = (status: string): string => labelOf(patientRecordRowStatusLabels, status);

/** A row of the dashboard's patient records (docs/product.md#dashboard): name, last visit date, condition, status. */
export interface PatientRecordRow {
  /** The patient it opens (/dashboard/patients/{patientId}). */
  readonly patientId: string;
  readonly name: string;
  /** Shown as a US short date. */
  readonly lastVisit: CalendarDate;
  /** The main condition being treated. */
  readonly condition: string;
  readonly status: PatientRecordRowStatus;
}

export const allergySeverities = ['Mild', 'Moderate', 'Severe'] as const;
export type AllergySeverity = (typeof allergySeverities)[number];

export interface PatientListRow {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  /** yyyy-MM-dd; null when unknown. */
  readonly dob: CalendarDate | null;
  /** Relative text such as "2 days ago" or "Never" (`relativeLastVisit`). */
  readonly lastVisit: string;
  /** Text such as "Today, 10:00 AM" or "Not scheduled" (`nextAppointmentText`). */
  readonly nextAppointment: string;
  readonly status: PatientStatus;
  readonly conditions: readonly string[];
  /** Number of clinical notes. */
  readonly notes: number;
}

export interface PatientNote {
  readonly id: string;
  readonly date: CalendarDate;
  readonly title: string;
  /** e.g. "SOAP Note". */
  readonly type: string;
  readonly provider: string;
  readonly content: SoapContent;
  /** The note's type (the `type` above is its label). */
  readonly recordType: EhrRecordType;
  /** A draft is edited until it is signed; a signed note is locked (corrections are addenda). */
  readonly signed: boolean;
  /** Corrections added after the note was signed, oldest first (a signed note is never edited). */
  readonly addenda?: readonly NoteAddendum[];
}

/** An addendum as a note card shows it: the text, who added it, and when (an ISO instant). */
export interface NoteAddendum {
  readonly id: string;
  readonly text: string;
  readonly author: string;
  readonly at: string;
}

export interface PatientAppointment {
  readonly id: string;
  readonly date: CalendarDate;
  /** e.g. "10:00 AM". */
  readonly time: string;
  /** e.g. "60 min". */
  readonly duration: string;
  /** Follow-up Visit, Treatment Session, Initial Consultation. */
  readonly type: string;
  readonly provider: string;
  /**
   * The machine's status, as the portal shows it; with `timing`, the screen's "Upcoming" and
   * "Completed" of docs/product.md#patients (record 0046): upcoming is an open visit still ahead.
   */
  readonly status: AppointmentStatus;
  readonly timing: AppointmentTiming | null;
}

export interface Allergy {
  readonly name: string;
  readonly severity: AllergySeverity;
  readonly reaction: string;
}
export interface Medication {
  readonly name: string;
  readonly dosage: string;
  readonly frequency: string;
  readonly purpose: string;
}
export interface MedicalHistoryItem {
  readonly condition: string;
  readonly dateOnset: string;
  readonly status: string;
  readonly treatment: string;
}
export interface FamilyHistoryItem {
  readonly relation: string;
  readonly condition: string;
  readonly age: string;
}
export interface Lifestyle {
  readonly diet: string;
  readonly exercise: string;
  readonly sleep: string;
  readonly stress: string;
  readonly substances: string;
  /** The patient's health goals (issue 26); empty when none are recorded. */
  readonly goals: string;
}

export interface PatientDetail {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  /** yyyy-MM-dd; null when unknown (the Unknown Patient): then no age shows. */
  readonly dob: CalendarDate | null;
  readonly address: string;
  readonly emergency: { readonly name: string; readonly relationship: string; readonly phone: string };
  readonly insurance: { readonly provider: string; readonly policyNumber: string; readonly group: string };
  readonly conditions: readonly string[];
  /** Inactive: archived (a patient is never deleted). */
  readonly status: PatientStatus;
  readonly notes: readonly PatientNote[];
  readonly appointments: readonly PatientAppointment[];
  readonly allergies: readonly Allergy[];
  readonly medications: readonly Medication[];
  readonly medicalHistory: readonly MedicalHistoryItem[];
  readonly familyHistory: readonly FamilyHistoryItem[];
  readonly lifestyle: Lifestyle | null;
}

export const patientMessages = {
  searchPlaceholder: 'Search patients by name, email, or phone',
  noPatients: 'No patients found',
  noUpcoming: 'No upcoming appointments',
  noRecentActivity: 'No recent activity',
  noAllergies: 'No known allergies',
  noMedications: 'No current medications',
  noMedicalHistory: 'No medical history recorded',
  noFamilyHistory: 'No family history recorded',
  // The spec's "Create note" and "Edit note" coming-soon toasts went with issue 26: the note editor replaced them.
  noNotes: { title: 'No Clinical Notes', description: 'There are no clinical notes for this patient yet.', action: 'Create First Note' },
  unknownPatient: 'Unknown Patient',
} as const;

/** Age in whole years on `today` (docs/product.md#formats), or null without a date of birth (nothing to show). */
export const patientAge = (dob: CalendarDate | null, today: CalendarDate): number | null => (dob === null ? null : ageInYears(dob, today));

/** Recent Activity shows the first 2 notes (docs/product.md#patient-detail). */
export const RECENT_ACTIVITY_NOTES = 2;

/**
 * docs/product.md#patients: case-insensitive substring on name or email; the phone is matched exactly as typed
 * (a case-sensitive substring). An empty query matches everyone.
 */
export function matchesPatientSearch(patient: { readonly name: string; readonly email: string; readonly phone: string }, query: string): boolean {
  if (query === '') return true;
  const lower = query.toLowerCase();
  return patient.name.toLowerCase().includes(lower) || patient.email.toLowerCase().includes(lower) || patient.phone.includes(query);
}

/** The Timeline tab: appointments and notes merged, newest first (docs/product.md#patient-detail). */
export type TimelineItem =
  | { readonly kind: 'appointment'; readonly date: CalendarDate; readonly time: string; readonly title: string; readonly id: string }
  | { readonly kind: 'note'; readonly date: CalendarDate; readonly title: string; readonly assessment: string; readonly id: string };

export function patientTimeline(patient: Pick<PatientDetail, 'appointments' | 'notes'>): TimelineItem[] {
  const items: TimelineItem[] = [
    ...patient.appointments.map((a): TimelineItem => ({ kind: 'appointment', date: a.date, time: a.time, title: a.type, id: a.id })),
    ...patient.notes.map((n): TimelineItem => ({ kind: 'note', date: n.date, title: n.title, assessment: n.content.assessment, id: n.id })),
  ];
  // Newest first; on the same day, appointments before notes, then by id, so the order is total.
  return items.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.kind !== b.kind ? (a.kind === 'appointment' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Upcoming appointments of the patient card: the open ones still ahead. */
export const upcomingAppointments = (patient: Pick<PatientDetail, 'appointments'>): PatientAppointment[] =>
  patient.appointments.filter((a) => a.timing === 'upcoming');

/** A patient id as the screens send it: any text; one that is not the caller's patient is simply not found. */
export const patientIdSchema = z.object({ id: lineText().trim().min(1).max(200) });

export const PATIENT_PAGE_SIZE = 25;
const patientPageSizeMessage = 'Page size must be a whole number from 1 to 100.';
export const patientSearchSchema = z.object({
  query: lineText().max(200, 'Search text must be at most 200 characters.').default(''),
  page: z.number({ error: inputBoundMessages.page }).int({ error: inputBoundMessages.page, abort: true }).min(1, inputBoundMessages.page).max(MAX_PAGE, inputBoundMessages.page).default(1),
  pageSize: z.number({ error: patientPageSizeMessage }).int(patientPageSizeMessage).min(1, patientPageSizeMessage).max(100, patientPageSizeMessage).default(PATIENT_PAGE_SIZE),
  cursor: pageCursorSchema.optional(),
});
export type PatientSearchInput = z.input<typeof patientSearchSchema>;

/** The stored health-record items, read back through these (one per kind). */
export const allergySchema = z.object({ name: z.string(), severity: z.enum(allergySeverities), reaction: z.string() });
export const medicationSchema = z.object({ name: z.string(), dosage: z.string(), frequency: z.string(), purpose: z.string() });
export const medicalHistoryItemSchema = z.object({ condition: z.string(), dateOnset: z.string(), status: z.string(), treatment: z.string() });
export const familyHistoryItemSchema = z.object({ relation: z.string(), condition: z.string(), age: z.string() });
export const lifestyleSchema = z.object({ diet: z.string(), exercise: z.string(), sleep: z.string(), stress: z.string(), substances: z.string(), goals: z.string().default('') });
export const healthRecordKinds = ['allergy', 'medication', 'medical_history', 'family_history'] as const;
export type HealthRecordKind = (typeof healthRecordKinds)[number];

/** The schedule dialog's patient picker: the practice's patients whose name or e-mail holds `query`. */
export const patientOptionsSchema = z.object({ query: lineText().trim().max(200, 'Search text must be at most 200 characters.').default('') });

/**
 * docs/product.md#patients: any id other than 1, 2, 3 gives "Unknown Patient" with no conditions (and nothing else):
 * no date of birth either, so no age shows.
 */
export function unknownPatient(id: string): PatientDetail {
  return {
    id,
    name: patientMessages.unknownPatient,
    email: '',
    phone: '',
    dob: null,
    address: '',
    emergency: { name: '', relationship: '', phone: '' },
    insurance: { provider: '', policyNumber: '', group: '' },
    conditions: [],
    status: 'new',
    notes: [],
    appointments: [],
    allergies: [],
    medications: [],
    medicalHistory: [],
    familyHistory: [],
    lifestyle: null,
  };
}
