/**
 * Issue 27: the schedule week is answered from memory while nothing it shows has changed
 * (practice/kept-by-schedule.ts, migration 20261129160000). Every way the week can change — the app's
 * writes, a patient's new name, a write in SQL outside the app, a TRUNCATE — shows on the next read,
 * and each read still leaves its audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const WEEK = '2030-03-05';

/** The week as the grid shows it: each day's "time patient (type)". */
async function grid(practitioner: TestPractitioner): Promise<string[]> {
  const week = await practitioner.caller.schedule.week({ weekStart: WEEK });
  return week.days.flatMap((day) => day.appointments.map((a) => `${day.date} ${a.time} ${a.patient} (${a.type})`));
}

describe('the schedule week kept in memory', () => {
  it('shows every change at the next read, whoever made it', async () => {
    const practitioner = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practitioner.practiceId, { name: 'Rowan Ash' });
    expect(await grid(practitioner)).toEqual([]);

    // A write as the app's role.
    const created = await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-05T21:00:00Z') });
    expect(await grid(practitioner)).toEqual(['2030-03-05 1:00 PM Rowan Ash (Follow-up)']);
    expect(await grid(practitioner)).toEqual(['2030-03-05 1:00 PM Rowan Ash (Follow-up)']);

    // A patient's new name, a type changed and an appointment added in SQL, outside the app.
    await database.query("UPDATE patient SET name = 'Rowan Ashby' WHERE id = $1", [patientId]);
    expect(await grid(practitioner)).toEqual(['2030-03-05 1:00 PM Rowan Ashby (Follow-up)']);
    await database.query("UPDATE appointment SET type = 'treatment' WHERE id = $1", [created]);
    expect(await grid(practitioner)).toEqual(['2030-03-05 1:00 PM Rowan Ashby (Treatment Session)']);
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-07T17:00:00Z') });
    expect(await grid(practitioner)).toEqual(['2030-03-05 1:00 PM Rowan Ashby (Treatment Session)', '2030-03-07 9:00 AM Rowan Ashby (Follow-up)']);

    // Cancelled leaves the grid; a deleted appointment too.
    await database.query("UPDATE appointment SET status = 'cancelled' WHERE id = $1", [created]);
    expect(await grid(practitioner)).toEqual(['2030-03-07 9:00 AM Rowan Ashby (Follow-up)']);
    await database.query('DELETE FROM appointment WHERE practice_id = $1', [practitioner.practiceId]);
    expect(await grid(practitioner)).toEqual([]);
  });

  it('answers from memory while the version stands, and a TRUNCATE moves every practice', async () => {
    const practitioner = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practitioner.practiceId, { name: 'Mira Holt' });
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-06T18:00:00Z') });
    expect(await grid(practitioner)).toEqual(['2030-03-06 10:00 AM Mira Holt (Follow-up)']);

    // With the version trigger off, a change in SQL does not reach the week: the answer came from memory.
    await database.query('ALTER TABLE patient DISABLE TRIGGER patient_week_update');
    try {
      await database.query("UPDATE patient SET name = 'Mira Holt-Vance' WHERE id = $1", [patientId]);
    } finally {
      await database.query('ALTER TABLE patient ENABLE TRIGGER patient_week_update');
    }
    expect(await grid(practitioner)).toEqual(['2030-03-06 10:00 AM Mira Holt (Follow-up)']);

    // A TRUNCATE names no rows and moves every practice's version.
    await database.query('TRUNCATE appointment CASCADE');
    expect(await grid(practitioner)).toEqual([]);
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-06T18:00:00Z') });
    expect(await grid(practitioner)).toEqual(['2030-03-06 10:00 AM Mira Holt-Vance (Follow-up)']);
  });

  it('keeps each practice to its own weeks and audits every read', async () => {
    const first = await createPractitioner(database.db);
    const second = await createPractitioner(database.db);
    const firstPatient = await addPatient(database.db, first.practiceId, { name: 'First Patient' });
    await addAppointment(database.db, first.practiceId, firstPatient, { startsAt: new Date('2030-03-05T17:00:00Z') });
    expect(await grid(first)).toEqual(['2030-03-05 9:00 AM First Patient (Follow-up)']);
    expect(await grid(second)).toEqual([]);
    expect(await grid(first)).toEqual(['2030-03-05 9:00 AM First Patient (Follow-up)']);

    const reads = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_entry WHERE practice_id = $1 AND record_type = 'schedule' AND action = 'read'",
      [first.practiceId],
    );
    expect(reads[0]?.n).toBe(2);
  });
});
