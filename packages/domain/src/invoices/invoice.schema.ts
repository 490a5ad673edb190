/**
 * Invoices (issue 26): line items in the practice currency's minor units, one optional tax rate per
 * invoice, totals computed here (never by a client), numbers `INV-2026-0001` per practice and year
 * of issue. The editor's form and the server's procedures use the schemas below.
 *
 * Money: an invoice is in the practice's currency (`priceCurrencies`, upper case, as session prices
 * are). A payment (docs/product.md#payments: lower-case `currencies`) settles it when its code is the same letters;
 * NZD and INR invoices have no payment currency yet, so they cannot be marked paid (record 0037).
 */
import { z } from 'zod';
import { currencies, MAX_AMOUNT_MINOR, parseAmountToMinor, priceCurrencies, type Currency, type PriceCurrency } from '../money/money.ts';
import { labelOf, type BadgeColor } from '../shared/labels.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText } from '../shared/text.ts';
import { portalPageSchema, recordIdSchema } from '../portal/portal.schema.ts';
import { paymentMethodSchema } from '../payments/payment.schema.ts';

export const invoiceStatuses = ['draft', 'issued', 'paid', 'void'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void' };
export const invoiceStatusLabel = (status: string): string => labelOf(invoiceStatusLabels, status);
export const invoiceStatusColors: Record<InvoiceStatus, BadgeColor> = { draft: 'grey', issued: 'blue', paid: 'green', void: 'red' };

export const INVOICE_LINES_MAX = 50;
export const INVOICE_DESCRIPTION_MAX_LENGTH = 200;
export const INVOICE_QUANTITY_MAX = 1000;
/** 100.00 %: a rate is kept in basis points (8.25 % = 825), parsed from text like an amount. */
export const TAX_RATE_MAX_BASIS_POINTS = 10_000;

export const invoiceMessages = {
  description: 'Please describe this line.',
  descriptionTooLong: tooLongMessage('Description', INVOICE_DESCRIPTION_MAX_LENGTH),
  quantity: `Quantity must be a whole number from 1 to ${INVOICE_QUANTITY_MAX}.`,
  unitPrice: 'Please enter a valid price.',
  linesMin: 'Please add at least one line.',
  linesMax: `An invoice can have at most ${INVOICE_LINES_MAX} lines.`,
  taxRate: 'Tax rate must be a percentage from 0 to 100 with at most 2 decimals.',
  totalTooLarge: 'The invoice total is too large.',
  choosePatient: 'Please choose one of your patients.',
  notFound: 'Invoice not found.',
  alreadyExists: 'This invoice already exists.',
  onlyDraftEditable: 'Only a draft invoice can be edited; an issued one can only be voided.',
  onlyDraftIssued: 'Only a draft invoice can be issued.',
  issueEmpty: 'An invoice needs a total greater than 0 to be issued.',
  onlyIssuedPaid: 'Only an issued invoice can be marked paid.',
  paymentMismatch: (total: string) => `The payment must be of the invoice's currency and amount (${total}).`,
  paymentNotCompleted: 'Only a completed payment can pay an invoice.',
  paymentTaken: 'This payment already pays another invoice.',
  paymentNotFound: 'Payment not found.',
  noPaymentCurrency: 'Payments can be recorded in USD, EUR, GBP, CAD or AUD only; this invoice is in another currency.',
  voidFinal: (status: InvoiceStatus) => `A ${invoiceStatusLabel(status).toLowerCase()} invoice cannot be voided.`,
  sendNeedsNumber: 'Issue the invoice before sending it.',
  patientNoEmail: 'This patient has no e-mail address.',
  appointmentNotCompleted: 'Only a completed appointment can be invoiced.',
  // Toasts.
  created: 'Invoice created',
  saved: 'Invoice saved',
  issued: (number: string) => `Invoice ${number} issued`,
  sent: (email: string) => `Invoice sent to ${email}`,
  paid: 'Payment recorded; the invoice is paid',
  voided: 'Invoice voided',
  saveFailed: { title: 'Could not save the invoice', description: 'Please check the form and try again.' },
  empty: { title: 'No invoices yet', description: 'Create an invoice from a completed appointment, or a blank one for a patient.' },
  voidConfirm: (label: string) => `Void ${label}? A voided invoice keeps its number and cannot be changed again.`,
} as const;

/** A price typed as text ("150.50") → minor units; 0 is allowed (a free line). */
const priceTextSchema = z.string().transform((text, ctx) => {
  const parsed = parseAmountToMinor(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.minor;
});

/** A tax rate typed as a percentage ("8.25", "" for none) → basis points (825). */
export const taxRateTextSchema = z.string().transform((text, ctx) => {
  if (text.trim() === '') return 0;
  const parsed = parseAmountToMinor(text);
  if (!parsed.ok || parsed.minor > TAX_RATE_MAX_BASIS_POINTS) {
    ctx.addIssue({ code: 'custom', message: invoiceMessages.taxRate });
    return z.NEVER;
  }
  return parsed.minor;
});

export const invoiceLineFormSchema = z
  .object({
    description: lineText().trim().min(1, invoiceMessages.description).max(INVOICE_DESCRIPTION_MAX_LENGTH, invoiceMessages.descriptionTooLong),
    quantity: z.number({ error: invoiceMessages.quantity }).int(invoiceMessages.quantity).min(1, invoiceMessages.quantity).max(INVOICE_QUANTITY_MAX, invoiceMessages.quantity),
    unitPrice: priceTextSchema,
  })
  .transform(({ unitPrice, ...rest }) => ({ ...rest, unitPriceMinor: unitPrice }));
export type InvoiceLineFormInput = z.input<typeof invoiceLineFormSchema>;

/** A line as stored and as the machine sees it. */
export const invoiceLineSchema = z.object({
  description: z.string().min(1).max(INVOICE_DESCRIPTION_MAX_LENGTH),
  quantity: z.number().int().min(1).max(INVOICE_QUANTITY_MAX),
  unitPriceMinor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
});
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

/** The editor's content: lines and the tax rate, as typed. */
export const invoiceContentSchema = z.object({
  lines: z.array(invoiceLineFormSchema, { error: invoiceMessages.linesMin }).min(1, invoiceMessages.linesMin).max(INVOICE_LINES_MAX, invoiceMessages.linesMax),
  taxRate: taxRateTextSchema.prefault(''),
});
export type InvoiceContentInput = z.input<typeof invoiceContentSchema>;
export type InvoiceContent = { readonly lines: readonly InvoiceLine[]; readonly taxRateBasisPoints: number };

const toContent = ({ lines, taxRate }: z.output<typeof invoiceContentSchema>): InvoiceContent => ({ lines, taxRateBasisPoints: taxRate });

/** A blank invoice for a patient (`patientId`), or one from a completed appointment (`appointmentId`). */
export const invoiceCreateSchema = z
  .object({ patientId: recordIdSchema.optional(), appointmentId: recordIdSchema.optional() })
  .refine((value) => value.patientId !== undefined || value.appointmentId !== undefined, { message: invoiceMessages.choosePatient, path: ['patientId'] });
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;

/** Saving a draft's lines and tax rate. */
export const invoiceSaveSchema = invoiceContentSchema.extend({ id: recordIdSchema }).transform(({ id, ...content }) => ({ id, content: toContent(content) }));
export type InvoiceSaveInput = z.input<typeof invoiceSaveSchema>;

/** The Billing list: a page, of one status when `status` is given. */
export const invoiceListSchema = portalPageSchema.extend({ status: invoiceStatusSchema.optional() });
export type InvoiceListInput = z.input<typeof invoiceListSchema>;

/** "Record payment" on an issued invoice: a payment of its total, made with `paymentMethod`. */
export const invoiceRecordPaymentSchema = z.object({ id: recordIdSchema, paymentMethod: paymentMethodSchema.default('card') });
/** Mark an issued invoice paid by a payment already recorded. */
export const invoiceMarkPaidSchema = z.object({ id: recordIdSchema, paymentId: recordIdSchema });

export interface InvoiceTotals {
  readonly subtotalMinor: number;
  readonly taxMinor: number;
  readonly totalMinor: number;
}

/**
 * Subtotal = Σ quantity × unit price; tax = subtotal × rate, rounded half up to a minor unit, on the
 * whole invoice (one rounding, so the lines need no tax column). Integer arithmetic throughout.
 */
export function invoiceTotals(content: InvoiceContent): InvoiceTotals {
  const subtotal = content.lines.reduce((sum, line) => sum + BigInt(line.quantity) * BigInt(line.unitPriceMinor), 0n);
  const tax = (subtotal * BigInt(content.taxRateBasisPoints) + 5_000n) / 10_000n;
  return { subtotalMinor: Number(subtotal), taxMinor: Number(tax), totalMinor: Number(subtotal + tax) };
}

/** Whether the totals fit what a payment can be (MAX_AMOUNT_MINOR). */
export const totalsInRange = (totals: InvoiceTotals): boolean => totals.totalMinor <= MAX_AMOUNT_MINOR;

/** 825 → "8.25", 0 → "". */
export function taxRateText(basisPoints: number): string {
  if (basisPoints === 0) return '';
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** INV-2026-0001: the year of issue and the practice's count of that year, at least 4 digits. */
export const formatInvoiceNumber = (year: number, sequence: number): string => `INV-${year}-${String(sequence).padStart(4, '0')}`;
export const invoiceNumberPattern = /^INV-\d{4}-\d{4,}$/;

/** The payment currency of an invoice's currency, or null when payments have none (NZD, INR). */
export function paymentCurrencyOf(currency: PriceCurrency): Currency | null {
  const lower = currency.toLowerCase();
  return (currencies as readonly string[]).includes(lower) ? (lower as Currency) : null;
}

export const priceCurrencySchema = z.enum(priceCurrencies);
