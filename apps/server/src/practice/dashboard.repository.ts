/**
 * The provider dashboard's figures (docs/product.md#dashboard), computed from the practice's own data in its
 * time zone: total patients, appointments this week (Sunday to Saturday, cancelled ones left out)
 * and their average length, and how complete the practitioner's profile is.
 */
import {
  averageSessionMinutes,
  calendarDateInZone,
  practitionerProfileDefaults,
  practitionerProfileSchema,
  profileCompletion,
  type DashboardStats,
  type PractitionerProfile,
} from '@wellspring/domain';
import { summaryFigureSql } from './practice-figures.ts';
import type { PracticeSql } from './practice-transaction.ts';
import { appointmentsRepository, weekBounds, type DashboardAppointmentRow } from './appointments.repository.ts';
import { KeptBySchedule } from './kept-by-schedule.ts';
import type { PracticeScope } from './practice-scope.ts';

/** How many upcoming appointments the dashboard lists. */
export const DASHBOARD_UPCOMING_LIMIT = 6;

/**
 * $1 practice: every figure but the week's, one row — the patients are the maintained count (record
 * 0042) — and the practice's schedule version, which the week's figures and the upcoming list are
 * kept under (kept-by-schedule.ts).
 */
export const DASHBOARD_STATS_SQL = `
  SELECT
    ${summaryFigureSql('patients')} AS total_patients,
    (SELECT s.schedule_version::text FROM practice_summary s WHERE s.practice_id = $1) AS schedule_version,
    pr.profile,
    u.name AS owner_name,
    CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object(
      'name', l.name, 'location', l.location, 'shortBio', l.short_bio, 'about', l.about, 'yearsExperience', l.years_experience,
      'acceptsInsurance', l.accepts_insurance, 'specialties', l.specialties, 'certifications', l.certifications,
      'education', l.education, 'treatmentApproaches', l.treatment_approaches, 'profileImage', l.profile_image) END AS listing
  FROM practice pr
  JOIN app_user u ON u.id = pr.owner_user_id
  LEFT JOIN practitioner l ON l.id = pr.practitioner_id
  WHERE pr.id = $1`;

/** $1 practice, [$2, $3) this week's instants: the lengths of the week's appointments, cancelled ones left out. */
export const DASHBOARD_WEEK_SQL = `
  SELECT coalesce(array_agg(duration_minutes), '{}') AS durations FROM appointment
  WHERE practice_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled'`;

/** The week's two figures: its appointments (cancelled ones left out) and their average length. */
interface WeekFigures {
  readonly appointments: number;
  readonly averageMinutes: number;
}

/** Each practice's week figures (by practice, zone and week), kept while its schedule version holds. */
const keptWeekFigures = new KeptBySchedule<WeekFigures>({ maxSize: 10_000 });

interface StatsRow {
  total_patients: number;
  /** Null before the practice's first figures: nothing is kept then. */
  schedule_version: string | null;
  profile: unknown;
  owner_name: string;
  listing: PractitionerProfile | null;
}

/**
 * The profile the completion is computed from: the one the practice keeps (the profile editor's),
 * else its directory listing, else just the account's name.
 */
function profileForCompletion(stored: unknown, listing: PractitionerProfile | null, accountName: string): PractitionerProfile {
  const parsed = practitionerProfileSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  return listing ?? { ...practitionerProfileDefaults, yearsExperience: 0, name: accountName };
}

export function dashboardRepository(sql: PracticeSql, scope: PracticeScope) {
  const appointments = appointmentsRepository(sql, scope);

  /** The week's figures: kept under the schedule version read before them, else read. */
  async function weekFigures(version: string | null, from: Date, to: Date): Promise<WeekFigures> {
    const key = `${scope.practiceId}|${scope.timeZone}|${from.toISOString()}`;
    const kept = version === null ? undefined : keptWeekFigures.get(key, version);
    if (kept) return kept;
    const { rows } = await sql.query<{ durations: number[] }>({ name: 'practice-dashboard-week', text: DASHBOARD_WEEK_SQL, values: [scope.practiceId, from, to] });
    const durations = rows[0]?.durations ?? [];
    const figures = { appointments: durations.length, averageMinutes: averageSessionMinutes(durations) };
    if (version !== null) keptWeekFigures.set(key, version, figures);
    return figures;
  }

  return {
    /**
     * The dashboard: its figures and the first `upcomingLimit` upcoming appointments. The week's
     * figures and the upcoming list are answered from memory while the practice's schedule version
     * is the one they were read under; the patients and the profile are read every time.
     */
    async overview(upcomingLimit: number): Promise<{ readonly stats: DashboardStats; readonly upcoming: DashboardAppointmentRow[] }> {
      const { from, to } = weekBounds(calendarDateInZone(scope.now, scope.timeZone), scope.timeZone);
      const { rows } = await sql.query<StatsRow>({ name: 'practice-dashboard-stats', text: DASHBOARD_STATS_SQL, values: [scope.practiceId] });
      const row = rows[0];
      // Only a read-only transaction reads a committed state that may be kept (practice-transaction.ts).
      const version = sql.readOnly === true ? (row?.schedule_version ?? null) : null;
      const [week, upcoming] = await Promise.all([weekFigures(version, from, to), appointments.upcoming(upcomingLimit, version)]);
      if (!row) return { stats: { totalPatients: 0, appointmentsThisWeek: 0, averageSessionMinutes: 0, profileCompletion: 0 }, upcoming };
      return {
        stats: {
          totalPatients: Number(row.total_patients),
          appointmentsThisWeek: week.appointments,
          averageSessionMinutes: week.averageMinutes,
          profileCompletion: profileCompletion(profileForCompletion(row.profile, row.listing, row.owner_name)),
        },
        upcoming,
      };
    },
  };
}
