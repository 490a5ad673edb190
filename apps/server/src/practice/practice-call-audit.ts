/**
 * Audit by construction (docs/architecture.md#audit, docs/decisions/0015-audit-log.md): every call of a practice
 * procedure leaves exactly one audit entry — who, which practice, what was done to which record,
 * the request — written by `practitionerProcedure` in the call's own transaction from the rule
 * below. A handler never audits. A practice procedure without a rule here fails at its first call
 * (and `practice-audit.int.test.ts` calls every one of them). No entry ever holds record content:
 * only ids, taken from the call's input or answer, or looked up by id inside the transaction.
 */
import { recordAudit, type AuditAction, type AuditEntryInput } from '../audit/audit-log.ts';
import type { DatabaseTransaction } from '../db/client.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

type AuditRecordType =
  | 'appointment'
  | 'appointment_list'
  | 'booking_settings'
  | 'calendar_feed'
  | 'clinical_note'
  | 'clinical_note_list'
  | 'contact_message'
  | 'contact_message_list'
  | 'dashboard'
  | 'invoice'
  | 'invoice_list'
  | 'patient'
  | 'patient_access_log'
  | 'patient_list'
  | 'patient_record'
  | 'payment'
  | 'payment_list'
  | 'practice_settings'
  | 'practitioner_profile'
  | 'profile_photo'
  | 'referral'
  | 'referral_code'
  | 'referral_code_list'
  | 'referral_list'
  | 'schedule'
  | 'superbill';

/** Where an id comes from: a string field of the call's input or of its answer. */
type IdSource = { readonly from: 'input' | 'output'; readonly field: string };
/** A patient id read, by the record's id, from the record's own row before the call changes it. */
type PatientOfRecord = { readonly patientOf: 'appointment' | 'payment' | 'clinical_note' | 'invoice'; readonly id: IdSource };

export interface PracticeCallAuditRule {
  readonly action: AuditAction;
  readonly recordType: AuditRecordType;
  readonly recordId?: IdSource;
  readonly patientId?: IdSource | PatientOfRecord;
}

const input = (field: string): IdSource => ({ from: 'input', field });
const output = (field: string): IdSource => ({ from: 'output', field });
const patientOf = (table: PatientOfRecord['patientOf']): PatientOfRecord => ({ patientOf: table, id: input('id') });

/** The Express route that stores a profile photo: a practice call too. */
export const PROFILE_PHOTO_UPLOAD = 'POST /api/profile-photo';

/** Every practice procedure (and practice route), by its path. */
export const PRACTICE_CALL_AUDIT: Readonly<Record<string, PracticeCallAuditRule>> = {
  [PROFILE_PHOTO_UPLOAD]: { action: 'create', recordType: 'profile_photo', recordId: output('id') },
  'appointments.list': { action: 'list', recordType: 'appointment_list' },
  'appointments.byId': { action: 'read', recordType: 'appointment', recordId: input('id'), patientId: output('patientId') },
  'appointments.create': { action: 'create', recordType: 'appointment', recordId: output('id'), patientId: output('patientId') },
  'appointments.update': { action: 'update', recordType: 'appointment', recordId: input('id'), patientId: output('patientId') },
  'appointments.confirm': { action: 'update', recordType: 'appointment', recordId: input('id'), patientId: patientOf('appointment') },
  'appointments.complete': { action: 'update', recordType: 'appointment', recordId: input('id'), patientId: patientOf('appointment') },
  'appointments.cancel': { action: 'update', recordType: 'appointment', recordId: input('id'), patientId: patientOf('appointment') },
  'appointments.delete': { action: 'delete', recordType: 'appointment', recordId: input('id'), patientId: patientOf('appointment') },
  'appointments.codes': { action: 'read', recordType: 'appointment', recordId: input('id'), patientId: output('patientId') },
  'appointments.setCodes': { action: 'update', recordType: 'appointment', recordId: input('id'), patientId: patientOf('appointment') },
  'booking.settings': { action: 'read', recordType: 'booking_settings' },
  'booking.saveSettings': { action: 'update', recordType: 'booking_settings' },
  'practiceSettings.get': { action: 'read', recordType: 'practice_settings' },
  'practiceSettings.save': { action: 'update', recordType: 'practice_settings' },
  'practiceSettings.current': { action: 'read', recordType: 'practice_settings' },
  'calendarFeed.status': { action: 'read', recordType: 'calendar_feed' },
  'calendarFeed.enable': { action: 'update', recordType: 'calendar_feed' },
  'calendarFeed.regenerate': { action: 'update', recordType: 'calendar_feed' },
  'calendarFeed.disable': { action: 'update', recordType: 'calendar_feed' },
  'calendarFeed.setShowsNames': { action: 'update', recordType: 'calendar_feed' },
  'clinicalRecords.list': { action: 'list', recordType: 'clinical_note_list', patientId: input('patientId') },
  'clinicalRecords.create': { action: 'create', recordType: 'clinical_note', recordId: output('id'), patientId: output('patientId') },
  'clinicalRecords.saveDraft': { action: 'update', recordType: 'clinical_note', recordId: input('id'), patientId: patientOf('clinical_note') },
  'clinicalRecords.sign': { action: 'sign', recordType: 'clinical_note', recordId: input('id'), patientId: patientOf('clinical_note') },
  'clinicalRecords.addAddendum': { action: 'amend', recordType: 'clinical_note', recordId: input('id'), patientId: patientOf('clinical_note') },
  'contactMessages.list': { action: 'list', recordType: 'contact_message_list' },
  'contactMessages.markRead': { action: 'update', recordType: 'contact_message', recordId: input('id') },
  'dashboard.overview': { action: 'read', recordType: 'dashboard' },
  'patients.list': { action: 'list', recordType: 'patient_list' },
  'patients.possibleDuplicates': { action: 'list', recordType: 'patient_list' },
  'patients.create': { action: 'create', recordType: 'patient', recordId: output('id'), patientId: output('id') },
  'patients.update': { action: 'update', recordType: 'patient', recordId: input('id'), patientId: input('id') },
  'patients.updateHealthRecord': { action: 'update', recordType: 'patient', recordId: input('id'), patientId: input('id') },
  'patients.setArchived': { action: 'update', recordType: 'patient', recordId: input('id'), patientId: input('id') },
  'patients.byId': { action: 'read', recordType: 'patient', recordId: input('id'), patientId: input('id') },
  'patients.auditTrail': { action: 'read', recordType: 'patient_access_log', recordId: input('id'), patientId: input('id') },
  'payments.list': { action: 'list', recordType: 'payment_list' },
  'payments.create': { action: 'create', recordType: 'payment', recordId: output('id'), patientId: output('patientId') },
  'payments.refund': { action: 'update', recordType: 'payment', recordId: input('id'), patientId: patientOf('payment') },
  'portalDashboard.overview': { action: 'read', recordType: 'dashboard' },
  'profile.mine': { action: 'read', recordType: 'practitioner_profile' },
  'profile.save': { action: 'update', recordType: 'practitioner_profile', recordId: output('practitionerId') },
  'referralCodes.list': { action: 'list', recordType: 'referral_code_list' },
  'referralCodes.create': { action: 'create', recordType: 'referral_code', recordId: output('id') },
  'referralCodes.activate': { action: 'update', recordType: 'referral_code', recordId: input('id') },
  'referralCodes.deactivate': { action: 'update', recordType: 'referral_code', recordId: input('id') },
  'referralCodes.delete': { action: 'delete', recordType: 'referral_code', recordId: input('id') },
  'referrals.list': { action: 'list', recordType: 'referral_list' },
  'referrals.create': { action: 'create', recordType: 'referral', recordId: output('id') },
  'referrals.resend': { action: 'update', recordType: 'referral', recordId: input('id') },
  'referrals.cancel': { action: 'update', recordType: 'referral', recordId: input('id') },
  'referrals.accept': { action: 'update', recordType: 'referral', recordId: input('id') },
  'referrals.decline': { action: 'update', recordType: 'referral', recordId: input('id') },
  // Issue 26: each export is audited (ids only, never the document).
  'records.superbill': { action: 'export', recordType: 'superbill', recordId: input('patientId'), patientId: input('patientId') },
  'records.fhirBundle': { action: 'export', recordType: 'patient_record', recordId: input('id'), patientId: input('id') },
  'records.recordPdf': { action: 'export', recordType: 'patient_record', recordId: input('id'), patientId: input('id') },
  'schedule.week': { action: 'read', recordType: 'schedule' },
  'schedule.patientOptions': { action: 'list', recordType: 'patient_list' },
  'schedule.overlaps': { action: 'read', recordType: 'schedule' },
  // Billing (issue 26).
  'invoices.list': { action: 'list', recordType: 'invoice_list' },
  'invoices.byId': { action: 'read', recordType: 'invoice', recordId: input('id'), patientId: output('patientId') },
  'invoices.pdf': { action: 'read', recordType: 'invoice', recordId: input('id'), patientId: output('patientId') },
  'invoices.create': { action: 'create', recordType: 'invoice', recordId: output('id'), patientId: output('patientId') },
  'invoices.save': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
  'invoices.issue': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
  'invoices.send': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
  'invoices.recordPayment': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
  'invoices.markPaid': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
  'invoices.void': { action: 'update', recordType: 'invoice', recordId: input('id'), patientId: patientOf('invoice') },
};

/** The rule of the practice procedure `path`; a procedure without one is a programming error. */
export function practiceCallAuditRule(path: string): PracticeCallAuditRule {
  const rule = PRACTICE_CALL_AUDIT[path];
  if (!rule) throw new Error(`practice procedure "${path}" has no audit rule in practice/practice-call-audit.ts`);
  return rule;
}

const idIn = (value: unknown, field: string): string | null => {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as Record<string, unknown>)[field];
  return typeof id === 'string' && id !== '' ? id : null;
};

/** What the rule needs before the handler runs: the patient of a record the call may change or delete. */
export interface AuditTarget {
  readonly input: unknown;
  readonly patientIdBefore: string | null;
}

const PATIENT_OF_SQL: Record<PatientOfRecord['patientOf'], string> = {
  appointment: 'SELECT patient_id FROM appointment WHERE id = $1',
  payment: 'SELECT coalesce(p.patient_id, a.patient_id) AS patient_id FROM payment p LEFT JOIN appointment a ON a.practice_id = p.practice_id AND a.id = p.appointment_id WHERE p.id = $1',
  clinical_note: 'SELECT patient_id FROM clinical_note WHERE id = $1',
  invoice: 'SELECT patient_id FROM invoice WHERE id = $1',
};

export async function resolveAuditTarget(sql: PracticeSql, rule: PracticeCallAuditRule, callInput: unknown): Promise<AuditTarget> {
  const source = rule.patientId;
  if (!source || !('patientOf' in source)) return { input: callInput, patientIdBefore: null };
  const id = idIn(callInput, source.id.field);
  // PostgreSQL text holds no NUL: such an id names no record (the handler answers NOT_FOUND).
  if (id === null || id.includes('\u0000')) return { input: callInput, patientIdBefore: null };
  // Row-level security already limits this to the call's practice.
  const { rows } = await sql.query<{ patient_id: string | null }>(PATIENT_OF_SQL[source.patientOf], [id]);
  const row = rows[0];
  return { input: callInput, patientIdBefore: row?.patient_id ?? null };
}

/** The call's one entry. */
export function practiceCallAuditEntry(scope: PracticeScope, rule: PracticeCallAuditRule, target: AuditTarget, answer: unknown): AuditEntryInput {
  const pick = (source: IdSource | undefined): string | null => (source ? idIn(source.from === 'input' ? target.input : answer, source.field) : null);
  const patientSource = rule.patientId;
  const patientId = patientSource && 'patientOf' in patientSource ? target.patientIdBefore : pick(patientSource);
  return {
    actorUserId: scope.actor.userId,
    practiceId: scope.practiceId,
    recordType: rule.recordType,
    recordId: pick(rule.recordId),
    patientId,
    action: rule.action,
    requestId: scope.requestId,
    sourceAddress: scope.sourceAddress,
  };
}

/** A change's entry, in the change's own transaction: a rolled-back change leaves none. */
export function auditPracticeCall(tx: DatabaseTransaction, scope: PracticeScope, rule: PracticeCallAuditRule, target: AuditTarget, answer: unknown): Promise<void> {
  return recordAudit(tx, practiceCallAuditEntry(scope, rule, target, answer));
}
