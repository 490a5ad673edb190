/**
 * The practice's clinical records (the portal's EHR list and the Clinical Notes screen), drafts
 * first and then newest first, always within
 * `scope.practiceId`; of one patient when asked. Reading the list leaves an audit entry: it shows
 * the records' content.
 */
import { ehrRecordTypeOf, PORTAL_PAGE_SIZE, type CalendarDate, type EhrRecordType, type NoteAddendum, type SoapContent } from '@wellspring/domain';
import { likePattern } from '../db/like-pattern.ts';
import { isInstantKey, pageCursors, pageFetch, pageWindow, type PageFetch } from './keyset-page.ts';
import { summaryFigureSql } from './practice-figures.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

interface ClinicalRecordRow {
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
  /** Where the pages before and after this one are read from (keyset paging). */
  readonly previousCursor: string | null;
  readonly nextCursor: string | null;
}

/** A note's statuses in the list's order: unsigned drafts first ('draft' sorts before 'signed'). */
const NOTE_STATUSES = ['draft', 'signed'] as const;

/** Which of the list's narrowings a request uses (each its own statement, so each plan fits it). */
export interface ClinicalRecordFilters {
  readonly patientId: string | null;
  /** An ILIKE pattern the patient's name matches. */
  readonly namePattern: string | null;
  readonly recordType: EhrRecordType | null;
}

/** The filters' conditions on `clinical_note c`, their values added by `parameter`. */
function narrowingSql(filters: ClinicalRecordFilters, parameter: (value: unknown) => string): string {
  return [
    filters.patientId === null ? '' : `AND c.patient_id = ${parameter(filters.patientId)}`,
    filters.recordType === null ? '' : `AND c.type = ${parameter(filters.recordType)}`,
    filters.namePattern === null ? '' : `AND c.patient_id IN (SELECT q.id FROM patient q WHERE q.practice_id = $1 AND q.name ILIKE ${parameter(filters.namePattern)})`,
  ].join(' ');
}

/** Every record the filters let through: the maintained figure when there are none, else a count of them. */
const totalSql = (filters: ClinicalRecordFilters, narrowing: string): string =>
  filters.patientId === null && filters.recordType === null && filters.namePattern === null
    ? summaryFigureSql('clinical_notes')
    : `(SELECT count(*)::int FROM clinical_note c WHERE c.practice_id = $1 ${narrowing})`;

/** The total alone, for a page past the end (it has no row to carry it). */
function clinicalRecordsTotalStatement(filters: ClinicalRecordFilters, practiceId: string): { text: string; values: unknown[] } {
  const values: unknown[] = [practiceId];
  const narrowing = narrowingSql(filters, (value) => {
    values.push(value);
    return `$${values.length}`;
  });
  return { text: `SELECT ${totalSql(filters, narrowing)} AS total`, values };
}

/**
 * A page of records with their patient and addenda, drafts first and then newest first, and the
 * total. The list's order (status, then written_at and id descending) mixes directions, which no
 * one index scan gives; but a status has two values, so the page is read as one branch per status,
 * each a plain range of `(practice_id, status, written_at, id)` from its boundary — at the cursor in
 * the cursor's own status, from the start of each status after it (or, for the page before, from
 * the end of each status before it) — and only the page's rows are then read with their content,
 * each by its key (a LATERAL … LIMIT 1 the planner cannot turn into a join: the prepared
 * statement's generic plan, guessing a practice's size, joined every note of the practice).
 * The day each was written in the practice's zone comes from `to_char`, as the week's times do (a
 * time-zone conversion per row in Node cost more than the statement's part of it).
 * Values: $1 practice; then the page's size unless it is the list's own, its offset past the first page or the cursor's written_at and id (pageWindow); then the filters'; then the zone.
 */
export function clinicalRecordsStatement(
  fetch: PageFetch,
  filters: ClinicalRecordFilters,
  practiceId: string,
  pageSize: number,
  timeZone: string,
): { name?: string; text: string; values: unknown[] } {
  const values: unknown[] = [practiceId];
  const parameter = (value: unknown): string => `$${values.push(value)}`;
  const { limit, offset, clause, nameKey } = pageWindow(fetch, pageSize, PORTAL_PAGE_SIZE, parameter);
  const cursorStatus = fetch.kind === 'offset' ? null : (fetch.key[0] ?? 'draft');
  const boundary = fetch.kind === 'offset' ? null : `(${parameter(fetch.key[1])}::timestamptz, ${parameter(fetch.key[2])}::text)`;
  const narrowing = narrowingSql(filters, parameter);
  const zone = parameter(timeZone);
  const cursorIndex = cursorStatus === null ? -1 : NOTE_STATUSES.indexOf(cursorStatus as (typeof NOTE_STATUSES)[number]);
  const branches = NOTE_STATUSES.flatMap((status, index) => {
    const select = `SELECT c.id, c.status, c.written_at FROM clinical_note c WHERE c.practice_id = $1 AND c.status = '${status}' ${narrowing}`;
    if (fetch.kind === 'offset') return [`(${select} ORDER BY c.written_at DESC, c.id DESC LIMIT ${offset === null ? limit : `${limit}::int + ${offset}::int`})`];
    if (fetch.kind === 'after') {
      if (index < cursorIndex) return [];
      const range = index === cursorIndex ? `AND (c.written_at, c.id) < ${boundary}` : '';
      return [`(${select} ${range} ORDER BY c.written_at DESC, c.id DESC LIMIT ${limit})`];
    }
    if (index > cursorIndex) return [];
    const range = index === cursorIndex ? `AND (c.written_at, c.id) > ${boundary}` : '';
    return [`(${select} ${range} ORDER BY c.written_at ASC, c.id ASC LIMIT ${limit})`];
  });
  const listOrder = 'status ASC, written_at DESC, id DESC';
  const pick =
    fetch.kind === 'before'
      ? `SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY status DESC, written_at ASC, id ASC LIMIT ${limit}`
      : `SELECT * FROM (${branches.join(' UNION ALL ')}) b ORDER BY ${listOrder} ${clause}`;
  const total = totalSql(filters, narrowing);
  const text = `
  SELECT n.id, n.type, n.written_at, to_char(n.written_at AT TIME ZONE ${zone}::text, 'YYYY-MM-DD') AS record_date, n.patient_id, p.name AS patient_name, n.appointment_id, n.author_name, n.status,
    n.subjective, n.objective, n.assessment, n.plan,
    coalesce((SELECT json_agg(json_build_object('id', d.id, 'text', d.text, 'author', d.author_name, 'at', d.created_at) ORDER BY d.created_at, d.id)
      FROM clinical_note_addendum d WHERE d.practice_id = n.practice_id AND d.note_id = n.id), '[]') AS addenda,
    ${total} AS total
  FROM (${pick}) page
  CROSS JOIN LATERAL (SELECT * FROM clinical_note n WHERE n.practice_id = $1 AND n.id = page.id LIMIT 1) n
  CROSS JOIN LATERAL (SELECT p.name FROM patient p WHERE p.practice_id = $1 AND p.id = n.patient_id LIMIT 1) p
  ORDER BY n.${listOrder.replace(/, /g, ', n.')}`;
  // A search by name is planned for its text each time (an unnamed statement): a generic plan
  // cannot know how many patients the pattern matches, and read every note of the practice.
  if (filters.namePattern !== null) return { text, values };
  const name = ['clinical-records', fetch.kind, nameKey, cursorStatus ?? '', filters.patientId === null ? '' : 'p', filters.recordType === null ? '' : 't'].join('-');
  return { name, text, values };
}

interface ClinicalRecordSqlRow {
  id: string;
  type: string;
  written_at: Date;
  record_date: CalendarDate;
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
  total: number;
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
      readonly cursor?: string | undefined;
    }): Promise<ClinicalRecordPage> {
      const fetch = pageFetch(input, 3, ([status, writtenAt]) => (NOTE_STATUSES as readonly (string | undefined)[]).includes(status) && isInstantKey(writtenAt));
      const filters: ClinicalRecordFilters = { patientId: input.patientId, namePattern: input.search === '' ? null : likePattern(input.search), recordType: input.recordType };
      const { rows } = await sql.query<ClinicalRecordSqlRow>(clinicalRecordsStatement(fetch, filters, scope.practiceId, input.pageSize, scope.timeZone));
      const total = rows[0] ? rows[0].total : ((await sql.query<{ total: number }>(clinicalRecordsTotalStatement(filters, scope.practiceId))).rows[0]?.total ?? 0);
      return {
        items: rows.map((row) => ({
          id: row.id,
          recordType: ehrRecordTypeOf(row.type),
          recordDate: row.record_date,
          patientId: row.patient_id,
          patientName: row.patient_name,
          appointmentId: row.appointment_id,
          author: row.author_name,
          signed: row.status === 'signed',
          content: { subjective: row.subjective, objective: row.objective, assessment: row.assessment, plan: row.plan },
          addenda: row.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at).toISOString() })),
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
        ...pageCursors(rows, (row) => [row.status, row.written_at.toISOString(), row.id]),
      };
    },
  };
}
