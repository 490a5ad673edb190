/**
 * Appointments: the portal appointment form (docs/product.md#portal-appointments) and the enumerations of
 * appointment type, duration, status and mode with their labels and badge colours (docs/product.md#appointments).
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { isDateTimeLocal } from '../time/dates.ts';
import { labelOf, type BadgeColor } from '../shared/labels.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { inputBoundMessages, isInputDateInRange, MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';
import { commonMessages } from '../shared/messages.ts';

export const appointmentTypes = ['consultation', 'follow_up', 'treatment', 'assessment'] as const;
export const appointmentTypeSchema = z.enum(appointmentTypes);
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;
export const appointmentTypeLabels: Record<AppointmentType, string> = {
  consultation: 'Consultation',
  follow_up: 'Follow-up',
  treatment: 'Treatment',
  assessment: 'Assessment',
};
export const appointmentTypeLabel = (type: string): string => labelOf(appointmentTypeLabels, type);

/** Portal duration options in minutes (docs/product.md#appointments); the form holds them as strings. */
export const portalDurationOptions = ['30', '60', '90', '120'] as const;
export const portalDurationSchema = z.enum(portalDurationOptions);
export type PortalDuration = z.infer<typeof portalDurationSchema>;
export const portalDurationLabels: Record<PortalDuration, string> = { '30': '30 minutes', '60': '60 minutes', '90': '90 minutes', '120': '120 minutes' };
export const DEFAULT_PORTAL_DURATION: PortalDuration = '60';

export const appointmentStatuses = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const appointmentStatusLabel = (status: string): string => labelOf(appointmentStatusLabels, status);
/** docs/product.md#appointments: scheduled blue, confirmed green, completed grey, cancelled red. */
export const appointmentStatusColors: Record<AppointmentStatus, BadgeColor> = {
  scheduled: 'blue',
  confirmed: 'green',
  completed: 'grey',
  cancelled: 'red',
};
export const appointmentStatusColor = (status: string): BadgeColor =>
  (Object.prototype.hasOwnProperty.call(appointmentStatusColors, status) ? appointmentStatusColors[status as AppointmentStatus] : 'grey');

/**
 * How time passing shows, the same on every screen (record 0046). The status is always the
 * machine's: time never turns a visit "Completed" (the practitioner does). Beside an open
 * (scheduled or confirmed) appointment, one cue says where it stands in time: "Upcoming" until it
 * starts, "In progress" until it ends, "Past" after — a past visit still open is waiting to be
 * marked Completed or Cancelled. A completed or cancelled one needs no cue.
 */
export const appointmentTimings = ['upcoming', 'in_progress', 'past'] as const;
export type AppointmentTiming = (typeof appointmentTimings)[number];
export const appointmentTimingLabels: Record<AppointmentTiming, string> = { upcoming: 'Upcoming', in_progress: 'In progress', past: 'Past' };

export function appointmentTiming(
  appointment: { readonly status: AppointmentStatus; readonly startsAt: Date | string; readonly durationMinutes: number },
  now: Date,
): AppointmentTiming | null {
  if (appointment.status !== 'scheduled' && appointment.status !== 'confirmed') return null;
  const start = new Date(appointment.startsAt).getTime();
  if (start > now.getTime()) return 'upcoming';
  return start + appointment.durationMinutes * 60_000 > now.getTime() ? 'in_progress' : 'past';
}

export const appointmentModes = ['virtual', 'in-person'] as const;
export const appointmentModeSchema = z.enum(appointmentModes);
export type AppointmentMode = z.infer<typeof appointmentModeSchema>;
export const appointmentModeLabels: Record<AppointmentMode, string> = { virtual: 'Virtual', 'in-person': 'In-Person' };
export const appointmentModeLabel = (mode: string): string => labelOf(appointmentModeLabels, mode);

export const appointmentMessages = {
  patientName: 'Please enter the patient name.',
  patientEmail: 'Please enter a valid email address.',
  date: 'Please choose a date and time.',
  scheduled: 'Appointment scheduled successfully!',
  scheduleFailed: { title: 'Error scheduling appointment', description: commonMessages.tryAgainLater },
  loadFailed: 'Failed to load appointment details.',
  loading: 'Loading appointment details...',
  listLoading: 'Loading appointments...',
  empty: { title: 'No appointments found', description: 'Schedule your first appointment to get started.' },
  deleted: 'Appointment deleted',
  statusUpdated: (status: AppointmentStatus) => `Appointment status updated to ${status}`,
  dashboardLoadFailed: 'Failed to load dashboard data. Please try again.',
} as const;

/**
 * The portal appointment form. The spec has no validation beyond input types (email, datetime-local);
 * a stored appointment still needs a name, an email and a date, so those are required with the
 * messages above. Defaults: type consultation, duration "60" (docs/product.md#appointments).
 */
export const portalAppointmentFormSchema = z.object({
  patientName: lineText().trim().min(1, appointmentMessages.patientName).max(200, tooLongMessage('Patient name', 200)),
  patientEmail: lineText().trim().max(MAX_EMAIL_LENGTH, appointmentMessages.patientEmail).pipe(z.email(appointmentMessages.patientEmail)),
  appointmentType: appointmentTypeSchema.default('consultation'),
  /** A datetime-local value "2025-06-05T14:30", read in the practitioner's time zone; 1900 to 2199. */
  date: z.string().refine(isDateTimeLocal, { message: appointmentMessages.date, abort: true }).refine(isInputDateInRange, inputBoundMessages.dateRange),
  duration: portalDurationSchema.default(DEFAULT_PORTAL_DURATION),
  notes: multilineText().max(5000, tooLongMessage('Notes', 5000)).default(''),
});
export type PortalAppointmentFormInput = z.input<typeof portalAppointmentFormSchema>;
export type PortalAppointmentForm = z.output<typeof portalAppointmentFormSchema>;

export const portalAppointmentFormDefaults: PortalAppointmentForm = {
  patientName: '',
  patientEmail: '',
  appointmentType: 'consultation',
  date: '',
  duration: DEFAULT_PORTAL_DURATION,
  notes: '',
};

/**
 * The edit form: as the new-appointment form, except that it keeps a duration the form does not
 * offer — the schedule's 45 minutes — until the practitioner picks another, instead of silently
 * turning it into one of 30/60/90/120.
 */
export const portalEditDurationSchema = z.union([portalDurationSchema, z.string().regex(/^(?:[1-9]\d?|[1-4]\d\d)$/, 'Please choose a duration.')]);
export const portalAppointmentEditFormSchema = portalAppointmentFormSchema.extend({ duration: portalEditDurationSchema.default(DEFAULT_PORTAL_DURATION) });
export type PortalAppointmentEditForm = z.output<typeof portalAppointmentEditFormSchema>;

/** The duration of the form as minutes. */
export const durationMinutes = (duration: PortalDuration | string): number => Number(duration);

/** "45 minutes": the label of any duration in minutes, the form's own ones as docs/product.md#appointments words them. */
export const portalDurationLabel = (duration: string): string =>
  (portalDurationOptions as readonly string[]).includes(duration) ? portalDurationLabels[duration as PortalDuration] : `${duration} minutes`;
