/**
 * Audit entries for changes of practice data made outside a practice call (a practice call audits
 * itself, `practice-call-audit.ts`): a visitor's message through a profile's Contact, a referral
 * code counted when an account is created with it, a connection between two members, a patient's
 * online booking. Names the
 * practice to the transaction first (row-level security accepts an entry of that practice only), so
 * call it after the change, last in the transaction.
 */
import { recordAudit, type AuditAction } from '../audit/audit-log.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import { bindPractice } from './practice-transaction.ts';

export interface ChangeOutsideCall {
  readonly practiceId: string;
  /** The signed-in account that acted; null for a visitor. */
  readonly actorUserId: string | null;
  readonly action: AuditAction;
  readonly recordType: 'appointment' | 'contact_message' | 'member_connection' | 'referral' | 'referral_code';
  readonly recordId: string;
  /** The patient the change is about (a booking's), if any. */
  readonly patientId?: string | null;
  /** The HTTP request's id; null outside a request. */
  readonly requestId: string | null;
  readonly sourceAddress?: string | null;
}

export async function auditChangeOutsideCall(tx: DatabaseTransaction, change: ChangeOutsideCall): Promise<void> {
  await bindPractice(tx, { practiceId: change.practiceId });
  await recordAudit(tx, {
    actorUserId: change.actorUserId,
    practiceId: change.practiceId,
    recordType: change.recordType,
    recordId: change.recordId,
    patientId: change.patientId ?? null,
    action: change.action,
    requestId: change.requestId ?? '',
    sourceAddress: change.sourceAddress ?? null,
  });
}
