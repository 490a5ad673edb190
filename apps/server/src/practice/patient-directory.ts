/**
 * A practice's patients as the patient list matches and orders them (docs/product.md#patients):
 * id, name, e-mail and phone, in the list's order (name, then id, as PostgreSQL collates them), kept
 * in the server's memory under the practice's `patient_directory_version` (record 0042, "The patient
 * directory"). Matching a search text then reads nothing from the database: the page's patients
 * alone are read, by id (patients.repository.ts). Every write that changes what the search matches
 * or the order it lists in moves the version (migration 20261130100000), and the page's statement
 * reads the version with its rows, so a directory older than the rows is never used: the page is
 * read again on a directory loaded anew.
 *
 * Matching, as the list always has: a substring of the name or the e-mail in any case, of the phone
 * as typed. Each patient's name and e-mail are kept folded to lower case, their phone as typed,
 * with a trigram index of each. A text of three characters or more takes the patients holding its
 * rarest trigram and checks each with `includes`; a shorter one checks every patient (a tenth of a
 * millisecond for 10,000). PostgreSQL took a millisecond or more through its trigram indexes.
 */
import { KeptBySchedule } from './kept-by-schedule.ts';
import type { PracticeSql } from './practice-transaction.ts';

export interface PatientDirectory {
  /** The practice's `patient_directory_version` the directory was read at. */
  readonly version: string;
  /** Every patient's id, in list order: a patient's rank is its index here. */
  readonly ids: readonly string[];
  readonly rankOf: ReadonlyMap<string, number>;
  /** Each patient's name and e-mail in lower case, between a NUL (no PostgreSQL text holds one, so no match spans both). */
  readonly folded: PatientTexts;
  /** Each patient's phone as typed. */
  readonly phones: PatientTexts;
}

/** A text per patient (by rank) and, for every three characters in a row found in them, the ranks (ascending) of the texts holding them. */
interface PatientTexts {
  readonly parts: readonly string[];
  readonly ranks: ReadonlyMap<number, Int32Array>;
}

const SEPARATOR = '\u0000';

export interface DirectoryRow {
  version: string;
  id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** The practice's ($1) directory version, as text; 0 before its summary row is made. */
export const directoryVersionSql = '(SELECT coalesce((SELECT s.patient_directory_version FROM practice_summary s WHERE s.practice_id = $1), 0)::text)';

/** The version with every patient, in one statement (one snapshot); a practice without patients gives one row of nulls. */
const DIRECTORY_SQL = `
  SELECT ${directoryVersionSql} AS version,
    p.id, p.name, p.email, p.phone
  FROM (SELECT 1) one LEFT JOIN patient p ON p.practice_id = $1
  ORDER BY p.name, p.id`;

/** A directory of `rows` in list order (exported for its unit test). */
export function directoryOf(rows: readonly DirectoryRow[]): PatientDirectory {
  const patients = rows.filter((row): row is DirectoryRow & { id: string } => row.id !== null);
  const ids = patients.map((row) => row.id);
  return {
    version: rows[0]?.version ?? '0',
    ids,
    rankOf: new Map(ids.map((id, rank) => [id, rank])),
    folded: textsOf(patients.map((row) => `${(row.name ?? '').toLowerCase()}${SEPARATOR}${(row.email ?? '').toLowerCase()}`)),
    phones: textsOf(patients.map((row) => row.phone ?? '')),
  };
}

/** Three UTF-16 code units as one number (each is below 2¹⁶, so the key is below 2⁴⁸: exact in a double). */
const trigramAt = (text: string, at: number): number => text.charCodeAt(at) * 4_294_967_296 + text.charCodeAt(at + 1) * 65_536 + text.charCodeAt(at + 2);

function textsOf(parts: readonly string[]): PatientTexts {
  const lists = new Map<number, number[]>();
  parts.forEach((part, rank) => {
    for (let at = 0; at + 3 <= part.length; at += 1) {
      const key = trigramAt(part, at);
      const list = lists.get(key);
      if (list === undefined) lists.set(key, [rank]);
      // A patient once per trigram, however often their text holds it.
      else if (list[list.length - 1] !== rank) list.push(rank);
    }
  });
  return { parts, ranks: new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)])) };
}

/**
 * The ranks (ascending) of the patients whose text holds `needle`: for three characters or more,
 * those of the needle's trigram held by fewest patients, each checked against its own text; for
 * fewer, every patient checked.
 */
function ranksHolding(texts: PatientTexts, needle: string): number[] {
  let candidates: Iterable<number> = texts.parts.keys();
  let fewest = Infinity;
  for (let at = 0; at + 3 <= needle.length; at += 1) {
    const ranks = texts.ranks.get(trigramAt(needle, at));
    if (ranks === undefined) return [];
    if (ranks.length < fewest) {
      candidates = ranks;
      fewest = ranks.length;
    }
  }
  const holding: number[] = [];
  for (const rank of candidates) if (texts.parts[rank]?.includes(needle) === true) holding.push(rank);
  return holding;
}

/** Two ascending lists of ranks as one, each rank once. */
function union(left: readonly number[], right: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const a = left[i] ?? Infinity;
    const b = right[j] ?? Infinity;
    merged.push(Math.min(a, b));
    if (a <= b) i += 1;
    if (b <= a) j += 1;
  }
  return merged;
}

/**
 * The ranks, in list order, of the patients `query` finds: every patient for an empty query, else
 * those whose name or e-mail holds it in any case or whose phone holds it as typed.
 */
export function matchingRanks(directory: PatientDirectory, query: string): readonly number[] {
  if (query === '') return directory.ids.map((_, rank) => rank);
  // No PostgreSQL text holds a NUL, so no patient's does.
  if (query.includes(SEPARATOR)) return [];
  return union(ranksHolding(directory.folded, query.toLowerCase()), ranksHolding(directory.phones, query));
}

/** At most 100,000 patients' directories (about 30 MB with their trigram indexes), the least recently used dropped first. */
const keptDirectories = new KeptBySchedule<PatientDirectory>({ maxSize: 100_000, sizeOf: (directory) => directory.ids.length });
/** Loads in flight, by practice: requests that find no current directory at once share one load. */
const loading = new Map<string, Promise<PatientDirectory>>();

async function loadDirectory(sql: PracticeSql, practiceId: string): Promise<PatientDirectory> {
  const { rows } = await sql.query<DirectoryRow>({ name: 'practice-patient-directory', text: DIRECTORY_SQL, values: [practiceId] });
  return directoryOf(rows);
}

/**
 * The directory this server keeps for the practice, whatever its version: the caller checks it
 * against the version its page's rows were read at. None kept yet, or in a change's transaction
 * (which may see its own uncommitted patients): read now (`freshDirectory`).
 */
export function patientDirectory(sql: PracticeSql, practiceId: string): PatientDirectory | Promise<PatientDirectory> {
  return (sql.readOnly === true ? keptDirectories.latest(practiceId) : undefined) ?? freshDirectory(sql, practiceId);
}

/**
 * The practice's directory read anew, and kept (a read's only). Reads that find theirs out of date
 * at once share one load; each then checks the version of its own rows as before.
 */
export function freshDirectory(sql: PracticeSql, practiceId: string): Promise<PatientDirectory> {
  if (sql.readOnly !== true) return loadDirectory(sql, practiceId);
  const inFlight = loading.get(practiceId);
  // Another read's load failed with its transaction: this read loads in its own.
  if (inFlight) return inFlight.catch(() => loadDirectory(sql, practiceId));
  const load = loadDirectory(sql, practiceId)
    .then((directory) => {
      // Versions only grow: a load that finishes after a newer one's keeps the newer.
      const kept = keptDirectories.versionOf(practiceId);
      if (kept === undefined || BigInt(kept) <= BigInt(directory.version)) keptDirectories.set(practiceId, directory.version, directory);
      return directory;
    })
    .finally(() => loading.delete(practiceId));
  loading.set(practiceId, load);
  return load;
}
