/**
 * A practice's invoice numbers of one year, as decide/evolve: each Allocate takes the next number.
 * The server locks the counter's row for the rest of the transaction that issues the invoice, so
 * numbers are drawn one at a time, and a refused issue rolls its number back: no gaps, no repeats.
 */
import { z } from 'zod';
import { accept, type Decision } from '../shared/decision.ts';
import { formatInvoiceNumber } from './invoice.schema.ts';

export interface InvoiceNumberState {
  readonly year: number;
  readonly lastNumber: number;
}

export type InvoiceNumberCommand = { readonly kind: 'Allocate' };

export const invoiceNumberEventSchema = z.object({ type: z.literal('InvoiceNumberAllocated'), year: z.number().int(), sequence: z.number().int().min(1), number: z.string() });
export type InvoiceNumberEvent = Readonly<z.output<typeof invoiceNumberEventSchema>>;

export function decideInvoiceNumber(state: InvoiceNumberState, command: InvoiceNumberCommand): Decision<InvoiceNumberEvent> {
  void command;
  const sequence = state.lastNumber + 1;
  return accept({ type: 'InvoiceNumberAllocated', year: state.year, sequence, number: formatInvoiceNumber(state.year, sequence) });
}

export const evolveInvoiceNumber = (state: InvoiceNumberState, event: InvoiceNumberEvent): InvoiceNumberState => ({ year: event.year, lastNumber: event.sequence });
