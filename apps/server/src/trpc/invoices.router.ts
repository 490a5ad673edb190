/**
 * Billing (issue 26): the practice's invoices — created blank for a patient or from a completed
 * appointment, edited while a draft, issued (numbered), e-mailed, paid by a payment of the same
 * currency and amount, voided — and each one as a PDF.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  invoiceCreateSchema,
  invoiceMarkPaidSchema,
  invoiceMessages,
  invoiceRecordPaymentSchema,
  invoiceSaveSchema,
  invoiceListSchema,
  paymentCurrencyOf,
  recordRefSchema,
  type InvoiceLine,
} from '@wellspring/domain';
import { renderInvoicePdf, invoiceFileName } from '../pdf/invoice-pdf.ts';
import { invoiceCommands, invoiceNumberCommands, invoiceYear } from '../practice/invoice.commands.ts';
import { paymentCommands } from '../practice/payment.commands.ts';
import type { InvoiceDocument } from '../practice/invoices.repository.ts';
import type { PracticeRepositories } from '../practice/practice-repositories.ts';
import { appointmentNotFound } from './appointments.router.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';

const invoiceNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: invoiceMessages.notFound });
const paymentNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: invoiceMessages.paymentNotFound });
const refused = (message: string) => new TRPCError({ code: 'PRECONDITION_FAILED', message });

async function foundInvoice(practice: PracticeRepositories, id: string): Promise<InvoiceDocument> {
  const invoice = await practice.invoices.find(id);
  if (!invoice) throw invoiceNotFound();
  return invoice;
}

/** The first line of an invoice from an appointment: its session type's name and price, when the practice prices one. */
async function appointmentLine(practice: PracticeRepositories, appointmentId: string, patientId: string | undefined): Promise<{ patientId: string; line: InvoiceLine }> {
  const appointment = await practice.invoices.appointment(appointmentId);
  if (!appointment || (patientId !== undefined && appointment.patientId !== patientId)) throw appointmentNotFound();
  if (appointment.status !== 'completed') throw refused(invoiceMessages.appointmentNotCompleted);
  const sessionTypes = (await practice.booking.settings())?.sessionTypes ?? [];
  const label = appointment.description.split(' — ')[0]?.toLowerCase();
  const sessionType = sessionTypes.find((type) => type.id === appointment.sessionTypeId) ?? sessionTypes.find((type) => type.name.toLowerCase() === label);
  return { patientId: appointment.patientId, line: { description: appointment.description, quantity: 1, unitPriceMinor: sessionType?.priceMinor ?? 0 } };
}

export const invoicesRouter = router({
  /** The Billing list, newest first, of one status when `status` is given. */
  list: practitionerProcedure.input(invoiceListSchema).query(({ ctx, input }) => ctx.practice.invoices.page(input)),

  byId: practitionerProcedure.input(recordRefSchema).query(({ ctx, input }) => foundInvoice(ctx.practice, input.id)),

  /** A draft: from the completed appointment `appointmentId` (its patient, a line from its session type), or blank for `patientId`. */
  create: practitionerProcedure.input(invoiceCreateSchema).mutation(async ({ ctx, input }) => {
    let patientId: string;
    let lines: InvoiceLine[] = [];
    if (input.appointmentId !== undefined) {
      const fromAppointment = await appointmentLine(ctx.practice, input.appointmentId, input.patientId);
      patientId = fromAppointment.patientId;
      lines = [fromAppointment.line];
    } else {
      const patient = await ctx.practice.patients.find(input.patientId ?? '');
      if (!patient) throw patientNotFound();
      patientId = patient.id;
    }
    const { currency } = await ctx.practice.settings.read();
    const id = randomUUID();
    await ctx.command(invoiceCommands(ctx.scope, { patientId, appointmentId: input.appointmentId ?? null }), id, { kind: 'Draft', id, currency, content: { lines, taxRateBasisPoints: 0 } });
    return { id, patientId };
  }),

  /** Saves a draft's lines and tax rate; totals are computed by the domain. */
  save: practitionerProcedure.input(invoiceSaveSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'Edit', content: input.content });
    return { id: input.id, totals: state.status === 'absent' ? null : state.totals };
  }),

  /** Issues a draft with the next number of the year, drawn in this same transaction. */
  issue: practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const year = invoiceYear(ctx.scope);
    const { events } = await ctx.command(invoiceNumberCommands(ctx.scope, year), `${ctx.scope.practiceId}:${year}`, { kind: 'Allocate' });
    const number = events[0]?.number ?? '';
    await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'Issue', number });
    return { id: input.id, status: 'issued' as const, number };
  }),

  /** E-mails the issued invoice to its patient, with the PDF attached (the outbox relay renders it). */
  send: practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const invoice = await foundInvoice(ctx.practice, input.id);
    if (invoice.patientEmail === '') throw refused(invoiceMessages.patientNoEmail);
    await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'Send' });
    return { id: input.id, email: invoice.patientEmail };
  }),

  /** Records a payment of the invoice's total (through the payment machine) and marks the invoice paid by it. */
  recordPayment: practitionerProcedure.input(invoiceRecordPaymentSchema).mutation(async ({ ctx, input }) => {
    const invoice = await foundInvoice(ctx.practice, input.id);
    const currency = paymentCurrencyOf(invoice.currency);
    if (!currency) throw refused(invoiceMessages.noPaymentCurrency);
    const paymentId = randomUUID();
    await ctx.command(paymentCommands(ctx.scope, { appointmentId: invoice.appointmentId, patientId: invoice.patientId }), paymentId, {
      kind: 'Record',
      id: paymentId,
      amountMinor: invoice.totalMinor,
      currency,
      method: input.paymentMethod,
      status: 'completed',
    });
    const payment = { id: paymentId, amountMinor: invoice.totalMinor, currency, status: 'completed' as const, invoiceId: null };
    await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'MarkPaid', payment });
    return { id: input.id, status: 'paid' as const, paymentId };
  }),

  /** Marks an issued invoice paid by a payment already recorded, of its currency and total. */
  markPaid: practitionerProcedure.input(invoiceMarkPaidSchema).mutation(async ({ ctx, input }) => {
    const payment = await ctx.practice.invoices.payment(input.paymentId);
    if (!payment) throw paymentNotFound();
    await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'MarkPaid', payment });
    return { id: input.id, status: 'paid' as const, paymentId: payment.id };
  }),

  /** Voids a draft or an issued invoice; an issued one keeps its number. */
  void: practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    await ctx.command(invoiceCommands(ctx.scope), input.id, { kind: 'Void' });
    return { id: input.id, status: 'void' as const };
  }),

  /** The invoice as a PDF, base64-encoded, with its file name. */
  pdf: practitionerProcedure.input(recordRefSchema).query(async ({ ctx, input }) => {
    const invoice = await foundInvoice(ctx.practice, input.id);
    const bytes = await renderInvoicePdf(invoice, ctx.scope.now);
    return { id: invoice.id, patientId: invoice.patientId, fileName: invoiceFileName(invoice), base64: bytes.toString('base64') };
  }),
});
