/**
 * The provider portal over the practice's real data (issue 13): appointments through the
 * appointment machine (every allowed and refused transition, concurrent changes, delete guarded by
 * linked records), signed and locked EHR records with addenda, payments in minor units per currency
 * and the revenue that counts them, and the audit entries they leave.
 */
import { TRPCError } from '@trpc/server';
import { allowedAppointmentActions, appointmentStatuses, clinicalRecordMessages, currencies, portalFormToCreate, type AppointmentStatus } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addPatient, addPayment, createPractitioner, type PracticeCaller } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

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

const rejection = async (call: Promise<unknown>): Promise<TRPCError> => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
};

const form = { patientName: 'Rowan Ash', patientEmail: 'rowan@example.com', appointmentType: 'treatment' as const, date: '2030-03-05T13:30', duration: '90' as const, notes: 'Bring lab results' };

/** An appointment of the practice in `status`, reached through the machine's own transitions. */
async function appointmentIn(caller: PracticeCaller, status: AppointmentStatus): Promise<string> {
  const { id } = await caller.appointments.create(portalFormToCreate(form));
  if (status === 'confirmed' || status === 'completed') await caller.appointments.confirm({ id });
  if (status === 'completed') await caller.appointments.complete({ id });
  if (status === 'cancelled') await caller.appointments.cancel({ id });
  return id;
}

describe('portal appointments', () => {
  it('schedules from the form in the practice zone, links the patient by e-mail in any case, and shows it in the schedule and on the record', async () => {
    const { caller, practiceId } = await createPractitioner(database.db, { timeZone: 'America/Chicago' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Rowan Ash', email: 'Rowan@Example.com' });
    const created = await caller.appointments.create(portalFormToCreate(form));
    expect(created.patientId).toBe(patientId);
    const [stored] = await database.query<{ starts_at: Date; duration_minutes: number; type: string; status: string; notes: string }>(
      'SELECT starts_at, duration_minutes, type, status, notes FROM appointment WHERE id = $1',
      [created.id],
    );
    // 13:30 in Chicago on 5 March 2030 (CST) is 19:30 UTC.
    expect(stored).toEqual({ starts_at: new Date('2030-03-05T19:30:00Z'), duration_minutes: 90, type: 'treatment', status: 'scheduled', notes: 'Bring lab results' });
    const week = await caller.schedule.week({ weekStart: '2030-03-05' });
    expect(week.days.find((day) => day.date === '2030-03-05')?.appointments).toEqual([{ id: created.id, patientId, patient: 'Rowan Ash', time: '1:30 PM', type: 'Treatment Session' }]);
    expect((await caller.patients.byId({ id: patientId })).appointments).toMatchObject([{ id: created.id, duration: '90 min', time: '1:30 PM' }]);
    expect(await caller.appointments.byId({ id: created.id })).toMatchObject({ status: 'scheduled', form: { ...form, patientEmail: 'Rowan@Example.com' } });
  });

  it('adds a new patient for an e-mail the practice does not know, and lists newest first with the total', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const first = await caller.appointments.create(portalFormToCreate({ ...form, patientName: 'Juniper Vale', patientEmail: 'juniper@example.com', date: '2030-01-01T09:00' }));
    const second = await caller.appointments.create(portalFormToCreate({ ...form, patientName: 'Juniper Vale', patientEmail: 'juniper@example.com', date: '2030-02-01T09:00' }));
    expect(second.patientId).toBe(first.patientId);
    expect(await database.query('SELECT name, email, status FROM patient WHERE practice_id = $1', [practiceId])).toEqual([{ name: 'Juniper Vale', email: 'juniper@example.com', status: 'new' }]);
    const page = await caller.appointments.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ id: second.id, patientName: 'Juniper Vale', date: '2030-02-01', time: '9:00 AM', durationMinutes: 90, status: 'scheduled' }] });
    expect((await caller.appointments.list({ page: 2, pageSize: 1 })).items.map((row) => row.id)).toEqual([first.id]);
    expect(await caller.appointments.list({ page: 3, pageSize: 1 })).toMatchObject({ items: [], total: 2 });
  });

  it('allows exactly the transitions the machine allows, from every status, and refuses the rest with its message', async () => {
    const { caller } = await createPractitioner(database.db);
    const verbs = { confirm: 'confirmed', complete: 'completed', cancel: 'cancelled' } as const;
    for (const status of appointmentStatuses) {
      for (const [verb, after] of Object.entries(verbs) as [keyof typeof verbs, AppointmentStatus][]) {
        const id = await appointmentIn(caller, status);
        if (allowedAppointmentActions(status).includes(verb)) {
          expect(await caller.appointments[verb]({ id }), `${verb} from ${status}`).toEqual({ id, status: after });
        } else {
          const error = await rejection(caller.appointments[verb]({ id }));
          expect(error.code, `${verb} from ${status}`).toBe('CONFLICT');
          expect(error.message).toMatch(new RegExp(`this one is ${status}|A ${status} appointment`));
          expect((await caller.appointments.byId({ id })).status).toBe(status);
        }
      }
      const id = await appointmentIn(caller, status);
      const update = caller.appointments.update({ ...form, id, date: '2030-03-06T10:00', duration: '30' });
      if (allowedAppointmentActions(status).includes('reschedule')) {
        await update;
        expect((await caller.appointments.byId({ id })).form).toMatchObject({ date: '2030-03-06T10:00', duration: '30' });
      } else {
        expect((await rejection(update)).message).toBe(`A ${status} appointment cannot be rescheduled.`);
      }
    }
  });

  it('records each change as an event with its actor and an audit entry', async () => {
    const { caller, user } = await createPractitioner(database.db);
    const id = await appointmentIn(caller, 'completed');
    const events = await database.query<{ type: string; actor_id: string }>('SELECT type, actor_id::text FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [id]);
    expect(events).toEqual(['AppointmentScheduled', 'AppointmentConfirmed', 'AppointmentCompleted'].map((type) => ({ type, actor_id: user.id })));
    const audit = await database.query<{ action: string }>('SELECT action FROM audit_entry WHERE record_id = $1 ORDER BY sequence', [id]);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
  });

  it('ends concurrent changes of one appointment in one consistent state', async () => {
    const { caller } = await createPractitioner(database.db);
    const id = await appointmentIn(caller, 'confirmed');
    const results = await Promise.allSettled([caller.appointments.complete({ id }), caller.appointments.cancel({ id }), caller.appointments.complete({ id }), caller.appointments.cancel({ id })]);
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.status] : []));
    expect(won).toHaveLength(1);
    const final = (await caller.appointments.byId({ id })).status;
    expect(final).toBe(won[0]);
    const events = await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_id = $1 AND type <> 'AppointmentScheduled' AND type <> 'AppointmentConfirmed'", [id]);
    expect(events).toEqual([{ type: final === 'completed' ? 'AppointmentCompleted' : 'AppointmentCancelled' }]);
  });

  it('deletes an appointment without records, and refuses, changing nothing, one with a clinical note or a payment', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const free = await appointmentIn(caller, 'cancelled');
    expect(await caller.appointments.delete({ id: free })).toEqual({ id: free, status: 'deleted' });
    expect(await database.query('SELECT id FROM appointment WHERE id = $1', [free])).toEqual([]);
    expect((await rejection(caller.appointments.byId({ id: free }))).code).toBe('NOT_FOUND');

    const withNote = await appointmentIn(caller, 'completed');
    const { patientId } = await caller.appointments.byId({ id: withNote });
    await caller.clinicalRecords.create({ patientName: 'Rowan Ash', appointmentId: withNote, subjective: 'Better' });
    const withPayment = await appointmentIn(caller, 'completed');
    await addPayment(database.db, practiceId, { amountMinor: 5000, appointmentId: withPayment });
    for (const id of [withNote, withPayment]) {
      const error = await rejection(caller.appointments.delete({ id }));
      expect(error.code).toBe('PRECONDITION_FAILED');
      expect(error.message).toBe('This appointment has clinical notes or payments, so it cannot be deleted. Cancel it instead.');
      expect(await database.query('SELECT status FROM appointment WHERE id = $1', [id])).toEqual([{ status: 'completed' }]);
    }
    expect(patientId).toBeTruthy();
  });

  it('keeps a duration the form does not offer (the schedule\'s 45 minutes) through an edit', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Rowan Ash', email: 'rowan@example.com' });
    const id = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-03-05T18:00:00Z'), durationMinutes: 45 });
    const { form: loaded } = await caller.appointments.byId({ id });
    expect(loaded.duration).toBe('45');
    await caller.appointments.update({ ...loaded, id, notes: 'Moved the notes only' });
    expect(await database.query('SELECT duration_minutes, notes FROM appointment WHERE id = $1', [id])).toEqual([{ duration_minutes: 45, notes: 'Moved the notes only' }]);
    // A new appointment takes whole minutes (the dialog's 45 too); the portal form offers its own four.
    expect((await rejection(caller.appointments.create({ ...portalFormToCreate(form), duration: 45.5 }))).code).toBe('BAD_REQUEST');
  });

  it('shows each appointment with the machine’s status in the record and in the table alike; time only adds a cue', async () => {
    // 9:00 in Los Angeles on 5 March 2030 is 17:00 UTC; it is now 10:30 there.
    const { caller, practiceId } = await createPractitioner(database.db, { now: new Date('2030-03-05T18:30:00Z') });
    const patientId = await addPatient(database.db, practiceId, { name: 'Pia Past', email: 'pia@example.com' });
    const nobodyCompleted = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-03-05T17:00:00Z'), durationMinutes: 60, status: 'scheduled' });
    const running = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-03-05T18:00:00Z'), durationMinutes: 60, status: 'confirmed' });
    const ahead = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-03-06T17:00:00Z'), durationMinutes: 60, status: 'scheduled' });
    const done = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-03-04T17:00:00Z'), durationMinutes: 60, status: 'completed' });
    const expected = {
      [nobodyCompleted]: { status: 'scheduled', timing: 'past' },
      [running]: { status: 'confirmed', timing: 'in_progress' },
      [ahead]: { status: 'scheduled', timing: 'upcoming' },
      [done]: { status: 'completed', timing: null },
    };
    const record = await caller.patients.byId({ id: patientId });
    expect(Object.fromEntries(record.appointments.map((a) => [a.id, { status: a.status, timing: a.timing }]))).toEqual(expected);
    const table = await caller.appointments.list({});
    expect(Object.fromEntries(table.items.map((a) => [a.id, { status: a.status, timing: a.timing }]))).toEqual(expected);
  });

  it('answers bad form input with 400 and field messages, and stores nothing', async () => {
    const { cookie, practiceId } = await createPractitioner(database.db);
    const response = await trpcMutation(server, 'appointments.create', portalFormToCreate({ ...form, patientName: '', patientEmail: 'not-an-email', date: '2030-02-30T10:00' }), { cookie });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toMatchObject({
      patientName: ['Please enter the patient name.'],
      patientEmail: ['Please enter a valid email address.'],
      date: ['Please enter a valid date.'],
    });
    expect(await database.query('SELECT id FROM appointment WHERE practice_id = $1', [practiceId])).toEqual([]);
  });
});

describe('portal EHR records', () => {
  it('saves a record as a draft linked to its patient and appointment, signs it, and shows it in the list and the patient\'s notes', async () => {
    const { caller, practiceId, user } = await createPractitioner(database.db, { name: 'Dr. Sage Quill' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Mira Stone' });
    const appointmentId = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-01-10T17:00:00Z'), status: 'completed' });
    const created = await caller.clinicalRecords.create({ patientName: 'Mira Stone', patientId, appointmentId, recordType: 'progress', subjective: 'Sleeping better', plan: 'Continue' });
    expect(created).toMatchObject({ patientId, patientName: 'Mira Stone', recordType: 'progress', title: 'Progress Note' });
    expect((await caller.patients.byId({ id: patientId })).notes).toMatchObject([{ id: created.id, signed: false, recordType: 'progress' }]);
    await caller.clinicalRecords.sign({ id: created.id });
    const [stored] = await database.query<{ status: string; signed_at: Date | null; appointment_id: string; author_user_id: string; author_name: string }>(
      'SELECT status, signed_at, appointment_id, author_user_id::text, author_name FROM clinical_note WHERE id = $1',
      [created.id],
    );
    expect(stored).toMatchObject({ status: 'signed', appointment_id: appointmentId, author_user_id: user.id, author_name: 'Dr. Sage Quill' });
    expect(stored?.signed_at).toBeInstanceOf(Date);
    const list = await caller.clinicalRecords.list({ patientId });
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id, recordType: 'progress', patientName: 'Mira Stone', signed: true, content: { subjective: 'Sleeping better', plan: 'Continue' }, addenda: [] }] });
    expect((await caller.patients.byId({ id: patientId })).notes).toMatchObject([{ id: created.id, type: 'Progress Note', title: 'Progress Note', provider: 'Dr. Sage Quill', signed: true }]);
    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [created.id]);
    expect(events.map((event) => event.type)).toEqual(['NoteDrafted', 'NoteSigned']);
  });

  it("dates each record (and the patient's appointments) by the practice's zone, not UTC", async () => {
    const { caller, practiceId } = await createPractitioner(database.db, { timeZone: 'America/Chicago' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Noor Vale' });
    const late = await caller.clinicalRecords.create({ patientName: 'Noor Vale', patientId });
    const early = await caller.clinicalRecords.create({ patientName: 'Noor Vale', patientId });
    // 03:30 UTC on 10 January is 21:30 on the 9th in Chicago; 18:00 UTC is noon on the 10th.
    await database.query('UPDATE clinical_note SET written_at = $2 WHERE id = $1', [late.id, new Date('2030-01-10T03:30:00Z')]);
    await database.query('UPDATE clinical_note SET written_at = $2 WHERE id = $1', [early.id, new Date('2030-01-10T18:00:00Z')]);
    const list = await caller.clinicalRecords.list({ patientId });
    expect(list.items.map((item) => [item.id, item.recordDate])).toEqual([
      [early.id, '2030-01-10'],
      [late.id, '2030-01-09'],
    ]);
    // The patient's record says the same, and an appointment's day and time are Chicago's too.
    await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-01-10T03:30:00Z'), status: 'completed' });
    const record = await caller.patients.byId({ id: patientId });
    expect(record.notes.map((note) => [note.id, note.date])).toEqual([
      [early.id, '2030-01-10'],
      [late.id, '2030-01-09'],
    ]);
    expect(record.appointments).toMatchObject([{ date: '2030-01-09', time: '9:30 PM' }]);
  });

  it('never picks or makes a patient from a name alone: a typo is refused; a new patient is chosen as such', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    await addPatient(database.db, practiceId, { name: 'Ivy North' });
    const count = async () => (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM patient WHERE practice_id = $1', [practiceId]))[0]?.count;
    const before = await count();
    const typo = await caller.clinicalRecords.create({ patientName: 'Ivy Nroth' }).then(
      () => null,
      (error: unknown) => error as TRPCError,
    );
    expect(typo?.code).toBe('BAD_REQUEST');
    expect(typo?.message).toBe(clinicalRecordMessages.choosePatient);
    await expect(caller.clinicalRecords.create({ patientName: 'ivy north' })).rejects.toThrow(clinicalRecordMessages.choosePatient);
    expect(await count()).toBe(before);
    const added = await caller.clinicalRecords.create({ patientName: 'Jon Newcomer', newPatient: true });
    expect(await count()).toBe((before ?? 0) + 1);
    expect((await caller.patients.byId({ id: added.patientId })).name).toBe('Jon Newcomer');
  });

  it('keeps a signed record locked — the database refuses an edit or a delete — and takes addenda under it', async () => {
    const { caller, practiceId } = await createPractitioner(database.db, { name: 'Dr. Lock' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Locked Lena' });
    const { id } = await caller.clinicalRecords.create({ patientName: 'Locked Lena', patientId, assessment: 'Stable' });
    await caller.clinicalRecords.sign({ id });
    await expect(database.query("UPDATE clinical_note SET assessment = 'Altered' WHERE id = $1", [id])).rejects.toThrow(/locked/);
    await expect(database.query("UPDATE clinical_note SET status = 'draft' WHERE id = $1", [id])).rejects.toThrow(/locked/);
    await expect(database.query('DELETE FROM clinical_note WHERE id = $1', [id])).rejects.toThrow(/cannot be deleted/);

    const { addendum } = await caller.clinicalRecords.addAddendum({ id, text: '  Lab results reviewed.  ' });
    expect(addendum).toMatchObject({ text: 'Lab results reviewed.', author: 'Dr. Lock' });
    await expect(database.query("UPDATE clinical_note_addendum SET text = 'Altered' WHERE id = $1", [addendum.id])).rejects.toThrow(/append-only/);
    await expect(database.query('DELETE FROM clinical_note_addendum WHERE id = $1', [addendum.id])).rejects.toThrow(/append-only/);
    const [note] = (await caller.patients.byId({ id: patientId })).notes;
    expect(note?.content.assessment).toBe('Stable');
    expect(note?.addenda).toEqual([{ id: addendum.id, text: 'Lab results reviewed.', author: 'Dr. Lock', at: addendum.at }]);
    const audit = await database.query<{ action: string }>('SELECT action FROM audit_entry WHERE record_id = $1 ORDER BY sequence', [id]);
    // One entry per call: the draft, its signature, then the addendum.
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'sign', 'amend']);
    expect((await caller.patients.auditTrail({ id: patientId })).entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['sign', 'amend']));
    // The patient goes with its records: a cascade still removes the locked note and its addenda.
    await database.query('DELETE FROM patient WHERE id = $1', [patientId]);
    expect(await database.query('SELECT id FROM clinical_note WHERE id = $1', [id])).toEqual([]);
  });

  it('refuses an empty addendum with its field message, and a record linked to another patient\'s appointment', async () => {
    const { cookie, caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Ana' });
    const otherPatient = await addPatient(database.db, practiceId, { name: 'Bo' });
    const otherAppointment = await addAppointment(database.db, practiceId, otherPatient, { startsAt: new Date('2030-01-01T10:00:00Z') });
    const { id } = await caller.clinicalRecords.create({ patientName: 'Ana', patientId });
    await caller.clinicalRecords.sign({ id });
    const response = await trpcMutation(server, 'clinicalRecords.addAddendum', { id, text: '   ' }, { cookie });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ text: ['Please enter the addendum text.'] });
    // An appointment of another patient is not this record's.
    expect((await rejection(caller.clinicalRecords.create({ patientName: 'Ana', patientId, appointmentId: otherAppointment }))).code).toBe('NOT_FOUND');
  });

  it('pages the access log of a patient, newest first', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Paged Pia' });
    for (let read = 0; read < 23; read += 1) await caller.patients.byId({ id: patientId });
    const first = await caller.patients.auditTrail({ id: patientId });
    expect(first.entries).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.patients.auditTrail({ id: patientId, cursor: first.nextCursor });
    expect(second.entries).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const times = [...first.entries, ...second.entries].map((entry) => new Date(entry.occurredAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('portal payments', () => {
  it('round-trips typed amounts as exact minor units in every currency', async () => {
    const { caller } = await createPractitioner(database.db);
    const amounts: [string, number][] = [
      ['0.07', 7],
      ['150.5', 15050],
      ['.5', 50],
      ['19.99', 1999],
      ['9999999999.99', 999_999_999_999],
    ];
    for (const currency of currencies) {
      for (const [amount, minor] of amounts) {
        const created = await caller.payments.create({ amount, currency, paymentMethod: 'cash', status: 'completed' });
        expect(created, `${amount} ${currency}`).toMatchObject({ amountMinor: minor, currency });
      }
    }
    const listed = await caller.payments.list({ pageSize: 100 });
    expect(listed.total).toBe(currencies.length * amounts.length);
    for (const currency of currencies) {
      expect(listed.items.filter((row) => row.currency === currency).map((row) => row.amountMinor).sort((a, b) => a - b)).toEqual(amounts.map(([, minor]) => minor).sort((a, b) => a - b));
    }
  });

  it('answers a malformed amount with 400 and its field message, storing nothing', async () => {
    const { cookie, practiceId } = await createPractitioner(database.db);
    for (const [amount, message] of [
      ['1.234', 'Amount can have at most 2 decimal places.'],
      ['-5', 'Amount cannot be negative.'],
      ['0', 'Please enter an amount greater than 0.'],
      ['1e3', 'Please enter a valid amount.'],
    ]) {
      const response = await trpcMutation(server, 'payments.create', { amount }, { cookie });
      expect(response.status, amount).toBe(400);
      expect(response.error?.data.fieldErrors).toEqual({ amount: [message] });
    }
    expect(await database.query('SELECT id FROM payment WHERE practice_id = $1', [practiceId])).toEqual([]);
  });

  it('shows the appointment a payment is for, and totals revenue per currency from completed payments only', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Payer Pat' });
    const appointmentId = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-01-10T17:00:00Z'), type: 'consultation', status: 'completed' });
    await caller.payments.create({ amount: '150.00', appointmentId });
    await caller.payments.create({ amount: '85.00', currency: 'eur', paymentMethod: 'bank_transfer' });
    await caller.payments.create({ amount: '40.00', currency: 'eur' });
    await caller.payments.create({ amount: '60.00', status: 'pending' });
    await caller.payments.create({ amount: '70.00', status: 'failed' });
    const refunded = await caller.payments.create({ amount: '90.00' });
    await caller.payments.refund({ id: refunded.id });
    const overview = await caller.portalDashboard.overview();
    expect(overview.revenue).toEqual({ usdMinor: 15_000, other: [{ currency: 'eur', minor: 12_500 }] });
    const list = await caller.payments.list({});
    expect(list.items.find((row) => row.appointmentId === appointmentId)).toMatchObject({ patientName: 'Payer Pat', service: 'Consultation', amountMinor: 15_000, currency: 'usd', method: 'card', status: 'completed' });
    expect(list.items.find((row) => row.currency === 'eur' && row.amountMinor === 8_500)).toMatchObject({ patientName: null, service: null, method: 'bank_transfer' });
  });

  it('names the patient who paid: chosen, or the appointment\'s; an appointment of another patient is refused', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const ivy = await addPatient(database.db, practiceId, { name: 'Ivy Payer' });
    const sam = await addPatient(database.db, practiceId, { name: 'Sam Visit' });
    const visit = await addAppointment(database.db, practiceId, sam, { startsAt: new Date('2026-03-02T17:00:00Z'), status: 'completed' });
    expect((await caller.payments.create({ amount: '40.00', patientId: ivy })).patientId).toBe(ivy);
    expect((await caller.payments.create({ amount: '60.00', appointmentId: visit })).patientId).toBe(sam);
    await expect(caller.payments.create({ amount: '60.00', appointmentId: visit, patientId: ivy })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const names = (await caller.payments.list({ page: 1 })).items.map((payment) => [payment.amountMinor, payment.patientName]);
    expect(names).toEqual(expect.arrayContaining([[4000, 'Ivy Payer'], [6000, 'Sam Visit']]));
    expect(names).toHaveLength(2);
  });

  it('refunds a completed payment once, and nothing else', async () => {
    const { caller } = await createPractitioner(database.db);
    for (const status of ['pending', 'failed'] as const) {
      const { id } = await caller.payments.create({ amount: '10.00', status });
      const error = await rejection(caller.payments.refund({ id }));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(`Only a completed payment can be refunded; this one is ${status}.`);
    }
    const { id } = await caller.payments.create({ amount: '10.00' });
    expect(await caller.payments.refund({ id })).toEqual({ id, status: 'refunded' });
    expect((await rejection(caller.payments.refund({ id }))).message).toBe('Only a completed payment can be refunded; this one is refunded.');
    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [id]);
    expect(events.map((event) => event.type)).toEqual(['PaymentRecorded', 'PaymentRefunded']);
  });
});

describe('the portal dashboard', () => {
  it('counts appointments, the upcoming ones, the patients they are for and the EHR records, and lists the next open ones', async () => {
    const now = new Date('2030-01-15T12:00:00Z');
    const { caller, practiceId } = await createPractitioner(database.db, { now });
    const ana = await addPatient(database.db, practiceId, { name: 'Ana' });
    const bo = await addPatient(database.db, practiceId, { name: 'Bo' });
    await addPatient(database.db, practiceId, { name: 'No Visits' });
    await addAppointment(database.db, practiceId, ana, { startsAt: new Date('2030-01-10T17:00:00Z'), status: 'completed' });
    const next = await addAppointment(database.db, practiceId, bo, { startsAt: new Date('2030-01-16T17:00:00Z'), status: 'confirmed' });
    await addAppointment(database.db, practiceId, ana, { startsAt: new Date('2030-01-17T17:00:00Z'), status: 'cancelled' });
    const later = await addAppointment(database.db, practiceId, ana, { startsAt: new Date('2030-01-20T17:00:00Z'), status: 'scheduled' });
    await caller.clinicalRecords.create({ patientName: 'Ana', patientId: ana });
    const overview = await caller.portalDashboard.overview();
    expect(overview).toMatchObject({ totalAppointments: 4, upcomingAppointments: 2, uniquePatients: 2, ehrRecords: 1, revenue: { usdMinor: 0, other: [] } });
    expect(overview.upcoming.map((appointment) => appointment.id)).toEqual([next, later]);
  });
});
