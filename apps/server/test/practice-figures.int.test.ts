/**
 * Issue 27: the figures the dashboards and list totals read are kept by the writes that change them
 * (record 0042) — after any sequence of creates, status changes, moves, refunds and deletes they
 * equal a recount — and the lists page by cursor, returning every row exactly once while rows are
 * inserted between pages.
 */
import { randomUUID } from 'node:crypto';
import { mulberry32, pick, randomInt, type Random } from '@wellspring/domain/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_PAGE_SIZE, PORTAL_PAGE_SIZE } from '@wellspring/domain';
import { paymentsStatement } from '../src/practice/payments.repository.ts';
import { refreshPatientVisits } from '../src/practice/practice-figures.ts';
import { inPractice } from '../src/practice/practice-transaction.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addNote, addPatient, addPayment, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const DAY_MS = 86_400_000;

/** A draft note ($1 id, $2 practice, $3 patient), written by hand as the owner: a signed one could not be moved. */
const draftNoteSql = "INSERT INTO clinical_note (id, practice_id, patient_id, type, title, author_name, status, written_at) VALUES ($1, $2, $3, 'soap', 'Draft', 'Dr. Author', 'draft', now())";

interface Figures {
  patients: number;
  patientsWithAppointments: number;
  appointments: number;
  clinicalNotes: number;
  payments: number;
  revenue: Record<string, number>;
  openByDay: Record<string, number>;
  /** Each patient's appointments, notes, last visit and next appointment (ISO instants, null for none), by id. */
  patientFigures: Record<string, PatientFigures>;
}

interface PatientFigures {
  appointments: number;
  notes: number;
  lastVisit: string | null;
  nextVisit: string | null;
}

/** A patient's visits counted from their appointments at `at` (the database's now() when null), as the list shows them. */
const VISITS_AT_SQL = `
  (SELECT max(a.starts_at) FROM appointment a WHERE a.practice_id = p.practice_id AND a.patient_id = p.id AND a.starts_at <= coalesce($2, now()) AND a.status <> 'cancelled') AS last_visit,
  (SELECT min(a.starts_at) FROM appointment a WHERE a.practice_id = p.practice_id AND a.patient_id = p.id AND a.starts_at > coalesce($2, now()) AND a.status IN ('scheduled', 'confirmed')) AS next_visit`;

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** The figures as the triggers keep them. */
async function maintained(practiceId: string): Promise<Figures> {
  const [summary] = await database.query<{ patients: number; patients_with_appointments: number; appointments: number; clinical_notes: number; payments: number }>(
    'SELECT patients, patients_with_appointments, appointments, clinical_notes, payments FROM practice_summary WHERE practice_id = $1',
    [practiceId],
  );
  const revenue = await database.query<{ currency: string; minor: string }>("SELECT currency, completed_minor::text AS minor FROM practice_revenue WHERE practice_id = $1 AND completed_minor <> 0", [practiceId]);
  const open = await database.query<{ day: string; n: number }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, open_appointments AS n FROM practice_open_day WHERE practice_id = $1 AND open_appointments <> 0", [practiceId]);
  // Each patient's row as kept: its visits must hold now (the span from the last visit to the next change holds now()).
  const kept = await database.query<{ id: string; appointments: number; notes: number; last_visit_at: Date | null; next_visit_at: Date | null; holds: boolean }>(
    `SELECT p.id, coalesce(s.appointments, 0) AS appointments, coalesce(s.clinical_notes, 0) AS notes, s.last_visit_at, s.next_visit_at,
       now() >= coalesce(s.last_visit_at, '-infinity') AND now() < coalesce(s.visits_change_at, 'infinity') AS holds
     FROM patient p LEFT JOIN patient_summary s ON s.practice_id = p.practice_id AND s.patient_id = p.id WHERE p.practice_id = $1`,
    [practiceId],
  );
  return {
    patients: summary?.patients ?? 0,
    patientsWithAppointments: summary?.patients_with_appointments ?? 0,
    appointments: summary?.appointments ?? 0,
    clinicalNotes: summary?.clinical_notes ?? 0,
    payments: summary?.payments ?? 0,
    revenue: Object.fromEntries(revenue.map((row) => [row.currency, Number(row.minor)])),
    openByDay: Object.fromEntries(open.map((row) => [row.day, row.n])),
    patientFigures: Object.fromEntries(
      kept.map((row) => [row.id, { appointments: row.appointments, notes: row.notes, lastVisit: row.holds ? iso(row.last_visit_at) : 'span passed', nextVisit: row.holds ? iso(row.next_visit_at) : 'span passed' }]),
    ),
  };
}

/** Each patient's figures counted from their appointments and notes, the visits at `at` (now() when null). */
async function recountedPatients(practiceId: string, at: Date | null = null): Promise<Record<string, PatientFigures>> {
  const rows = await database.query<{ id: string; appointments: number; notes: number; last_visit: Date | null; next_visit: Date | null }>(
    `SELECT p.id,
       (SELECT count(*)::int FROM appointment a WHERE a.practice_id = p.practice_id AND a.patient_id = p.id) AS appointments,
       (SELECT count(*)::int FROM clinical_note n WHERE n.practice_id = p.practice_id AND n.patient_id = p.id) AS notes,
       ${VISITS_AT_SQL}
     FROM patient p WHERE p.practice_id = $1`,
    [practiceId, at],
  );
  return Object.fromEntries(rows.map((row) => [row.id, { appointments: row.appointments, notes: row.notes, lastVisit: iso(row.last_visit), nextVisit: iso(row.next_visit) }]));
}

/** The same figures counted from the rows themselves. */
async function recounted(practiceId: string): Promise<Figures> {
  const [counts] = await database.query<{ patients: number; with_appointments: number; appointments: number; notes: number; payments: number }>(
    `SELECT (SELECT count(*)::int FROM patient WHERE practice_id = $1) AS patients,
       (SELECT count(DISTINCT patient_id)::int FROM appointment WHERE practice_id = $1) AS with_appointments,
       (SELECT count(*)::int FROM appointment WHERE practice_id = $1) AS appointments,
       (SELECT count(*)::int FROM clinical_note WHERE practice_id = $1) AS notes,
       (SELECT count(*)::int FROM payment WHERE practice_id = $1) AS payments`,
    [practiceId],
  );
  const revenue = await database.query<{ currency: string; minor: string }>(
    "SELECT currency, sum(amount_minor)::text AS minor FROM payment WHERE practice_id = $1 AND status = 'completed' GROUP BY currency HAVING sum(amount_minor) <> 0",
    [practiceId],
  );
  const open = await database.query<{ day: string; n: number }>(
    "SELECT to_char((starts_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM appointment WHERE practice_id = $1 AND status IN ('scheduled', 'confirmed') GROUP BY 1",
    [practiceId],
  );
  return {
    patients: counts?.patients ?? 0,
    patientsWithAppointments: counts?.with_appointments ?? 0,
    appointments: counts?.appointments ?? 0,
    clinicalNotes: counts?.notes ?? 0,
    payments: counts?.payments ?? 0,
    revenue: Object.fromEntries(revenue.map((row) => [row.currency, Number(row.minor)])),
    openByDay: Object.fromEntries(open.map((row) => [row.day, row.n])),
    patientFigures: await recountedPatients(practiceId),
  };
}

const statuses = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;

/** One random write of the practice, as the app role under row-level security (the server's own connection). */
async function randomWrite(practice: TestPractitioner, random: Random, now: Date): Promise<void> {
  const { practiceId } = practice;
  const ids = async (table: string) => (await database.query<{ id: string }>(`SELECT id FROM ${table} WHERE practice_id = $1 ORDER BY id`, [practiceId])).map((row) => row.id);
  const inThePractice = (sql: string, values: unknown[]) => inPractice(database.db, { practiceId }, (tx) => tx.$executeRawUnsafe(sql, ...values));
  const patients = await ids('patient');
  const roll = randomInt(random, 0, 11);
  if (patients.length === 0 || roll === 0) {
    await addPatient(database.db, practiceId, { name: `Patient ${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@example.com` });
    return;
  }
  const appointments = await ids('appointment');
  const payments = await ids('payment');
  const at = new Date(now.getTime() + randomInt(random, -5, 5) * DAY_MS + randomInt(random, 0, 23) * 3_600_000);
  switch (roll) {
    case 1:
    case 2:
      await addAppointment(database.db, practiceId, pick(random, patients), { startsAt: at, status: pick(random, statuses) });
      return;
    case 3:
      if (appointments.length > 0) await inThePractice('UPDATE appointment SET status = $1 WHERE id = $2', [pick(random, statuses), pick(random, appointments)]);
      return;
    case 4:
      if (appointments.length > 0) await inThePractice('UPDATE appointment SET starts_at = $1, patient_id = $2 WHERE id = $3', [at, pick(random, patients), pick(random, appointments)]);
      return;
    case 5:
      if (appointments.length > 0) await inThePractice('DELETE FROM appointment a WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.appointment_id = a.id)', [pick(random, appointments)]);
      return;
    case 6: {
      const draft = "(SELECT id FROM clinical_note WHERE practice_id = $1 AND status = 'draft' ORDER BY id LIMIT 1)";
      const noteRoll = randomInt(random, 0, 3);
      if (noteRoll <= 1) await addNote(database.db, practiceId, pick(random, patients), { title: 'Visit', writtenAt: at });
      // By hand as the owner: a draft moved to another patient, or deleted.
      else if (noteRoll === 2) await database.query(`UPDATE clinical_note SET patient_id = $2 WHERE id = ${draft}`, [practiceId, pick(random, patients)]);
      else await database.query(`DELETE FROM clinical_note WHERE id = ${draft}`, [practiceId]);
      return;
    }
    case 7:
      await addPayment(database.db, practiceId, { amountMinor: randomInt(random, 1, 50_000), currency: pick(random, ['usd', 'eur', 'gbp']), status: pick(random, ['completed', 'pending', 'failed']) });
      return;
    case 8:
      if (payments.length > 0) await inThePractice("UPDATE payment SET status = 'refunded' WHERE id = $1 AND status = 'completed'", [pick(random, payments)]);
      return;
    case 9:
      if (payments.length > 0) await inThePractice('DELETE FROM payment WHERE id = $1', [pick(random, payments)]);
      return;
    case 10:
      // A patient with everything of theirs (appointments, notes; payments of theirs keep no link).
      await inThePractice('DELETE FROM payment WHERE appointment_id IN (SELECT id FROM appointment WHERE patient_id = $1)', [patients[0]]);
      await inThePractice('DELETE FROM patient WHERE id = $1', [pick(random, patients)]);
      return;
    default:
      // Several rows in one statement: the triggers add up a whole statement's change at once.
      await inThePractice("UPDATE appointment SET status = 'completed' WHERE practice_id = $1 AND status = 'confirmed' AND starts_at < $2", [practiceId, now]);
  }
}

/** The no-double-booking guard's refusal (record 0033) is an expected outcome of a random write; anything else is not. */
function refusedOverlap(error: unknown): void {
  if (!String(error).includes('overlaps another appointment')) throw error;
}

describe('maintained practice figures', () => {
  it('equal a recount after random sequences of creates, status changes, moves, refunds and deletes, in two practices at once', async () => {
    const now = new Date();
    const practices = [await createPractitioner(database.db), await createPractitioner(database.db)];
    for (const seed of [1, 2, 3]) {
      const random = mulberry32(20_261_129 + seed);
      for (let step = 0; step < 40; step += 1) {
        // A write the database refuses (a time overlapping another open appointment) changes no figure either.
        await Promise.all(practices.map((practice) => randomWrite(practice, random, now).catch(refusedOverlap)));
      }
      for (const { practiceId } of practices) expect(await maintained(practiceId), `seed ${seed}`).toEqual(await recounted(practiceId));
    }
    // And the portal shows them: upcoming is the open appointments from now on.
    const [practice] = practices;
    if (!practice) throw new Error('no practice');
    const overview = await practice.caller.portalDashboard.overview();
    const [upcoming] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1 AND status IN ('scheduled', 'confirmed') AND starts_at >= now()", [practice.practiceId]);
    const figures = await recounted(practice.practiceId);
    expect({ total: overview.totalAppointments, unique: overview.uniquePatients, ehr: overview.ehrRecords, upcoming: overview.upcomingAppointments }).toEqual({
      total: figures.appointments,
      unique: figures.patientsWithAppointments,
      ehr: figures.clinicalNotes,
      upcoming: upcoming?.n,
    });
    expect(overview.revenue.usdMinor).toBe(figures.revenue.usd ?? 0);
  }, 120_000);

  it('cannot be written by the app role, only read, and only its own practice', async () => {
    const { practiceId } = await createPractitioner(database.db);
    await addPatient(database.db, practiceId, { name: 'Only Patient', email: 'only@example.com' });
    const refused = await inPractice(database.db, { practiceId }, (tx) => tx.$executeRawUnsafe('UPDATE practice_summary SET patients = 1000 WHERE practice_id = $1', practiceId)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(refused)).toMatch(/permission denied/);
    const refusedPatient = await inPractice(database.db, { practiceId }, (tx) => tx.$executeRawUnsafe('UPDATE patient_summary SET clinical_notes = 1000 WHERE practice_id = $1', practiceId)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(refusedPatient)).toMatch(/permission denied/);
    const other = await createPractitioner(database.db);
    const seen = await inPractice(database.db, { practiceId: other.practiceId }, (tx) => tx.$queryRawUnsafe<{ practice_id: string }[]>('SELECT practice_id FROM practice_summary'));
    expect(seen.map((row) => row.practice_id)).not.toContain(practiceId);
  });
});

describe("a patient's kept visits", () => {
  it('hold for their span, are counted past it, and are recounted by the refresh once it has passed', async () => {
    const practice = await createPractitioner(database.db);
    const { practiceId } = practice;
    const now = Date.now();
    const patientId = await addPatient(database.db, practiceId, { name: 'Spanned Patient', email: 'spanned@example.com' });
    const at = (days: number) => new Date(now + days * DAY_MS);
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(-10), status: 'completed' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(3), status: 'cancelled' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(5), status: 'scheduled' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(7), status: 'confirmed' });
    await addNote(database.db, practiceId, patientId, { title: 'First visit', writtenAt: at(-10) });
    const kept = async () =>
      (await database.query<{ last_visit_at: Date | null; next_visit_at: Date | null; visits_change_at: Date | null; clinical_notes: number }>(
        'SELECT last_visit_at, next_visit_at, visits_change_at, clinical_notes FROM patient_summary WHERE practice_id = $1 AND patient_id = $2',
        [practiceId, patientId],
      ))[0];
    // The last visit 10 days ago; the next appointment, and the end of the span, in 5 days (the cancelled one in 3 counts for neither).
    expect(await kept()).toEqual({ last_visit_at: at(-10), next_visit_at: at(5), visits_change_at: at(5), clinical_notes: 1 });
    // Counted at the span's first and last instants, the visits are the kept ones; at its end they are not.
    const keptVisits = { lastVisit: at(-10).toISOString(), nextVisit: at(5).toISOString() };
    for (const instant of [at(-10), new Date(at(5).getTime() - 1)]) {
      expect((await recountedPatients(practiceId, instant))[patientId], instant.toISOString()).toMatchObject(keptVisits);
    }
    expect((await recountedPatients(practiceId, at(5)))[patientId]).toMatchObject({ lastVisit: at(5).toISOString(), nextVisit: at(7).toISOString() });

    // A row whose span has passed (made so by hand, with wrong visits) is not read: the list counts instead.
    const listed = async () => (await practice.caller.patients.list({ query: 'spanned' })).items.map((item) => [item.lastVisit, item.nextAppointment, item.notes]);
    const shown = await listed();
    expect(shown).toEqual([['1 week ago', expect.stringMatching(/, \d{1,2}:\d{2} (AM|PM)$/), 1]]);
    await database.query("UPDATE patient_summary SET last_visit_at = NULL, next_visit_at = NULL, visits_change_at = now() - interval '1 minute' WHERE practice_id = $1 AND patient_id = $2", [
      practiceId,
      patientId,
    ]);
    // This server still answers from the row it keeps (no write moved the list's version)...
    expect(await listed()).toEqual(shown);
    // ...and once a write to the patient has, reads the page again, counting past the span.
    await database.query("UPDATE patient SET conditions = '{Counted}' WHERE id = $1", [patientId]);
    expect(await listed()).toEqual(shown);
    // The refresh (any server's, as the app role) recounts it.
    expect(await refreshPatientVisits(database.db.pool)).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual({ last_visit_at: at(-10), next_visit_at: at(5), visits_change_at: at(5), clinical_notes: 1 });
    expect(await listed()).toEqual(shown);
  });
});

describe('keyset paging', () => {
  /** Walks every page forward by cursor, inserting rows between pages; then back from the last page. */
  async function walk<Row extends { id: string }>(
    read: (input: { page: number; pageSize: number; cursor?: string }) => Promise<{ items: readonly Row[]; nextCursor: string | null; previousCursor: string | null; total: number }>,
    insertBetween: (page: number) => Promise<void>,
  ) {
    const seen: string[] = [];
    const pages: string[][] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= 50; page += 1) {
      const answer = await read({ page, pageSize: 7, ...(cursor ? { cursor } : {}) });
      if (answer.items.length === 0) break;
      seen.push(...answer.items.map((row) => row.id));
      pages.push(answer.items.map((row) => row.id));
      await insertBetween(page);
      cursor = answer.nextCursor ?? undefined;
    }
    return { seen, pages };
  }

  it('returns every appointment exactly once, newest first, while appointments are added between pages, and Previous gives the same page back', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Paged Patient', email: 'paged@example.com' });
    const base = Date.UTC(2031, 0, 1);
    for (let index = 0; index < 30; index += 1) await addAppointment(database.db, practiceId, patientId, { startsAt: new Date(base + index * 2 * 3_600_000) });
    const before = (await database.query<{ id: string }>('SELECT id FROM appointment WHERE practice_id = $1 ORDER BY starts_at DESC, id DESC', [practiceId])).map((row) => row.id);
    const { seen, pages } = await walk(
      (input) => caller.appointments.list(input),
      // Newer and older ones than any page: neither repeats a row nor hides one of those there before.
      async (page) => {
        await addAppointment(database.db, practiceId, patientId, { startsAt: new Date(base + (100 + page * 2) * 3_600_000) });
        await addAppointment(database.db, practiceId, patientId, { startsAt: new Date(base - (100 + page * 2) * 3_600_000) });
      },
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    // Back from page 3 by its previous cursor: page 2 as it was.
    const third = await caller.appointments.list({ page: 2, pageSize: 7, cursor: (await caller.appointments.list({ page: 1, pageSize: 7 })).nextCursor ?? '' });
    const second = await caller.appointments.list({ page: 1, pageSize: 7, cursor: third.previousCursor ?? '' });
    expect(second.items.map((row) => row.id)).toEqual((await caller.appointments.list({ page: 1, pageSize: 7 })).items.map((row) => row.id));
    expect(pages[0]).toEqual(before.slice(0, 7));
    expect(third.total).toBe(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1', [practiceId]).then((rows) => rows[0]?.n));
  });

  it('returns every payment, note (drafts first) and patient exactly once while rows are added between pages', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientIds: string[] = [];
    for (let index = 0; index < 20; index += 1) patientIds.push(await addPatient(database.db, practiceId, { name: `Patient ${String(index).padStart(2, '0')}`, email: `p${index}.${randomUUID()}@example.com` }));
    const [firstPatient = ''] = patientIds;
    for (let index = 0; index < 20; index += 1) await addPayment(database.db, practiceId, { amountMinor: 100 + index, createdAt: new Date(Date.UTC(2030, 5, 1) + Math.floor(index / 2) * 60_000) });
    for (let index = 0; index < 20; index += 1) {
      const writtenAt = new Date(Date.UTC(2030, 5, 1) + Math.floor(index / 2) * 60_000);
      // Every third note signed: drafts come first in the list.
      if (index % 3 === 0) {
        await database.query("INSERT INTO clinical_note (id, practice_id, patient_id, type, title, author_name, written_at, status) VALUES ($1, $2, $3, 'soap', 'Signed', 'Dr. Author', $4, 'signed')", [
          randomUUID(),
          practiceId,
          firstPatient,
          writtenAt,
        ]);
      } else await addNote(database.db, practiceId, firstPatient, { title: `Note ${index}`, writtenAt });
    }
    const expected = async (sql: string) => (await database.query<{ id: string }>(sql, [practiceId])).map((row) => row.id);

    const paymentsBefore = await expected('SELECT id FROM payment WHERE practice_id = $1 ORDER BY created_at DESC, id DESC');
    const payments = await walk(
      (input) => caller.payments.list(input),
      async () => {
        await addPayment(database.db, practiceId, { amountMinor: 1, createdAt: new Date(Date.UTC(2031, 0, 1)) });
      },
    );
    expect(new Set(payments.seen).size).toBe(payments.seen.length);
    expect(payments.seen.filter((id) => paymentsBefore.includes(id))).toEqual(paymentsBefore);

    const notesBefore = await expected('SELECT id FROM clinical_note WHERE practice_id = $1 ORDER BY status, written_at DESC, id DESC');
    const notes = await walk(
      (input) => caller.clinicalRecords.list(input),
      async () => {
        await addNote(database.db, practiceId, firstPatient, { title: 'Later', writtenAt: new Date(Date.UTC(2029, 0, 1)) });
      },
    );
    expect(new Set(notes.seen).size).toBe(notes.seen.length);
    expect(notes.seen.filter((id) => notesBefore.includes(id))).toEqual(notesBefore);

    const patientsBefore = await expected('SELECT id FROM patient WHERE practice_id = $1 ORDER BY name, id');
    const patients = await walk(
      (input) => caller.patients.list({ query: '', ...input }),
      async (page) => {
        await addPatient(database.db, practiceId, { name: `AAA ${page}`, email: `a${page}.${randomUUID()}@example.com` });
      },
    );
    expect(new Set(patients.seen).size).toBe(patients.seen.length);
    expect(patients.seen.filter((id) => patientsBefore.includes(id))).toEqual(patientsBefore);
    // A patient list's cursor travels in the address: it names the boundary patient by id, never by name.
    const firstPage = await caller.patients.list({ query: '', page: 1, pageSize: 7 });
    const cursorText = Buffer.from(firstPage.nextCursor ?? '', 'base64url').toString('utf8');
    expect(cursorText).toContain(firstPage.items.at(-1)?.id ?? 'no row');
    expect(cursorText).not.toContain(firstPage.items.at(-1)?.name ?? 'no row');
  });

  it("reads the same rows at the list's own page size (written into its statement) as at any other, by number and at a cursor", async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientIds: string[] = [];
    for (let index = 0; index < 55; index += 1) patientIds.push(await addPatient(database.db, practiceId, { name: `Sized ${String(index).padStart(2, '0')}`, email: `s${index}.${randomUUID()}@example.com` }));
    const [patientId = ''] = patientIds;
    for (let index = 0; index < 45; index += 1) {
      const at = new Date(Date.UTC(2030, 2, 1) + index * 3_600_000);
      await addAppointment(database.db, practiceId, patientId, { startsAt: at });
      await addPayment(database.db, practiceId, { amountMinor: 100 + index, createdAt: at });
      await addNote(database.db, practiceId, patientId, { title: `Sized note ${index}`, writtenAt: at });
    }
    const ids = async (sql: string) => (await database.query<{ id: string }>(sql, [practiceId])).map((row) => row.id);
    type Read = (input: { page: number; pageSize: number; cursor?: string }) => Promise<{ items: readonly { id: string }[]; nextCursor: string | null }>;
    const lists: [string, Read, number, string[]][] = [
      ['appointments', (input) => caller.appointments.list(input), PORTAL_PAGE_SIZE, await ids('SELECT id FROM appointment WHERE practice_id = $1 ORDER BY starts_at DESC, id DESC')],
      ['payments', (input) => caller.payments.list(input), PORTAL_PAGE_SIZE, await ids('SELECT id FROM payment WHERE practice_id = $1 ORDER BY created_at DESC, id DESC')],
      ['records', (input) => caller.clinicalRecords.list(input), PORTAL_PAGE_SIZE, await ids('SELECT id FROM clinical_note WHERE practice_id = $1 ORDER BY status, written_at DESC, id DESC')],
      ['patients', (input) => caller.patients.list({ query: '', ...input }), PATIENT_PAGE_SIZE, await ids('SELECT id FROM patient WHERE practice_id = $1 ORDER BY name, id')],
      ['search', (input) => caller.patients.list({ query: 'sized', ...input }), PATIENT_PAGE_SIZE, await ids('SELECT id FROM patient WHERE practice_id = $1 ORDER BY name, id')],
    ];
    for (const [list, read, size, expected] of lists) {
      const shown = async (input: { page: number; pageSize: number; cursor?: string }) => (await read(input)).items.map((row) => row.id);
      const first = await read({ page: 1, pageSize: size });
      expect(first.items.map((row) => row.id), list).toEqual(expected.slice(0, size));
      expect(await shown({ page: 2, pageSize: size }), list).toEqual(expected.slice(size, 2 * size));
      expect(await shown({ page: 2, pageSize: size, cursor: first.nextCursor ?? '' }), list).toEqual(expected.slice(size, 2 * size));
      expect(await shown({ page: 1, pageSize: size - 1 }), list).toEqual(expected.slice(0, size - 1));
      expect(await shown({ page: 3, pageSize: 15 }), list).toEqual(expected.slice(30, 45));
    }
    // Any other size shares one statement: a client cannot make a connection keep one per size.
    const named = (pageSize: number) => paymentsStatement({ kind: 'offset', offset: 0 }, practiceId, pageSize, 'UTC').name;
    expect(named(7)).toBe(named(8));
    expect(named(PORTAL_PAGE_SIZE)).not.toBe(named(7));
  });

  it('reads an unreadable cursor as the page number, and refuses a malformed one with a field message', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Cursor Patient', email: 'cursor@example.com' });
    for (let index = 0; index < 5; index += 1) await addAppointment(database.db, practiceId, patientId, { startsAt: new Date(Date.UTC(2030, 0, 1 + index)) });
    const byNumber = await caller.appointments.list({ page: 2, pageSize: 2 });
    // Well-formed text that is no cursor of this list: the page by its number.
    expect((await caller.appointments.list({ page: 2, pageSize: 2, cursor: 'bm90LWEtY3Vyc29y' })).items).toEqual(byNumber.items);
    const refused = await caller.appointments.list({ page: 1, pageSize: 2, cursor: 'not a cursor!' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(refused)).toMatch(/Page link is not valid/);
  });

  it("matches a search in the kept patient directory, in the caller's practice only; a write by any path is seen at the next search", async () => {
    const mine = await createPractitioner(database.db);
    const theirs = await createPractitioner(database.db);
    const own = await addPatient(database.db, mine.practiceId, { name: 'Zephyrine Quill', email: 'zq.mine@example.com', phone: '(555) 010-9XY' });
    await addPatient(database.db, theirs.practiceId, { name: 'Zephyrine Quill', email: 'zq.theirs@example.com' });
    const found = async (query: string) => {
      const page = await mine.caller.patients.list({ query });
      expect(page.total, query).toBe(page.items.length);
      return page.items.map((row) => row.name);
    };
    // Found in any case in the name or the e-mail, in the phone as typed; `%` and `_` match themselves.
    for (const query of ['zephyr', 'ZEPH', 'zq.', 'Qu', 'e', 'zq.mine', '010-9', '9XY']) expect(await found(query), query).toEqual(['Zephyrine Quill']);
    for (const query of ['zq%', 'z_', '9xy', 'theirs', 'Zephyrine Quillz']) expect(await found(query), query).toEqual([]);
    // Written by hand in SQL as the database's owner, around the server: each change is seen at the next search.
    await database.query("INSERT INTO patient (id, practice_id, name, email, phone) VALUES ($1, $2, 'Zeno Quarry', 'zeno@example.com', '')", [randomUUID(), mine.practiceId]);
    expect(await found('z')).toEqual(['Zeno Quarry', 'Zephyrine Quill']);
    await database.query("UPDATE patient SET email = 'renamed@example.com' WHERE id = $1", [own]);
    expect(await found('zq.')).toEqual([]);
    expect(await found('renamed')).toEqual(['Zephyrine Quill']);
    await database.query("UPDATE patient SET name = 'Alba Quill' WHERE id = $1", [own]);
    expect(await found('quil')).toEqual(['Alba Quill']);
    expect(await found('')).toEqual(['Alba Quill', 'Zeno Quarry']);
    await database.query('DELETE FROM patient WHERE id = $1', [own]);
    expect(await found('quil')).toEqual([]);
    expect((await mine.caller.patients.list({ query: '' })).total).toBe(1);
  });

  it("moves a practice's directory version with what the search matches and sorts by, not with the rest of a patient", async () => {
    const { practiceId } = await createPractitioner(database.db);
    const other = await createPractitioner(database.db);
    const version = async (practice = practiceId) =>
      BigInt((await database.query<{ version: string }>('SELECT patient_directory_version::text AS version FROM practice_summary WHERE practice_id = $1', [practice]))[0]?.version ?? '0');
    const before = await version();
    const id = await addPatient(database.db, practiceId, { name: 'Versioned Patient', email: 'versioned@example.com' });
    const added = await version();
    expect(added).toBeGreaterThan(before);
    await database.query("UPDATE patient SET status = 'inactive', conditions = '{Asthma}' WHERE id = $1", [id]);
    expect(await version()).toBe(added);
    for (const change of ["name = 'Versioned Again'", "email = 'again@example.com'", "phone = '(555) 010-0000'"]) {
      const was = await version();
      await database.query(`UPDATE patient SET ${change} WHERE id = $1`, [id]);
      expect(await version(), change).toBeGreaterThan(was);
    }
    const otherWas = await version(other.practiceId);
    const was = await version();
    await database.query('DELETE FROM patient WHERE id = $1', [id]);
    expect(await version()).toBeGreaterThan(was);
    // Another practice's is left alone.
    expect(await version(other.practiceId)).toBe(otherWas);
  });

  it("answers a page from the rows it keeps while the list's version holds, and sees a write by any path to what a row shows at the next read", async () => {
    const practice = await createPractitioner(database.db);
    const { practiceId } = practice;
    const now = Date.now();
    const kept = await addPatient(database.db, practiceId, { name: 'Kept Rowan', email: 'rowan@example.com', dateOfBirth: '1980-05-01' });
    const other = await addPatient(database.db, practiceId, { name: 'Kept Sable', email: 'sable@example.com' });
    const row = async (id = kept) => {
      const page = await practice.caller.patients.list({ query: 'kept' });
      const item = page.items.find((candidate) => candidate.id === id);
      if (!item) throw new Error(`no row for ${id}`);
      return { dob: item.dob, status: item.status, conditions: item.conditions, lastVisit: item.lastVisit, next: item.nextAppointment, notes: item.notes };
    };
    expect(await row()).toEqual({ dob: '1980-05-01', status: 'active', conditions: [], lastVisit: 'Never', next: 'Not scheduled', notes: 0 });

    // A figure written by hand into the summary table (no write to what a row shows): the kept row still answers.
    await database.query('INSERT INTO patient_summary (practice_id, patient_id, clinical_notes) VALUES ($1, $2, 7) ON CONFLICT (practice_id, patient_id) DO UPDATE SET clinical_notes = 7', [practiceId, kept]);
    expect((await row()).notes).toBe(0);

    // Each write below, by hand in SQL as the owner, around the server, is seen at the next read.
    await database.query("UPDATE patient SET status = 'inactive', conditions = '{Asthma}', date_of_birth = '1981-06-02' WHERE id = $1", [kept]);
    expect(await row()).toMatchObject({ dob: '1981-06-02', status: 'inactive', conditions: ['Asthma'], notes: 7 });
    await database.query('UPDATE patient_summary SET clinical_notes = 0 WHERE practice_id = $1 AND patient_id = $2', [practiceId, kept]);
    await database.query("UPDATE patient SET conditions = '{}' WHERE id = $1", [kept]);
    expect((await row()).notes).toBe(0);

    const tomorrowNoon = new Date(now + DAY_MS);
    tomorrowNoon.setUTCHours(18, 0, 0, 0);
    await database.query(
      "INSERT INTO appointment (id, practice_id, patient_id, starts_at, duration_minutes, type, mode, status) VALUES ($1, $2, $3, $4, 60, 'follow_up', 'in-person', 'scheduled')",
      [randomUUID(), practiceId, kept, tomorrowNoon],
    );
    const scheduled = (await row()).next;
    expect(scheduled).toMatch(/, \d{1,2}:00 (AM|PM)$/);
    // The practice's zone (a write to neither table) gives the same appointment another time of day.
    const [{ zone } = { zone: '' }] = await database.query<{ zone: string }>('SELECT time_zone AS zone FROM practice WHERE id = $1', [practiceId]);
    await database.query('UPDATE practice SET time_zone = $2 WHERE id = $1', [practiceId, zone === 'Asia/Kolkata' ? 'America/Chicago' : 'Asia/Kolkata']);
    expect((await row()).next).not.toBe(scheduled);
    await database.query('UPDATE practice SET time_zone = $2 WHERE id = $1', [practiceId, zone]);
    expect((await row()).next).toBe(scheduled);
    await database.query("UPDATE appointment SET status = 'cancelled' WHERE patient_id = $1", [kept]);
    expect((await row()).next).toBe('Not scheduled');
    await database.query("UPDATE appointment SET status = 'completed', starts_at = $2 WHERE patient_id = $1", [kept, new Date(now - 2 * DAY_MS)]);
    expect((await row()).lastVisit).toBe('2 days ago');
    await database.query('DELETE FROM appointment WHERE patient_id = $1', [kept]);
    expect((await row()).lastVisit).toBe('Never');

    const note = randomUUID();
    await database.query(draftNoteSql, [note, practiceId, kept]);
    expect((await row()).notes).toBe(1);
    await database.query('UPDATE clinical_note SET patient_id = $2 WHERE id = $1', [note, other]);
    expect([(await row()).notes, (await row(other)).notes]).toEqual([0, 1]);
    await database.query('DELETE FROM clinical_note WHERE id = $1', [note]);
    expect((await row(other)).notes).toBe(0);
  });

  it("moves a practice's list version with what a row of its list shows, not with the rest of a patient or a note's text", async () => {
    const { practiceId } = await createPractitioner(database.db);
    const other = await createPractitioner(database.db);
    const version = async (practice = practiceId) =>
      BigInt((await database.query<{ version: string }>('SELECT patient_list_version::text AS version FROM practice_summary WHERE practice_id = $1', [practice]))[0]?.version ?? '0');
    const moves = async (sql: string, values: unknown[]) => {
      const was = await version();
      await database.query(sql, values);
      return (await version()) > was;
    };
    const before = await version();
    const id = await addPatient(database.db, practiceId, { name: 'Listed Patient', email: 'listed@example.com' });
    expect(await version()).toBeGreaterThan(before);
    const otherWas = await version(other.practiceId);
    for (const change of ["status = 'inactive'", "conditions = '{Asthma}'", "date_of_birth = '1990-01-01'", "name = 'Listed Again'", "phone = '(555) 010-0000'"]) {
      expect(await moves(`UPDATE patient SET ${change} WHERE id = $1`, [id]), change).toBe(true);
    }
    for (const change of ["address = '1 Main St'", "insurance_provider = 'Acme'"]) expect(await moves(`UPDATE patient SET ${change} WHERE id = $1`, [id]), change).toBe(false);
    const appointment = randomUUID();
    expect(await moves("INSERT INTO appointment (id, practice_id, patient_id, starts_at, duration_minutes, type, mode, status) VALUES ($1, $2, $3, now() + interval '1 day', 30, 'follow_up', 'in-person', 'scheduled')", [appointment, practiceId, id])).toBe(true);
    expect(await moves("UPDATE appointment SET status = 'confirmed' WHERE id = $1", [appointment])).toBe(true);
    expect(await moves('DELETE FROM appointment WHERE id = $1', [appointment])).toBe(true);
    const note = randomUUID();
    expect(await moves(draftNoteSql, [note, practiceId, id])).toBe(true);
    expect(await moves("UPDATE clinical_note SET assessment = 'Better' WHERE id = $1", [note])).toBe(false);
    expect(await moves('DELETE FROM clinical_note WHERE id = $1', [note])).toBe(true);
    expect(await moves('DELETE FROM patient WHERE id = $1', [id])).toBe(true);
    // Another practice's is left alone.
    expect(await version(other.practiceId)).toBe(otherWas);
  });

});

