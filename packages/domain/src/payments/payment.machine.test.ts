import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { paymentStatuses } from './payment.schema.ts';
import { canRefundPayment, decidePayment, evolvePayment, initialPayment, paymentEventSchema, type PaymentCommand, type PaymentState } from './payment.machine.ts';

const record: PaymentCommand = { kind: 'Record', id: 'pay-1', amountMinor: 15050, currency: 'eur', method: 'card', status: 'completed' };

function run(...commands: PaymentCommand[]): PaymentState {
  let state = initialPayment;
  for (const command of commands) {
    const decision = decidePayment(state, command);
    if (!decision.ok) throw new Error(decision.error.message);
    for (const event of decision.events) state = evolvePayment(state, event);
  }
  return state;
}

describe('payment machine', () => {
  it('records a payment in its own currency and minor units', () => {
    expect(run(record)).toEqual({ status: 'completed', id: 'pay-1', amountMinor: 15050, currency: 'eur', method: 'card' });
  });

  it('refunds a completed payment, and nothing else', () => {
    expect(run(record, { kind: 'Refund' }).status).toBe('refunded');
    for (const status of paymentStatuses) {
      const state = run({ ...record, status });
      const decision = decidePayment(state, { kind: 'Refund' });
      expect(decision.ok).toBe(status === 'completed');
      expect(canRefundPayment(status)).toBe(status === 'completed');
      if (!decision.ok) expect(decision.error).toEqual({ code: 'INVALID_TRANSITION', message: `Only a completed payment can be refunded; this one is ${status}.` });
    }
  });

  it('refuses a second record, a refund of nothing and an amount that is not whole positive minor units', () => {
    expect(decidePayment(run(record), record)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(decidePayment(initialPayment, { kind: 'Refund' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    for (const amountMinor of [0, -5, 1.5, Number.NaN]) {
      expect(decidePayment(initialPayment, { ...record, amountMinor })).toMatchObject({ ok: false, error: { code: 'PRECONDITION_FAILED' } });
    }
  });

  it('obeys the machine laws', () => {
    const command: fc.Arbitrary<PaymentCommand> = fc.oneof(
      fc.record({
        kind: fc.constant('Record' as const),
        id: fc.constantFrom('p1', 'p2'),
        amountMinor: fc.constantFrom(1, 15000, 0, -1),
        currency: fc.constantFrom('usd' as const, 'gbp' as const),
        method: fc.constantFrom('card' as const, 'cash' as const),
        status: fc.constantFrom(...paymentStatuses),
      }),
      fc.constant({ kind: 'Refund' as const }),
    );
    checkMachineLaws({
      initial: initialPayment,
      decide: (state, cmd: PaymentCommand) => decidePayment(state, cmd),
      evolve: evolvePayment,
      eventSchema: paymentEventSchema,
      step: command.map((cmd) => ({ command: cmd, context: undefined })),
      isValid: (state) => state.status === 'absent' || state.amountMinor > 0,
    });
  });
});
