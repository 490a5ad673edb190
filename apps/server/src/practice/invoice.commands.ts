/**
 * Invoices on the command runner (issue 26): the invoice's row in `invoice`, locked within the
 * caller's practice and decided by the domain's invoice machine; and the practice's number counter
 * of a year (`invoice_counter`), locked FOR UPDATE by the issuing transaction, so numbers are drawn
 * one at a time and a rolled-back issue gives its number back.
 */
import {
  isOneOf,
  calendarDateInZone,
  decideInvoice,
  decideInvoiceNumber,
  evolveInvoice,
  evolveInvoiceNumber,
  initialInvoice,
  invoiceEventSchema,
  invoiceNumberEventSchema,
  invoiceStatuses,
  priceCurrencies,
  type InvoiceCommand,
  type InvoiceEvent,
  type InvoiceNumberCommand,
  type InvoiceNumberEvent,
  type InvoiceNumberState,
  type InvoiceState,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => (isOneOf(values, value) ? value : fallback);

/** A new invoice's patient and, when made from one, its appointment. */
export interface InvoiceLinks {
  readonly patientId: string;
  readonly appointmentId: string | null;
}

interface LockedInvoiceRow {
  id: string;
  status: string;
  currency: string;
  number: string | null;
  line_count: number;
  tax_rate_basis_points: number;
  subtotal_minor: bigint;
  tax_minor: bigint;
  total_minor: bigint;
  payment_id: string | null;
}

export function invoiceCommands(scope: PracticeScope, links?: InvoiceLinks): CommandMachine<InvoiceState, InvoiceCommand, InvoiceEvent> {
  return {
    aggregateType: 'invoice',
    eventSchema: invoiceEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<LockedInvoiceRow[]>`
        SELECT i.id, i.status, i.currency, i.number, jsonb_array_length(i.lines)::int AS line_count, i.tax_rate_basis_points,
               i.subtotal_minor, i.tax_minor, i.total_minor,
               (SELECT pm.id FROM payment pm WHERE pm.practice_id = i.practice_id AND pm.invoice_id = i.id) AS payment_id
        FROM invoice i
        WHERE i.practice_id = ${scope.practiceId} AND i.id = ${id}
        FOR UPDATE OF i`;
      if (!row) return initialInvoice;
      return {
        status: member(invoiceStatuses, row.status, 'draft'),
        id: row.id,
        currency: member(priceCurrencies, row.currency, 'USD'),
        lineCount: row.line_count,
        taxRateBasisPoints: row.tax_rate_basis_points,
        totals: { subtotalMinor: Number(row.subtotal_minor), taxMinor: Number(row.tax_minor), totalMinor: Number(row.total_minor) },
        number: row.number,
        paymentId: row.payment_id,
      };
    },
    decide: (state, command) => decideInvoice(state, command),
    evolve: evolveInvoice,
    async save(tx, { before, after, aggregateId, command, context }) {
      if (after.status === 'absent') return undefined;
      const where = { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } };
      const totals = { subtotalMinor: BigInt(after.totals.subtotalMinor), taxMinor: BigInt(after.totals.taxMinor), totalMinor: BigInt(after.totals.totalMinor) };
      switch (command.kind) {
        case 'Draft':
          if (before.status !== 'absent' || !links) throw new Error('a new invoice needs its patient');
          await tx.invoice.create({
            data: {
              id: aggregateId,
              practiceId: scope.practiceId,
              patientId: links.patientId,
              appointmentId: links.appointmentId,
              currency: after.currency,
              lines: command.content.lines.map((line) => ({ ...line })),
              taxRateBasisPoints: command.content.taxRateBasisPoints,
              ...totals,
              createdAt: context.now,
              updatedAt: context.now,
            },
            select: { id: true },
          });
          return undefined;
        case 'Edit':
          await tx.invoice.update({
            where,
            data: { lines: command.content.lines.map((line) => ({ ...line })), taxRateBasisPoints: command.content.taxRateBasisPoints, ...totals, updatedAt: context.now },
            select: { id: true },
          });
          return undefined;
        case 'Issue':
          await tx.invoice.update({
            where,
            data: { status: 'issued', number: after.number, issuedOn: new Date(`${calendarDateInZone(context.now, scope.timeZone)}T00:00:00Z`), updatedAt: context.now },
            select: { id: true },
          });
          return undefined;
        case 'MarkPaid':
          // The payment points at the invoice it pays; the unique (practice, invoice) keeps it one.
          await tx.payment.update({ where: { practiceId_id: { practiceId: scope.practiceId, id: command.payment.id } }, data: { invoiceId: aggregateId }, select: { id: true } });
          await tx.invoice.update({ where, data: { status: 'paid', updatedAt: context.now }, select: { id: true } });
          return undefined;
        case 'Void':
          await tx.invoice.update({ where, data: { status: 'void', updatedAt: context.now }, select: { id: true } });
          return undefined;
        case 'Send':
          return undefined;
      }
    },
    // The e-mail goes out through the relay, which renders the PDF from the row at send time.
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event }, ...(event.type === 'InvoiceSent' ? { delivery: 'pending' as const } : {}) }),
  };
}

/** The year an invoice issued now belongs to, in the practice's zone. */
export const invoiceYear = (scope: PracticeScope): number => Number(calendarDateInZone(scope.now, scope.timeZone).slice(0, 4));

/** The practice's counter of `year`; its aggregate id is the practice and the year. */
export function invoiceNumberCommands(scope: PracticeScope, year: number): CommandMachine<InvoiceNumberState, InvoiceNumberCommand, InvoiceNumberEvent> {
  return {
    aggregateType: 'invoice_number',
    eventSchema: invoiceNumberEventSchema,
    async load(tx) {
      // The first issue of a year creates the row; concurrent ones wait for it, then lock it in turn.
      await tx.$executeRaw`INSERT INTO invoice_counter (practice_id, year, last_number) VALUES (${scope.practiceId}, ${year}, 0) ON CONFLICT (practice_id, year) DO NOTHING`;
      const [row] = await tx.$queryRaw<{ last_number: number }[]>`SELECT last_number FROM invoice_counter WHERE practice_id = ${scope.practiceId} AND year = ${year} FOR UPDATE`;
      return { year, lastNumber: row?.last_number ?? 0 };
    },
    decide: (state, command) => decideInvoiceNumber(state, command),
    evolve: evolveInvoiceNumber,
    async save(tx, { after }) {
      await tx.$executeRaw`UPDATE invoice_counter SET last_number = ${after.lastNumber} WHERE practice_id = ${scope.practiceId} AND year = ${year}`;
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
