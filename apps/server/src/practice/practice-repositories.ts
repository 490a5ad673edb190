/**
 * Everything a practice router may read or write, bound to the caller's practice (`ctx.practice`).
 * A new practice area adds its repository here (docs/practice-area-guide.md).
 */
import { listAuditEntriesForPatient } from '../audit/audit-log.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { appointmentsRepository, portalAppointmentsRepository } from './appointments.repository.ts';
import { clinicalRecordsRepository } from './clinical-records.repository.ts';
import { contactMessagesRepository } from './contact-messages.repository.ts';
import { dashboardRepository } from './dashboard.repository.ts';
import { patientsRepository } from './patients.repository.ts';
import { paymentsRepository } from './payments.repository.ts';
import { portalDashboardRepository } from './portal-dashboard.repository.ts';
import type { PracticeScope } from './practice-scope.ts';
import { profileRepository } from './profile.repository.ts';
import { referralsRepository } from './referrals.repository.ts';

export function practiceRepositories(db: DatabaseTransaction, scope: PracticeScope) {
  return {
    patients: patientsRepository(db, scope),
    appointments: appointmentsRepository(db, scope),
    dashboard: dashboardRepository(db, scope),
    portalAppointments: portalAppointmentsRepository(db, scope),
    clinicalRecords: clinicalRecordsRepository(db, scope),
    payments: paymentsRepository(db, scope),
    portalDashboard: portalDashboardRepository(db, scope),
    profile: profileRepository(db, scope),
    referrals: referralsRepository(db, scope),
    contactMessages: contactMessagesRepository(db, scope),
    auditTrail: {
      /** A patient's access log, newest first (the audit entries of this practice only). */
      ofPatient: (query: { readonly patientId: string; readonly limit: number; readonly cursor: string | null }) =>
        listAuditEntriesForPatient(db, { practiceId: scope.practiceId, ...query }),
    },
  };
}

export type PracticeRepositories = ReturnType<typeof practiceRepositories>;
