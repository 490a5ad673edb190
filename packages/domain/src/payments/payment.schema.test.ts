import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import { paymentFormDefaults, paymentFormSchema, paymentMethodLabel, paymentStatusColor, paymentStatusLabel } from './payment.schema.ts';

describe('payment form', () => {
  it('turns the amount into minor units, with the defaults', () => {
    expect(paymentFormSchema.parse({ amount: '150.5' })).toEqual({ amountMinor: 15050, currency: 'usd', paymentMethod: 'card', status: 'completed' });
    expect(paymentFormSchema.parse({ ...paymentFormDefaults, amount: '0.10', currency: 'gbp', paymentMethod: 'bank_transfer', status: 'refunded', appointmentId: 'a1' })).toEqual({
      amountMinor: 10,
      currency: 'gbp',
      paymentMethod: 'bank_transfer',
      status: 'refunded',
      appointmentId: 'a1',
    });
  });

  it('rejects bad amounts with a message', () => {
    expect(messagesOf(paymentFormSchema, { amount: '1.234' })).toEqual({ amount: ['Amount can have at most 2 decimal places.'] });
    expect(messagesOf(paymentFormSchema, { amount: '-5' })).toEqual({ amount: ['Amount cannot be negative.'] });
    expect(messagesOf(paymentFormSchema, { amount: 'abc' })).toEqual({ amount: ['Please enter a valid amount.'] });
    expect(messagesOf(paymentFormSchema, { amount: '0' })).toEqual({ amount: ['Please enter an amount greater than 0.'] });
    expect(messagesOf(paymentFormSchema, { amount: '' })).toEqual({ amount: ['Please enter a valid amount.'] });
  });

  it('labels methods and statuses', () => {
    expect(['card', 'cash', 'insurance', 'bank_transfer', 'check', 'x'].map(paymentMethodLabel)).toEqual(['Credit/Debit Card', 'Cash', 'Insurance', 'Bank Transfer', 'Check', 'Unknown']);
    expect(['completed', 'pending', 'failed', 'refunded', 'x'].map(paymentStatusColor)).toEqual(['green', 'yellow', 'red', 'blue', 'grey']);
    expect(paymentStatusLabel('refunded')).toBe('Refunded');
  });
});
