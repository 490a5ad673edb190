/**
 * The provider portal's dashboard (docs/product.md#portal-dashboard), from the practice's own data:
 * all its appointments and the upcoming ones, the patients they are for, its clinical records, and
 * its revenue — completed payments only, totalled per currency and never converted.
 */
import { appointmentStatuses, appointmentTypes, currencies, type AppointmentStatus, type AppointmentType, type CalendarDate, type Currency } from '@wellspring/domain';
import { summaryFigureSql, upcomingLaterDaysSql, upcomingTodaySql } from './practice-figures.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';
import { KeptBySchedule } from './kept-by-schedule.ts';

/** How many upcoming appointments the portal dashboard lists. */
export const PORTAL_UPCOMING_LIMIT = 5;

/**
 * $1 practice, $2 now, $3 rows, $4 zone: the four figures and the next open appointments in one
 * statement (one pooled connection per load). The figures are the practice's maintained ones
 * (record 0042): totals from its summary row, revenue from its per-currency totals, and upcoming
 * as the open appointments of the days after today (UTC) summed plus today's rest counted in the
 * partial index of open appointments — which also gives the next ones.
 */
export const PORTAL_OVERVIEW_SQL = `
  SELECT
    ${summaryFigureSql('appointments')} AS total_appointments,
    ${upcomingTodaySql} AS upcoming_today,
    (SELECT s.schedule_version::text FROM practice_summary s WHERE s.practice_id = $1) AS schedule_version,
    ${summaryFigureSql('patients_with_appointments')} AS unique_patients,
    ${summaryFigureSql('clinical_notes')} AS ehr_records,
    (SELECT coalesce(json_agg(json_build_object('currency', r.currency, 'minor', r.completed_minor::text) ORDER BY r.currency), '[]')
      FROM practice_revenue r WHERE r.practice_id = $1 AND r.completed_minor <> 0) AS revenue,
    (SELECT coalesce(json_agg(json_build_object(
        'id', u.id, 'patientId', u.patient_id, 'patientName', p.name, 'type', u.type, 'durationMinutes', u.duration_minutes, 'status', u.status,
        'date', to_char(u.starts_at AT TIME ZONE $4, 'YYYY-MM-DD'), 'time', to_char(u.starts_at AT TIME ZONE $4, 'FMHH12:MI AM')
      ) ORDER BY u.starts_at, u.id), '[]')
      FROM (SELECT a.id, a.practice_id, a.patient_id, a.type, a.duration_minutes, a.status, a.starts_at FROM appointment a
            WHERE a.practice_id = $1 AND a.starts_at >= $2 AND a.status IN ('scheduled', 'confirmed')
            ORDER BY a.starts_at, a.id LIMIT $3) u
      JOIN patient p ON p.practice_id = u.practice_id AND p.id = u.patient_id) AS upcoming`;

/** $1 practice, $2 now: the open appointments of the days after today (UTC), from the per-day counts. */
export const PORTAL_LATER_DAYS_SQL = `SELECT ${upcomingLaterDaysSql} AS later`;

/**
 * Each practice's open appointments after today (by practice and UTC day), kept while its schedule
 * version holds: summing a busy practice's per-day counts (~2,000 days ahead) was two thirds of the
 * overview's statement.
 */
const keptLaterDays = new KeptBySchedule<{ readonly open: number }>({ maxSize: 10_000 });

interface PortalRevenue {
  /** Completed payments in US dollars, minor units: the Total Revenue card. */
  readonly usdMinor: number;
  /** Completed payments in every other currency, each totalled on its own, beside the card. */
  readonly other: readonly { readonly currency: Currency; readonly minor: number }[];
}

export interface PortalOverview {
  readonly totalAppointments: number;
  readonly upcomingAppointments: number;
  readonly uniquePatients: number;
  readonly ehrRecords: number;
  readonly revenue: PortalRevenue;
  readonly upcoming: readonly {
    readonly id: string;
    readonly patientId: string;
    readonly patientName: string;
    readonly type: AppointmentType;
    readonly date: CalendarDate;
    readonly time: string;
    readonly durationMinutes: number;
    readonly status: AppointmentStatus;
  }[];
}

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function portalDashboardRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    async overview(): Promise<PortalOverview> {
      const { rows } = await sql.query<{
        total_appointments: number;
        upcoming_today: number;
        /** Null before the practice's first figures: nothing is kept then. */
        schedule_version: string | null;
        unique_patients: number;
        ehr_records: number;
        revenue: { currency: string; minor: string }[];
        upcoming: { id: string; patientId: string; patientName: string; type: string; durationMinutes: number; status: string; date: CalendarDate; time: string }[];
      }>({ name: 'portal-overview', text: PORTAL_OVERVIEW_SQL, values: [scope.practiceId, scope.now, PORTAL_UPCOMING_LIMIT, scope.timeZone] });
      const row = rows[0];
      // Read after the version, in this read-only transaction (kept-by-schedule.ts says why that order).
      const version = sql.readOnly === true ? (row?.schedule_version ?? null) : null;
      const key = `${scope.practiceId}|${scope.now.toISOString().slice(0, 10)}`;
      let later = version === null ? undefined : keptLaterDays.get(key, version)?.open;
      if (later === undefined) {
        const read = await sql.query<{ later: number }>({ name: 'portal-later-days', text: PORTAL_LATER_DAYS_SQL, values: [scope.practiceId, scope.now] });
        later = Number(read.rows[0]?.later ?? 0);
        if (version !== null) keptLaterDays.set(key, version, { open: later });
      }
      const totals = (row?.revenue ?? []).map((total) => ({ currency: member<Currency>(currencies, total.currency, 'usd'), minor: Number(total.minor) }));
      return {
        totalAppointments: Number(row?.total_appointments ?? 0),
        upcomingAppointments: Number(row?.upcoming_today ?? 0) + later,
        uniquePatients: Number(row?.unique_patients ?? 0),
        ehrRecords: Number(row?.ehr_records ?? 0),
        revenue: {
          usdMinor: totals.find((total) => total.currency === 'usd')?.minor ?? 0,
          other: totals.filter((total) => total.currency !== 'usd'),
        },
        upcoming: (row?.upcoming ?? []).map((appointment) => ({
          id: appointment.id,
          patientId: appointment.patientId,
          patientName: appointment.patientName,
          type: member<AppointmentType>(appointmentTypes, appointment.type, 'consultation'),
          date: appointment.date,
          time: appointment.time,
          durationMinutes: appointment.durationMinutes,
          status: member<AppointmentStatus>(appointmentStatuses, appointment.status, 'scheduled'),
        })),
      };
    },
  };
}
