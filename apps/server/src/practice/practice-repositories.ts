/**
 * Everything a practice router may read or write, bound to the caller's practice (`ctx.practice`).
 * A new practice area adds its repository here (docs/practice-area-guide.md).
 */
import { bookingSettingsSchema } from '@wellspring/domain';
import { listAuditEntriesForPatient } from '../audit/audit-log.ts';
import { appointmentsRepository, portalAppointmentsRepository } from './appointments.repository.ts';
import { calendarFeedRepository } from './calendar-feed.ts';
import { clinicalRecordsRepository } from './clinical-records.repository.ts';
import { contactMessagesRepository } from './contact-messages.repository.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { dashboardRepository } from './dashboard.repository.ts';
import { patientsRepository } from './patients.repository.ts';
import { paymentsRepository } from './payments.repository.ts';
import { portalDashboardRepository } from './portal-dashboard.repository.ts';
import type { PracticeScope } from './practice-scope.ts';
import type { PracticeSql } from './practice-transaction.ts';
import { practiceSettingsOf } from './practice-settings.repository.ts';
import { profileRepository } from './profile.repository.ts';
import { recordExportRepository } from './record-export.repository.ts';
import { referralsRepository } from './referrals.repository.ts';

/** `sql`: a read's `pg` transaction, or a change's Prisma transaction through `sqlOf` (practice-transaction.ts). */
export function practiceRepositories(sql: PracticeSql, scope: PracticeScope) {
  return {
    patients: patientsRepository(sql, scope),
    appointments: appointmentsRepository(sql, scope),
    dashboard: dashboardRepository(sql, scope),
    portalAppointments: portalAppointmentsRepository(sql, scope),
    clinicalRecords: clinicalRecordsRepository(sql, scope),
    payments: paymentsRepository(sql, scope),
    portalDashboard: portalDashboardRepository(sql, scope),
    profile: profileRepository(sql, scope),
    referrals: referralsRepository(sql, scope),
    contactMessages: contactMessagesRepository(sql, scope),
    calendarFeed: calendarFeedRepository(sql, scope),
    /** Billing (issue 26): invoices, and what a new one from an appointment starts with. */
    invoices: invoicesRepository(sql, scope),
    /** The superbill's and the patient's copy's reads (issue 26). */
    recordExport: recordExportRepository(sql, scope),
    /** Settings › Practice: the practice's name, time zone and currency. */
    settings: { read: () => practiceSettingsOf(sql, scope.practiceId) },
    booking: {
      /** The practice's saved online booking settings, or null before the first save. */
      async settings() {
        const { rows } = await sql.query<{ booking_settings: unknown; time_zone: string }>('SELECT booking_settings, time_zone FROM practice WHERE id = $1', [scope.practiceId]);
        const stored = rows[0]?.booking_settings;
        const parsed = stored == null ? null : bookingSettingsSchema.safeParse(stored);
        // The practice's zone is the one in force (the settings screen saves both together).
        return parsed?.success ? { ...parsed.data, timeZone: rows[0]?.time_zone ?? parsed.data.timeZone } : null;
      },
    },
    auditTrail: {
      /** A patient's access log, newest first (the audit entries of this practice only). */
      ofPatient: (query: { readonly patientId: string; readonly limit: number; readonly cursor: string | null }) =>
        listAuditEntriesForPatient(sql, { practiceId: scope.practiceId, ...query }),
    },
  };
}

export type PracticeRepositories = ReturnType<typeof practiceRepositories>;
