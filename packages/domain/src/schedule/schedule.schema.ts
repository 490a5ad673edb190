/**
 * The schedule screen's "Schedule New Appointment" dialog (SPEC §2 Schedule, §9).
 * Patient: "new" or a patient id; time slots 9:00, 10:00, 11:00, 13:00–16:00 on the hour (shown
 * "9:00 AM" … "4:00 PM"); durations 30/45/60/90 minutes; four appointment types; mode virtual or
 * in-person; free-text notes. The spec has no validation messages; the enumerations are the rule.
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { calendarDateSchema } from '../time/dates.ts';
import { appointmentModeSchema } from '../appointments/appointment.schema.ts';
import { tooLongMessage } from '../shared/text-limits.ts';

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

export const scheduleDialogSchema = z.object({
  /** "new" or the id of one of the practitioner's patients. */
  patientId: lineText().trim().min(1, 'Please choose a patient.'),
  /** The chosen day, in the practitioner's zone. */
  date: calendarDateSchema,
  time: scheduleTimeSlotSchema.default('09:00'),
  duration: scheduleDurationSchema.default(60),
  type: scheduleAppointmentTypeSchema.default('Initial Consultation'),
  mode: appointmentModeSchema.default('in-person'),
  notes: multilineText().max(5000, tooLongMessage('Notes', 5000)).default(''),
});
export type ScheduleDialogInput = z.input<typeof scheduleDialogSchema>;
export type ScheduleDialogForm = z.output<typeof scheduleDialogSchema>;

export const scheduleMessages = {
  dialogTitle: 'Schedule New Appointment',
  submit: 'Schedule Appointment',
  scheduled: { title: 'Appointment scheduled', description: 'New appointment has been added to your calendar' },
  monthViewComingSoon: 'Month view coming soon',
  newPatient: 'New Patient',
} as const;

/** SPEC §9: the week grid has 7 columns of 500 px, starting Sunday. */
export const SCHEDULE_COLUMN_HEIGHT_PX = 500;
export const scheduleViews = ['week', 'month'] as const;
export type ScheduleView = (typeof scheduleViews)[number];
