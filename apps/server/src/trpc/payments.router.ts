/**
 * The provider portal's payments: the list, Record Payment (amounts as integer minor units in their
 * own currency) and the one transition a payment has, refunding a completed one.
 */
import { randomUUID } from 'node:crypto';
import { paymentCreateSchema, portalPageSchema, recordRefSchema } from '@wellspring/domain';
import { paymentCommands } from '../practice/payment.commands.ts';
import { appointmentNotFound } from './appointments.router.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const paymentsRouter = router({
  /** "Payment Records", a page at a time, newest first. */
  list: practitionerProcedure.input(portalPageSchema).query(({ ctx, input }) => ctx.practice.payments.page(input)),

  /**
   * Records a payment of the patient `patientId` and, when given, for the appointment `appointmentId`
   * (both the practice's; an appointment of another patient is not this payment's).
   */
  create: practitionerProcedure.input(paymentCreateSchema).mutation(async ({ ctx, input }) => {
    const id = randomUUID();
    const appointment = input.appointmentId === undefined ? null : await ctx.practice.portalAppointments.find(input.appointmentId);
    if (input.appointmentId !== undefined && !appointment) throw appointmentNotFound();
    const patient = input.patientId === undefined ? null : await ctx.practice.patients.find(input.patientId);
    if (input.patientId !== undefined && !patient) throw patientNotFound();
    if (appointment && patient && appointment.patientId !== patient.id) throw appointmentNotFound();
    const patientId = patient?.id ?? appointment?.patientId ?? null;
    const machine = paymentCommands(ctx.scope, { appointmentId: appointment?.id ?? null, patientId });
    await ctx.command(machine, id, {
      kind: 'Record',
      id,
      amountMinor: input.amountMinor,
      currency: input.currency,
      method: input.paymentMethod,
      status: input.status,
    });
    return { id, patientId, amountMinor: input.amountMinor, currency: input.currency, status: input.status };
  }),

  /** Marks a completed payment refunded; any other status is refused with the machine's message. */
  refund: practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(paymentCommands(ctx.scope), input.id, { kind: 'Refund' });
    return { id: input.id, status: state.status === 'absent' ? ('refunded' as const) : state.status };
  }),
});
