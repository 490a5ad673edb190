/**
 * The schedule screen's "Schedule New Appointment" dialog (docs/product.md#schedule).
 * Patient: "new" or a patient id; time slots 9:00, 10:00, 11:00, 13:00–16:00 on the hour (shown
 * "9:00 AM" … "4:00 PM"); durations 30/45/60/90 minutes; four appointment types; mode virtual or
 * in-person; free-text notes. The spec has no validation messages; the enumerations are what the
 * dialog offers. Saving goes through the one appointment-create schema
 * (appointments/appointment-create.schema.ts), which the portal's form sends too.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { isCalendarDate } from '../time/dates.ts';
import type { AppointmentType } from '../appointments/appointment.schema.ts';
import { labelOf } from '../shared/labels.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { inputBoundMessages, isInputDateInRange } from '../shared/input-bounds.ts';

/**
 * A calendar date `yyyy-MM-dd` that exists, from 1900 to 2199 (here, not in time/dates.ts: the pages
 * that only format dates load no zod).
 */
export const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { message: 'Please enter a valid date.', abort: true })
  .refine(isInputDateInRange, inputBoundMessages.dateRange);

export const NEW_PATIENT = 'new';

export const scheduleTimeSlots = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'] as const;
export const scheduleTimeSlotSchema = z.enum(scheduleTimeSlots);
export type ScheduleTimeSlot = z.infer<typeof scheduleTimeSlotSchema>;

/** "09:00" → "9:00 AM", "13:00" → "1:00 PM" (any "HH:mm"). */
export function timeSlotLabel(slot: string): string {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${suffix}`;
}
export const scheduleTimeSlotLabels = Object.fromEntries(scheduleTimeSlots.map((slot) => [slot, timeSlotLabel(slot)])) as Record<ScheduleTimeSlot, string>;

export const scheduleDurations = [30, 45, 60, 90] as const;
export type ScheduleDuration = (typeof scheduleDurations)[number];
export const scheduleDurationLabels: Record<ScheduleDuration, string> = { 30: '30 min', 45: '45 min', 60: '60 min', 90: '90 min' };
export const scheduleDurationSchema = z.coerce
  .number()
  .refine((value): value is ScheduleDuration => (scheduleDurations as readonly number[]).includes(value), 'Please choose a duration.');

export const scheduleAppointmentTypes = ['Initial Consultation', 'Follow-up', 'Assessment', 'Treatment Session'] as const;
export const scheduleAppointmentTypeSchema = z.enum(scheduleAppointmentTypes);
export type ScheduleAppointmentType = z.infer<typeof scheduleAppointmentTypeSchema>;

export const scheduleMessages = {
  dialogTitle: 'Schedule New Appointment',
  submit: 'Schedule Appointment',
  scheduled: { title: 'Appointment scheduled', description: 'New appointment has been added to your calendar' },
  monthViewComingSoon: 'Month view coming soon',
  newPatient: 'New Patient',
} as const;

/** docs/product.md#schedule: the week grid has 7 columns of 500 px, starting Sunday. */
export const SCHEDULE_COLUMN_HEIGHT_PX = 500;
export const scheduleViews = ['week', 'month'] as const;
export type ScheduleView = (typeof scheduleViews)[number];

/**
 * The schedule dialog's labels and the stored appointment type (the portal's enumeration, one
 * appointment table for both): Initial Consultation → consultation, Follow-up → follow_up,
 * Assessment → assessment, Treatment Session → treatment. The schedule grid and the dashboard show
 * a stored type with the dialog's label (`scheduleTypeLabel`).
 */
export const scheduleTypeToAppointmentType: Record<ScheduleAppointmentType, AppointmentType> = {
  'Initial Consultation': 'consultation',
  'Follow-up': 'follow_up',
  Assessment: 'assessment',
  'Treatment Session': 'treatment',
};
export const scheduleTypeLabels: Record<AppointmentType, ScheduleAppointmentType> = {
  consultation: 'Initial Consultation',
  follow_up: 'Follow-up',
  assessment: 'Assessment',
  treatment: 'Treatment Session',
};
export const scheduleTypeLabel = (type: string): string => labelOf(scheduleTypeLabels, type);
/** The patient detail's appointment type (docs/product.md#patient-detail: Follow-up Visit, Treatment Session, Initial Consultation). */
export const detailAppointmentTypeLabels: Record<AppointmentType, string> = {
  consultation: 'Initial Consultation',
  follow_up: 'Follow-up Visit',
  assessment: 'Assessment',
  treatment: 'Treatment Session',
};
export const detailAppointmentTypeLabel = (type: string): string => labelOf(detailAppointmentTypeLabels, type);

export const newPatientMessages = {
  name: 'Please enter the new patient’s name (at least 2 characters).',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
} as const;

/** "New Patient" in the schedule dialog: a name, and optionally an e-mail and a phone. */
export const newPatientSchema = z.object({
  name: lineText().trim().min(2, newPatientMessages.name).max(200, tooLongMessage('Name', 200)),
  email: lineText().trim().max(254, newPatientMessages.email).refine((value) => value === '' || z.email().safeParse(value).success, newPatientMessages.email).default(''),
  phone: lineText().trim().max(40, newPatientMessages.phone).refine((value) => value === '' || value.replace(/\D/g, '').length >= 7, newPatientMessages.phone).default(''),
});
export type NewPatientInput = z.input<typeof newPatientSchema>;

/** The week shown: its Sunday (`schedule.week`). */
export const scheduleWeekSchema = z.object({ weekStart: calendarDateSchema.optional() });

/** Appointments of the practice overlapping a proposed slot (the dialog's warning). */
export const scheduleOverlapSchema = z.object({ date: calendarDateSchema, time: scheduleTimeSlotSchema, duration: scheduleDurationSchema });

export const scheduleOverlapWarning = (count: number): string =>
  count === 1 ? 'This time overlaps another appointment. You can still schedule it.' : `This time overlaps ${count} other appointments. You can still schedule them.`;
