/**
 * The provider dashboard's figures (SPEC §2, §9), computed from the practice's own data in its
 * time zone: total patients, appointments this week (Sunday to Saturday, cancelled ones left out)
 * and their average length, and how complete the practitioner's profile is.
 */
import {
  addDays,
  averageSessionMinutes,
  calendarDateInZone,
  practitionerProfileDefaults,
  practitionerProfileSchema,
  profileCompletion,
  weekOf,
  type DashboardStats,
  type PractitionerProfile,
} from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import { startOfDay } from './appointments.repository.ts';
import type { PracticeScope } from './practice-scope.ts';

/**
 * The profile the completion is computed from: the one the practice keeps (the profile editor's),
 * else its directory listing, else just the account's name.
 */
function profileForCompletion(stored: unknown, listing: PractitionerProfile | null, accountName: string): PractitionerProfile {
  const parsed = practitionerProfileSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  return listing ?? { ...practitionerProfileDefaults, yearsExperience: 0, name: accountName };
}

export function dashboardRepository(db: Database, scope: PracticeScope) {
  return {
    async stats(): Promise<DashboardStats> {
      const today = calendarDateInZone(scope.now, scope.timeZone);
      const [sunday] = weekOf(today, scope.timeZone);
      const weekStart = startOfDay(sunday ?? today, scope.timeZone);
      const weekEnd = startOfDay(addDays(sunday ?? today, 7), scope.timeZone);
      const [totalPatients, week, practice] = await Promise.all([
        db.patient.count({ where: { practiceId: scope.practiceId } }),
        db.appointment.findMany({
          where: { practiceId: scope.practiceId, startsAt: { gte: weekStart, lt: weekEnd }, status: { not: 'cancelled' } },
          select: { durationMinutes: true },
        }),
        db.practice.findUniqueOrThrow({
          where: { id: scope.practiceId },
          select: {
            profile: true,
            owner: { select: { name: true } },
            practitioner: {
              select: {
                name: true, location: true, shortBio: true, about: true, yearsExperience: true, acceptsInsurance: true, specialties: true,
                certifications: true, education: true, treatmentApproaches: true, profileImage: true,
              },
            },
          },
        }),
      ]);
      const listing = practice.practitioner ? ({ ...practice.practitioner } as PractitionerProfile) : null;
      const durations = week.map((appointment) => appointment.durationMinutes);
      return {
        totalPatients,
        appointmentsThisWeek: durations.length,
        averageSessionMinutes: averageSessionMinutes(durations),
        profileCompletion: profileCompletion(profileForCompletion(practice.profile, listing, practice.owner.name)),
      };
    },
  };
}
