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
import { weekBounds } from './appointments.repository.ts';
import type { PracticeScope } from './practice-scope.ts';

/** How many upcoming appointments the dashboard lists. */
export const DASHBOARD_UPCOMING_LIMIT = 6;

/** $1 practice, [$2, $3) this week's instants: one round trip for every figure; the patients are the maintained count (record 0042). */
export const DASHBOARD_STATS_SQL = `
  SELECT
    ${summaryFigureSql('patients')} AS total_patients,
    (SELECT coalesce(array_agg(duration_minutes), '{}') FROM appointment
      WHERE practice_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status <> 'cancelled') AS week_durations,
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

interface StatsRow {
  total_patients: number;
  week_durations: number[];
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
  return {
    async stats(): Promise<DashboardStats> {
      const { from, to } = weekBounds(calendarDateInZone(scope.now, scope.timeZone), scope.timeZone);
      const { rows } = await sql.query<StatsRow>({ name: 'practice-dashboard-stats', text: DASHBOARD_STATS_SQL, values: [scope.practiceId, from, to] });
      const row = rows[0];
      if (!row) return { totalPatients: 0, appointmentsThisWeek: 0, averageSessionMinutes: 0, profileCompletion: 0 };
      return {
        totalPatients: Number(row.total_patients),
        appointmentsThisWeek: row.week_durations.length,
        averageSessionMinutes: averageSessionMinutes(row.week_durations),
        profileCompletion: profileCompletion(profileForCompletion(row.profile, row.listing, row.owner_name)),
      };
    },
  };
}
