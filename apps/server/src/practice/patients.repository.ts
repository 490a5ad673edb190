/**
 * A practice's patients: the list with its search (docs/product.md#patients) and the full record of one patient,
 * always within `scope.practiceId`. Reading a record leaves an audit entry.
 */
import {
  allergySchema,
  appointmentTiming,
  calendarDateInZone,
  detailAppointmentTypeLabel,
  ehrRecordTypeLabel,
  ehrRecordTypeOf,
  familyHistoryItemSchema,
  lifestyleSchema,
  medicalHistoryItemSchema,
  medicationSchema,
  nextAppointmentTextOn,
  patientStatuses,
  relativeLastVisit,
  type CalendarDate,
  type PatientDetail,
  type PatientListRow,
  type PatientStatus,
} from '@wellspring/domain';
import type { z } from 'zod';
import { asAppointmentStatus } from './appointments.repository.ts';
import { pageCursors, pageFetch, type PageFetch } from './keyset-page.ts';
import { directoryVersionSql, freshDirectory, matchingRanks, patientDirectory, type PatientDirectory } from './patient-directory.ts';
import { keepPatientRows, keptPatientRows, type ListedPatient } from './patient-list-rows.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';

export interface PatientPage {
  readonly items: readonly PatientListRow[];
  /** Every match, over all pages. */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** Where the pages before and after this one are read from (keyset paging). */
  readonly previousCursor: string | null;
  readonly nextCursor: string | null;
}

interface PatientListSqlRow extends ListVersions {
  id: string;
  name: string;
  email: string;
  phone: string;
  dob: CalendarDate | null;
  status: string;
  conditions: string[] | null;
  /** The last visit's and the next appointment's day and time of day in the practice's zone. */
  last_visit: CalendarDate | null;
  next_date: CalendarDate | null;
  next_time: string | null;
  notes: number;
  /** Whether the visits are the kept ones, and the instants (ms; null: unbounded) between which they hold. */
  kept: boolean;
  kept_from: number | null;
  kept_until: number | null;
}

/** `%`, `_` and `\` matched literally inside ILIKE. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The practice's ($1) patient list version, as text; 0 before its summary row is made. */
const listVersionSql = '(SELECT coalesce((SELECT s.patient_list_version FROM practice_summary s WHERE s.practice_id = $1), 0)::text)';

/**
 * The page of the patient list whose patients the directory picked (patient-directory.ts), in that
 * order, read by id: each patient's row, last visit, next appointment (their day and time of day in
 * the practice's zone, from `to_char` as the week's) and note count, and with every row the versions
 * of the directory and of the list the page's rows belong to. Values: $1 practice, $2 now, $3 the
 * practice's zone, $4 the page's ids in list order. One statement for every page and search:
 * prepared once per connection, planned once. A server keeps the rows (patient-list-rows.ts) with
 * the span their visits hold for.
 *
 * The visits and the note count come from the patient's `patient_summary` row, kept by the writes
 * (migration 20261130120000): its visits hold from the last visit until `visits_change_at`. A read
 * outside that span (an appointment began since, and nothing has recounted the row yet) counts the
 * patient's appointments instead, as every read did before.
 */
export const PATIENT_PAGE_SQL = `
  SELECT ${directoryVersionSql} AS directory_version, ${listVersionSql} AS list_version,
    p.id, p.name, p.email, p.phone, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, p.status, p.conditions,
    to_char(v.last_at AT TIME ZONE $3::text, 'YYYY-MM-DD') AS last_visit,
    to_char(v.next_at AT TIME ZONE $3::text, 'YYYY-MM-DD') AS next_date,
    to_char(v.next_at AT TIME ZONE $3::text, 'FMHH12:MI AM') AS next_time,
    coalesce(s.clinical_notes, 0) AS notes,
    k.kept, (extract(epoch FROM s.last_visit_at) * 1000)::float8 AS kept_from, (extract(epoch FROM s.visits_change_at) * 1000)::float8 AS kept_until
  FROM unnest($4::text[]) WITH ORDINALITY AS i(id, position)
  CROSS JOIN LATERAL (SELECT * FROM patient p WHERE p.practice_id = $1 AND p.id = i.id LIMIT 1) p
  LEFT JOIN patient_summary s ON s.practice_id = $1 AND s.patient_id = p.id
  CROSS JOIN LATERAL (SELECT $2::timestamptz >= coalesce(s.last_visit_at, '-infinity') AND $2::timestamptz < coalesce(s.visits_change_at, 'infinity') AS kept) k
  CROSS JOIN LATERAL (SELECT
      CASE WHEN k.kept THEN s.last_visit_at ELSE (SELECT max(a.starts_at) FROM appointment a
        WHERE a.practice_id = $1 AND a.patient_id = p.id AND a.starts_at <= $2 AND a.status <> 'cancelled') END AS last_at,
      CASE WHEN k.kept THEN s.next_visit_at ELSE (SELECT min(a.starts_at) FROM appointment a
        WHERE a.practice_id = $1 AND a.patient_id = p.id AND a.starts_at > $2 AND a.status IN ('scheduled', 'confirmed')) END AS next_at) v
  ORDER BY i.position`;

/** The patient directory's and the patient list's versions (patient-directory.ts, patient-list-rows.ts), as a row was read at. */
interface ListVersions {
  directory_version: string;
  list_version: string;
}

/** $1 practice: both versions a page answered from kept rows checks (the directory's and the list's). */
const PATIENT_LIST_VERSIONS_SQL = `SELECT ${directoryVersionSql} AS directory_version, ${listVersionSql} AS list_version`;

/** A row of the page as the list keeps it. */
const listedPatient = (row: PatientListSqlRow): ListedPatient => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  dob: row.dob,
  status: row.status,
  conditions: row.conditions ?? [],
  lastVisit: row.last_visit,
  nextDate: row.next_date,
  nextTime: row.next_time,
  notes: row.notes,
});

/** The ranks (in list order) of the page `fetch` asks for among `ranks`, the matches in list order. */
function pageOfRanks(directory: PatientDirectory, ranks: readonly number[], fetch: PageFetch, pageSize: number): readonly number[] {
  if (fetch.kind === 'offset') return ranks.slice(fetch.offset, fetch.offset + pageSize);
  // The cursor holds the boundary patient's id only, never their name (it travels in addresses). A
  // patient no longer there bounds no page.
  const boundary = directory.rankOf.get(fetch.key[0] ?? '');
  if (boundary === undefined) return [];
  if (fetch.kind === 'after') {
    const first = firstIndexAbove(ranks, boundary);
    return ranks.slice(first, first + pageSize);
  }
  const end = firstIndexAbove(ranks, boundary - 1);
  return ranks.slice(Math.max(0, end - pageSize), end);
}

/** The index of the first of `ranks` (ascending) above `rank`. */
function firstIndexAbove(ranks: readonly number[], rank: number): number {
  let low = 0;
  let high = ranks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ranks[middle] ?? Infinity) > rank) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A read whose rows are newer than the directory reads the directory anew, at most this often. */
const DIRECTORY_RETRIES = 2;

/**
 * $1 practice, $2 the typed text escaped for LIKE ('' for all), $3 how many: the schedule dialog's
 * choices, whose name or e-mail holds the text in any case, by name.
 */
const PATIENT_OPTIONS_SQL = `
  SELECT id, name FROM patient
  WHERE practice_id = $1 AND ($2::text = '' OR name ILIKE '%' || $2::text || '%' OR email ILIKE '%' || $2::text || '%')
  ORDER BY name, id
  LIMIT $3`;

/** $1 practice, $2 patient id. */
const PATIENT_FIND_SQL = 'SELECT id, name FROM patient WHERE practice_id = $1 AND id = $2';

/**
 * $1 practice, $2 patient id, $3 the practice's zone: the patient with its health record, appointments
 * (not cancelled, newest first), notes (drafts first, then newest first) and the practitioner's name,
 * in one round trip. Each appointment's day and time of day and each note's day in the zone come from
 * `to_char`, as the week's do: two time-zone conversions per appointment in Node cost more than the
 * whole statement.
 */
export const PATIENT_DETAIL_SQL = `
  SELECT p.id, p.name, p.email, p.phone, p.date_of_birth, p.address, p.emergency_name, p.emergency_relationship, p.emergency_phone,
    p.insurance_provider, p.insurance_policy_number, p.insurance_group, p.conditions, p.lifestyle, p.status,
    u.name AS provider,
    coalesce((SELECT json_agg(json_build_object('kind', h.kind, 'details', h.details) ORDER BY h.kind, h.position)
      FROM health_record_item h WHERE h.practice_id = $1 AND h.patient_id = p.id), '[]') AS health_record,
    coalesce((SELECT json_agg(json_build_object('id', a.id, 'startsAt', a.starts_at, 'date', to_char(a.starts_at AT TIME ZONE $3::text, 'YYYY-MM-DD'),
          'time', to_char(a.starts_at AT TIME ZONE $3::text, 'FMHH12:MI AM'), 'durationMinutes', a.duration_minutes, 'type', a.type, 'status', a.status)
        ORDER BY a.starts_at DESC, a.id)
      FROM appointment a WHERE a.practice_id = $1 AND a.patient_id = p.id AND a.status <> 'cancelled'), '[]') AS appointments,
    coalesce((SELECT json_agg(json_build_object('id', n.id, 'date', to_char(n.written_at AT TIME ZONE $3::text, 'YYYY-MM-DD'), 'type', n.type, 'status', n.status, 'title', n.title, 'authorName', n.author_name,
          'subjective', n.subjective, 'objective', n.objective, 'assessment', n.assessment, 'plan', n.plan,
          'addenda', coalesce((SELECT json_agg(json_build_object('id', d.id, 'text', d.text, 'author', d.author_name, 'at', d.created_at) ORDER BY d.created_at, d.id)
            FROM clinical_note_addendum d WHERE d.practice_id = $1 AND d.note_id = n.id), '[]'))
        ORDER BY n.status, n.written_at DESC, n.id)
      FROM clinical_note n WHERE n.practice_id = $1 AND n.patient_id = p.id), '[]') AS notes
  FROM patient p
  JOIN practice pr ON pr.id = p.practice_id
  JOIN app_user u ON u.id = pr.owner_user_id
  WHERE p.practice_id = $1 AND p.id = $2`;

interface PatientDetailSqlRow {
  id: string;
  name: string;
  status: string;
  email: string;
  phone: string;
  date_of_birth: Date | null;
  address: string;
  emergency_name: string;
  emergency_relationship: string;
  emergency_phone: string;
  insurance_provider: string;
  insurance_policy_number: string;
  insurance_group: string;
  conditions: string[] | null;
  lifestyle: unknown;
  provider: string;
  health_record: { kind: string; details: unknown }[];
  appointments: { id: string; startsAt: string; date: CalendarDate; time: string; durationMinutes: number; type: string; status: string }[];
  notes: {
    id: string;
    date: CalendarDate;
    type: string;
    status: string;
    title: string;
    authorName: string;
    subjective: string;
    objective: string;
    assessment: string;
    plan: string;
    addenda: { id: string; text: string; author: string; at: string }[];
  }[];
}

const asStatus = (status: string): PatientStatus => ((patientStatuses as readonly string[]).includes(status) ? (status as PatientStatus) : 'inactive');
const dateOnly = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

/** Items of one kind, read back through the domain's schema; an item that no longer fits is left out. */
function itemsOf<T>(items: readonly { kind: string; details: unknown }[], kind: string, schema: z.ZodType<T>): T[] {
  return items.filter((item) => item.kind === kind).flatMap((item) => {
    const parsed = schema.safeParse(item.details);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A patient the form warns about: why (the same e-mail, else the same name and date of birth) and who. */
export interface PossibleDuplicate {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly dob: CalendarDate | null;
  readonly status: PatientStatus;
  readonly sameEmail: boolean;
}

export function patientsRepository(sql: PracticeSql, scope: PracticeScope) {
  /** The practice's directory and list versions, read alone. */
  const listVersions = async (): Promise<ListVersions | undefined> =>
    (await sql.query<ListVersions>({ name: 'practice-patient-list-versions', text: PATIENT_LIST_VERSIONS_SQL, values: [scope.practiceId] })).rows[0];
  return {
    /** A page of the patient list, searched in the database (docs/product.md#patients). */
    async search(input: { readonly query: string; readonly page: number; readonly pageSize: number; readonly cursor?: string | undefined }): Promise<PatientPage> {
      const query = input.query.trim();
      const fetch = pageFetch(input, 1, () => true);
      let directory = await patientDirectory(sql, scope.practiceId);
      let matches: readonly number[];
      let rows: readonly ListedPatient[];
      for (let retries = 0; ; retries += 1) {
        matches = matchingRanks(directory, query);
        const ids = pageOfRanks(directory, matches, fetch, input.pageSize).flatMap((rank) => directory.ids[rank] ?? []);
        // Kept rows answer if both versions still are the ones they and the directory were read at.
        const kept = keptPatientRows(sql, scope.practiceId, scope.timeZone, ids, scope.now);
        if (kept) {
          const versions = await listVersions();
          if (versions?.list_version === kept.version && versions.directory_version === directory.version) {
            rows = kept.rows;
            break;
          }
        }
        const read = (await sql.query<PatientListSqlRow>({ name: 'practice-patient-page', text: PATIENT_PAGE_SQL, values: [scope.practiceId, scope.now, scope.timeZone, ids] })).rows;
        rows = read.map(listedPatient);
        // The rows' versions; an empty page (or one whose patients are all gone) asks for them alone.
        const versions = read[0] ?? (await listVersions());
        if (versions !== undefined) {
          // A row the database counted (its span had passed) is not kept.
          keepPatientRows(sql, scope.practiceId, versions.list_version, scope.timeZone, read.flatMap((row, index) => {
            const listed = rows[index];
            return row.kept && listed ? [{ row: listed, from: row.kept_from ?? -Infinity, until: row.kept_until ?? Infinity }] : [];
          }));
        }
        if (versions?.directory_version === directory.version || retries === DIRECTORY_RETRIES) break;
        directory = await freshDirectory(sql, scope.practiceId);
      }
      // Here, not when the repository is made: every practice call makes every repository.
      const today = calendarDateInZone(scope.now, scope.timeZone);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          dob: row.dob,
          lastVisit: relativeLastVisit(row.lastVisit, today),
          nextAppointment: nextAppointmentTextOn(row.nextDate !== null && row.nextTime !== null ? { day: row.nextDate, time: row.nextTime } : null, today),
          status: asStatus(row.status),
          conditions: [...row.conditions],
          notes: row.notes,
        })),
        total: matches.length,
        page: input.page,
        pageSize: input.pageSize,
        ...pageCursors(rows, (row) => [row.id]),
      };
    },

    /** Patients to choose from (the schedule dialog): id and name, by name, at most `limit`. */
    async options(query: string, limit = 20): Promise<{ id: string; name: string }[]> {
      const text = query.trim();
      const { rows } = await sql.query<{ id: string; name: string }>({ name: 'practice-patient-options', text: PATIENT_OPTIONS_SQL, values: [scope.practiceId, likeLiteral(text), limit] });
      return rows;
    },

    /** The patient `id` if it is one of the practice's (the resource loader's check), else null. */
    async find(id: string): Promise<{ id: string; name: string } | null> {
      const { rows } = await sql.query<{ id: string; name: string }>({ name: 'practice-patient-find', text: PATIENT_FIND_SQL, values: [scope.practiceId, id] });
      return rows[0] ?? null;
    },

    /** One patient's whole record, or null when `id` is not one of the practice's patients. */
    async detail(id: string): Promise<PatientDetail | null> {
      const { rows } = await sql.query<PatientDetailSqlRow>({ name: 'practice-patient-detail', text: PATIENT_DETAIL_SQL, values: [scope.practiceId, id, scope.timeZone] });
      const patient = rows[0];
      if (!patient) return null;
      const lifestyle = lifestyleSchema.safeParse(patient.lifestyle);
      return {
        id: patient.id,
        name: patient.name,
        email: patient.email,
        phone: patient.phone,
        dob: patient.date_of_birth ? dateOnly(patient.date_of_birth) : null,
        address: patient.address,
        emergency: { name: patient.emergency_name, relationship: patient.emergency_relationship, phone: patient.emergency_phone },
        insurance: { provider: patient.insurance_provider, policyNumber: patient.insurance_policy_number, group: patient.insurance_group },
        conditions: patient.conditions ?? [],
        status: asStatus(patient.status),
        notes: patient.notes.map((note) => ({
          id: note.id,
          date: note.date,
          title: note.title,
          type: ehrRecordTypeLabel(note.type),
          recordType: ehrRecordTypeOf(note.type),
          signed: note.status === 'signed',
          provider: note.authorName,
          content: { subjective: note.subjective, objective: note.objective, assessment: note.assessment, plan: note.plan },
          addenda: note.addenda.map((addendum) => ({ ...addendum, at: new Date(addendum.at).toISOString() })),
        })),
        appointments: patient.appointments.map((appointment) => ({
          id: appointment.id,
          date: appointment.date,
          time: appointment.time,
          duration: `${appointment.durationMinutes} min`,
          type: detailAppointmentTypeLabel(appointment.type),
          provider: patient.provider,
          // The machine's status, never one guessed from the clock; the clock gives only the cue (record 0046).
          status: asAppointmentStatus(appointment.status),
          timing: appointmentTiming({ status: asAppointmentStatus(appointment.status), startsAt: appointment.startsAt, durationMinutes: appointment.durationMinutes }, scope.now),
        })),
        allergies: itemsOf(patient.health_record, 'allergy', allergySchema),
        medications: itemsOf(patient.health_record, 'medication', medicationSchema),
        medicalHistory: itemsOf(patient.health_record, 'medical_history', medicalHistoryItemSchema),
        familyHistory: itemsOf(patient.health_record, 'family_history', familyHistoryItemSchema),
        lifestyle: lifestyle.success ? lifestyle.data : null,
      };
    },

    /**
     * Patients who may be the one being added or edited (the form's warning): the same e-mail (any
     * case), or the same name (any case) and date of birth; never `excludeId` itself. At most 5.
     */
    async possibleDuplicates(query: { readonly name: string; readonly email: string; readonly dateOfBirth: string; readonly excludeId: string }): Promise<PossibleDuplicate[]> {
      if (query.email === '' && (query.name === '' || query.dateOfBirth === '')) return [];
      const { rows } = await sql.query<{ id: string; name: string; email: string; date_of_birth: Date | null; status: string }>(
        `SELECT id, name, email, date_of_birth, status FROM patient
          WHERE practice_id = $1 AND id <> $5
            AND (($2 <> '' AND lower(email) = lower($2)) OR ($3 <> '' AND $4 <> '' AND lower(name) = lower($3) AND date_of_birth = $4::date))
          ORDER BY created_at, id LIMIT 5`,
        [scope.practiceId, query.email, query.name, query.dateOfBirth === '' ? null : query.dateOfBirth, query.excludeId],
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        dob: row.date_of_birth ? dateOnly(row.date_of_birth) : null,
        status: asStatus(row.status),
        sameEmail: query.email !== '' && row.email.toLowerCase() === query.email.toLowerCase(),
      }));
    },

    /**
     * The practice's patient with this e-mail (any case), or null (the portal appointment form links
     * an existing patient by e-mail, docs/product.md#portal-appointments, and registers a new one otherwise).
     */
    async findByEmail(email: string): Promise<{ id: string; name: string } | null> {
      const { rows } = await sql.query<{ id: string; name: string }>(
        'SELECT id, name FROM patient WHERE practice_id = $1 AND lower(email) = lower($2) ORDER BY created_at, id LIMIT 1',
        [scope.practiceId, email],
      );
      return rows[0] ?? null;
    },

  };
}
