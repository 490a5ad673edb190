/**
 * The practice's payments (the portal's Payment Records), newest first, always within
 * `scope.practiceId`, each with the appointment it pays for (patient and service) when it has one.
 */
import { appointmentTypeLabel, currencies, paymentMethods, paymentStatuses, type CalendarDate, type Currency, type PaymentMethod, type PaymentStatus } from '@wellspring/domain';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

export interface PaymentRow {
  readonly id: string;
  /** The day it was recorded, in the practice's zone. */
  readonly date: CalendarDate;
  readonly patientName: string | null;
  /** The appointment type's label ("Consultation"), or null without an appointment. */
  readonly service: string | null;
  readonly appointmentId: string | null;
  /** Integer minor units of `currency`. */
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly method: PaymentMethod;
  readonly status: PaymentStatus;
}

export interface PaymentPage {
  readonly items: readonly PaymentRow[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * $1 practice, $2 rows, $3 offset, $4 zone: a page of payments, newest first, with the total (an
 * InitPlan). The page's ids come from the index `(practice_id, created_at, id)` alone; only those
 * rows are joined to their appointment and patient (the payment's own, else its appointment's). PostgreSQL gives each its day in the practice's
 * zone, as it does for appointments.
 */
export const PAYMENTS_SQL = `
  SELECT pm.id, to_char(pm.created_at AT TIME ZONE $4, 'YYYY-MM-DD') AS local_date, pm.appointment_id, pm.amount_minor::text AS amount_minor, pm.currency, pm.method, pm.status,
    p.name AS patient_name, a.type AS appointment_type,
    (SELECT count(*) FROM payment c WHERE c.practice_id = $1) AS total
  FROM (SELECT id FROM payment WHERE practice_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) page
  JOIN payment pm ON pm.practice_id = $1 AND pm.id = page.id
  LEFT JOIN appointment a ON a.practice_id = pm.practice_id AND a.id = pm.appointment_id
  LEFT JOIN patient p ON p.practice_id = pm.practice_id AND p.id = coalesce(pm.patient_id, a.patient_id)
  ORDER BY pm.created_at DESC, pm.id DESC`;

interface PaymentSqlRow {
  id: string;
  local_date: CalendarDate;
  appointment_id: string | null;
  amount_minor: string;
  currency: string;
  method: string;
  status: string;
  patient_name: string | null;
  appointment_type: string | null;
  total: string;
}

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function paymentsRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** A page of the practice's payments, newest first. */
    async page(input: { readonly page: number; readonly pageSize: number }): Promise<PaymentPage> {
      const { rows } = await sql.query<PaymentSqlRow>({ name: 'portal-payments', text: PAYMENTS_SQL, values: [scope.practiceId, input.pageSize, (input.page - 1) * input.pageSize, scope.timeZone] });
      return {
        items: rows.map((row) => ({
          id: row.id,
          date: row.local_date,
          patientName: row.patient_name,
          service: row.appointment_type === null ? null : appointmentTypeLabel(row.appointment_type),
          appointmentId: row.appointment_id,
          amountMinor: Number(row.amount_minor),
          currency: member<Currency>(currencies, row.currency, 'usd'),
          method: member<PaymentMethod>(paymentMethods, row.method, 'card'),
          status: member<PaymentStatus>(paymentStatuses, row.status, 'pending'),
        })),
        total: Number(rows[0]?.total ?? 0),
        page: input.page,
        pageSize: input.pageSize,
      };
    },
  };
}
