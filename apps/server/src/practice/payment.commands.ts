/**
 * The payment aggregate on the command runner: its row in `payment`, locked within the caller's
 * practice, decided by the domain's payment machine (record; refund a completed one). Writing it
 * leaves an audit entry under its patient, when it has one.
 */
import {
  currencies,
  decidePayment,
  evolvePayment,
  initialPayment,
  paymentEventSchema,
  paymentMethods,
  paymentStatuses,
  type Currency,
  type PaymentCommand,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentState,
  type PaymentStatus,
} from '@wellspring/domain';
import type { CommandMachine } from '../commands/run-command.ts';
import type { PracticeScope } from './practice-scope.ts';

/** A new payment's appointment, when it pays for one, and its patient (the appointment's, when there is one). */
export interface PaymentLinks {
  readonly appointmentId: string | null;
  readonly patientId: string | null;
}

interface LockedPaymentRow {
  id: string;
  amount_minor: bigint;
  currency: string;
  method: string;
  status: string;
}

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function paymentCommands(scope: PracticeScope, links?: PaymentLinks): CommandMachine<PaymentState, PaymentCommand, PaymentEvent> {
  return {
    aggregateType: 'payment',
    eventSchema: paymentEventSchema,
    async load(tx, id) {
      const [row] = await tx.$queryRaw<LockedPaymentRow[]>`
        SELECT pm.id, pm.amount_minor, pm.currency, pm.method, pm.status
        FROM payment pm
        WHERE pm.practice_id = ${scope.practiceId} AND pm.id = ${id}
        FOR UPDATE`;
      if (!row) return initialPayment;
      return {
        status: member<PaymentStatus>(paymentStatuses, row.status, 'pending'),
        id: row.id,
        amountMinor: Number(row.amount_minor),
        currency: member<Currency>(currencies, row.currency, 'usd'),
        method: member<PaymentMethod>(paymentMethods, row.method, 'card'),
      };
    },
    decide: (state, command) => decidePayment(state, command),
    evolve: evolvePayment,
    async save(tx, { before, after, aggregateId, context }) {
      if (after.status === 'absent') return undefined;
      if (before.status === 'absent') {
        await tx.payment.create({
          data: {
            id: aggregateId,
            practiceId: scope.practiceId,
            appointmentId: links?.appointmentId ?? null,
            patientId: links?.patientId ?? null,
            amountMinor: BigInt(after.amountMinor),
            currency: after.currency,
            method: after.method,
            status: after.status,
            createdAt: context.now,
          },
          select: { id: true },
        });
        return undefined;
      }
      await tx.payment.update({ where: { practiceId_id: { practiceId: scope.practiceId, id: aggregateId } }, data: { status: after.status }, select: { id: true } });
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
