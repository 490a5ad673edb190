import { randomUUID } from 'node:crypto';
import {
  calendarDateInZone,
  NEW_PATIENT,
  patientOptionsSchema,
  scheduleAppointmentSchema,
  scheduleOverlapSchema,
  scheduleTypeToAppointmentType,
  scheduleWeekSchema,
  zonedTimeToInstant,
} from '@wellspring/domain';
import { executeCommand } from '../commands/run-command.ts';
import { appointmentCommands } from '../practice/appointment.commands.ts';
import { patientNotFound } from './patients.router.ts';
import { domainErrorToTrpc, practitionerProcedure, router } from './trpc.ts';


export const scheduleRouter = router({
  /** The week (Sunday first) holding `weekStart` (default: today in the practice's zone), with its appointments. */
  week: practitionerProcedure.input(scheduleWeekSchema).query(async ({ ctx, input }) => {
    const today = calendarDateInZone(ctx.scope.now, ctx.scope.timeZone);
    const days = await ctx.practice.appointments.week(input.weekStart ?? today);
    return { today, timeZone: ctx.scope.timeZone, days };
  }),

  /** The practice's patients to choose from in the dialog, by name (searchable). */
  patientOptions: practitionerProcedure.input(patientOptionsSchema).query(({ ctx, input }) => ctx.practice.patients.options(input.query)),

  /** Open appointments that a proposed slot would overlap: the dialog warns, it does not refuse. */
  overlaps: practitionerProcedure.input(scheduleOverlapSchema).query(async ({ ctx, input }) => {
    const startsAt = zonedTimeToInstant(input.date, input.time, ctx.scope.timeZone);
    const overlapping = await ctx.practice.appointments.overlapping(startsAt, input.duration);
    return overlapping.map(({ id, patient, time, duration, type }) => ({ id, patient, time, duration, type }));
  }),

  /**
   * "Schedule Appointment": creates the appointment through the appointment machine (and, for "New
   * Patient", the patient) in one transaction; a patient id outside the practice is NOT_FOUND.
   */
  create: practitionerProcedure.input(scheduleAppointmentSchema).mutation(async ({ ctx, input }) => {
    const id = randomUUID();
    const startsAt = zonedTimeToInstant(input.date, input.time, ctx.scope.timeZone);
    return ctx.db.$transaction(async (tx) => {
      let patient: { id: string; name: string } | null;
      if (input.patientId === NEW_PATIENT && input.newPatient) {
        patient = await ctx.practice.patients.create(tx, input.newPatient);
      } else {
        patient = await tx.patient.findFirst({ where: { practiceId: ctx.scope.practiceId, id: input.patientId }, select: { id: true, name: true } });
      }
      if (!patient) throw patientNotFound();
      const machine = appointmentCommands(ctx.scope, { patientId: patient.id, type: scheduleTypeToAppointmentType[input.type], notes: input.notes });
      const result = await executeCommand(
        tx,
        { actor: { userId: ctx.user.id }, requestId: ctx.requestId === '' ? null : ctx.requestId, now: ctx.scope.now },
        machine,
        id,
        { kind: 'Schedule', id, startsAt: startsAt.toISOString(), durationMinutes: input.duration, mode: input.mode },
      );
      if (!result.ok) throw domainErrorToTrpc(result.error);
      return { id, patientId: patient.id, patient: patient.name, date: input.date, time: input.time };
    });
  }),
});
