/**
 * The practice repositories' one way to leave an audit entry: every read of a patient's record and
 * every write of practice data goes through here, with the scope's actor, practice, request and
 * source address (DESIGN §5, docs/decisions/0015-audit-log.md).
 */
import { recordAudit, type AuditAction } from '../audit/audit-log.ts';
import type { Database, DatabaseTransaction } from '../db/client.ts';
import type { PracticeScope } from './practice-scope.ts';

export interface AuditedRecord {
  readonly recordType: 'patient' | 'appointment' | 'clinical_note' | 'clinical_note_list' | 'payment' | 'patient_list' | 'schedule' | 'dashboard' | 'practitioner_profile' | 'profile_photo' | 'referral' | 'referral_code' | 'member_connection' | 'contact_message';
  readonly recordId: string | null;
  readonly patientId: string | null;
  readonly detail?: Record<string, string | number | boolean | null>;
}

export function auditPractice(db: Database | DatabaseTransaction, scope: PracticeScope, action: AuditAction, record: AuditedRecord): Promise<void> {
  return recordAudit(db, {
    actorUserId: scope.actor.userId,
    practiceId: scope.practiceId,
    recordType: record.recordType,
    recordId: record.recordId,
    patientId: record.patientId,
    action,
    requestId: scope.requestId,
    sourceAddress: scope.sourceAddress,
    ...(record.detail ? { detail: record.detail } : {}),
  });
}
