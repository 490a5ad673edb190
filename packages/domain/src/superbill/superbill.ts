/**
 * The superbill (issue 26): what a patient files with their HSA/FSA or insurer for a date range of
 * their paid visits — each date of service with its CPT and ICD-10-CM codes, the fee and the amount
 * paid, and the totals. The server reads the visits and payments; the lines and totals are the
 * rule, here.
 *
 * A visit is on the superbill when it falls in the range (its day in the practice's zone) and has a
 * completed payment. Its fee is what was charged for it: its completed and pending payments; paid
 * is the completed ones (failed and refunded payments count for neither). A visit paid in two
 * currencies is a line per currency, and the totals are per currency: amounts are never converted.
 */
import { z } from 'zod';
import type { Currency } from '../money/money.ts';
import type { PaymentStatus } from '../payments/payment.schema.ts';
import { recordIdSchema } from '../portal/portal.schema.ts';
import { calendarDateSchema } from '../schedule/schedule.schema.ts';
import type { CalendarDate } from '../time/dates.ts';

export const superbillMessages = {
  toBeforeFrom: 'The end date must be on or after the start date',
  noPaidVisits: 'No paid visits in these dates',
  downloaded: 'Superbill downloaded',
  failed: 'The superbill could not be made. Please try again.',
} as const;

/** `records.superbill`: one patient, a range of days of service (inclusive). */
export const superbillRequestSchema = z
  .object({ patientId: recordIdSchema, from: calendarDateSchema, to: calendarDateSchema })
  .refine((range) => range.from <= range.to, { message: superbillMessages.toBeforeFrom, path: ['to'] });
export type SuperbillRequest = z.output<typeof superbillRequestSchema>;

/** A visit of the range, with its codes and every payment that points at it. */
export interface SuperbillVisit {
  readonly id: string;
  readonly date: CalendarDate;
  readonly cptCodes: readonly string[];
  readonly icd10Codes: readonly string[];
  readonly payments: readonly { readonly amountMinor: number; readonly currency: Currency; readonly status: PaymentStatus }[];
}

export interface SuperbillLine {
  readonly visitId: string;
  readonly date: CalendarDate;
  readonly cptCodes: readonly string[];
  readonly icd10Codes: readonly string[];
  readonly currency: Currency;
  readonly feeMinor: number;
  readonly paidMinor: number;
}

export interface SuperbillTotal {
  readonly currency: Currency;
  readonly feeMinor: number;
  readonly paidMinor: number;
  /** Fee less paid: what is still owed (pending payments). */
  readonly balanceMinor: number;
}

/** The superbill's lines (by date of service) and its totals (one per currency, in order of first use). */
export function superbillLines(visits: readonly SuperbillVisit[]): { lines: SuperbillLine[]; totals: SuperbillTotal[] } {
  const lines: SuperbillLine[] = [];
  const ordered = [...visits].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  for (const visit of ordered) {
    const currencies = [...new Set(visit.payments.map((payment) => payment.currency))];
    for (const currency of currencies) {
      const inCurrency = visit.payments.filter((payment) => payment.currency === currency);
      const sum = (statuses: readonly PaymentStatus[]) => inCurrency.filter((payment) => statuses.includes(payment.status)).reduce((total, payment) => total + payment.amountMinor, 0);
      const paidMinor = sum(['completed']);
      if (paidMinor <= 0) continue;
      lines.push({ visitId: visit.id, date: visit.date, cptCodes: visit.cptCodes, icd10Codes: visit.icd10Codes, currency, feeMinor: sum(['completed', 'pending']), paidMinor });
    }
  }
  const totals = new Map<Currency, SuperbillTotal>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { currency: line.currency, feeMinor: 0, paidMinor: 0, balanceMinor: 0 };
    const feeMinor = total.feeMinor + line.feeMinor;
    const paidMinor = total.paidMinor + line.paidMinor;
    totals.set(line.currency, { currency: line.currency, feeMinor, paidMinor, balanceMinor: feeMinor - paidMinor });
  }
  return { lines, totals: [...totals.values()] };
}

/** "Emma Thompson" → "emma-thompson": a file name's part from a name (ASCII letters and digits). */
export const fileNamePart = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60) || 'patient';

export const superbillFileName = (patientName: string, from: CalendarDate, to: CalendarDate): string => `superbill-${fileNamePart(patientName)}-${from}-to-${to}.pdf`;
export const recordFileName = (patientName: string, extension: 'json' | 'pdf'): string => `record-${fileNamePart(patientName)}.${extension === 'json' ? 'fhir.json' : 'pdf'}`;
