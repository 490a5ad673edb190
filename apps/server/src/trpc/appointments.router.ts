/**
 * The provider portal's appointments (docs/product.md#portal-appointments): the table, the form, and one verb
 * per transition of the domain's appointment machine — all through the caller's practice and the
 * command runner, so a refused transition answers with the machine's message.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  appointmentErrors,
  durationMinutes,
  portalAppointmentFormSchema,
  portalAppointmentUpdateSchema,
  portalPageSchema,
  recordRefSchema,
  setVisitCodesSchema,
  zonedTimeToInstant,
  type AppointmentCommand,
  type PortalAppointmentEditForm,
} from '@wellspring/domain';
import { appointmentCommands } from '../practice/appointment.commands.ts';
import type { NewPatientDetails } from '../practice/patient.commands.ts';
import { practitionerProcedure, router, type PracticeCommandRunner } from './trpc.ts';
import type { PracticeRepositories } from '../practice/practice-repositories.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';

/** Not one of the caller's appointments — unknown, malformed or another practice's: one answer for all. */
export const appointmentNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: appointmentErrors.notFound });

/** The form's datetime-local ("2025-06-05T14:30"), read in the practice's zone, as an instant. */
const startOf = (form: PortalAppointmentEditForm, timeZone: string): string => {
  const [date = '', time = ''] = form.date.split('T');
  return zonedTimeToInstant(date, time.slice(0, 5), timeZone).toISOString();
};

interface PracticeContext {
  readonly scope: PracticeScope;
  readonly practice: PracticeRepositories;
  readonly command: PracticeCommandRunner;
  readonly registerPatient: (details: NewPatientDetails) => Promise<{ id: string; name: string }>;
}

/** Saves the form as a new appointment (`id` absent) or as the edit of `id`, in one transaction with its patient. */
async function saveForm(ctx: PracticeContext, form: PortalAppointmentEditForm, existingId: string | null) {
  const id = existingId ?? randomUUID();
  const startsAt = startOf(form, ctx.scope.timeZone);
  const minutes = durationMinutes(form.duration);
  const patient = (await ctx.practice.patients.findByEmail(form.patientEmail)) ?? (await ctx.registerPatient({ name: form.patientName, email: form.patientEmail, phone: '' }));
  const machine = appointmentCommands(ctx.scope, { patientId: patient.id, type: form.appointmentType, notes: form.notes });
  const command: AppointmentCommand = existingId
    ? { kind: 'Reschedule', startsAt, durationMinutes: minutes }
    : { kind: 'Schedule', id, startsAt, durationMinutes: minutes, mode: 'in-person' };
  await ctx.command(machine, id, command);
  return { id, patientId: patient.id };
}

/** One transition of the appointment `id`; the machine decides whether it is allowed now. */
const transition = (kind: 'Confirm' | 'Complete' | 'Cancel' | 'Delete') =>
  practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(appointmentCommands(ctx.scope), input.id, { kind });
    return { id: input.id, status: state.status === 'absent' ? ('deleted' as const) : state.status };
  });

export const appointmentsRouter = router({
  /** The portal's appointment table, a page at a time, newest first. */
  list: practitionerProcedure.input(portalPageSchema).query(({ ctx, input }) => ctx.practice.portalAppointments.page(input)),

  /** One appointment for the edit form ("Loading appointment details..."). */
  byId: practitionerProcedure.input(recordRefSchema).query(async ({ ctx, input }) => {
    const appointment = await ctx.practice.portalAppointments.forEdit(input.id);
    if (!appointment) throw appointmentNotFound();
    return appointment;
  }),

  /** "Schedule Appointment": links the practice's patient with that e-mail, or adds the patient. */
  create: practitionerProcedure.input(portalAppointmentFormSchema).mutation(({ ctx, input }) => saveForm(ctx, input, null)),

  /** "Update Appointment": reschedules (an open appointment only) and saves the other fields. */
  update: practitionerProcedure.input(portalAppointmentUpdateSchema).mutation(({ ctx, input }) => saveForm(ctx, input, input.id)),

  confirm: transition('Confirm'),
  complete: transition('Complete'),
  cancel: transition('Cancel'),
  /** Refused while clinical notes or payments point at the appointment. */
  delete: transition('Delete'),

  /** The visit's CPT and ICD-10-CM codes (issue 26), for the visit codes dialog. */
  codes: practitionerProcedure.input(recordRefSchema).query(async ({ ctx, input }) => {
    const codes = await ctx.practice.portalAppointments.codes(input.id);
    if (!codes) throw appointmentNotFound();
    return codes;
  }),

  /** Saves the visit's codes, printed on the superbill; refused for a cancelled one. */
  setCodes: practitionerProcedure.input(setVisitCodesSchema).mutation(async ({ ctx, input }) => {
    await ctx.command(appointmentCommands(ctx.scope), input.id, { kind: 'SetCodes', cptCodes: input.cptCodes, icd10Codes: input.icd10Codes });
    return { id: input.id, cptCodes: input.cptCodes, icd10Codes: input.icd10Codes };
  }),
});
