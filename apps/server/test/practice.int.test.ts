/**
 * The practice workspace's procedures as a practitioner uses them: scheduling persists (with its
 * event and audit entry), "New Patient" creates the patient, the patient search follows docs/product.md#patients,
 * the dashboard counts in the practice's own time zone, reads are audited, and the demo seed shows
 * the spec's figures.
 */
import { normalizeEmail } from '@wellspring/domain';
import { demoAccount } from '@wellspring/domain/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addNote, addPatient, createPractitioner } from './support/practice-factory.ts';
import { startTestServer, testContext, trpcMutation, type TestServer } from './support/server.ts';
import { appRouter } from '../src/trpc/app.router.ts';
import { createCallerFactory } from '../src/trpc/trpc.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('appointments.create from the schedule dialog', () => {
  it('saves the appointment (it is in the week after a reload), with its event and an audit entry', async () => {
    const { caller, practiceId, user } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Rowan Ash' });
    const created = await caller.appointments.create({ patientId, date: '2030-03-05', time: '13:00', duration: 45, appointmentType: 'treatment', mode: 'virtual', notes: 'Bring lab results' });

    const week = await caller.schedule.week({ weekStart: '2030-03-05' });
    expect(week.days.map((day) => day.date)).toEqual(['2030-03-03', '2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09']);
    expect(week.days.map((day) => day.appointments)).toEqual([[], [], [{ id: created.id, patientId, patient: 'Rowan Ash', time: '1:00 PM', type: 'Treatment Session' }], [], [], [], []]);
    const [stored] = await database.query<{ type: string; starts_at: Date; notes: string }>('SELECT type, starts_at, notes FROM appointment WHERE id = $1', [created.id]);
    // 13:00 in Los Angeles (the default zone) on 5 March 2030 is 21:00 UTC.
    expect(stored).toEqual({ type: 'treatment', starts_at: new Date('2030-03-05T21:00:00Z'), notes: 'Bring lab results' });
    const events = await database.query<{ type: string; actor_id: string; request_id: string }>('SELECT type, actor_id::text, request_id FROM domain_event WHERE aggregate_id = $1', [created.id]);
    expect(events).toEqual([{ type: 'AppointmentScheduled', actor_id: user.id, request_id: expect.stringMatching(/^req-/) }]);
    const audit = await database.query<{ action: string; record_type: string }>('SELECT action, record_type FROM audit_entry WHERE record_id = $1', [created.id]);
    expect(audit).toEqual([{ action: 'create', record_type: 'appointment' }]);
  });

  it('creates a New Patient in the practice together with the appointment', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const created = await caller.appointments.create({ patientId: 'new', patientName: 'Juniper Vale', patientEmail: 'juniper@example.com', date: '2030-03-06', time: '09:00', duration: 60, appointmentType: 'consultation', mode: 'in-person' });
    const patients = await database.query<{ id: string; name: string; email: string; status: string }>('SELECT id, name, email, status FROM patient WHERE practice_id = $1', [practiceId]);
    expect(patients).toEqual([{ id: created.patientId, name: 'Juniper Vale', email: 'juniper@example.com', status: 'new' }]);
    expect((await caller.patients.byId({ id: created.patientId })).appointments).toMatchObject([{ type: 'Initial Consultation', duration: '60 min', time: '9:00 AM' }]);
  });

  it('warns about, but does not refuse, an overlapping time', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Overlap Owen' });
    await caller.appointments.create({ patientId, date: '2030-03-07', time: '10:00', duration: 90, appointmentType: 'assessment', mode: 'virtual' });
    expect(await caller.schedule.overlaps({ date: '2030-03-07', time: '11:00', duration: 30 })).toMatchObject([{ patient: 'Overlap Owen', time: '10:00 AM', duration: 90 }]);
    expect(await caller.schedule.overlaps({ date: '2030-03-07', time: '13:00', duration: 30 })).toEqual([]);
    await caller.appointments.create({ patientId, date: '2030-03-07', time: '11:00', duration: 30, appointmentType: 'follow_up', mode: 'virtual' });
    expect((await caller.schedule.week({ weekStart: '2030-03-07' })).days.find((day) => day.date === '2030-03-07')?.appointments.map((a) => a.time)).toEqual(['10:00 AM', '11:00 AM']);
  });

  it('answers bad input with 400 and field messages, and stores nothing', async () => {
    const { cookie, practiceId } = await createPractitioner(database.db);
    const response = await trpcMutation(server, 'appointments.create', { patientId: 'new', patientName: 'Juniper Vale', date: '2030-02-30', time: '25:00', duration: 0, appointmentType: 'Checkup', mode: 'virtual' }, { cookie });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.data.fieldErrors ?? {}).sort()).toEqual(['appointmentType', 'date', 'duration', 'time']);
    const nameless = await trpcMutation(server, 'appointments.create', { patientId: 'new', date: '2030-02-28', time: '09:00', duration: 60, appointmentType: 'follow_up', mode: 'virtual' }, { cookie });
    expect(nameless.status).toBe(400);
    expect(nameless.error?.data.fieldErrors).toEqual({ patientName: ['Please enter the new patient’s name (at least 2 characters).'] });
    expect(await database.query('SELECT id FROM appointment WHERE practice_id = $1', [practiceId])).toEqual([]);
  });
});

describe('patients.list', () => {
  it('searches name and e-mail case-insensitively and the phone exactly as typed, a page at a time', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    await addPatient(database.db, practiceId, { name: 'Amelia Brooks', email: 'amelia@example.com', phone: '(503) 555-0101' });
    await addPatient(database.db, practiceId, { name: 'Bruno Diaz', email: 'BRUNO.D@Example.com', phone: '503.555.0199 ext A' });
    await addPatient(database.db, practiceId, { name: 'Cleo 100%_Sure', email: 'cleo@example.com', phone: '' });
    const names = async (query: string) => (await caller.patients.list({ query })).items.map((row) => row.name);
    expect(await names('')).toEqual(['Amelia Brooks', 'Bruno Diaz', 'Cleo 100%_Sure']);
    expect(await names('AMELIA')).toEqual(['Amelia Brooks']);
    expect(await names('bruno.d@example')).toEqual(['Bruno Diaz']);
    expect(await names('(503) 555')).toEqual(['Amelia Brooks']);
    expect(await names('ext A')).toEqual(['Bruno Diaz']);
    expect(await names('ext a')).toEqual([]);
    expect(await names('%_')).toEqual(['Cleo 100%_Sure']);
    expect(await names('nobody')).toEqual([]);
    const page = await caller.patients.list({ query: '', page: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((row) => row.name)).toEqual(['Cleo 100%_Sure']);
  });

  it("words each row's last visit and next appointment in the practice's zone, not the server's", async () => {
    // 10:00 on Monday 16 June 2025 in Los Angeles (17:00 UTC); the practice keeps that zone.
    const now = new Date('2025-06-16T17:00:00Z');
    const { caller, practiceId } = await createPractitioner(database.db, { timeZone: 'America/Los_Angeles', now });
    const today = await addPatient(database.db, practiceId, { name: 'Ada Today' });
    const later = await addPatient(database.db, practiceId, { name: 'Bea Later' });
    await addPatient(database.db, practiceId, { name: 'Cy None' });
    // Yesterday at 17:30 local is already 16 June in UTC: the local day is what counts.
    await addAppointment(database.db, practiceId, today, { startsAt: new Date('2025-06-16T00:30:00Z'), status: 'completed' });
    await addAppointment(database.db, practiceId, today, { startsAt: new Date('2025-06-16T21:00:00Z'), status: 'confirmed' });
    // Tuesday 23:30 local is Wednesday in UTC; a cancelled one earlier is not the next.
    await addAppointment(database.db, practiceId, later, { startsAt: new Date('2025-06-17T20:00:00Z'), status: 'cancelled' });
    await addAppointment(database.db, practiceId, later, { startsAt: new Date('2025-06-18T06:30:00Z'), status: 'scheduled' });
    await addAppointment(database.db, practiceId, later, { startsAt: new Date('2025-05-01T17:00:00Z'), status: 'completed' });
    const rows = (await caller.patients.list({ query: '' })).items.map(({ name, lastVisit, nextAppointment }) => ({ name, lastVisit, nextAppointment }));
    expect(rows).toEqual([
      { name: 'Ada Today', lastVisit: 'Yesterday', nextAppointment: 'Today, 2:00 PM' },
      { name: 'Bea Later', lastVisit: '1 month ago', nextAppointment: 'Tomorrow, 11:30 PM' },
      { name: 'Cy None', lastVisit: 'Never', nextAppointment: 'Not scheduled' },
    ]);
    // A search words its rows the same way.
    expect((await caller.patients.list({ query: 'bea' })).items.map((row) => row.nextAppointment)).toEqual(['Tomorrow, 11:30 PM']);
  });
});

describe('dashboard.overview', () => {
  it('counts "this week" in the practice\'s zone, not the server\'s', async () => {
    // Saturday 28 November 2026, 8 pm in Los Angeles, is already Sunday 29 November in UTC.
    const now = new Date('2026-11-29T04:00:00Z');
    const { caller, practiceId } = await createPractitioner(database.db, { timeZone: 'America/Los_Angeles', now });
    const patientId = await addPatient(database.db, practiceId, { name: 'Zone Zelda' });
    // Saturday 6 pm LA (Sunday 02:00 UTC): this week in LA, next week in UTC.
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-29T02:00:00Z'), durationMinutes: 30, status: 'completed' });
    // Sunday 22 November 9 am LA: the first day of LA's week.
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-22T17:00:00Z'), durationMinutes: 60, status: 'completed' });
    // Sunday 29 November 10 am LA: next week in LA.
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-29T18:00:00Z'), durationMinutes: 90, mode: 'virtual', status: 'confirmed' });
    // Cancelled this week: not counted.
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-25T18:00:00Z'), durationMinutes: 120, status: 'cancelled' });

    const overview = await caller.dashboard.overview();
    expect(overview.stats).toEqual({ totalPatients: 1, appointmentsThisWeek: 2, averageSessionMinutes: 45, profileCompletion: 10 });
    expect(overview.upcoming).toEqual([
      expect.objectContaining({ patient: 'Zone Zelda', date: '2026-11-29', time: '10:00 AM', duration: 90, mode: 'virtual', status: 'confirmed', canStartSession: true }),
    ]);
    // The schedule files each appointment under its day in LA; the cancelled one is not on the grid.
    const week = await caller.schedule.week({});
    expect(week.today).toBe('2026-11-28');
    expect(week.days.map((day) => [day.date, day.appointments.map((appointment) => appointment.time)])).toEqual([
      ['2026-11-22', ['9:00 AM']],
      ['2026-11-23', []],
      ['2026-11-24', []],
      ['2026-11-25', []],
      ['2026-11-26', []],
      ['2026-11-27', []],
      ['2026-11-28', ['6:00 PM']],
    ]);
  });

  it('offers Start Session only for a virtual, confirmed appointment', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const { caller, practiceId } = await createPractitioner(database.db, { now });
    const patientId = await addPatient(database.db, practiceId, { name: 'Session Sam' });
    const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(1), mode: 'virtual', status: 'confirmed' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(2), mode: 'virtual', status: 'scheduled' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(3), mode: 'in-person', status: 'confirmed' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: at(4), mode: 'virtual', status: 'cancelled' });
    const { upcoming } = await caller.dashboard.overview();
    expect(upcoming.map(({ mode, status, canStartSession }) => [mode, status, canStartSession])).toEqual([
      ['virtual', 'confirmed', true],
      ['virtual', 'pending', false],
      ['in-person', 'confirmed', false],
      ['virtual', 'cancelled', false],
    ]);
  });
});

describe('patients.byId', () => {
  it('reads the record with ages and dates in the practice zone, and leaves an audit entry per read', async () => {
    const now = new Date('2026-11-24T20:00:00Z');
    const { caller, practiceId, user } = await createPractitioner(database.db, { now, name: 'Dr. Reader' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Audited Ada', dateOfBirth: '1990-11-25', conditions: ['A', 'B', 'C', 'D'] });
    await addNote(database.db, practiceId, patientId, { title: 'Older note', writtenAt: new Date('2026-10-01T18:00:00Z'), assessment: 'Stable' });
    await addNote(database.db, practiceId, patientId, { title: 'Newer note', writtenAt: new Date('2026-11-20T18:00:00Z') });
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-26T17:00:00Z'), status: 'confirmed' });
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2026-11-01T17:00:00Z'), status: 'completed' });

    const patient = await caller.patients.byId({ id: patientId });
    expect(patient).toMatchObject({ name: 'Audited Ada', dob: '1990-11-25', conditions: ['A', 'B', 'C', 'D'] });
    expect(patient.notes.map((note) => note.title)).toEqual(['Newer note', 'Older note']);
    // The machine's status, and where an open one stands in time (record 0046).
    expect(patient.appointments.map((appointment) => [appointment.date, appointment.status, appointment.timing])).toEqual([
      ['2026-11-26', 'confirmed', 'upcoming'],
      ['2026-11-01', 'completed', null],
    ]);
    await caller.patients.byId({ id: patientId });
    const trail = await caller.patients.auditTrail({ id: patientId });
    expect(trail.entries.filter((entry) => entry.action === 'read' && entry.recordType === 'patient')).toHaveLength(2);
    expect(trail.entries[0]).toMatchObject({ actorUserId: user.id, actorName: 'Dr. Reader', sourceAddress: '127.0.0.1' });
  });

  it('treats a malformed id exactly like an unknown one', async () => {
    const { cookie } = await createPractitioner(database.db);
    for (const id of ['no-such-patient', "1' OR '1'='1", '00000000-0000-0000-0000-000000000000']) {
      const response = await fetch(`${server.baseUrl}/api/trpc/patients.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, { headers: { cookie } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { json: { message: string } } }).error.json.message).toBe('Unknown Patient');
    }
  });
});

describe('the demo seed', () => {
  it('gives the demo practitioner the spec\'s figures on the day it is seeded, once', async () => {
    const demoDb = await createTestDatabase();
    try {
      const now = new Date();
      await seedDatabase(demoDb.ownerDb, { demo: true }, now);
      await seedDatabase(demoDb.ownerDb, { demo: true }, now);
      const [demo] = await demoDb.query<{ id: string; name: string; email: string; role: string }>('SELECT id::text, name, email, role FROM app_user WHERE email = $1', [normalizeEmail(demoAccount.email)]);
      expect(demo).toBeDefined();
      const caller = createCallerFactory(appRouter)(testContext(demoDb.db, { user: { id: demo?.id ?? '', name: demo?.name ?? '', email: demo?.email ?? '', role: 'practitioner', emailVerified: true }, sessionId: 'demo', now }));
      const overview = await caller.dashboard.overview();
      expect(overview.stats).toEqual({ totalPatients: 42, appointmentsThisWeek: 12, averageSessionMinutes: 55, profileCompletion: 85 });
      expect(overview.upcoming.some((appointment) => appointment.canStartSession)).toBe(true);
      const emma = (await caller.patients.list({ query: 'Emma Thompson' })).items[0];
      const record = await caller.patients.byId({ id: emma?.id ?? '' });
      expect(record).toMatchObject({ name: 'Emma Thompson', conditions: ['Chronic Fatigue', 'IBS', 'Anxiety', 'Vitamin D Deficiency', 'Insomnia'] });
      expect(record.allergies).toHaveLength(3);
      expect(record.notes.length).toBeGreaterThanOrEqual(2);
      // The portal has something in every state: each appointment status, each EHR record type (an
      // addendum under one), payments in several currencies and every status, revenue per currency.
      const appointments = await caller.appointments.list({ pageSize: 100 });
      expect(new Set(appointments.items.map((row) => row.status))).toEqual(new Set(['scheduled', 'confirmed', 'completed', 'cancelled']));
      const records = await caller.clinicalRecords.list({ pageSize: 100 });
      expect(new Set(records.items.map((row) => row.recordType))).toEqual(new Set(['soap', 'progress', 'initial', 'discharge']));
      expect(records.items.some((row) => row.addenda.length > 0)).toBe(true);
      const payments = await caller.payments.list({});
      expect(new Set(payments.items.map((row) => row.status))).toEqual(new Set(['completed', 'pending', 'failed', 'refunded']));
      expect(new Set(payments.items.map((row) => row.currency)).size).toBeGreaterThanOrEqual(3);
      const portal = await caller.portalDashboard.overview();
      expect(portal.revenue).toEqual({ usdMinor: 27_000, other: [{ currency: 'aud', minor: 11_000 }, { currency: 'eur', minor: 8_500 }] });
      expect(portal.ehrRecords).toBe(records.total);
    } finally {
      await demoDb.drop();
    }
  });
});
