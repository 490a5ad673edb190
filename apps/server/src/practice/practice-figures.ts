/**
 * A practice's figures as the triggers keep them (issue 27, docs/decisions/0042-maintained-practice-figures.md):
 * counts of its patients, appointments, notes and payments, patients with appointments, completed
 * revenue per currency and open appointments per day — read from a row, never recounted per request.
 */
import type pg from 'pg';

/** A practice's maintained figure (record 0042), 0 before its first row: `$1` practice. */
export const summaryFigureSql = (column: 'patients' | 'appointments' | 'clinical_notes' | 'payments' | 'patients_with_appointments'): string =>
  `(SELECT coalesce((SELECT ${column} FROM practice_summary WHERE practice_id = $1), 0))`;

/**
 * Open appointments (scheduled or confirmed) from $2 (now) on, of practice $1, in two parts: the
 * maintained per-day counts of the days after today (UTC), which change only with the practice's
 * appointments (and so with its schedule version: a server keeps their sum, portal-dashboard.repository.ts),
 * and today's rest counted in the partial index `appointment_open_starts_idx` — a few hundred index
 * entries at most, whatever the practice's size.
 */
export const upcomingLaterDaysSql = `coalesce((SELECT sum(d.open_appointments) FROM practice_open_day d
    WHERE d.practice_id = $1 AND d.day > ($2::timestamptz AT TIME ZONE 'UTC')::date), 0)::int`;

export const upcomingTodaySql = `(SELECT count(*) FROM appointment a WHERE a.practice_id = $1 AND a.status IN ('scheduled', 'confirmed') AND a.starts_at >= $2
    AND a.starts_at < ((($2::timestamptz AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC'))::int`;

/** Rows one refresh recounts at most: a few milliseconds' work, a minute apart. */
const VISITS_REFRESH_BATCH = 1_000;

/**
 * Recounts the patients' kept visits whose span has passed (an appointment they did not count has
 * begun; migration 20261130120000): until then the patient list counts those patients' visits per
 * read. Every server calls it every minute; rows another is recounting are skipped. Returns how many
 * rows it recounted.
 */
export async function refreshPatientVisits(pool: Pick<pg.Pool, 'query'>, most = VISITS_REFRESH_BATCH): Promise<number> {
  const { rows } = await pool.query<{ refreshed: number }>({ name: 'patient-visits-refresh', text: 'SELECT patient_visits_refresh($1) AS refreshed', values: [most] });
  return rows[0]?.refreshed ?? 0;
}
