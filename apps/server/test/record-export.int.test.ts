/**
 * The superbill and the patient's copy of their record (issue 26), as a practitioner and their
 * patient would check them: the visit's codes are saved as codes, the superbill PDF carries the
 * practice's identifiers, the patient, each paid visit's date, codes, fee and amount paid and the
 * totals; the FHIR bundle is valid against the official R4 JSON schema and holds exactly that
 * patient's record (signed notes only); the record PDF reads as the same record. Another patient's
 * and another practice's data never appear, and another practice's patient is NOT_FOUND.
 */
import type { TRPCError } from '@trpc/server';
import type { Bundle, Composition, Encounter, FhirResource } from 'fhir/r4';
import FhirValidator from '@asymmetrik/fhir-json-schema-validator';
import { zonedTimeToInstant } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { pdfText } from './support/pdf-text.ts';
import { addAppointment, addPatient, addPayment, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

const ZONE = 'America/Los_Angeles';
const at = (date: string, time = '10:00') => zonedTimeToInstant(date, time, ZONE);

let database: TestDatabase;
let owner: TestPractitioner;
let other: TestPractitioner;
let emmaId: string;
let neighbourId: string;
let foreignPatientId: string;
const visits: Record<string, string> = {};

/** A 400's first issue, as the form shows it under its field. */
const firstIssue = (error: TRPCError | null) => (error?.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues?.[0];

const errorOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (thrown: unknown) => thrown as TRPCError,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createPractitioner(database.db, { name: 'Dr. Robin Vale', timeZone: ZONE });
  other = await createPractitioner(database.db, { name: 'Dr. Elsewhere', timeZone: ZONE });
  await owner.caller.practiceSettings.save({ name: 'Vale Integrative Health', timeZone: ZONE, currency: 'USD' });
  await owner.caller.profile.save({
    name: 'Dr. Robin Vale',
    location: 'Portland, OR',
    about: 'Naturopathic care for back pain and anxiety, with a long enough about text for the editor.',
    yearsExperience: '9',
    specialties: ['Naturopathy'],
    npi: '1234567893',
    taxId: '123456789',
    billingAddress: '12 Alder St, Portland, OR 97201',
  });

  emmaId = (
    await owner.caller.patients.create({
      name: 'Emma Thompson',
      email: 'emma@example.com',
      phone: '(503) 555-0101',
      dateOfBirth: '1990-01-02',
      address: '88 Birch Ave, Portland, OR 97202',
      insuranceProvider: 'Cascade Health',
      insurancePolicyNumber: 'CH-55501',
      insuranceGroup: 'GRP-9',
      conditions: 'Chronic back pain, Generalized anxiety',
    })
  ).id;
  neighbourId = await addPatient(database.db, owner.practiceId, { name: 'Nora Neighbour', conditions: ['Neighbour-only condition'] });
  const elsewhere = await addPatient(database.db, other.practiceId, { name: 'Felix Foreign', conditions: ['Foreign-only condition'] });
  foreignPatientId = elsewhere;

  const visit = async (key: string, patientId: string, date: string, status: 'completed' | 'confirmed' | 'cancelled', mode: 'virtual' | 'in-person' = 'in-person') => {
    visits[key] = await addAppointment(database.db, owner.practiceId, patientId, { startsAt: at(date), status, mode, durationMinutes: 50 });
  };
  await visit('march2', emmaId, '2026-03-02', 'completed');
  await visit('march10', emmaId, '2026-03-10', 'completed', 'virtual');
  await visit('march12', emmaId, '2026-03-12', 'completed');
  await visit('april5', emmaId, '2026-04-05', 'completed');
  await visit('upcoming', emmaId, '2026-12-20', 'confirmed');
  await visit('neighbour', neighbourId, '2026-03-03', 'completed');
  await addPayment(database.db, owner.practiceId, { amountMinor: 12000, appointmentId: visits.march2 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 10000, appointmentId: visits.march10 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 5000, status: 'pending', appointmentId: visits.march10 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 2500, status: 'failed', appointmentId: visits.march10 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 7000, status: 'pending', appointmentId: visits.march12 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 9900, appointmentId: visits.april5 ?? null });
  await addPayment(database.db, owner.practiceId, { amountMinor: 4400, appointmentId: visits.neighbour ?? null });
  await owner.caller.appointments.setCodes({ id: visits.march2 ?? '', cptCodes: '99213 97140', icd10Codes: 'm545' });
  await owner.caller.appointments.setCodes({ id: visits.march10 ?? '', cptCodes: '99214', icd10Codes: 'F41.1, M54.5' });
  await owner.caller.appointments.setCodes({ id: visits.neighbour ?? '', cptCodes: '99499', icd10Codes: 'Z00.00' });

  // Emma's signed note (with an addendum), a draft that is not part of the record yet, and the neighbour's note.
  const note = async (patientId: string, fields: { title: string; writtenAt: Date; assessment: string; plan?: string; status?: 'draft' | 'signed'; appointmentId?: string }) => {
    const [row] = await database.query<{ id: string }>(
      `INSERT INTO clinical_note (id, practice_id, patient_id, appointment_id, type, title, author_name, assessment, plan, written_at, status, signed_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'soap', $4, 'Dr. Robin Vale', $5, $6, $7, $8, CASE WHEN $8 = 'signed' THEN $7::timestamptz END) RETURNING id`,
      [owner.practiceId, patientId, fields.appointmentId ?? null, fields.title, fields.assessment, fields.plan ?? '', fields.writtenAt, fields.status ?? 'signed'],
    );
    return row?.id ?? '';
  };
  const signed = await note(emmaId, {
    title: 'Back pain follow-up',
    writtenAt: at('2026-03-10', '11:00'),
    assessment: 'Lumbar strain improving with stretches.',
    plan: 'Continue stretches twice daily.',
    appointmentId: visits.march10 ?? '',
  });
  await database.query(`INSERT INTO clinical_note_addendum (id, practice_id, note_id, text, author_name, author_user_id, created_at) VALUES (gen_random_uuid(), $1, $2, 'Patient called: pain 2/10.', 'Dr. Robin Vale', $3, now())`, [
    owner.practiceId,
    signed,
    owner.user.id,
  ]);
  await note(emmaId, { title: 'Unsigned draft note', writtenAt: at('2026-03-12', '11:00'), assessment: 'Draft-only assessment.', status: 'draft' });
  await note(neighbourId, { title: 'Neighbour note', writtenAt: at('2026-03-03', '11:00'), assessment: 'Neighbour-only assessment.' });
  await database.query(
    `INSERT INTO health_record_item (id, practice_id, patient_id, kind, position, details) VALUES
      (gen_random_uuid(), $1, $2, 'allergy', 0, '{"name":"Penicillin","severity":"Severe","reaction":"Hives"}'),
      (gen_random_uuid(), $1, $2, 'medication', 0, '{"name":"Magnesium glycinate","dosage":"200 mg","frequency":"Nightly","purpose":"Sleep"}')`,
    [owner.practiceId, emmaId],
  );
});

afterAll(async () => {
  await database?.drop();
});

describe('visit codes', () => {
  it('keeps the codes as codes (upper case, dotted, each once) and shows them back', async () => {
    expect(await owner.caller.appointments.codes({ id: visits.march2 ?? '' })).toMatchObject({ patientId: emmaId, status: 'completed', cptCodes: ['99213', '97140'], icd10Codes: ['M54.5'] });
  });

  it('refuses a code that is not one with the field\'s message, and keeps the saved codes', async () => {
    const error = await errorOf(owner.caller.appointments.setCodes({ id: visits.march2 ?? '', cptCodes: '99213 9921', icd10Codes: '' }));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(firstIssue(error)).toMatchObject({ path: ['cptCodes'], message: '"9921" is not a CPT code: use 5 digits, or 4 digits and F or T (e.g. 99213)' });
    expect((await owner.caller.appointments.codes({ id: visits.march2 ?? '' })).cptCodes).toEqual(['99213', '97140']);
  });

  it('refuses codes for a cancelled visit, and the database refuses malformed codes from any writer', async () => {
    const cancelled = await addAppointment(database.db, owner.practiceId, emmaId, { startsAt: at('2026-02-01'), status: 'cancelled' });
    visits.cancelled = cancelled;
    const error = await errorOf(owner.caller.appointments.setCodes({ id: cancelled, cptCodes: '99213', icd10Codes: '' }));
    expect(error?.code).toBe('CONFLICT');
    await expect(database.query(`UPDATE appointment SET icd10_codes = ARRAY['banana'] WHERE id = $1`, [visits.march2])).rejects.toThrow(/appointment_icd10_codes_check/);
  });

  it('writes an event that counts the codes and names none of them', async () => {
    const events = await database.query<{ payload: unknown }>(`SELECT payload FROM domain_event WHERE aggregate_id = $1 AND type = 'AppointmentCodesSet'`, [visits.march10]);
    expect(events.map((event) => event.payload)).toEqual([{ type: 'AppointmentCodesSet', id: visits.march10, cptCount: 1, icd10Count: 2 }]);
  });

  it('answers another practice NOT_FOUND, as for an unknown visit', async () => {
    for (const id of [visits.march2 ?? '', 'no-such-visit']) {
      expect((await errorOf(other.caller.appointments.setCodes({ id, cptCodes: '99213', icd10Codes: '' })))?.code).toBe('NOT_FOUND');
      expect((await errorOf(other.caller.appointments.codes({ id })))?.code).toBe('NOT_FOUND');
    }
  });
});

describe('superbill', () => {
  it('prints the practice, the patient, each paid visit of the range with its codes, fee and amount paid, and the totals', async () => {
    const file = await owner.caller.records.superbill({ patientId: emmaId, from: '2026-03-01', to: '2026-03-31' });
    expect(file).toMatchObject({ fileName: 'superbill-emma-thompson-2026-03-01-to-2026-03-31.pdf', contentType: 'application/pdf', lines: 2 });
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, title } = await pdfText(bytes);
    expect(title).toBe('Superbill — Emma Thompson');
    for (const expected of [
      'Vale Integrative Health',
      '12 Alder St, Portland, OR 97201',
      'NPI: 1234567893',
      'Tax ID (EIN): 12-3456789',
      'Practitioner: Dr. Robin Vale',
      'Name: Emma Thompson',
      'Date of birth: January 2, 1990',
      'Address: 88 Birch Ave, Portland, OR 97202',
      'Services from March 1, 2026 to March 31, 2026',
      'March 2, 2026',
      '99213, 97140',
      'M54.5',
      '$120.00',
      'March 10, 2026',
      '99214',
      'F41.1, M54.5',
      '$150.00',
      '$100.00',
      'Total fees: $270.00',
      'Total paid: $220.00',
      'Balance due: $50.00',
    ]) {
      expect(text).toContain(expected);
    }
    // Not paid (pending only), out of the range, or another patient's.
    for (const absent of ['March 12, 2026', 'April 5, 2026', '$99.00', '$70.00', '$25.00', 'Nora Neighbour', '99499', 'Z00.00', '$44.00']) expect(text).not.toContain(absent);
  });

  it('says when the range has no paid visits', async () => {
    const file = await owner.caller.records.superbill({ patientId: emmaId, from: '2026-05-01', to: '2026-05-31' });
    expect(file.lines).toBe(0);
    expect((await pdfText(Buffer.from(file.base64, 'base64'))).text).toContain('No paid visits in these dates.');
  });

  it('refuses a range that ends before it starts, under the end date', async () => {
    const error = await errorOf(owner.caller.records.superbill({ patientId: emmaId, from: '2026-03-31', to: '2026-03-01' }));
    expect(error?.code).toBe('BAD_REQUEST');
    expect(firstIssue(error)).toMatchObject({ path: ['to'], message: 'The end date must be on or after the start date' });
  });

  it('answers another practice\'s patient NOT_FOUND, as an unknown one', async () => {
    for (const patientId of [emmaId, 'no-such-patient']) expect((await errorOf(other.caller.records.superbill({ patientId, from: '2026-03-01', to: '2026-03-31' })))?.message).toBe('Unknown Patient');
    expect((await errorOf(owner.caller.records.superbill({ patientId: foreignPatientId, from: '2026-03-01', to: '2026-03-31' })))?.code).toBe('NOT_FOUND');
  });
});

describe('the patient\'s copy: a FHIR R4 bundle', () => {
  let bundle: Bundle;
  let resources: FhirResource[];
  const ofType = <T extends FhirResource['resourceType']>(type: T) => resources.filter((resource): resource is Extract<FhirResource, { resourceType: T }> => resource.resourceType === type);

  beforeAll(async () => {
    const file = await owner.caller.records.fhirBundle({ id: emmaId });
    expect(file).toMatchObject({ fileName: 'record-emma-thompson.fhir.json', contentType: 'application/fhir+json' });
    bundle = JSON.parse(Buffer.from(file.base64, 'base64').toString('utf8')) as Bundle;
    resources = (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource as FhirResource] : []));
  });

  it('is valid against the official FHIR R4 JSON schema, and so is each of its resources', () => {
    const validator = new FhirValidator();
    expect(validator.validate(bundle, true)).toEqual([]);
    for (const resource of resources) expect(validator.validate(resource, true), resource.resourceType).toEqual([]);
    // The check is real: a malformed birth date fails it.
    const broken = structuredClone(bundle);
    const patient = broken.entry?.find((entry) => entry.resource?.resourceType === 'Patient')?.resource as { birthDate?: string };
    patient.birthDate = '02/01/1990';
    expect(validator.validate(broken, true)).not.toEqual([]);
  });

  it('holds the patient, every visit, an encounter per completed visit with its codes, the signed note, conditions, coverage, allergy and medication', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const [patient, ...others] = ofType('Patient');
    expect(others).toEqual([]);
    expect(patient).toMatchObject({ name: [{ text: 'Emma Thompson' }], birthDate: '1990-01-02', identifier: [{ value: emmaId }] });
    const emmasVisits = [visits.march2, visits.march10, visits.march12, visits.april5, visits.upcoming, visits.cancelled];
    expect(ofType('Appointment').map((appointment) => appointment.identifier?.[0]?.value).sort()).toEqual(emmasVisits.sort());
    expect(ofType('Appointment').find((appointment) => appointment.identifier?.[0]?.value === visits.cancelled)?.status).toBe('cancelled');
    expect(ofType('Appointment').find((appointment) => appointment.identifier?.[0]?.value === visits.upcoming)?.status).toBe('booked');
    const encounters = ofType('Encounter');
    expect(encounters.map((encounter) => encounter.identifier?.[0]?.value)).not.toContain(visits.upcoming);
    const march10 = encounters.find((encounter) => encounter.identifier?.[0]?.value === visits.march10) as Encounter;
    expect(march10.type?.[0]?.coding).toEqual([{ system: 'http://www.ama-assn.org/go/cpt', code: '99214' }]);
    expect(march10.reasonCode?.flatMap((reason) => reason.coding?.map((coding) => coding.code))).toEqual(['F41.1', 'M54.5']);
    expect(march10.class.code).toBe('VR');
    const [note, ...moreNotes] = ofType('Composition');
    expect(moreNotes).toEqual([]);
    expect((note as Composition).title).toBe('Back pain follow-up');
    expect((note as Composition).encounter?.reference).toBe(bundle.entry?.find((entry) => entry.resource === march10)?.fullUrl);
    expect(JSON.stringify(note)).toContain('Lumbar strain improving with stretches.');
    expect(JSON.stringify(note)).toContain('Patient called: pain 2/10.');
    expect(ofType('Condition').map((condition) => condition.code?.text)).toEqual(['Chronic back pain', 'Generalized anxiety']);
    expect(ofType('Coverage')).toMatchObject([{ payor: [{ display: 'Cascade Health' }], subscriberId: 'CH-55501', class: [{ value: 'GRP-9' }] }]);
    expect(ofType('AllergyIntolerance')).toMatchObject([{ code: { text: 'Penicillin' }, reaction: [{ severity: 'severe', manifestation: [{ text: 'Hives' }] }] }]);
    expect(ofType('MedicationStatement')).toMatchObject([{ medicationCodeableConcept: { text: 'Magnesium glycinate' }, dosage: [{ text: '200 mg, Nightly' }] }]);
    expect(ofType('Practitioner')).toMatchObject([{ identifier: [{ value: '1234567893' }] }]);
  });

  it('holds nothing of a draft, another patient or another practice', () => {
    const json = JSON.stringify(bundle);
    for (const absent of ['Unsigned draft note', 'Draft-only assessment.', 'Nora Neighbour', 'Neighbour-only', 'Neighbour note', neighbourId, visits.neighbour ?? '', '99499', 'Felix Foreign', 'Foreign-only', foreignPatientId]) {
      expect(json).not.toContain(absent);
    }
  });

  it('answers another practice\'s patient NOT_FOUND, as an unknown one', async () => {
    for (const id of [emmaId, 'no-such-patient']) {
      expect((await errorOf(other.caller.records.fhirBundle({ id })))?.message).toBe('Unknown Patient');
      expect((await errorOf(other.caller.records.recordPdf({ id })))?.message).toBe('Unknown Patient');
    }
    expect((await errorOf(owner.caller.records.fhirBundle({ id: foreignPatientId })))?.code).toBe('NOT_FOUND');
  });
});

describe('the patient\'s copy: a readable PDF', () => {
  it('reads as the same record: the patient, the visits with their codes, the signed note and its addendum — no draft, nobody else', async () => {
    const file = await owner.caller.records.recordPdf({ id: emmaId });
    expect(file).toMatchObject({ fileName: 'record-emma-thompson.pdf', contentType: 'application/pdf' });
    const { text, title } = await pdfText(Buffer.from(file.base64, 'base64'));
    expect(title).toBe('Health record — Emma Thompson');
    for (const expected of [
      'Name: Emma Thompson',
      'Date of birth: January 2, 1990',
      'Provider: Cascade Health',
      'Chronic back pain, Generalized anxiety',
      'Penicillin',
      'Magnesium glycinate',
      'March 2, 2026',
      'March 10, 2026',
      'December 20, 2026',
      '99214, F41.1, M54.5',
      'Back pain follow-up',
      'Lumbar strain improving with stretches.',
      'Continue stretches twice daily.',
      'Patient called: pain 2/10.',
    ]) {
      expect(text).toContain(expected);
    }
    for (const absent of ['Unsigned draft note', 'Draft-only assessment.', 'Nora Neighbour', 'Neighbour note', 'Felix Foreign']) expect(text).not.toContain(absent);
  });

  it('leaves one export entry in the audit log per document, naming the patient and holding no content', async () => {
    const entries = await database.query<{ record_type: string; record_id: string; patient_id: string }>(
      `SELECT record_type, record_id, patient_id FROM audit_entry WHERE practice_id = $1 AND action = 'export' ORDER BY sequence`,
      [owner.practiceId],
    );
    expect(entries.map((entry) => entry.record_type)).toEqual(expect.arrayContaining(['superbill', 'patient_record']));
    expect(entries.every((entry) => entry.patient_id === emmaId && entry.record_id === emmaId)).toBe(true);
    const everything = JSON.stringify(await database.query(`SELECT * FROM audit_entry WHERE practice_id = $1`, [owner.practiceId]));
    for (const content of ['Lumbar strain', 'M54.5', 'Emma Thompson']) expect(everything).not.toContain(content);
  });
});
