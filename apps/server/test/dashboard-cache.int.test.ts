/**
 * Issue 27: the dashboard's week figures and upcoming list are answered from memory while the
 * practice's schedule version stands (practice/dashboard.repository.ts, record 0049). Every change
 * shows at the next read, whoever made it; as time passes the list moves on by itself, and reads the
 * database again once what it kept runs short; the patients and the profile are read every time;
 * each read still leaves its audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/trpc/app.router.ts';
import { createCallerFactory } from '../src/trpc/trpc.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { testContext } from './support/server.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const ZONE = 'America/Chicago';
/** Tuesday 2030-03-05, 9:00 AM in Chicago; its week runs Sunday March 3 to Saturday March 9. */
const NOW = new Date('2030-03-05T15:00:00Z');
const HOUR = 60 * 60 * 1000;

/** The practitioner's dashboard as read at `now`. */
function dashboardAt(practitioner: TestPractitioner, now: Date) {
  const caller = createCallerFactory(appRouter)(testContext(database.db, { user: practitioner.user, sessionId: 'test-session', requestId: `req-${now.getTime()}`, now }));
  return caller.dashboard.overview();
}

/** The upcoming list as the dashboard shows it: "date time patient status". */
async function upcomingAt(practitioner: TestPractitioner, now: Date): Promise<string[]> {
  const { upcoming } = await dashboardAt(practitioner, now);
  return upcoming.map((a) => `${a.date} ${a.time} ${a.patient} ${a.status}`);
}

describe('the dashboard kept in memory', () => {
  it('shows every change at the next read, whoever made it', async () => {
    const practitioner = await createPractitioner(database.db, { timeZone: ZONE, now: NOW });
    const patientId = await addPatient(database.db, practitioner.practiceId, { name: 'Rowan Ash' });
    const first = await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-05T17:00:00Z'), durationMinutes: 30 });
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-06T16:00:00Z'), durationMinutes: 60 });

    let overview = await dashboardAt(practitioner, NOW);
    expect(overview.stats).toMatchObject({ totalPatients: 1, appointmentsThisWeek: 2, averageSessionMinutes: 45 });
    expect(await upcomingAt(practitioner, NOW)).toEqual(['2030-03-05 11:00 AM Rowan Ash pending', '2030-03-06 10:00 AM Rowan Ash pending']);

    // A patient's new name and a cancellation, in SQL outside the app.
    await database.query("UPDATE patient SET name = 'Rowan Ashby' WHERE id = $1", [patientId]);
    await database.query("UPDATE appointment SET status = 'cancelled' WHERE id = $1", [first]);
    overview = await dashboardAt(practitioner, NOW);
    expect(overview.stats).toMatchObject({ appointmentsThisWeek: 1, averageSessionMinutes: 60 });
    expect(await upcomingAt(practitioner, NOW)).toEqual(['2030-03-05 11:00 AM Rowan Ashby cancelled', '2030-03-06 10:00 AM Rowan Ashby pending']);

    // A new appointment through the app's role, a new patient, and a deleted appointment.
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date('2030-03-05T20:00:00Z'), durationMinutes: 90 });
    await addPatient(database.db, practitioner.practiceId, { name: 'Mira Holt' });
    overview = await dashboardAt(practitioner, NOW);
    expect(overview.stats).toMatchObject({ totalPatients: 2, appointmentsThisWeek: 2, averageSessionMinutes: 75 });
    await database.query('DELETE FROM appointment WHERE id = $1', [first]);
    expect(await upcomingAt(practitioner, NOW)).toEqual(['2030-03-05 2:00 PM Rowan Ashby pending', '2030-03-06 10:00 AM Rowan Ashby pending']);
  });

  it('moves the list on as appointments begin, from memory, and reads again once what it kept runs short', async () => {
    const practitioner = await createPractitioner(database.db, { timeZone: ZONE, now: NOW });
    const patientId = await addPatient(database.db, practitioner.practiceId, { name: 'Ada Byrne' });
    // Thirty appointments, one an hour from 10:00 AM on: more than the 24 a read keeps.
    for (let hour = 1; hour <= 30; hour += 1) {
      await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date(NOW.getTime() + hour * HOUR), durationMinutes: 30 });
    }
    const names = async (now: Date) => (await dashboardAt(practitioner, now)).upcoming.map((a) => `${a.time} ${a.patient}`);
    expect(await names(NOW)).toEqual(['10:00 AM Ada Byrne', '11:00 AM Ada Byrne', '12:00 PM Ada Byrne', '1:00 PM Ada Byrne', '2:00 PM Ada Byrne', '3:00 PM Ada Byrne']);

    // With the version trigger off, a new name in SQL does not move the version: what the next
    // reads show of it says whether they came from memory.
    await database.query('ALTER TABLE patient DISABLE TRIGGER patient_week_update');
    try {
      await database.query("UPDATE patient SET name = 'Ada Byrne-Lowe' WHERE id = $1", [patientId]);
    } finally {
      await database.query('ALTER TABLE patient ENABLE TRIGGER patient_week_update');
    }

    // Two and a half hours later the first two have begun: the list moves on, from memory.
    expect(await names(new Date(NOW.getTime() + 2.5 * HOUR))).toEqual(['12:00 PM Ada Byrne', '1:00 PM Ada Byrne', '2:00 PM Ada Byrne', '3:00 PM Ada Byrne', '4:00 PM Ada Byrne', '5:00 PM Ada Byrne']);

    // Twenty hours later only four of the 24 kept are still ahead: it reads the database again.
    expect(await names(new Date(NOW.getTime() + 20.5 * HOUR))).toEqual([
      '6:00 AM Ada Byrne-Lowe',
      '7:00 AM Ada Byrne-Lowe',
      '8:00 AM Ada Byrne-Lowe',
      '9:00 AM Ada Byrne-Lowe',
      '10:00 AM Ada Byrne-Lowe',
      '11:00 AM Ada Byrne-Lowe',
    ]);

    // Near the end, fewer than six are left, and all of them are kept: from memory, no read needed.
    await database.query('ALTER TABLE patient DISABLE TRIGGER patient_week_update');
    try {
      await database.query("UPDATE patient SET name = 'Ada Lowe' WHERE id = $1", [patientId]);
    } finally {
      await database.query('ALTER TABLE patient ENABLE TRIGGER patient_week_update');
    }
    expect(await names(new Date(NOW.getTime() + 27.5 * HOUR))).toEqual(['1:00 PM Ada Byrne-Lowe', '2:00 PM Ada Byrne-Lowe', '3:00 PM Ada Byrne-Lowe']);
  });

  it('keeps each practice to its own figures, reads the profile every time, and audits every read', async () => {
    const first = await createPractitioner(database.db, { timeZone: ZONE, now: NOW });
    const second = await createPractitioner(database.db, { timeZone: ZONE, now: NOW });
    const patientId = await addPatient(database.db, first.practiceId, { name: 'First Patient' });
    await addAppointment(database.db, first.practiceId, patientId, { startsAt: new Date('2030-03-05T18:00:00Z') });
    expect((await dashboardAt(first, NOW)).stats.appointmentsThisWeek).toBe(1);
    expect((await dashboardAt(second, NOW)).stats.appointmentsThisWeek).toBe(0);
    expect((await dashboardAt(second, NOW)).upcoming).toEqual([]);

    const before = (await dashboardAt(first, NOW)).stats.profileCompletion;
    await first.caller.profile.save({
      name: 'Dr. First',
      location: 'Chicago, IL',
      shortBio: 'Acupuncture for chronic pain and stress.',
      about: 'An about text that is long enough for the profile editor to accept it as it stands here.',
      yearsExperience: '12',
      specialties: ['Acupuncture'],
    });
    expect((await dashboardAt(first, NOW)).stats.profileCompletion).toBeGreaterThan(before);

    const reads = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_entry WHERE practice_id = $1 AND record_type = 'dashboard' AND action = 'read'", [
      first.practiceId,
    ]);
    expect(reads[0]?.n).toBe(3);
  });

  it("keeps the portal's count of upcoming appointments on later days, and counts today's every time", async () => {
    const practitioner = await createPractitioner(database.db, { timeZone: ZONE, now: NOW });
    const patientId = await addPatient(database.db, practitioner.practiceId, { name: 'Lee Park' });
    const upcomingCountAt = async (now: Date) => {
      const caller = createCallerFactory(appRouter)(testContext(database.db, { user: practitioner.user, sessionId: 'test-session', requestId: `req-p-${now.getTime()}`, now }));
      return (await caller.portalDashboard.overview()).upcomingAppointments;
    };
    // Today (UTC) later on, tomorrow and next week.
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date(NOW.getTime() + 2 * HOUR) });
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date(NOW.getTime() + 24 * HOUR) });
    await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date(NOW.getTime() + 7 * 24 * HOUR) });
    expect(await upcomingCountAt(NOW)).toBe(3);

    // A new appointment on a later day moves the version: counted at the next read.
    const added = await addAppointment(database.db, practitioner.practiceId, patientId, { startsAt: new Date(NOW.getTime() + 3 * 24 * HOUR) });
    expect(await upcomingCountAt(NOW)).toBe(4);

    // With the version trigger off, a change in SQL to a later day is not seen (the sum came from
    // memory); today's part is counted every time.
    await database.query('ALTER TABLE appointment DISABLE TRIGGER appointment_week_update');
    try {
      await database.query("UPDATE appointment SET status = 'cancelled' WHERE id = $1", [added]);
    } finally {
      await database.query('ALTER TABLE appointment ENABLE TRIGGER appointment_week_update');
    }
    expect(await upcomingCountAt(NOW)).toBe(4);
    // The next day (UTC) is another key: its sum is read, and today's appointment has passed.
    expect(await upcomingCountAt(new Date(NOW.getTime() + 12 * HOUR))).toBe(2);
  });
});

