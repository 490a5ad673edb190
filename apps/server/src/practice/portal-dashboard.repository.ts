/**
 * The provider portal's dashboard (SPEC §2 Provider portal, §7.4), from the practice's own data:
 * all its appointments and the upcoming ones, the patients they are for, its clinical records, and
 * its revenue — completed payments only, totalled per currency and never converted.
 */
import { appointmentStatuses, appointmentTypes, currencies, type AppointmentStatus, type AppointmentType, type CalendarDate, type Currency } from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

/** How many upcoming appointments the portal dashboard lists. */
export const PORTAL_UPCOMING_LIMIT = 5;

/**
 * $1 practice, $2 now: the four figures in one statement. Upcoming counts open appointments
 * (scheduled or confirmed) from now on; unique patients are the patients with any appointment.
 */
export const PORTAL_STATS_SQL = `
  SELECT
    (SELECT count(*) FROM appointment a WHERE a.practice_id = $1) AS total_appointments,
    (SELECT count(*) FROM appointment a WHERE a.practice_id = $1 AND a.starts_at >= $2 AND a.status IN ('scheduled', 'confirmed')) AS upcoming_appointments,
    (SELECT count(DISTINCT a.patient_id) FROM appointment a WHERE a.practice_id = $1) AS unique_patients,
    (SELECT count(*) FROM clinical_note n WHERE n.practice_id = $1) AS ehr_records,
    (SELECT coalesce(json_agg(json_build_object('currency', r.currency, 'minor', r.total::text) ORDER BY r.currency), '[]')
      FROM (SELECT pm.currency, sum(pm.amount_minor) AS total FROM payment pm WHERE pm.practice_id = $1 AND pm.status = 'completed' GROUP BY pm.currency) r) AS revenue`;

/** $1 practice, $2 now, $3 rows, $4 zone: the next open appointments, soonest first. */
export const PORTAL_UPCOMING_SQL = `
  SELECT a.id, a.patient_id, p.name AS patient_name, a.type, a.duration_minutes, a.status,
    to_char(a.starts_at AT TIME ZONE $4, 'YYYY-MM-DD') AS local_date, to_char(a.starts_at AT TIME ZONE $4, 'FMHH12:MI AM') AS local_time
  FROM appointment a JOIN patient p ON p.practice_id = a.practice_id AND p.id = a.patient_id
  WHERE a.practice_id = $1 AND a.starts_at >= $2 AND a.status IN ('scheduled', 'confirmed')
  ORDER BY a.starts_at, a.id
  LIMIT $3`;

export interface PortalRevenue {
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

export function portalDashboardRepository(db: Database, scope: PracticeScope) {
  return {
    async overview(): Promise<PortalOverview> {
      const [stats, upcoming] = await Promise.all([
        db.pool.query<{ total_appointments: string; upcoming_appointments: string; unique_patients: string; ehr_records: string; revenue: { currency: string; minor: string }[] }>({
          name: 'portal-stats',
          text: PORTAL_STATS_SQL,
          values: [scope.practiceId, scope.now],
        }),
        db.pool.query<{ id: string; patient_id: string; patient_name: string; type: string; duration_minutes: number; status: string; local_date: CalendarDate; local_time: string }>({
          name: 'portal-upcoming',
          text: PORTAL_UPCOMING_SQL,
          values: [scope.practiceId, scope.now, PORTAL_UPCOMING_LIMIT, scope.timeZone],
        }),
      ]);
      const row = stats.rows[0];
      const totals = (row?.revenue ?? []).map((total) => ({ currency: member<Currency>(currencies, total.currency, 'usd'), minor: Number(total.minor) }));
      return {
        totalAppointments: Number(row?.total_appointments ?? 0),
        upcomingAppointments: Number(row?.upcoming_appointments ?? 0),
        uniquePatients: Number(row?.unique_patients ?? 0),
        ehrRecords: Number(row?.ehr_records ?? 0),
        revenue: {
          usdMinor: totals.find((total) => total.currency === 'usd')?.minor ?? 0,
          other: totals.filter((total) => total.currency !== 'usd'),
        },
        upcoming: upcoming.rows.map((appointment) => ({
          id: appointment.id,
          patientId: appointment.patient_id,
          patientName: appointment.patient_name,
          type: member<AppointmentType>(appointmentTypes, appointment.type, 'consultation'),
          date: appointment.local_date,
          time: appointment.local_time,
          durationMinutes: appointment.duration_minutes,
          status: member<AppointmentStatus>(appointmentStatuses, appointment.status, 'scheduled'),
        })),
      };
    },
  };
}
