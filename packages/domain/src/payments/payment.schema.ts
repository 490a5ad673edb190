/**
 * Payments (docs/product.md#payments): methods and statuses with labels and badge colours, and the Record Payment form.
 * The amount is typed as a decimal ("150.50") and becomes integer minor units by string parsing.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { labelOf, type BadgeColor } from '../shared/labels.ts';
import { currencySchema, parseAmountToMinor } from '../money/money.ts';
import { commonMessages } from '../shared/messages.ts';

export const paymentMethods = ['card', 'cash', 'insurance', 'bank_transfer', 'check'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: 'Credit/Debit Card',
  cash: 'Cash',
  insurance: 'Insurance',
  bank_transfer: 'Bank Transfer',
  check: 'Check',
};
export const paymentMethodLabel = (method: string): string => labelOf(paymentMethodLabels, method);

export const paymentStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};
export const paymentStatusLabel = (status: string): string => labelOf(paymentStatusLabels, status);
/** docs/product.md#payments: completed green, pending yellow, failed red, refunded blue. */
export const paymentStatusColors: Record<PaymentStatus, BadgeColor> = { completed: 'green', pending: 'yellow', failed: 'red', refunded: 'blue' };
export const paymentStatusColor = (status: string): BadgeColor =>
  (Object.prototype.hasOwnProperty.call(paymentStatusColors, status) ? paymentStatusColors[status as PaymentStatus] : 'grey');

export const paymentMessages = {
  amountRequired: 'Please enter an amount greater than 0.',
  recordFailed: { title: 'Error recording payment', description: commonMessages.tryAgainLater },
  empty: { title: 'No payment records found', description: "You haven't recorded any payments yet." },
  recordNew: 'Record New Payment',
} as const;

/** The form's amount text → minor units, with the parse error as the field message. */
export const amountMinorSchema = z.string().transform((text, ctx) => {
  const parsed = parseAmountToMinor(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  if (parsed.minor <= 0) {
    ctx.addIssue({ code: 'custom', message: paymentMessages.amountRequired });
    return z.NEVER;
  }
  return parsed.minor;
});

/**
 * Record Payment form: `amount` is the text typed ("150.5"); the parsed output carries `amountMinor`
 * (15050). Defaults: currency usd, method card, status completed (docs/product.md#payments).
 */
export const paymentFormSchema = z
  .object({
    amount: amountMinorSchema,
    currency: currencySchema.default('usd'),
    paymentMethod: paymentMethodSchema.default('card'),
    status: paymentStatusSchema.default('completed'),
    appointmentId: lineText().min(1).max(200).optional(),
    /** The patient paying (issue 26); with an appointment, its patient. */
    patientId: lineText().min(1).max(200).optional(),
  })
  .transform(({ amount, ...rest }) => ({ amountMinor: amount, ...rest }));
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentForm = z.output<typeof paymentFormSchema>;

export const paymentFormDefaults = { amount: '', currency: 'usd', paymentMethod: 'card', status: 'completed' } as const satisfies PaymentFormInput;
