/**
 * The practice's invoices (issue 26), always within `scope.practiceId`: the Billing list, one
 * invoice with its patient and payment, and what a new invoice from a completed appointment starts
 * with. The outbox relay reads an invoice through `invoiceDocument` too, at send time.
 */
import {
  isOneOf,
  appointmentTypeLabel,
  currencies,
  formatLongDate,
  invoiceLineSchema,
  invoiceStatuses,
  paymentStatuses,
  priceCurrencies,
  type CalendarDate,
  type Currency,
  type InvoiceLine,
  type InvoiceStatus,
  type PaymentStatus,
  type PriceCurrency,
} from '@wellspring/domain';
import { z } from 'zod';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => (isOneOf(values, value) ? value : fallback);
const storedLines = z.array(invoiceLineSchema);

interface InvoiceListRow {
  readonly id: string;
  readonly number: string | null;
  readonly status: InvoiceStatus;
  readonly patientId: string;
  readonly patientName: string;
  /** The day of issue, or of creation for a draft, in the practice's zone. */
  readonly date: CalendarDate;
  readonly totalMinor: number;
  readonly currency: PriceCurrency;
}

export interface InvoiceDocument {
  readonly id: string;
  readonly status: InvoiceStatus;
  readonly number: string | null;
  readonly issuedOn: CalendarDate | null;
  readonly createdOn: CalendarDate;
  readonly currency: PriceCurrency;
  readonly lines: readonly InvoiceLine[];
  readonly taxRateBasisPoints: number;
  readonly subtotalMinor: number;
  readonly taxMinor: number;
  readonly totalMinor: number;
  readonly patientId: string;
  readonly patientName: string;
  readonly patientEmail: string;
  readonly appointmentId: string | null;
  readonly paymentId: string | null;
  /** The practice's name, or its practitioner's when it has none. */
  readonly practiceName: string;
  readonly timeZone: string;
}

const LIST_SQL = `
  SELECT i.id, i.number, i.status, i.patient_id, p.name AS patient_name, i.total_minor::text AS total_minor, i.currency,
         to_char(coalesce(i.issued_on, (i.created_at AT TIME ZONE $2)::date), 'YYYY-MM-DD') AS local_date
  FROM invoice i JOIN patient p ON p.practice_id = i.practice_id AND p.id = i.patient_id
  WHERE i.practice_id = $1 AND ($3::text IS NULL OR i.status = $3)
  ORDER BY i.created_at DESC, i.id DESC
  LIMIT $4 OFFSET $5`;

const COUNT_SQL = 'SELECT count(*) AS total FROM invoice WHERE practice_id = $1 AND ($2::text IS NULL OR status = $2)';

const DOCUMENT_SQL = `
  SELECT i.id, i.status, i.number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, to_char((i.created_at AT TIME ZONE pr.time_zone)::date, 'YYYY-MM-DD') AS created_on,
         i.currency, i.lines, i.tax_rate_basis_points, i.subtotal_minor::text AS subtotal_minor, i.tax_minor::text AS tax_minor, i.total_minor::text AS total_minor,
         i.patient_id, p.name AS patient_name, p.email AS patient_email, i.appointment_id,
         (SELECT pm.id FROM payment pm WHERE pm.practice_id = i.practice_id AND pm.invoice_id = i.id) AS payment_id,
         coalesce(nullif(pr.name, ''), u.name) AS practice_name, pr.time_zone
  FROM invoice i
  JOIN patient p ON p.practice_id = i.practice_id AND p.id = i.patient_id
  JOIN practice pr ON pr.id = i.practice_id
  JOIN app_user u ON u.id = pr.owner_user_id
  WHERE i.practice_id = $1 AND i.id = $2`;

interface DocumentSqlRow {
  id: string;
  status: string;
  number: string | null;
  issued_on: CalendarDate | null;
  created_on: CalendarDate;
  currency: string;
  lines: unknown;
  tax_rate_basis_points: number;
  subtotal_minor: string;
  tax_minor: string;
  total_minor: string;
  patient_id: string;
  patient_name: string;
  patient_email: string;
  appointment_id: string | null;
  payment_id: string | null;
  practice_name: string;
  time_zone: string;
}

/** One invoice as its screen, its PDF and its e-mail show it, or null when it is not the practice's. */
export async function invoiceDocument(sql: PracticeSql, practiceId: string, id: string): Promise<InvoiceDocument | null> {
  const { rows } = await sql.query<DocumentSqlRow>(DOCUMENT_SQL, [practiceId, id]);
  const row = rows[0];
  if (!row) return null;
  const lines = storedLines.safeParse(row.lines);
  return {
    id: row.id,
    status: member(invoiceStatuses, row.status, 'draft'),
    number: row.number,
    issuedOn: row.issued_on,
    createdOn: row.created_on,
    currency: member(priceCurrencies, row.currency, 'USD'),
    lines: lines.success ? lines.data : [],
    taxRateBasisPoints: row.tax_rate_basis_points,
    subtotalMinor: Number(row.subtotal_minor),
    taxMinor: Number(row.tax_minor),
    totalMinor: Number(row.total_minor),
    patientId: row.patient_id,
    patientName: row.patient_name,
    patientEmail: row.patient_email,
    appointmentId: row.appointment_id,
    paymentId: row.payment_id,
    practiceName: row.practice_name,
    timeZone: row.time_zone,
  };
}

/** A completed appointment's facts for its invoice's first line. */
export interface InvoicedAppointment {
  readonly id: string;
  readonly patientId: string;
  readonly status: string;
  /** The online booking's session type, when it was booked online. */
  readonly sessionTypeId: string | null;
  readonly description: string;
}

export interface InvoicePaymentRow {
  readonly id: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly status: PaymentStatus;
  readonly invoiceId: string | null;
}

export function invoicesRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** A page of the practice's invoices, newest first, of one status when `status` is given. */
    async page(input: { readonly status?: InvoiceStatus | undefined; readonly page: number; readonly pageSize: number }) {
      const status = input.status ?? null;
      const [{ rows }, count] = [
        await sql.query<{ id: string; number: string | null; status: string; patient_id: string; patient_name: string; total_minor: string; currency: string; local_date: CalendarDate }>(LIST_SQL, [
          scope.practiceId,
          scope.timeZone,
          status,
          input.pageSize,
          (input.page - 1) * input.pageSize,
        ]),
        await sql.query<{ total: string }>(COUNT_SQL, [scope.practiceId, status]),
      ];
      const items: InvoiceListRow[] = rows.map((row) => ({
        id: row.id,
        number: row.number,
        status: member(invoiceStatuses, row.status, 'draft'),
        patientId: row.patient_id,
        patientName: row.patient_name,
        date: row.local_date,
        totalMinor: Number(row.total_minor),
        currency: member(priceCurrencies, row.currency, 'USD'),
      }));
      return { items, total: Number(count.rows[0]?.total ?? 0), page: input.page, pageSize: input.pageSize };
    },

    find: (id: string) => invoiceDocument(sql, scope.practiceId, id),

    /** The appointment `id` as its invoice's line describes it ("Consultation — March 9, 2026"). */
    async appointment(id: string): Promise<InvoicedAppointment | null> {
      const { rows } = await sql.query<{ id: string; patient_id: string; status: string; type: string; starts_at: Date; session_type_id: string | null; session_type_name: string | null }>(
        `SELECT a.id, a.patient_id, a.status, a.type, a.starts_at, b.session_type_id, b.session_type_name
         FROM appointment a LEFT JOIN booking b ON b.practice_id = a.practice_id AND b.appointment_id = a.id
         WHERE a.practice_id = $1 AND a.id = $2`,
        [scope.practiceId, id],
      );
      const row = rows[0];
      if (!row) return null;
      const name = row.session_type_name ?? appointmentTypeLabel(row.type);
      return { id: row.id, patientId: row.patient_id, status: row.status, sessionTypeId: row.session_type_id, description: `${name} — ${formatLongDate(new Date(row.starts_at), scope.timeZone)}` };
    },

    /** A recorded payment, as an invoice checks it before it is paid by it. */
    async payment(id: string): Promise<InvoicePaymentRow | null> {
      const { rows } = await sql.query<{ id: string; amount_minor: string; currency: string; status: string; invoice_id: string | null }>(
        'SELECT id, amount_minor::text AS amount_minor, currency, status, invoice_id FROM payment WHERE practice_id = $1 AND id = $2',
        [scope.practiceId, id],
      );
      const row = rows[0];
      return row
        ? { id: row.id, amountMinor: Number(row.amount_minor), currency: member<Currency>(currencies, row.currency, 'usd'), status: member(paymentStatuses, row.status, 'pending'), invoiceId: row.invoice_id }
        : null;
    },
  };
}
