/**
 * The practice's appointments: the portal's table and form (docs/product.md#portal-appointments), the one create
 * that the schedule's dialog uses too (record 0046), and one verb per transition of the domain's
 * appointment machine — all through the caller's practice and the command runner, so a refused
 * transition answers with the machine's message.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  appointmentCreateSchema,
  appointmentErrors,
  durationMinutes,
  NEW_PATIENT,
  portalAppointmentUpdateSchema,
  portalPageSchema,
  recordRefSchema,
  setVisitCodesSchema,
  zonedTimeToInstant,
  type AppointmentCreate,
  type PortalAppointmentEditForm,
} from '@wellspring/domain';
import { appointmentCommands } from '../practice/appointment.commands.ts';
import type { NewPatientDetails } from '../practice/patient.commands.ts';
import { patientNotFound } from './patients.router.ts';
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

/** The patient a create names: one of the practice's (by id or, from the portal, by e-mail), or a new one. */
async function patientOf(ctx: PracticeContext, input: AppointmentCreate): Promise<{ id: string; name: string }> {
  const details = { name: input.patientName, email: input.patientEmail, phone: input.patientPhone };
  if (input.patientId === NEW_PATIENT) return ctx.registerPatient(details);
  if (input.patientId !== undefined) {
    const patient = await ctx.practice.patients.find(input.patientId);
    if (!patient) throw patientNotFound();
    return patient;
  }
  return (await ctx.practice.patients.findByEmail(input.patientEmail)) ?? ctx.registerPatient(details);
}

/**
 * "Schedule Appointment", from the schedule's dialog or the portal's form: the appointment through
 * the appointment machine, with its new patient if any, in one transaction.
 */
async function createAppointment(ctx: PracticeContext, input: AppointmentCreate) {
  const id = randomUUID();
  const startsAt = zonedTimeToInstant(input.date, input.time, ctx.scope.timeZone).toISOString();
  const patient = await patientOf(ctx, input);
  const machine = appointmentCommands(ctx.scope, { patientId: patient.id, type: input.appointmentType, notes: input.notes });
  await ctx.command(machine, id, { kind: 'Schedule', id, startsAt, durationMinutes: input.duration, mode: input.mode });
  return { id, patientId: patient.id, patient: patient.name, date: input.date, time: input.time };
}

/** Saves the edit form over the appointment `id` (an open one only), in one transaction with its patient. */
async function updateAppointment(ctx: PracticeContext, form: PortalAppointmentEditForm, id: string) {
  const startsAt = startOf(form, ctx.scope.timeZone);
  const minutes = durationMinutes(form.duration);
  const patient = (await ctx.practice.patients.findByEmail(form.patientEmail)) ?? (await ctx.registerPatient({ name: form.patientName, email: form.patientEmail, phone: '' }));
  const machine = appointmentCommands(ctx.scope, { patientId: patient.id, type: form.appointmentType, notes: form.notes });
  await ctx.command(machine, id, { kind: 'Reschedule', startsAt, durationMinutes: minutes });
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

  /**
   * "Schedule Appointment" of the schedule's dialog and of the portal's form (one procedure, record
   * 0046). A patient id outside the practice is NOT_FOUND.
   */
  create: practitionerProcedure.input(appointmentCreateSchema).mutation(({ ctx, input }) => createAppointment(ctx, input)),

  /** "Update Appointment": reschedules (an open appointment only) and saves the other fields. */
  update: practitionerProcedure.input(portalAppointmentUpdateSchema).mutation(({ ctx, input }) => updateAppointment(ctx, input, input.id)),

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
