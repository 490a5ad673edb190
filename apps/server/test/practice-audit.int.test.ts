/**
 * Audit by construction (issue 23): every practice procedure of the router — every procedure that
 * returns or changes practice data — leaves exactly one audit entry per call, with the actor, the
 * practice, the action, the record and the request, and nothing of the record's content. The list
 * is read from the router itself: a new practice procedure without its call here fails.
 */
import { addDays, calendarDateInZone, defaultBookingSettings } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_CALL_AUDIT, PROFILE_PHOTO_UPLOAD } from '../src/practice/practice-call-audit.ts';
import { appRouter } from '../src/trpc/app.router.ts';
import { practitionerProcedure } from '../src/trpc/trpc.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addAppointment, addNote, addPatient, addPayment, createPractitioner, type PracticeCaller, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let owner: TestPractitioner;
let referee: TestPractitioner;
const ids: Record<string, string> = {};
/** The middleware that makes a procedure a practice call: the last one `practitionerProcedure` adds. */
const practiceCall = (practitionerProcedure as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.at(-1);

interface AuditRow {
  actor_user_id: string | null;
  practice_id: string;
  action: string;
  record_type: string;
  record_id: string | null;
  patient_id: string | null;
  request_id: string;
}

const entries = () => database.query<AuditRow & { sequence: string }>('SELECT sequence::text, actor_user_id::text, practice_id, action, record_type, record_id, patient_id, request_id FROM audit_entry ORDER BY audit_entry.sequence');

const PATIENT_EMAIL = 'audited.patient@example.com';

/** Each practice procedure, called once as it would be used; the order keeps every call valid. */
const CALLS: readonly (readonly [path: string, call: (caller: PracticeCaller) => Promise<unknown>, expected?: Partial<AuditRow>])[] = [
  ['dashboard.overview', (caller) => caller.dashboard.overview()],
  ['booking.settings', (caller) => caller.booking.settings()],
  ['booking.saveSettings', (caller) => caller.booking.saveSettings({ ...defaultBookingSettings('America/Los_Angeles'), enabled: true })],
  ['practiceSettings.get', (caller) => caller.practiceSettings.get()],
  ['practiceSettings.current', (caller) => caller.practiceSettings.current()],
  ['practiceSettings.save', (caller) => caller.practiceSettings.save({ name: 'Audited Clinic', timeZone: 'America/Chicago', currency: 'CAD' })],
  ['calendarFeed.status', (caller) => caller.calendarFeed.status()],
  ['calendarFeed.enable', (caller) => caller.calendarFeed.enable()],
  ['calendarFeed.regenerate', (caller) => caller.calendarFeed.regenerate()],
  ['calendarFeed.setShowsNames', (caller) => caller.calendarFeed.setShowsNames({ showsNames: true })],
  ['calendarFeed.disable', (caller) => caller.calendarFeed.disable()],
  ['portalDashboard.overview', (caller) => caller.portalDashboard.overview()],
  ['patients.list', (caller) => caller.patients.list({ query: '' })],
  ['patients.byId', (caller) => caller.patients.byId({ id: ids.patient ?? '' }), { record_id: 'patient', patient_id: 'patient' }],
  ['patients.possibleDuplicates', (caller) => caller.patients.possibleDuplicates({ email: PATIENT_EMAIL })],
  [
    'patients.create',
    async (caller) => {
      const created = await caller.patients.create({ name: 'Added Through The Form', conditions: 'AUDIT-MARKER-condition' });
      ids.added = created.id;
    },
    { record_id: 'added', patient_id: 'added' },
  ],
  ['patients.update', (caller) => caller.patients.update({ id: ids.patient ?? '', name: 'Audited Patient', email: PATIENT_EMAIL, phone: '(503) 555-0111' }), { record_id: 'patient', patient_id: 'patient' }],
  ['patients.updateHealthRecord', (caller) => caller.patients.updateHealthRecord({ id: ids.patient ?? '', medications: [{ name: 'AUDIT-MARKER-medication', dosage: '5 mg' }] }), { record_id: 'patient', patient_id: 'patient' }],
  ['patients.setArchived', (caller) => caller.patients.setArchived({ id: ids.patient ?? '', archived: false }), { record_id: 'patient', patient_id: 'patient' }],
  ['patients.auditTrail', (caller) => caller.patients.auditTrail({ id: ids.patient ?? '' }), { patient_id: 'patient' }],
  ['schedule.week', (caller) => caller.schedule.week({ weekStart: ids.day })],
  ['schedule.patientOptions', (caller) => caller.schedule.patientOptions({ query: 'Audited' })],
  ['schedule.overlaps', (caller) => caller.schedule.overlaps({ date: ids.day ?? '', time: '10:00', duration: 60 })],
  ['appointments.list', (caller) => caller.appointments.list({})],
  ['appointments.byId', (caller) => caller.appointments.byId({ id: ids.appointment ?? '' }), { record_id: 'appointment', patient_id: 'patient' }],
  ['appointments.codes', (caller) => caller.appointments.codes({ id: ids.appointment ?? '' }), { record_id: 'appointment', patient_id: 'patient' }],
  ['appointments.setCodes', (caller) => caller.appointments.setCodes({ id: ids.appointment ?? '', cptCodes: '99213', icd10Codes: 'M54.5' }), { record_id: 'appointment', patient_id: 'patient' }],
  ['appointments.create', async (caller) => {
    const created = await caller.appointments.create({ patientName: 'Audited Patient', patientEmail: PATIENT_EMAIL, appointmentType: 'follow_up', date: ids.day ?? '', time: '11:00', duration: 30, notes: '' });
    ids.created = created.id;
    return created;
  }, { record_id: 'created', patient_id: 'patient' }],
  ['appointments.update', (caller) => caller.appointments.update({ id: ids.created ?? '', patientName: 'Audited Patient', patientEmail: PATIENT_EMAIL, appointmentType: 'follow_up', date: `${ids.day}T12:00`, duration: '30', notes: '' }), { record_id: 'created', patient_id: 'patient' }],
  ['appointments.confirm', (caller) => caller.appointments.confirm({ id: ids.created ?? '' }), { record_id: 'created', patient_id: 'patient' }],
  ['appointments.complete', (caller) => caller.appointments.complete({ id: ids.created ?? '' }), { record_id: 'created', patient_id: 'patient' }],
  ['appointments.cancel', (caller) => caller.appointments.cancel({ id: ids.appointment ?? '' }), { record_id: 'appointment', patient_id: 'patient' }],
  ['appointments.delete', (caller) => caller.appointments.delete({ id: ids.created ?? '' }), { record_id: 'created', patient_id: 'patient' }],
  ['clinicalRecords.list', (caller) => caller.clinicalRecords.list({ patientId: ids.patient }), { patient_id: 'patient' }],
  ['clinicalRecords.create', async (caller) => {
    const created = await caller.clinicalRecords.create({ patientName: 'Audited Patient', patientId: ids.patient, subjective: 'AUDIT-MARKER-subjective' });
    ids.note = created.id;
    return created;
  }, { record_id: 'note', patient_id: 'patient' }],
  ['clinicalRecords.saveDraft', (caller) => caller.clinicalRecords.saveDraft({ id: ids.note ?? '', subjective: 'AUDIT-MARKER-edited' }), { record_id: 'note', patient_id: 'patient' }],
  ['clinicalRecords.sign', (caller) => caller.clinicalRecords.sign({ id: ids.note ?? '' }), { record_id: 'note', patient_id: 'patient' }],
  ['clinicalRecords.addAddendum', (caller) => caller.clinicalRecords.addAddendum({ id: ids.note ?? '', text: 'AUDIT-MARKER-addendum' }), { record_id: 'note', patient_id: 'patient' }],
  // Issue 26: each export of a patient's record is an entry of its own.
  ['records.superbill', (caller) => caller.records.superbill({ patientId: ids.patient ?? '', from: '2026-01-01', to: '2026-12-31' }), { record_id: 'patient', patient_id: 'patient' }],
  ['records.fhirBundle', (caller) => caller.records.fhirBundle({ id: ids.patient ?? '' }), { record_id: 'patient', patient_id: 'patient' }],
  ['records.recordPdf', (caller) => caller.records.recordPdf({ id: ids.patient ?? '' }), { record_id: 'patient', patient_id: 'patient' }],
  ['payments.list', (caller) => caller.payments.list({})],
  ['payments.create', async (caller) => {
    const created = await caller.payments.create({ amount: '12.00', appointmentId: ids.appointment });
    ids.newPayment = created.id;
    return created;
  }, { record_id: 'newPayment', patient_id: 'patient' }],
  ['payments.refund', (caller) => caller.payments.refund({ id: ids.newPayment ?? '' }), { record_id: 'newPayment', patient_id: 'patient' }],
  ['profile.mine', (caller) => caller.profile.mine()],
  ['profile.save', (caller) =>
    caller.profile.save({ name: 'Dr. Audited', location: 'Portland, OR', shortBio: 'Audited.', about: 'An about text that is long enough for the profile editor to accept it as is.', yearsExperience: '9', specialties: ['Naturopathy'], profileImage: null })],
  ['referralCodes.list', (caller) => caller.referralCodes.list()],
  ['referralCodes.create', async (caller) => {
    const created = await caller.referralCodes.create({ code: 'AUDITED1', description: '$10 off', reward: '10', maxUsage: '', expiryDate: '' });
    ids.code = created.id;
    return created;
  }, { record_id: 'code' }],
  ['referralCodes.deactivate', (caller) => caller.referralCodes.deactivate({ id: ids.code ?? '' }), { record_id: 'code' }],
  ['referralCodes.activate', (caller) => caller.referralCodes.activate({ id: ids.code ?? '' }), { record_id: 'code' }],
  ['referrals.create', async (caller) => {
    const created = await caller.referrals.create({ name: 'Rae Referee', email: referee.user.email, type: 'practitioner', referralCode: 'AUDITED1' });
    ids.referral = created.id;
    return created;
  }, { record_id: 'referral' }],
  ['referrals.resend', (caller) => caller.referrals.resend({ id: ids.referral ?? '' }), { record_id: 'referral' }],
  ['referrals.list', (caller) => caller.referrals.list()],
  ['referrals.decline', () => referee.caller.referrals.decline({ id: ids.referral ?? '' }), { record_id: 'referral' }],
  ['referrals.accept', async (caller) => {
    const again = await caller.referrals.create({ name: 'Rae Referee', email: referee.user.email, type: 'practitioner', referralCode: 'AUDITED1' });
    ids.referral = again.id;
    return referee.caller.referrals.accept({ id: again.id });
  }, { record_id: 'referral' }],
  ['referrals.cancel', async (caller) => {
    const again = await caller.referrals.create({ name: 'Sam Second', email: 'sam.second@example.com', type: 'patient', referralCode: 'AUDITED1' });
    ids.referral = again.id;
    return caller.referrals.cancel({ id: again.id });
  }, { record_id: 'referral' }],
  ['referralCodes.delete', (caller) => caller.referralCodes.delete({ id: ids.code ?? '' }), { record_id: 'code' }],
  ['contactMessages.list', (caller) => caller.contactMessages.list()],
  ['contactMessages.markRead', (caller) => caller.contactMessages.markRead({ id: ids.message ?? '' }), { record_id: 'message' }],
  // Billing (issue 26): an invoice through its whole life, then a second one voided.
  ['invoices.create', async (caller) => {
    const created = await caller.invoices.create({ patientId: ids.patient });
    ids.invoice = created.id;
    return created;
  }, { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.save', (caller) => caller.invoices.save({ id: ids.invoice ?? '', lines: [{ description: 'AUDIT-MARKER-line', quantity: 1, unitPrice: '40' }] }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.list', (caller) => caller.invoices.list({})],
  ['invoices.byId', (caller) => caller.invoices.byId({ id: ids.invoice ?? '' }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.issue', (caller) => caller.invoices.issue({ id: ids.invoice ?? '' }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.pdf', (caller) => caller.invoices.pdf({ id: ids.invoice ?? '' }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.send', (caller) => caller.invoices.send({ id: ids.invoice ?? '' }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.recordPayment', (caller) => caller.invoices.recordPayment({ id: ids.invoice ?? '' }), { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.markPaid', async (caller) => {
    const second = await caller.invoices.create({ patientId: ids.patient });
    await caller.invoices.save({ id: second.id, lines: [{ description: 'Second', quantity: 1, unitPrice: '10' }] });
    await caller.invoices.issue({ id: second.id });
    ids.invoice = second.id;
    // In the practice's currency, whatever practiceSettings.save above chose.
    const { currency } = await caller.invoices.byId({ id: second.id });
    ids.invoicePayment = await addPayment(database.db, owner.practiceId, { amountMinor: 1000, currency: currency.toLowerCase() });
    return caller.invoices.markPaid({ id: second.id, paymentId: ids.invoicePayment });
  }, { record_id: 'invoice', patient_id: 'patient' }],
  ['invoices.void', async (caller) => {
    const third = await caller.invoices.create({ patientId: ids.patient });
    ids.invoice = third.id;
    return caller.invoices.void({ id: third.id });
  }, { record_id: 'invoice', patient_id: 'patient' }],
];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  const now = new Date();
  owner = await createPractitioner(database.db, { name: 'Dr. Audit Owner', now });
  referee = await createPractitioner(database.db, { name: 'Dr. Referee', now });
  ids.day = addDays(calendarDateInZone(now, 'America/Los_Angeles'), 2);
  ids.patient = await addPatient(database.db, owner.practiceId, { name: 'Audited Patient', email: PATIENT_EMAIL });
  ids.appointment = await addAppointment(database.db, owner.practiceId, ids.patient, { startsAt: new Date(now.getTime() + 2 * 86_400_000), status: 'confirmed' });
  ids.seedNote = await addNote(database.db, owner.practiceId, ids.patient, { title: 'Seeded', writtenAt: now });
  ids.payment = await addPayment(database.db, owner.practiceId, { amountMinor: 1000, appointmentId: ids.appointment });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('the audit of practice calls', () => {
  it('has a rule for exactly the practice procedures of the router (and the photo upload)', () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { middlewares: unknown[] } }>);
    const practiceProcedures = procedures.filter(([, procedure]) => procedure._def.middlewares.includes(practiceCall)).map(([path]) => path);
    expect(practiceProcedures.sort()).toEqual(Object.keys(PRACTICE_CALL_AUDIT).filter((path) => path !== PROFILE_PHOTO_UPLOAD).sort());
    expect(CALLS.map(([path]) => path).sort()).toEqual(practiceProcedures.sort());
  });

  it('leaves exactly one entry per call of every practice procedure, of the caller and their practice, with the record it names', async () => {
    // A visitor's message to the owner's listing (written by the profile.save call below first).
    for (const [path, call, expected] of CALLS) {
      if (path === 'contactMessages.list') {
        const listing = await database.query<{ practitioner_id: string }>('SELECT practitioner_id FROM practice WHERE id = $1', [owner.practiceId]);
        const sent = await trpcMutation<{ id: string }>(server, 'contactMessages.send', { practitionerId: listing[0]?.practitioner_id ?? '', name: 'Vera Visitor', email: 'vera@example.com', phone: '', message: 'A question about a first visit.', consent: true });
        ids.message = sent.data?.id ?? '';
      }
      const actor = path === 'referrals.decline' || path === 'referrals.accept' ? referee : owner;
      const before = await entries();
      await call(owner.caller);
      const added = (await entries()).slice(before.length);
      // referrals.accept creates its referral first (one call of referrals.create, one entry);
      // invoices.markPaid and invoices.void make their invoice first (create, save, issue: one each).
      const made: Record<string, number> = { 'referrals.accept': 1, 'referrals.cancel': 1, 'invoices.markPaid': 4, 'invoices.void': 1 };
      const ofCall = added.slice(made[path] ?? 0);
      const rule = PRACTICE_CALL_AUDIT[path];
      expect(ofCall, path).toHaveLength(1);
      expect(ofCall[0], path).toMatchObject({ actor_user_id: actor.user.id, practice_id: actor.practiceId, action: rule?.action, record_type: rule?.recordType });
      if (expected?.record_id) expect(ofCall[0]?.record_id, path).toBe(ids[expected.record_id]);
      if (expected?.patient_id) expect(ofCall[0]?.patient_id, path).toBe(ids[expected.patient_id]);
    }
  });

  it('keeps no record content in the audit log', async () => {
    const content = await database.query<{ found: string }>("SELECT count(*)::text AS found FROM audit_entry WHERE detail::text LIKE '%AUDIT-MARKER%' OR record_id LIKE '%AUDIT-MARKER%'");
    expect(content).toEqual([{ found: '0' }]);
  });

  it('leaves no entry when a call fails: another practice\'s patient is not found, and nothing is recorded', async () => {
    const before = (await entries()).length;
    await expect(referee.caller.patients.byId({ id: ids.patient ?? '' })).rejects.toThrow('Unknown Patient');
    expect((await entries()).length).toBe(before);
  });
});
