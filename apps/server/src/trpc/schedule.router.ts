import { calendarDateInZone, patientOptionsSchema, scheduleOverlapSchema, scheduleWeekSchema, zonedTimeToInstant } from '@wellspring/domain';
import { practitionerProcedure, router } from './trpc.ts';

/** The schedule's reads; its dialog saves through `appointments.create`, as the portal's form does. */
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
});
