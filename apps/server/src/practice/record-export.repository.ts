/**
 * What the patient's copy of their record and the superbill are made of (issue 26), read within
 * `scope.practiceId`: the practice as the documents name it, one patient's whole record (signed
 * notes only: a draft is not part of the record yet), and the patient's paid visits of a range.
 * The documents themselves are drawn in `records/`.
 */
import {
  allergySchema,
  currencies,
  medicationSchema,
  paymentStatuses,
  practitionerProfileSchema,
  type Allergy,
  type CalendarDate,
  type Currency,
  type Medication,
  type PaymentStatus,
  type SuperbillVisit,
} from '@wellspring/domain';
import type { PracticeScope } from './practice-scope.ts';
import type { PracticeSql } from './practice-transaction.ts';

/** The practice as a document's header names it. */
export interface PracticeHeader {
  /** The practice's own name, else the practitioner's. */
  readonly name: string;
  readonly practitionerName: string;
  /** The billing address from the profile, else its location ("Portland, OR"), else empty. */
  readonly address: string;
  readonly npi: string;
  readonly taxId: string;
  readonly timeZone: string;
}

export interface ExportPatient {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly dob: CalendarDate | null;
  readonly address: string;
  readonly emergency: { readonly name: string; readonly relationship: string; readonly phone: string };
  readonly insurance: { readonly provider: string; readonly policyNumber: string; readonly group: string };
  readonly conditions: readonly string[];
  readonly status: string;
}

export interface ExportVisit {
  readonly id: string;
  readonly startsAt: Date;
  readonly durationMinutes: number;
  /** The domain's appointment type ("follow_up") and status ("completed"). */
  readonly type: string;
  readonly mode: string;
  readonly status: string;
  readonly cptCodes: readonly string[];
  readonly icd10Codes: readonly string[];
}

export interface ExportNote {
  readonly id: string;
  readonly appointmentId: string | null;
  readonly type: string;
  readonly title: string;
  readonly authorName: string;
  readonly writtenAt: Date;
  readonly signedAt: Date | null;
  readonly sections: { readonly subjective: string; readonly objective: string; readonly assessment: string; readonly plan: string };
  readonly addenda: readonly { readonly id: string; readonly text: string; readonly author: string; readonly at: Date }[];
}

export interface ExportRecord {
  readonly patient: ExportPatient;
  readonly visits: readonly ExportVisit[];
  readonly notes: readonly ExportNote[];
  readonly allergies: readonly Allergy[];
  readonly medications: readonly Medication[];
}

/** $1 practice. */
const PRACTICE_HEADER_SQL = `
  SELECT pr.name, pr.profile, pr.time_zone, u.name AS owner_name
  FROM practice pr JOIN app_user u ON u.id = pr.owner_user_id
  WHERE pr.id = $1`;

const PATIENT_COLUMNS = `p.id, p.name, p.email, p.phone, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, p.address,
    p.emergency_name, p.emergency_relationship, p.emergency_phone, p.insurance_provider, p.insurance_policy_number, p.insurance_group,
    p.conditions, p.status`;

/** $1 practice, $2 patient: the patient alone (the superbill's). */
const PATIENT_SQL = `SELECT ${PATIENT_COLUMNS} FROM patient p WHERE p.practice_id = $1 AND p.id = $2`;

/** $1 practice, $2 patient: the patient, every appointment (oldest first), signed notes with their addenda, allergies and medications. */
const RECORD_SQL = `
  SELECT ${PATIENT_COLUMNS},
    coalesce((SELECT json_agg(json_build_object('id', a.id, 'startsAt', a.starts_at, 'durationMinutes', a.duration_minutes, 'type', a.type, 'mode', a.mode,
        'status', a.status, 'cptCodes', a.cpt_codes, 'icd10Codes', a.icd10_codes) ORDER BY a.starts_at, a.id)
      FROM appointment a WHERE a.practice_id = $1 AND a.patient_id = p.id), '[]') AS visits,
    coalesce((SELECT json_agg(json_build_object('id', n.id, 'appointmentId', n.appointment_id, 'type', n.type, 'title', n.title, 'authorName', n.author_name,
        'writtenAt', n.written_at, 'signedAt', n.signed_at,
        'subjective', n.subjective, 'objective', n.objective, 'assessment', n.assessment, 'plan', n.plan,
        'addenda', coalesce((SELECT json_agg(json_build_object('id', d.id, 'text', d.text, 'author', d.author_name, 'at', d.created_at) ORDER BY d.created_at, d.id)
          FROM clinical_note_addendum d WHERE d.practice_id = $1 AND d.note_id = n.id), '[]')) ORDER BY n.written_at, n.id)
      FROM clinical_note n WHERE n.practice_id = $1 AND n.patient_id = p.id AND n.status = 'signed'), '[]') AS notes,
    coalesce((SELECT json_agg(json_build_object('kind', h.kind, 'details', h.details) ORDER BY h.kind, h.position)
      FROM health_record_item h WHERE h.practice_id = $1 AND h.patient_id = p.id AND h.kind IN ('allergy', 'medication')), '[]') AS health_record
  FROM patient p
  WHERE p.practice_id = $1 AND p.id = $2`;

/**
 * $1 practice, $2 patient, $3 zone, $4 first day, $5 last day: the patient's visits (not cancelled)
 * whose day in the practice's zone is in the range and that have a completed payment, with every
 * payment of each.
 */
const SUPERBILL_VISITS_SQL = `
  SELECT a.id, to_char(a.starts_at AT TIME ZONE $3, 'YYYY-MM-DD') AS local_date, a.cpt_codes, a.icd10_codes,
    json_agg(json_build_object('amountMinor', pm.amount_minor::text, 'currency', pm.currency, 'status', pm.status) ORDER BY pm.created_at, pm.id) AS payments
  FROM appointment a
  JOIN payment pm ON pm.practice_id = a.practice_id AND pm.appointment_id = a.id
  WHERE a.practice_id = $1 AND a.patient_id = $2 AND a.status <> 'cancelled'
    AND a.starts_at >= ($4::date::timestamp AT TIME ZONE $3) AND a.starts_at < (($5::date + 1)::timestamp AT TIME ZONE $3)
  GROUP BY a.id
  HAVING bool_or(pm.status = 'completed')
  ORDER BY min(a.starts_at), a.id`;

interface PatientSqlRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  dob: string | null;
  address: string;
  emergency_name: string;
  emergency_relationship: string;
  emergency_phone: string;
  insurance_provider: string;
  insurance_policy_number: string;
  insurance_group: string;
  conditions: string[] | null;
  status: string;
}

const patientOf = (row: PatientSqlRow): ExportPatient => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  dob: row.dob,
  address: row.address,
  emergency: { name: row.emergency_name, relationship: row.emergency_relationship, phone: row.emergency_phone },
  insurance: { provider: row.insurance_provider, policyNumber: row.insurance_policy_number, group: row.insurance_group },
  conditions: row.conditions ?? [],
  status: row.status,
});

interface RecordSqlRow extends PatientSqlRow {
  visits: { id: string; startsAt: string; durationMinutes: number; type: string; mode: string; status: string; cptCodes: string[]; icd10Codes: string[] }[];
  notes: {
    id: string;
    appointmentId: string | null;
    type: string;
    title: string;
    authorName: string;
    writtenAt: string;
    signedAt: string | null;
    subjective: string;
    objective: string;
    assessment: string;
    plan: string;
    addenda: { id: string; text: string; author: string; at: string }[];
  }[];
  health_record: { kind: string; details: unknown }[];
}

const member = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function recordExportRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    async practiceHeader(): Promise<PracticeHeader> {
      const { rows } = await sql.query<{ name: string; profile: unknown; time_zone: string; owner_name: string }>(PRACTICE_HEADER_SQL, [scope.practiceId]);
      const row = rows[0];
      const parsed = row?.profile == null ? null : practitionerProfileSchema.safeParse(row.profile);
      const profile = parsed?.success ? parsed.data : null;
      const practitionerName = profile?.name || row?.owner_name || scope.actor.name;
      return {
        name: row?.name.trim() || practitionerName,
        practitionerName,
        address: profile?.billingAddress || profile?.location || '',
        npi: profile?.npi ?? '',
        taxId: profile?.taxId ?? '',
        timeZone: row?.time_zone ?? scope.timeZone,
      };
    },

    /** The patient alone, or null when `patientId` is not one of the practice's patients. */
    async patient(patientId: string): Promise<ExportPatient | null> {
      const { rows } = await sql.query<PatientSqlRow>(PATIENT_SQL, [scope.practiceId, patientId]);
      return rows[0] ? patientOf(rows[0]) : null;
    },

    /** The patient's whole record, or null when `patientId` is not one of the practice's patients. */
    async record(patientId: string): Promise<ExportRecord | null> {
      const { rows } = await sql.query<RecordSqlRow>({ name: 'record-export', text: RECORD_SQL, values: [scope.practiceId, patientId] });
      const row = rows[0];
      if (!row) return null;
      const items = (kind: string) => row.health_record.filter((item) => item.kind === kind).map((item) => item.details);
      return {
        patient: patientOf(row),
        visits: row.visits.map((visit) => ({ ...visit, startsAt: new Date(visit.startsAt) })),
        notes: row.notes.map((note) => ({
          id: note.id,
          appointmentId: note.appointmentId,
          type: note.type,
          title: note.title,
          authorName: note.authorName,
          writtenAt: new Date(note.writtenAt),
          signedAt: note.signedAt === null ? null : new Date(note.signedAt),
          sections: { subjective: note.subjective, objective: note.objective, assessment: note.assessment, plan: note.plan },
          addenda: note.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at) })),
        })),
        allergies: items('allergy').flatMap((details) => {
          const parsed = allergySchema.safeParse(details);
          return parsed.success ? [parsed.data] : [];
        }),
        medications: items('medication').flatMap((details) => {
          const parsed = medicationSchema.safeParse(details);
          return parsed.success ? [parsed.data] : [];
        }),
      };
    },

    /** The patient's paid visits whose day of service is from `from` to `to` (the practice's zone). */
    async superbillVisits(patientId: string, from: CalendarDate, to: CalendarDate): Promise<SuperbillVisit[]> {
      const { rows } = await sql.query<{ id: string; local_date: string; cpt_codes: string[]; icd10_codes: string[]; payments: { amountMinor: string; currency: string; status: string }[] }>({
        name: 'superbill-visits',
        text: SUPERBILL_VISITS_SQL,
        values: [scope.practiceId, patientId, scope.timeZone, from, to],
      });
      return rows.map((row) => ({
        id: row.id,
        date: row.local_date,
        cptCodes: row.cpt_codes,
        icd10Codes: row.icd10_codes,
        payments: row.payments.map((payment) => ({
          amountMinor: Number(payment.amountMinor),
          currency: member<Currency>(currencies, payment.currency, 'usd'),
          status: member<PaymentStatus>(paymentStatuses, payment.status, 'pending'),
        })),
      }));
    },
  };
}
