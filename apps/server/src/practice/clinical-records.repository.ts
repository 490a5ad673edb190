/**
 * The practice's clinical records (the portal's EHR list and the Clinical Notes screen), drafts
 * first and then newest first, always within
 * `scope.practiceId`; of one patient when asked. Reading the list leaves an audit entry: it shows
 * the records' content.
 */
import { calendarDateInZone, ehrRecordTypeOf, type CalendarDate, type EhrRecordType, type NoteAddendum, type SoapContent } from '@wellspring/domain';
import { likePattern } from '../db/like-pattern.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

export interface ClinicalRecordRow {
  readonly id: string;
  readonly recordType: EhrRecordType;
  /** The day it was written, in the practice's zone. */
  readonly recordDate: CalendarDate;
  readonly patientId: string;
  readonly patientName: string;
  readonly appointmentId: string | null;
  readonly author: string;
  readonly signed: boolean;
  readonly content: SoapContent;
  readonly addenda: readonly NoteAddendum[];
}

export interface ClinicalRecordPage {
  readonly items: readonly ClinicalRecordRow[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/**
 * $1 practice, $2 patient or null for all, $3 rows, $4 offset, $5 a pattern the patient's name
 * matches (ILIKE) or null, $6 a record type or null: a page of records with their patient and
 * addenda — unsigned drafts first ('draft' sorts before 'signed'), then newest first — and the total
 * (an InitPlan, run once). The page's ids are picked first (from `(practice_id, status,
 * written_at, id)`, or the patient's own index), so a deep page reads only its own rows' content
 * and addenda.
 */
export const CLINICAL_RECORDS_SQL = `
  WITH matching AS (
    SELECT c.id, c.status, c.written_at FROM clinical_note c
    WHERE c.practice_id = $1 AND ($2::text IS NULL OR c.patient_id = $2) AND ($6::text IS NULL OR c.type = $6)
      AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM patient q WHERE q.practice_id = $1 AND q.id = c.patient_id AND q.name ILIKE $5))
  )
  SELECT n.id, n.type, n.written_at, n.patient_id, p.name AS patient_name, n.appointment_id, n.author_name, n.status,
    n.subjective, n.objective, n.assessment, n.plan,
    coalesce((SELECT json_agg(json_build_object('id', d.id, 'text', d.text, 'author', d.author_name, 'at', d.created_at) ORDER BY d.created_at, d.id)
      FROM clinical_note_addendum d WHERE d.practice_id = n.practice_id AND d.note_id = n.id), '[]') AS addenda,
    (SELECT count(*) FROM matching) AS total
  FROM (SELECT id FROM matching ORDER BY status, written_at DESC, id DESC LIMIT $3 OFFSET $4) page
  JOIN clinical_note n ON n.practice_id = $1 AND n.id = page.id
  JOIN patient p ON p.practice_id = n.practice_id AND p.id = n.patient_id
  ORDER BY n.status, n.written_at DESC, n.id DESC`;

interface ClinicalRecordSqlRow {
  id: string;
  type: string;
  written_at: Date;
  patient_id: string;
  patient_name: string;
  appointment_id: string | null;
  author_name: string;
  status: string;
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  addenda: { id: string; text: string; author: string; at: string }[];
  total: string;
}

export function clinicalRecordsRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /**
     * A page of the practice's records (of `patientId` only, when given; of patients whose name holds
     * `search`; of one `recordType`), drafts first, then newest first.
     */
    async page(input: {
      readonly patientId: string | null;
      readonly search: string;
      readonly recordType: EhrRecordType | null;
      readonly page: number;
      readonly pageSize: number;
    }): Promise<ClinicalRecordPage> {
      const { rows } = await sql.query<ClinicalRecordSqlRow>({
        name: 'portal-clinical-records',
        text: CLINICAL_RECORDS_SQL,
        values: [scope.practiceId, input.patientId, input.pageSize, (input.page - 1) * input.pageSize, input.search === '' ? null : likePattern(input.search), input.recordType],
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          recordType: ehrRecordTypeOf(row.type),
          recordDate: calendarDateInZone(row.written_at, scope.timeZone),
          patientId: row.patient_id,
          patientName: row.patient_name,
          appointmentId: row.appointment_id,
          author: row.author_name,
          signed: row.status === 'signed',
          content: { subjective: row.subjective, objective: row.objective, assessment: row.assessment, plan: row.plan },
          addenda: row.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at).toISOString() })),
        })),
        total: Number(rows[0]?.total ?? 0),
        page: input.page,
        pageSize: input.pageSize,
      };
    },
  };
}
