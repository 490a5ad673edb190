/**
 * A payment, as decide/evolve. Payments are records of money received: nothing edits one, and the
 * only change after it is recorded is a refund of a completed payment.
 *
 * | state     | command | events          | next      |
 * |-----------|---------|-----------------|-----------|
 * | absent    | Record  | PaymentRecorded | (status)  |
 * | completed | Refund  | PaymentRefunded | refunded  |
 * | other     | Refund  | — INVALID_TRANSITION | unchanged |
 * | present   | Record  | — CONFLICT      | unchanged |
 */
import { z } from 'zod';
import { accept, reject, type Decision } from '../shared/decision.ts';
import { currencySchema, MAX_AMOUNT_MINOR, type Currency } from '../money/money.ts';
import { paymentMethodSchema, paymentStatusSchema, type PaymentMethod, type PaymentStatus } from './payment.schema.ts';

export type PaymentState =
  | { readonly status: 'absent' }
  | {
      readonly status: PaymentStatus;
      readonly id: string;
      readonly amountMinor: number;
      readonly currency: Currency;
      readonly method: PaymentMethod;
    };

export const initialPayment: PaymentState = { status: 'absent' };

export type PaymentCommand =
  | {
      readonly kind: 'Record';
      readonly id: string;
      readonly amountMinor: number;
      readonly currency: Currency;
      readonly method: PaymentMethod;
      readonly status: PaymentStatus;
    }
  | { readonly kind: 'Refund' };

const amountMinorSchema = z.number().int().positive().max(MAX_AMOUNT_MINOR);
export const paymentRecordedEventSchema = z.object({
  type: z.literal('PaymentRecorded'),
  id: z.string(),
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  method: paymentMethodSchema,
  status: paymentStatusSchema,
});
export const paymentRefundedEventSchema = z.object({ type: z.literal('PaymentRefunded'), id: z.string() });
export const paymentEventSchema = z.discriminatedUnion('type', [paymentRecordedEventSchema, paymentRefundedEventSchema]);
export type PaymentRecordedEvent = Readonly<z.output<typeof paymentRecordedEventSchema>>;
export type PaymentRefundedEvent = Readonly<z.output<typeof paymentRefundedEventSchema>>;
export type PaymentEvent = PaymentRecordedEvent | PaymentRefundedEvent;

export const paymentErrors = {
  notFound: 'Payment not found.',
  alreadyExists: 'This payment already exists.',
  invalidAmount: 'Please enter an amount greater than 0.',
  refund: (status: PaymentStatus) => `Only a completed payment can be refunded; this one is ${status}.`,
} as const;

/** Whether a payment in `status` can be marked refunded (the UI offers it only then). */
export const canRefundPayment = (status: string): boolean => status === 'completed';

export function decidePayment(state: PaymentState, command: PaymentCommand): Decision<PaymentEvent> {
  if (command.kind === 'Record') {
    if (state.status !== 'absent') return reject('CONFLICT', paymentErrors.alreadyExists);
    if (!amountMinorSchema.safeParse(command.amountMinor).success) return reject('PRECONDITION_FAILED', paymentErrors.invalidAmount);
    return accept({ type: 'PaymentRecorded', id: command.id, amountMinor: command.amountMinor, currency: command.currency, method: command.method, status: command.status });
  }
  if (state.status === 'absent') return reject('NOT_FOUND', paymentErrors.notFound);
  return canRefundPayment(state.status) ? accept({ type: 'PaymentRefunded', id: state.id }) : reject('INVALID_TRANSITION', paymentErrors.refund(state.status));
}

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentRecorded':
      return { status: event.status, id: event.id, amountMinor: event.amountMinor, currency: event.currency, method: event.method };
    case 'PaymentRefunded':
      return state.status === 'absent' ? state : { ...state, status: 'refunded' };
  }
}
