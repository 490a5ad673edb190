/**
 * The practice's payments (the portal's Payment Records), newest first, always within
 * `scope.practiceId`, each with the appointment it pays for (patient and service) when it has one.
 */
import { appointmentTypeLabel, currencies, paymentMethods, paymentStatuses, PORTAL_PAGE_SIZE, type CalendarDate, type Currency, type PaymentMethod, type PaymentStatus } from '@wellspring/domain';
import { summaryFigureSql } from './practice-figures.ts';
import { isInstantKey, keysetClauses, pageCursors, pageFetch, pageWindow, type PageFetch } from './keyset-page.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

interface PaymentRow {
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
  /** Where the pages before and after this one are read from (keyset paging). */
  readonly previousCursor: string | null;
  readonly nextCursor: string | null;
}

/**
 * A page of payments, newest first: $1 practice, $2 zone; then the page's size unless it is the
 * list's own, its offset past the first page, or the cursor's time and id (pageWindow). The page's ids come from the index `(practice_id, created_at,
 * id)` alone, at the cursor; only those rows are joined to their appointment and patient (the
 * payment's own, else its appointment's) — two plain joins by key: one join on a `coalesce` of
 * both made the prepared statement's generic plan read every patient of the practice per row. Each
 * payment is read by its key (a LATERAL … LIMIT 1): as a join, the generic plan, guessing a
 * practice's size, merged the page with every payment of the practice. The total is the practice's maintained figure. PostgreSQL
 * gives each its day in the practice's zone, as it does for appointments.
 */
export function paymentsStatement(fetch: PageFetch, practiceId: string, pageSize: number, timeZone: string): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [practiceId, timeZone];
  const parameter = (value: unknown): string => `$${values.push(value)}`;
  const window = pageWindow(fetch, pageSize, PORTAL_PAGE_SIZE, parameter);
  const [at, id] = fetch.kind === 'offset' ? ['', ''] : [parameter(fetch.key[0]), parameter(fetch.key[1])];
  const { condition, innerOrder, listOrder } = keysetClauses(
    fetch,
    [
      { column: 'created_at', type: 'timestamptz', parameter: at },
      { column: 'id', type: 'text', parameter: id },
    ],
    true,
  );
  const text = `
  SELECT pm.id, pm.created_at, to_char(pm.created_at AT TIME ZONE $2, 'YYYY-MM-DD') AS local_date, pm.appointment_id, pm.amount_minor::text AS amount_minor, pm.currency, pm.method, pm.status,
    coalesce(own.name, booked.name) AS patient_name, a.type AS appointment_type,
    ${summaryFigureSql('payments')} AS total
  FROM (SELECT id FROM payment WHERE practice_id = $1 ${condition} ORDER BY ${innerOrder} ${window.clause}) page
  CROSS JOIN LATERAL (SELECT * FROM payment pm WHERE pm.practice_id = $1 AND pm.id = page.id LIMIT 1) pm
  LEFT JOIN appointment a ON a.practice_id = pm.practice_id AND a.id = pm.appointment_id
  LEFT JOIN patient own ON own.practice_id = pm.practice_id AND own.id = pm.patient_id
  LEFT JOIN patient booked ON booked.practice_id = a.practice_id AND booked.id = a.patient_id
  ORDER BY ${listOrder('pm')}`;
  return { name: `portal-payments-${fetch.kind}-${window.nameKey}`, text, values };
}

interface PaymentSqlRow {
  id: string;
  created_at: Date;
  local_date: CalendarDate;
  appointment_id: string | null;
  amount_minor: string;
  currency: string;
  method: string;
  status: string;
  patient_name: string | null;
  appointment_type: string | null;
  total: number;
}

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function paymentsRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** A page of the practice's payments, newest first: by its number, or at a cursor of the page next to it. */
    async page(input: { readonly page: number; readonly pageSize: number; readonly cursor?: string | undefined }): Promise<PaymentPage> {
      const fetch = pageFetch(input, 2, ([createdAt]) => isInstantKey(createdAt));
      const { rows } = await sql.query<PaymentSqlRow>(paymentsStatement(fetch, scope.practiceId, input.pageSize, scope.timeZone));
      const total = rows[0] ? rows[0].total : Number((await sql.query<{ total: number }>(`SELECT ${summaryFigureSql('payments')} AS total`, [scope.practiceId])).rows[0]?.total ?? 0);
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
        total,
        page: input.page,
        pageSize: input.pageSize,
        ...pageCursors(rows, (row) => [row.created_at.toISOString(), row.id]),
      };
    },
  };
}
