import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decideInvoice, evolveInvoice, initialInvoice, invoiceActions, invoiceEventSchema, type InvoiceCommand, type InvoicePayment, type InvoiceState } from './invoice.machine.ts';
import type { InvoiceContent } from './invoice.schema.ts';
import { decideInvoiceNumber, evolveInvoiceNumber } from './invoice-number.machine.ts';

const content: InvoiceContent = { lines: [{ description: 'Acupuncture session', quantity: 2, unitPriceMinor: 7_500 }], taxRateBasisPoints: 1_000 };
const draft: InvoiceCommand = { kind: 'Draft', id: 'inv-1', currency: 'USD', content };
const issue: InvoiceCommand = { kind: 'Issue', number: 'INV-2026-0001' };
const payment: InvoicePayment = { id: 'pay-1', amountMinor: 16_500, currency: 'usd', status: 'completed', invoiceId: null };

function run(...commands: InvoiceCommand[]): InvoiceState {
  let state = initialInvoice;
  for (const command of commands) {
    const decision = decideInvoice(state, command);
    if (!decision.ok) throw new Error(decision.error.message);
    for (const event of decision.events) state = evolveInvoice(state, event);
  }
  return state;
}

const refusal = (state: InvoiceState, command: InvoiceCommand) => {
  const decision = decideInvoice(state, command);
  return decision.ok ? null : decision.error;
};

describe('invoice machine', () => {
  it('drafts with totals computed from the lines and the tax rate', () => {
    expect(run(draft)).toEqual({ status: 'draft', id: 'inv-1', currency: 'USD', lineCount: 1, taxRateBasisPoints: 1_000, totals: { subtotalMinor: 15_000, taxMinor: 1_500, totalMinor: 16_500 }, number: null, paymentId: null });
  });

  it('edits a draft only; an issued invoice can only be paid or voided', () => {
    const edited = run(draft, { kind: 'Edit', content: { lines: [{ description: 'Herbs', quantity: 1, unitPriceMinor: 999 }], taxRateBasisPoints: 0 } });
    expect(edited).toMatchObject({ status: 'draft', totals: { totalMinor: 999 } });
    const issued = run(draft, issue);
    expect(issued).toMatchObject({ status: 'issued', number: 'INV-2026-0001' });
    expect(refusal(issued, { kind: 'Edit', content })).toEqual({ code: 'INVALID_TRANSITION', message: 'Only a draft invoice can be edited; an issued one can only be voided.' });
    expect(refusal(issued, issue)?.message).toBe('Only a draft invoice can be issued.');
  });

  it('refuses to issue an invoice whose total is 0', () => {
    const free = run({ ...draft, content: { lines: [{ description: 'Intro call', quantity: 1, unitPriceMinor: 0 }], taxRateBasisPoints: 0 } });
    expect(refusal(free, issue)).toEqual({ code: 'PRECONDITION_FAILED', message: 'An invoice needs a total greater than 0 to be issued.' });
  });

  it('is paid only by a completed payment of its currency and total', () => {
    const issued = run(draft, issue);
    const mismatch = "The payment must be of the invoice's currency and amount ($165.00).";
    expect(refusal(issued, { kind: 'MarkPaid', payment: { ...payment, amountMinor: 16_499 } })?.message).toBe(mismatch);
    expect(refusal(issued, { kind: 'MarkPaid', payment: { ...payment, currency: 'eur' } })?.message).toBe(mismatch);
    expect(refusal(issued, { kind: 'MarkPaid', payment: { ...payment, status: 'pending' } })?.message).toBe('Only a completed payment can pay an invoice.');
    expect(refusal(issued, { kind: 'MarkPaid', payment: { ...payment, invoiceId: 'inv-2' } })?.message).toBe('This payment already pays another invoice.');
    expect(refusal(run(draft), { kind: 'MarkPaid', payment })?.message).toBe('Only an issued invoice can be marked paid.');
    expect(run(draft, issue, { kind: 'MarkPaid', payment })).toMatchObject({ status: 'paid', paymentId: 'pay-1', number: 'INV-2026-0001' });
  });

  it('voids a draft or an issued invoice, keeps the number, and void is final', () => {
    const voided = run(draft, issue, { kind: 'Void' });
    expect(voided).toMatchObject({ status: 'void', number: 'INV-2026-0001' });
    for (const command of [{ kind: 'Void' }, issue, { kind: 'Edit', content }, { kind: 'MarkPaid', payment }, { kind: 'Send' }] as InvoiceCommand[]) {
      expect(refusal(voided, command)).not.toBeNull();
    }
    expect(refusal(voided, { kind: 'Void' })?.message).toBe('A void invoice cannot be voided.');
    expect(refusal(run(draft, issue, { kind: 'MarkPaid', payment }), { kind: 'Void' })?.message).toBe('A paid invoice cannot be voided.');
    expect(run(draft, { kind: 'Void' })).toMatchObject({ status: 'void', number: null });
  });

  it('is sent only once it has a number', () => {
    expect(refusal(run(draft), { kind: 'Send' })?.message).toBe('Issue the invoice before sending it.');
    expect(decideInvoice(run(draft, issue), { kind: 'Send' })).toEqual({ ok: true, events: [{ type: 'InvoiceSent', id: 'inv-1', number: 'INV-2026-0001' }] });
  });

  it('offers the actions its status allows', () => {
    expect(invoiceActions('draft')).toEqual({ edit: true, issue: true, send: false, recordPayment: false, void: true });
    expect(invoiceActions('issued')).toEqual({ edit: false, issue: false, send: true, recordPayment: true, void: true });
    expect(invoiceActions('paid')).toEqual({ edit: false, issue: false, send: true, recordPayment: false, void: false });
    expect(invoiceActions('void')).toEqual({ edit: false, issue: false, send: false, recordPayment: false, void: false });
  });

  it('keeps the machine laws; no event carries a line description', () => {
    const line = fc.record({ description: fc.constantFrom('Session', 'Herbs'), quantity: fc.integer({ min: 1, max: 3 }), unitPriceMinor: fc.integer({ min: 0, max: 20_000 }) });
    const contentArb = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 3 }), taxRateBasisPoints: fc.constantFrom(0, 825, 1000) });
    const command: fc.Arbitrary<InvoiceCommand> = fc.oneof(
      contentArb.map((c) => ({ kind: 'Draft' as const, id: 'inv-1', currency: 'USD' as const, content: c })),
      contentArb.map((c) => ({ kind: 'Edit' as const, content: c })),
      fc.constant({ kind: 'Issue' as const, number: 'INV-2026-0007' }),
      fc.integer({ min: 0, max: 80_000 }).map((amountMinor) => ({ kind: 'MarkPaid' as const, payment: { ...payment, amountMinor } })),
      fc.constant({ kind: 'Void' as const }),
      fc.constant({ kind: 'Send' as const }),
    );
    checkMachineLaws({
      initial: initialInvoice,
      decide: (state, cmd: InvoiceCommand) => {
        const decision = decideInvoice(state, cmd);
        if (decision.ok) expect(JSON.stringify(decision.events)).not.toMatch(/Session|Herbs/);
        return decision;
      },
      evolve: evolveInvoice,
      step: command.map((cmd) => ({ command: cmd, context: null })),
      isValid: (state) => state.status === 'absent' || (state.status === 'draft' ? state.number === null : state.status === 'void' || state.number !== null),
      eventSchema: invoiceEventSchema,
    });
  });
});

describe('invoice number machine', () => {
  it('takes the next number of the year, from 0001', () => {
    const first = decideInvoiceNumber({ year: 2026, lastNumber: 0 }, { kind: 'Allocate' });
    expect(first).toEqual({ ok: true, events: [{ type: 'InvoiceNumberAllocated', year: 2026, sequence: 1, number: 'INV-2026-0001' }] });
    const state = first.ok ? first.events.reduce(evolveInvoiceNumber, { year: 2026, lastNumber: 0 }) : null;
    expect(state).toEqual({ year: 2026, lastNumber: 1 });
    expect(decideInvoiceNumber({ year: 2027, lastNumber: 41 }, { kind: 'Allocate' })).toMatchObject({ events: [{ number: 'INV-2027-0042' }] });
  });
});
