/**
 * What the patient's copy of their record and the superbill are made of (issue 26), besides the
 * patient as the record screen reads them (`patients.detail`), read within `scope.practiceId`: the
 * practice as the documents name it, the patient's visits and signed notes (a draft is not part of
 * the record yet), and the paid visits of a range. The documents are drawn in `records/`.
 */
import { currencies, paymentStatuses, practitionerProfileSchema, type CalendarDate, type Currency, type PatientDetail, type PaymentStatus, type SuperbillVisit } from '@wellspring/domain';
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

/** The patient's whole record: the patient as the record screen reads them (health record included), every visit, the signed notes. */
export interface ExportRecord {
  readonly patient: PatientDetail;
  readonly visits: readonly ExportVisit[];
  readonly notes: readonly ExportNote[];
}

/** $1 practice. */
const PRACTICE_HEADER_SQL = `
  SELECT pr.name, pr.profile, pr.time_zone, u.name AS owner_name
  FROM practice pr JOIN app_user u ON u.id = pr.owner_user_id
  WHERE pr.id = $1`;

/** $1 practice, $2 patient: the patient's appointments, oldest first. */
const VISITS_SQL = `
  SELECT a.id, a.starts_at, a.duration_minutes, a.type, a.mode, a.status, a.cpt_codes, a.icd10_codes
  FROM appointment a WHERE a.practice_id = $1 AND a.patient_id = $2
  ORDER BY a.starts_at, a.id`;

/** $1 practice, $2 patient: the patient's signed notes, oldest first, with their addenda (a draft is not part of the record yet). */
const SIGNED_NOTES_SQL = `
  SELECT n.id, n.appointment_id, n.type, n.title, n.author_name, n.written_at, n.signed_at, n.subjective, n.objective, n.assessment, n.plan,
    coalesce((SELECT json_agg(json_build_object('id', d.id, 'text', d.text, 'author', d.author_name, 'at', d.created_at) ORDER BY d.created_at, d.id)
      FROM clinical_note_addendum d WHERE d.practice_id = $1 AND d.note_id = n.id), '[]') AS addenda
  FROM clinical_note n WHERE n.practice_id = $1 AND n.patient_id = $2 AND n.status = 'signed'
  ORDER BY n.written_at, n.id`;

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

    /** Every visit of `patientId` (the caller checked the patient is the practice's), oldest first. */
    async visits(patientId: string): Promise<ExportVisit[]> {
      const { rows } = await sql.query<{ id: string; starts_at: Date; duration_minutes: number; type: string; mode: string; status: string; cpt_codes: string[]; icd10_codes: string[] }>(
        VISITS_SQL,
        [scope.practiceId, patientId],
      );
      return rows.map((row) => ({
        id: row.id,
        startsAt: row.starts_at,
        durationMinutes: row.duration_minutes,
        type: row.type,
        mode: row.mode,
        status: row.status,
        cptCodes: row.cpt_codes,
        icd10Codes: row.icd10_codes,
      }));
    },

    /** The signed notes of `patientId`, oldest first, with their addenda. */
    async signedNotes(patientId: string): Promise<ExportNote[]> {
      const { rows } = await sql.query<{
        id: string;
        appointment_id: string | null;
        type: string;
        title: string;
        author_name: string;
        written_at: Date;
        signed_at: Date | null;
        subjective: string;
        objective: string;
        assessment: string;
        plan: string;
        addenda: { id: string; text: string; author: string; at: string }[];
      }>(SIGNED_NOTES_SQL, [scope.practiceId, patientId]);
      return rows.map((row) => ({
        id: row.id,
        appointmentId: row.appointment_id,
        type: row.type,
        title: row.title,
        authorName: row.author_name,
        writtenAt: row.written_at,
        signedAt: row.signed_at,
        sections: { subjective: row.subjective, objective: row.objective, assessment: row.assessment, plan: row.plan },
        addenda: row.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at) })),
      }));
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
