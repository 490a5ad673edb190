/**
 * The rows of a practice's patient list this server has read, kept under the practice's
 * `patient_list_version` (record 0042, "A page of the list, kept"). Every write that changes what a
 * row shows moves the version (migration 20261130140000), and a read answers from the kept rows only
 * after reading the version (with the directory's, in one small statement): a write through any
 * server, or by hand in SQL, is seen at the next read.
 *
 * Time changes a row without a write: its last visit and next appointment hold for a span (the
 * patient's `patient_summary` row, migration 20261130120000). Each row is kept with its span and
 * used only while the read's `now` is inside it; a row the database counted (its span had passed) is
 * not kept. Rows are kept for one zone (their days and times of day are the practice's): a new zone
 * starts them afresh. Only a read-only transaction's rows are kept: a change's may see its own
 * uncommitted rows.
 */
import type { CalendarDate } from '@wellspring/domain';
import { KeptBySchedule } from './kept-by-schedule.ts';
import type { PracticeSql } from './practice-transaction.ts';

/** A row of the list as the page statement reads it, with its visits in the practice's zone. */
export interface ListedPatient {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly dob: CalendarDate | null;
  readonly status: string;
  readonly conditions: readonly string[];
  readonly lastVisit: CalendarDate | null;
  readonly nextDate: CalendarDate | null;
  readonly nextTime: string | null;
  readonly notes: number;
}

/** A kept row and the instants (ms) between which its visits hold: [from, until). */
export interface KeptPatientRow {
  readonly row: ListedPatient;
  readonly from: number;
  readonly until: number;
}

interface KeptRows {
  readonly timeZone: string;
  readonly rows: Map<string, KeptPatientRow>;
}

/** The rows of `ids`, in that order, if every one is kept for `timeZone` and holds at `now`; else none. */
export function rowsHolding(kept: { readonly timeZone: string; readonly rows: ReadonlyMap<string, KeptPatientRow> }, timeZone: string, ids: readonly string[], now: number): ListedPatient[] | undefined {
  if (kept.timeZone !== timeZone) return undefined;
  const rows: ListedPatient[] = [];
  for (const id of ids) {
    const row = kept.rows.get(id);
    if (row === undefined || now < row.from || now >= row.until) return undefined;
    rows.push(row.row);
  }
  return rows;
}

/** At most 50,000 rows (about 0.8 KB each: 40 MB), the least recently used practice's dropped first. */
const keptRows = new KeptBySchedule<KeptRows>({ maxSize: 50_000, sizeOf: (kept) => kept.rows.size });

/** The practice's rows of `ids` as this server keeps them, with the version they were read at; none if one is missing or past its span. */
export function keptPatientRows(sql: PracticeSql, practiceId: string, timeZone: string, ids: readonly string[], now: Date): { readonly version: string; readonly rows: ListedPatient[] } | undefined {
  if (sql.readOnly !== true) return undefined;
  const kept = keptRows.latest(practiceId);
  const version = keptRows.versionOf(practiceId);
  if (kept === undefined || version === undefined) return undefined;
  const rows = rowsHolding(kept, timeZone, ids, now.getTime());
  return rows === undefined ? undefined : { version, rows };
}

/** Keeps rows a read-only read got at `version` (a newer version's rows replace all older ones; an older read's are dropped). */
export function keepPatientRows(sql: PracticeSql, practiceId: string, version: string, timeZone: string, rows: readonly KeptPatientRow[]): void {
  if (sql.readOnly !== true || rows.length === 0) return;
  const keptVersion = keptRows.versionOf(practiceId);
  const kept = keptRows.latest(practiceId);
  if (keptVersion !== undefined && BigInt(version) < BigInt(keptVersion)) return;
  const same = kept !== undefined && keptVersion === version && kept.timeZone === timeZone;
  const into: KeptRows = same ? kept : { timeZone, rows: new Map() };
  for (const row of rows) into.rows.set(row.row.id, row);
  // Set again, so the bound counts the rows added.
  keptRows.set(practiceId, version, into);
}
