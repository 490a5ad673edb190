/**
 * An invoice, as decide/evolve (issue 26).
 *
 * | state           | command  | events          | next   |
 * |-----------------|----------|-----------------|--------|
 * | absent          | Draft    | InvoiceDrafted  | draft  |
 * | draft           | Edit     | InvoiceEdited   | draft  |
 * | draft           | Issue    | InvoiceIssued   | issued |
 * | issued          | MarkPaid | InvoicePaid     | paid   |
 * | draft, issued   | Void     | InvoiceVoided   | void   |
 * | issued, paid    | Send     | InvoiceSent     | (same) |
 * | anything else   |          | — refused       |        |
 *
 * The number comes with Issue: the server draws it from the practice's counter of the year in the
 * same transaction, so a refused issue rolls the counter back and numbers have no gaps. Paid needs a
 * completed payment of the invoice's currency and total. Void keeps the number and is final.
 * Events carry ids, amounts and the number — never line descriptions or patient details.
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { currencySchema, formatMoney, type Currency, type PriceCurrency } from '../money/money.ts';
import type { PaymentStatus } from '../payments/payment.schema.ts';
import {
  invoiceMessages,
  invoiceTotals,
  priceCurrencySchema,
  totalsInRange,
  type InvoiceContent,
  type InvoiceStatus,
  type InvoiceTotals,
} from './invoice.schema.ts';

export type InvoiceState =
  | { readonly status: 'absent' }
  | {
      readonly status: InvoiceStatus;
      readonly id: string;
      readonly currency: PriceCurrency;
      /** The lines are the row's (the server saves the command's content): events never carry descriptions. */
      readonly lineCount: number;
      readonly taxRateBasisPoints: number;
      readonly totals: InvoiceTotals;
      readonly number: string | null;
      readonly paymentId: string | null;
    };

export const initialInvoice: InvoiceState = { status: 'absent' };

/** The payment offered to settle an invoice, as recorded. */
export interface InvoicePayment {
  readonly id: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly status: PaymentStatus;
  /** The invoice it already pays, if any. */
  readonly invoiceId: string | null;
}

export type InvoiceCommand =
  | { readonly kind: 'Draft'; readonly id: string; readonly currency: PriceCurrency; readonly content: InvoiceContent }
  | { readonly kind: 'Edit'; readonly content: InvoiceContent }
  | { readonly kind: 'Issue'; readonly number: string }
  | { readonly kind: 'MarkPaid'; readonly payment: InvoicePayment }
  | { readonly kind: 'Void' }
  | { readonly kind: 'Send' };

const totalsSchema = z.object({ subtotalMinor: z.number().int(), taxMinor: z.number().int(), totalMinor: z.number().int() });
export const invoiceDraftedEventSchema = z.object({ type: z.literal('InvoiceDrafted'), id: z.string(), currency: priceCurrencySchema, lineCount: z.number().int(), taxRateBasisPoints: z.number().int(), totals: totalsSchema });
export const invoiceEditedEventSchema = z.object({ type: z.literal('InvoiceEdited'), id: z.string(), lineCount: z.number().int(), taxRateBasisPoints: z.number().int(), totals: totalsSchema });
export const invoiceIssuedEventSchema = z.object({ type: z.literal('InvoiceIssued'), id: z.string(), number: z.string() });
export const invoicePaidEventSchema = z.object({ type: z.literal('InvoicePaid'), id: z.string(), paymentId: z.string(), amountMinor: z.number().int(), currency: currencySchema });
export const invoiceVoidedEventSchema = z.object({ type: z.literal('InvoiceVoided'), id: z.string() });
export const invoiceSentEventSchema = z.object({ type: z.literal('InvoiceSent'), id: z.string(), number: z.string() });
export const invoiceEventSchema = z.discriminatedUnion('type', [
  invoiceDraftedEventSchema,
  invoiceEditedEventSchema,
  invoiceIssuedEventSchema,
  invoicePaidEventSchema,
  invoiceVoidedEventSchema,
  invoiceSentEventSchema,
]);
export type InvoiceEvent = Readonly<z.output<typeof invoiceEventSchema>>;

const tooLarge = (totals: InvoiceTotals): boolean => !totalsInRange(totals);

export function decideInvoice(state: InvoiceState, command: InvoiceCommand): Decision<InvoiceEvent> {
  if (command.kind === 'Draft') {
    if (state.status !== 'absent') return reject('CONFLICT', invoiceMessages.alreadyExists);
    const totals = invoiceTotals(command.content);
    if (tooLarge(totals)) return reject('PRECONDITION_FAILED', invoiceMessages.totalTooLarge);
    return accept({ type: 'InvoiceDrafted', id: command.id, currency: command.currency, lineCount: command.content.lines.length, taxRateBasisPoints: command.content.taxRateBasisPoints, totals });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', invoiceMessages.notFound);
  switch (command.kind) {
    case 'Edit': {
      if (state.status !== 'draft') return reject('INVALID_TRANSITION', invoiceMessages.onlyDraftEditable);
      const totals = invoiceTotals(command.content);
      if (tooLarge(totals)) return reject('PRECONDITION_FAILED', invoiceMessages.totalTooLarge);
      return accept({ type: 'InvoiceEdited', id: state.id, lineCount: command.content.lines.length, taxRateBasisPoints: command.content.taxRateBasisPoints, totals });
    }
    case 'Issue':
      if (state.status !== 'draft') return reject('INVALID_TRANSITION', invoiceMessages.onlyDraftIssued);
      if (state.totals.totalMinor <= 0) return reject('PRECONDITION_FAILED', invoiceMessages.issueEmpty);
      return accept({ type: 'InvoiceIssued', id: state.id, number: command.number });
    case 'MarkPaid': {
      if (state.status !== 'issued') return reject('INVALID_TRANSITION', invoiceMessages.onlyIssuedPaid);
      const { payment } = command;
      if (payment.invoiceId !== null && payment.invoiceId !== state.id) return reject('CONFLICT', invoiceMessages.paymentTaken);
      if (payment.status !== 'completed') return reject('PRECONDITION_FAILED', invoiceMessages.paymentNotCompleted);
      if (payment.currency.toUpperCase() !== state.currency || payment.amountMinor !== state.totals.totalMinor) {
        return reject('PRECONDITION_FAILED', invoiceMessages.paymentMismatch(formatMoney(state.totals.totalMinor, state.currency)));
      }
      return accept({ type: 'InvoicePaid', id: state.id, paymentId: payment.id, amountMinor: payment.amountMinor, currency: payment.currency });
    }
    case 'Void':
      if (state.status !== 'draft' && state.status !== 'issued') return reject('INVALID_TRANSITION', invoiceMessages.voidFinal(state.status));
      return accept({ type: 'InvoiceVoided', id: state.id });
    case 'Send':
      if ((state.status !== 'issued' && state.status !== 'paid') || state.number === null) return reject('INVALID_TRANSITION', invoiceMessages.sendNeedsNumber);
      return accept({ type: 'InvoiceSent', id: state.id, number: state.number });
  }
}

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  if (event.type === 'InvoiceDrafted') {
    return { status: 'draft', id: event.id, currency: event.currency, lineCount: event.lineCount, taxRateBasisPoints: event.taxRateBasisPoints, totals: event.totals, number: null, paymentId: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'InvoiceEdited':
      return { ...state, lineCount: event.lineCount, taxRateBasisPoints: event.taxRateBasisPoints, totals: event.totals };
    case 'InvoiceIssued':
      return { ...state, status: 'issued', number: event.number };
    case 'InvoicePaid':
      return { ...state, status: 'paid', paymentId: event.paymentId };
    case 'InvoiceVoided':
      return { ...state, status: 'void' };
    case 'InvoiceSent':
      return state;
  }
}

/** What the UI offers for an invoice in `status`. */
export const invoiceActions = (status: InvoiceStatus) => ({
  edit: status === 'draft',
  issue: status === 'draft',
  send: status === 'issued' || status === 'paid',
  recordPayment: status === 'issued',
  void: status === 'draft' || status === 'issued',
});
