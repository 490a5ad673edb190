/**
 * A practice's appointments as the schedule and the dashboard read them, always within
 * `scope.practiceId`, shown in the practice's time zone.
 */
import {
  addDays,
  appointmentStatuses,
  appointmentTiming,
  appointmentTypes,
  PORTAL_PAGE_SIZE,
  scheduleTypeLabel,
  toDashboardStatus,
  weekOf,
  zonedTimeToInstant,
  type AppointmentMode,
  type AppointmentStatus,
  type AppointmentTiming,
  type AppointmentType,
  type CalendarDate,
  type DashboardAppointmentStatus,
} from '@wellspring/domain';
import { summaryFigureSql } from './practice-figures.ts';
import { isInstantKey, keysetClauses, pageCursors, pageFetch, pageWindow, type PageFetch } from './keyset-page.ts';
import type { PracticeSql } from './practice-transaction.ts';
import type { PracticeScope } from './practice-scope.ts';
import { KeptBySchedule } from './kept-by-schedule.ts';

/** An appointment on the schedule grid or the dashboard's upcoming list. */
export interface PracticeAppointment {
  readonly id: string;
  readonly patientId: string;
  readonly patient: string;
  /** The day in the practice's zone. */
  readonly date: CalendarDate;
  /** "10:00 AM" in the practice's zone. */
  readonly time: string;
  /** Minutes. */
  readonly duration: number;
  /** The schedule dialog's label of the stored type. */
  readonly type: string;
  readonly mode: AppointmentMode;
  /** The stored status (scheduled, confirmed, completed, cancelled). */
  readonly status: string;
}

/** An appointment on the schedule grid: what the grid shows (time, patient, type) and where it links. */
type WeekAppointment = Pick<PracticeAppointment, 'id' | 'patientId' | 'patient' | 'time' | 'type'>;

/** A day of the schedule week with its appointments in time order. */
export interface WeekDay {
  readonly date: CalendarDate;
  readonly appointments: WeekAppointment[];
}

export interface DashboardAppointmentRow extends PracticeAppointment {
  readonly dashboardStatus: DashboardAppointmentStatus;
}

interface AppointmentSqlRow {
  id: string;
  patient_id: string;
  patient: string;
  duration_minutes: number;
  type: string;
  mode: string;
  status: string;
  local_date: CalendarDate;
  local_time: string;
}

/*
 * Each appointment's patient is read by its key (a LATERAL … LIMIT 1 the planner cannot turn into
 * a join): a prepared statement's generic plan, not knowing the practice's size, otherwise read
 * every patient of the practice to join a handful of appointments.
 * $4 is the practice's IANA zone: PostgreSQL gives each row its day and time of day there
 * ("2026-11-24", "9:00 AM"), so a week of a few hundred rows is not formatted row by row in Node.
 */
const APPOINTMENT_COLUMNS = `a.id, a.patient_id, p.name AS patient, a.duration_minutes, a.type, a.mode, a.status,
    to_char(a.starts_at AT TIME ZONE $4, 'YYYY-MM-DD') AS local_date, to_char(a.starts_at AT TIME ZONE $4, 'FMHH12:MI AM') AS local_time
  FROM appointment a CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p`;

/**
 * The schedule week: $1 practice, [$2, $3) the week's instants, $4 its zone. Cancelled appointments
 * are not on the grid. Only the grid's columns: a busy clinic's week is hundreds of rows, and its
 * answer's size is most of what serving it costs.
 */
export const WEEK_SQL = `SELECT a.id, a.patient_id, p.name AS patient, a.type, to_char(a.starts_at AT TIME ZONE $4, 'YYYY-MM-DD') AS local_date,
    to_char(a.starts_at AT TIME ZONE $4, 'FMHH12:MI AM') AS local_time
  FROM appointment a CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p
  WHERE a.practice_id = $1 AND a.starts_at >= $2 AND a.starts_at < $3 AND a.status <> 'cancelled'
  ORDER BY a.starts_at, a.id`;

/**
 * The dashboard's upcoming list: $1 practice, from $2 (now), $3 rows at most, $4 its zone; completed
 * ones are not upcoming. Each row's instant too: a list kept in memory drops the ones that have begun.
 */
export const UPCOMING_SQL = `SELECT a.starts_at, ${APPOINTMENT_COLUMNS}
  WHERE a.practice_id = $1 AND a.starts_at >= $2 AND a.status IN ('scheduled', 'confirmed', 'cancelled')
  ORDER BY a.starts_at, a.id
  LIMIT $3`;

/**
 * Open appointments overlapping the slot [$2, $3) of practice $1 ($4 its zone). Appointments last
 * hours at most: only those starting up to a day before the slot are looked at.
 */
const OVERLAP_SQL = `SELECT ${APPOINTMENT_COLUMNS}
  WHERE a.practice_id = $1 AND a.starts_at >= $2::timestamptz - interval '1 day' AND a.starts_at < $3
    AND a.starts_at + a.duration_minutes * interval '1 minute' > $2 AND a.status IN ('scheduled', 'confirmed')
  ORDER BY a.starts_at, a.id`;

/** Weeks answered by this server, kept while the practice's schedule version is unchanged: at most this many appointments over them all (a busy week is ~350). */
const keptWeeks = new KeptBySchedule<readonly WeekDay[]>({ maxSize: 100_000, sizeOf: (week) => week.reduce((rows, day) => rows + day.appointments.length, 1) });

type UpcomingSqlRow = AppointmentSqlRow & { readonly starts_at: Date };

/**
 * How many upcoming appointments are read at once and kept: the dashboard shows six, and as the
 * first ones begin, the next ones are already here.
 */
const UPCOMING_KEPT = 24;

interface KeptUpcoming {
  /** The instant they were read from: every open appointment from then on, up to `UPCOMING_KEPT`. */
  readonly from: number;
  readonly rows: readonly UpcomingSqlRow[];
}

/** Each practice's upcoming appointments (by practice and zone), kept while its schedule version is unchanged. */
const keptUpcoming = new KeptBySchedule<KeptUpcoming>({ maxSize: 100_000, sizeOf: (kept) => kept.rows.length });

/**
 * The first `limit` of the kept rows that start at `now` or later, if the kept rows hold them: they
 * do while enough have not begun, or when they were every upcoming appointment there was.
 */
function upcomingFromKept(kept: KeptUpcoming | undefined, now: number, limit: number): readonly UpcomingSqlRow[] | undefined {
  if (!kept || now < kept.from) return undefined;
  const later = kept.rows.filter((row) => row.starts_at.getTime() >= now);
  return later.length >= limit || kept.rows.length < UPCOMING_KEPT ? later.slice(0, limit) : undefined;
}

/** The practice's schedule version (moved by every write its week shows), or null before its first figures. */
async function scheduleVersion(sql: PracticeSql, practiceId: string): Promise<string | null> {
  const { rows } = await sql.query<{ version: string }>({
    name: 'practice-schedule-version',
    text: 'SELECT schedule_version::text AS version FROM practice_summary WHERE practice_id = $1',
    values: [practiceId],
  });
  return rows[0]?.version ?? null;
}

/** The instant a practice day starts (its midnight in the zone). */
const startOfDay = (date: CalendarDate, timeZone: string): Date => zonedTimeToInstant(date, '00:00', timeZone);

/** The instants bounding the week (Sunday first) that holds `day`, in `timeZone`. */
export function weekBounds(day: CalendarDate, timeZone: string): { days: CalendarDate[]; from: Date; to: Date } {
  const days = weekOf(day, timeZone);
  const sunday = days[0] ?? day;
  return { days, from: startOfDay(sunday, timeZone), to: startOfDay(addDays(sunday, 7), timeZone) };
}

export function appointmentsRepository(sql: PracticeSql, scope: PracticeScope) {
  const view = (row: AppointmentSqlRow): PracticeAppointment => ({
    id: row.id,
    patientId: row.patient_id,
    patient: row.patient,
    date: row.local_date,
    time: row.local_time,
    duration: row.duration_minutes,
    type: scheduleTypeLabel(row.type),
    mode: row.mode === 'virtual' ? 'virtual' : 'in-person',
    status: row.status,
  });
  const query = (text: string, values: unknown[]) => sql.query<AppointmentSqlRow>({ text, values });

  return {
    /** The seven days of the week holding `day` (Sunday first), each with its appointments (not cancelled) in time order. */
    async week(day: CalendarDate): Promise<readonly WeekDay[]> {
      const { days, from, to } = weekBounds(day, scope.timeZone);
      // The version first: a week read after it is at least as new as the version says (kept-by-schedule.ts).
      const version = sql.readOnly ? await scheduleVersion(sql, scope.practiceId) : null;
      const key = `${scope.practiceId}|${scope.timeZone}|${from.toISOString()}`;
      const kept = version === null ? undefined : keptWeeks.get(key, version);
      if (kept) return kept;
      const { rows } = await sql.query<Pick<AppointmentSqlRow, 'id' | 'patient_id' | 'patient' | 'type' | 'local_date' | 'local_time'>>({
        name: 'practice-week',
        text: WEEK_SQL,
        values: [scope.practiceId, from, to, scope.timeZone],
      });
      const week = days.map((date): WeekDay => ({ date, appointments: [] }));
      const byDate = new Map(week.map((weekDay) => [weekDay.date, weekDay.appointments]));
      for (const row of rows) {
        byDate.get(row.local_date)?.push({ id: row.id, patientId: row.patient_id, patient: row.patient, time: row.local_time, type: scheduleTypeLabel(row.type) });
      }
      if (version !== null) keptWeeks.set(key, version, week);
      return week;
    },

    /** Open appointments (scheduled or confirmed) of the practice that overlap [startsAt, startsAt + minutes). */
    async overlapping(startsAt: Date, minutes: number): Promise<PracticeAppointment[]> {
      const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
      const { rows } = await query(OVERLAP_SQL, [scope.practiceId, startsAt, endsAt, scope.timeZone]);
      return rows.map(view);
    },

    /**
     * The dashboard's upcoming list: from now on, not completed, soonest first. With the practice's
     * schedule `version` (read before, in this read-only transaction) it is answered from memory
     * while that version holds, as the week is.
     */
    async upcoming(limit: number, version: string | null): Promise<DashboardAppointmentRow[]> {
      const key = `${scope.practiceId}|${scope.timeZone}`;
      const now = scope.now.getTime();
      const keeping = version !== null && sql.readOnly === true && limit <= UPCOMING_KEPT;
      let rows = keeping ? upcomingFromKept(keptUpcoming.get(key, version), now, limit) : undefined;
      if (!rows) {
        const read = await sql.query<UpcomingSqlRow>({
          name: 'practice-upcoming',
          text: UPCOMING_SQL,
          values: [scope.practiceId, scope.now, keeping ? UPCOMING_KEPT : limit, scope.timeZone],
        });
        if (keeping) keptUpcoming.set(key, version, { from: now, rows: read.rows });
        rows = read.rows.slice(0, limit);
      }
      return rows.flatMap((row) => {
        const dashboardStatus = row.status === 'scheduled' || row.status === 'confirmed' || row.status === 'cancelled' ? toDashboardStatus(row.status) : null;
        return dashboardStatus ? [{ ...view(row), dashboardStatus }] : [];
      });
    },
  };
}

/** A row of the portal's appointment table (docs/product.md#portal-appointments). */
interface PortalAppointmentRow {
  readonly id: string;
  readonly patientId: string;
  readonly patientName: string;
  readonly patientEmail: string;
  readonly type: AppointmentType;
  /** The day and time of day in the practice's zone. */
  readonly date: CalendarDate;
  readonly time: string;
  readonly durationMinutes: number;
  readonly status: AppointmentStatus;
  /** Where an open appointment stands in time (record 0046), as the patient's record shows it too. */
  readonly timing: AppointmentTiming | null;
}

export interface PortalAppointmentPage {
  readonly items: readonly PortalAppointmentRow[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** Where the pages before and after this one are read from (keyset paging). */
  readonly previousCursor: string | null;
  readonly nextCursor: string | null;
}

/**
 * The portal's appointment table, newest first: $1 practice, $2 zone; then the page's size unless it
 * is the list's own, its offset past the first page, or the cursor's start and id (pageWindow). The page's ids are picked from the index
 * `(practice_id, starts_at, id)` alone — at the cursor, or skipping `offset` entries — and only
 * they are read with their patient, each by its key (a LATERAL … LIMIT 1: a join lets the generic
 * plan, guessing a practice's size, merge the page with every appointment of the practice). The total is the practice's maintained figure, not a count.
 */
export function portalAppointmentsStatement(fetch: PageFetch, practiceId: string, pageSize: number, timeZone: string): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [practiceId, timeZone];
  const parameter = (value: unknown): string => `$${values.push(value)}`;
  const window = pageWindow(fetch, pageSize, PORTAL_PAGE_SIZE, parameter);
  const [at, id] = fetch.kind === 'offset' ? ['', ''] : [parameter(fetch.key[0]), parameter(fetch.key[1])];
  const { condition, innerOrder, listOrder } = keysetClauses(
    fetch,
    [
      { column: 'starts_at', type: 'timestamptz', parameter: at },
      { column: 'id', type: 'text', parameter: id },
    ],
    true,
  );
  const text = `
  SELECT a.id, a.patient_id, p.name AS patient_name, p.email AS patient_email, a.type, a.duration_minutes, a.status, a.starts_at,
    to_char(a.starts_at AT TIME ZONE $2, 'YYYY-MM-DD') AS local_date, to_char(a.starts_at AT TIME ZONE $2, 'FMHH12:MI AM') AS local_time,
    ${summaryFigureSql('appointments')} AS total
  FROM (SELECT id FROM appointment WHERE practice_id = $1 ${condition} ORDER BY ${innerOrder} ${window.clause}) page
  CROSS JOIN LATERAL (SELECT * FROM appointment a WHERE a.practice_id = $1 AND a.id = page.id LIMIT 1) a
  CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p
  ORDER BY ${listOrder('a')}`;
  return { name: `portal-appointments-${fetch.kind}-${window.nameKey}`, text, values };
}

/** One appointment as the edit form reads it: $1 practice, $2 id, $3 zone. */
const PORTAL_APPOINTMENT_SQL = `
  SELECT a.id, a.patient_id, p.name AS patient_name, p.email AS patient_email, a.type, a.duration_minutes, a.status, a.notes,
    to_char(a.starts_at AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI') AS local_start
  FROM appointment a CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p
  WHERE a.practice_id = $1 AND a.id = $2`;

const asAppointmentType = (type: string): AppointmentType => ((appointmentTypes as readonly string[]).includes(type) ? (type as AppointmentType) : 'consultation');
export const asAppointmentStatus = (status: string): AppointmentStatus =>
  (appointmentStatuses as readonly string[]).includes(status) ? (status as AppointmentStatus) : 'scheduled';

/** The portal's reads of appointments, within `scope.practiceId`. */
export function portalAppointmentsRepository(sql: PracticeSql, scope: PracticeScope) {
  return {
    /** A page of the practice's appointments, newest first: by its number, or at a cursor of the page next to it. */
    async page(input: { readonly page: number; readonly pageSize: number; readonly cursor?: string | undefined }): Promise<PortalAppointmentPage> {
      const fetch = pageFetch(input, 2, ([startsAt]) => isInstantKey(startsAt));
      const { rows } = await sql.query<{
        id: string;
        patient_id: string;
        patient_name: string;
        patient_email: string;
        type: string;
        duration_minutes: number;
        status: string;
        starts_at: Date;
        local_date: CalendarDate;
        local_time: string;
        total: number;
      }>(portalAppointmentsStatement(fetch, scope.practiceId, input.pageSize, scope.timeZone));
      const total = rows[0] ? rows[0].total : Number((await sql.query<{ total: number }>(`SELECT ${summaryFigureSql('appointments')} AS total`, [scope.practiceId])).rows[0]?.total ?? 0);
      return {
        items: rows.map((row) => ({
          id: row.id,
          patientId: row.patient_id,
          patientName: row.patient_name,
          patientEmail: row.patient_email,
          type: asAppointmentType(row.type),
          date: row.local_date,
          time: row.local_time,
          durationMinutes: row.duration_minutes,
          status: asAppointmentStatus(row.status),
          timing: appointmentTiming({ status: asAppointmentStatus(row.status), startsAt: row.starts_at, durationMinutes: row.duration_minutes }, scope.now),
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
        ...pageCursors(rows, (row) => [row.starts_at.toISOString(), row.id]),
      };
    },

    /** The appointment `id` as the edit form shows it, or null when it is not one of the practice's. */
    async forEdit(id: string) {
      const { rows } = await sql.query<{
        id: string;
        patient_id: string;
        patient_name: string;
        patient_email: string;
        type: string;
        duration_minutes: number;
        status: string;
        notes: string;
        local_start: string;
      }>({ name: 'portal-appointment', text: PORTAL_APPOINTMENT_SQL, values: [scope.practiceId, id, scope.timeZone] });
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        patientId: row.patient_id,
        status: asAppointmentStatus(row.status),
        form: {
          patientName: row.patient_name,
          patientEmail: row.patient_email,
          appointmentType: asAppointmentType(row.type),
          date: row.local_start,
          // Any duration, the schedule's 45 too: the edit form keeps it unless another is picked.
          duration: String(row.duration_minutes),
          notes: row.notes,
        },
      };
    },

    /** The visit's billing codes (issue 26), for the visit codes dialog; null when not the practice's. */
    async codes(id: string): Promise<{ id: string; patientId: string; patientName: string; status: AppointmentStatus; cptCodes: string[]; icd10Codes: string[] } | null> {
      const { rows } = await sql.query<{ id: string; patient_id: string; patient_name: string; status: string; cpt_codes: string[]; icd10_codes: string[] }>(
        `SELECT a.id, a.patient_id, p.name AS patient_name, a.status, a.cpt_codes, a.icd10_codes
         FROM appointment a CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p
         WHERE a.practice_id = $1 AND a.id = $2`,
        [scope.practiceId, id],
      );
      const row = rows[0];
      return row
        ? { id: row.id, patientId: row.patient_id, patientName: row.patient_name, status: asAppointmentStatus(row.status), cptCodes: row.cpt_codes, icd10Codes: row.icd10_codes }
        : null;
    },

    /** Whether `id` is one of the practice's appointments, with its patient. */
    async find(id: string): Promise<{ id: string; patientId: string; patientName: string } | null> {
      const { rows } = await sql.query<{ id: string; patient_id: string; patient_name: string }>(
        `SELECT a.id, a.patient_id, p.name AS patient_name FROM appointment a CROSS JOIN LATERAL (SELECT p.name, p.email FROM patient p WHERE p.practice_id = a.practice_id AND p.id = a.patient_id LIMIT 1) p
         WHERE a.practice_id = $1 AND a.id = $2`,
        [scope.practiceId, id],
      );
      const row = rows[0];
      return row ? { id: row.id, patientId: row.patient_id, patientName: row.patient_name } : null;
    },
  };
}
