/**
 * The one way to create an appointment (`appointments.create`, record 0046): the schedule's
 * "Schedule New Appointment" dialog and the portal's "New Appointment" form both send this. Each
 * form keeps what it offers (the dialog's time slots and 30/45/60/90 minutes, the portal's
 * datetime-local and 30/60/90/120) and maps its fields onto these; the rules here are what any
 * stored appointment needs.
 *
 * The patient is named one of three ways, and each keeps its form's messages:
 * - `patientId` of one of the practice's patients (the dialog's picker);
 * - `patientId: "new"` with a name (at least 2 characters) and optionally an e-mail and a phone: a
 *   new patient, always (the dialog's "New Patient");
 * - no `patientId`, a name and an e-mail: the practice's patient with that e-mail, else a new one
 *   (the portal form).
 */
import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText, multilineText } from '../shared/text.ts';
import { calendarDateSchema, NEW_PATIENT, newPatientMessages, newPatientSchema } from '../schedule/schedule.schema.ts';
import { appointmentMessages, appointmentModeSchema, appointmentTypeSchema } from './appointment.schema.ts';

export const appointmentCreateMessages = {
  patient: 'Please choose a patient.',
  time: 'Please choose a time.',
  duration: 'Please choose a duration.',
} as const;

/** The longest appointment either form can hold (the portal's edit keeps any duration up to it). */
export const MAX_APPOINTMENT_MINUTES = 499;

const isEmail = (value: string): boolean => z.email().safeParse(value).success;

/** Who the appointment is for; checked on its own, so its messages come with any about the time. */
const appointmentPatientSchema = z
  .object({
    /** One of the practice's patients, "new" for a new patient, or absent: the patient with `patientEmail`. */
    patientId: lineText().trim().min(1, appointmentCreateMessages.patient).max(200, appointmentCreateMessages.patient).optional(),
    patientName: lineText().trim().max(200, tooLongMessage('Patient name', 200)).default(''),
    patientEmail: lineText().trim().max(MAX_EMAIL_LENGTH, appointmentMessages.patientEmail).default(''),
    patientPhone: newPatientSchema.shape.phone,
  })
  .superRefine((input, ctx) => {
    if (input.patientId === NEW_PATIENT) {
      if (input.patientName.length < 2) ctx.addIssue({ code: 'custom', path: ['patientName'], message: newPatientMessages.name });
      if (input.patientEmail !== '' && !isEmail(input.patientEmail)) ctx.addIssue({ code: 'custom', path: ['patientEmail'], message: newPatientMessages.email });
    } else if (input.patientId === undefined) {
      if (input.patientName === '') ctx.addIssue({ code: 'custom', path: ['patientName'], message: appointmentMessages.patientName });
      if (!isEmail(input.patientEmail)) ctx.addIssue({ code: 'custom', path: ['patientEmail'], message: appointmentMessages.patientEmail });
    }
  });

/** When, how long, what and how. */
const appointmentSlotSchema = z.object({
  /** The day and the time of day ("HH:mm"), in the practice's time zone. */
  date: calendarDateSchema,
  time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, appointmentCreateMessages.time),
  duration: z
    .number({ error: appointmentCreateMessages.duration })
    .int(appointmentCreateMessages.duration)
    .min(1, appointmentCreateMessages.duration)
    .max(MAX_APPOINTMENT_MINUTES, appointmentCreateMessages.duration),
  appointmentType: appointmentTypeSchema.default('consultation'),
  mode: appointmentModeSchema.default('in-person'),
  notes: multilineText().max(5000, tooLongMessage('Notes', 5000)).default(''),
});

export const appointmentCreateSchema = z.intersection(appointmentPatientSchema, appointmentSlotSchema);
export type AppointmentCreateInput = z.input<typeof appointmentCreateSchema>;
export type AppointmentCreate = z.output<typeof appointmentCreateSchema>;

/** The portal form's values as a create: its datetime-local split into the day and the time of day. */
export function portalFormToCreate(form: { readonly patientName: string; readonly patientEmail: string; readonly appointmentType: AppointmentCreate['appointmentType']; readonly date: string; readonly duration: string; readonly notes: string }): AppointmentCreateInput {
  const [date = '', time = ''] = form.date.split('T');
  return {
    patientName: form.patientName,
    patientEmail: form.patientEmail,
    appointmentType: form.appointmentType,
    date,
    time: time.slice(0, 5),
    duration: Number(form.duration),
    notes: form.notes,
  };
}
