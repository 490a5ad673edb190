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
import { appointmentCommands } from '../practice/appointment.commands.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';


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
    const patient =
      input.patientId === NEW_PATIENT && input.newPatient ? await ctx.registerPatient(input.newPatient) : await ctx.practice.patients.find(input.patientId);
    if (!patient) throw patientNotFound();
    const machine = appointmentCommands(ctx.scope, { patientId: patient.id, type: scheduleTypeToAppointmentType[input.type], notes: input.notes });
    await ctx.command(machine, id, { kind: 'Schedule', id, startsAt: startsAt.toISOString(), durationMinutes: input.duration, mode: input.mode });
    return { id, patientId: patient.id, patient: patient.name, date: input.date, time: input.time };
  }),
});
