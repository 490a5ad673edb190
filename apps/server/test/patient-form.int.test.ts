/**
 * The patient form (issue 26): add a patient, edit them, archive and restore (never delete), and the
 * warning about a patient the practice may already have. Through the patient machine; events hold
 * the id only; wrong input is a 400 with a message per field and changes nothing.
 */
import { patientFormMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let practitioner: TestPractitioner;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  practitioner = await createPractitioner(database.db, { name: 'Dr. Form' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const full = {
  name: 'Ada Moss',
  email: 'ada.moss@example.com',
  phone: '(503) 555-0142',
  dateOfBirth: '1985-04-12',
  address: '2145 NW Everett St, Portland, OR 97210',
  emergencyName: 'Ben Moss',
  emergencyRelationship: 'Spouse',
  emergencyPhone: '(503) 555-0143',
  insuranceProvider: 'Blue Cross',
  insurancePolicyNumber: 'BCB-1234',
  insuranceGroup: 'G-77',
  conditions: 'IBS, Anxiety\nInsomnia',
  status: 'active' as const,
};

describe('the patient form', () => {
  it('adds a patient with every field, shown on the record and the list; the event holds the id only', async () => {
    const created = await practitioner.caller.patients.create(full);
    expect(created.message).toBe(patientFormMessages.created);
    const record = await practitioner.caller.patients.byId({ id: created.id });
    expect(record).toMatchObject({
      name: 'Ada Moss',
      email: 'ada.moss@example.com',
      phone: '(503) 555-0142',
      dob: '1985-04-12',
      address: '2145 NW Everett St, Portland, OR 97210',
      emergency: { name: 'Ben Moss', relationship: 'Spouse', phone: '(503) 555-0143' },
      insurance: { provider: 'Blue Cross', policyNumber: 'BCB-1234', group: 'G-77' },
      conditions: ['IBS', 'Anxiety', 'Insomnia'],
      status: 'active',
    });
    expect((await practitioner.caller.patients.list({ query: 'Ada Moss' })).items.map((row) => row.id)).toEqual([created.id]);
    const events = await database.query<{ type: string; payload: unknown }>("SELECT type, payload FROM domain_event WHERE aggregate_type = 'patient' AND aggregate_id = $1", [created.id]);
    expect(events).toEqual([{ type: 'PatientRegistered', payload: { type: 'PatientRegistered', id: created.id } }]);
  });

  it('edits a patient: every field replaced, the change recorded with the id only', async () => {
    const { id } = await practitioner.caller.patients.create({ name: 'Cy Rowe', email: 'cy@example.com' });
    await practitioner.caller.patients.update({ ...full, id, name: 'Cyrus Rowe', email: 'cyrus@example.com', conditions: 'Migraine', status: 'new' });
    expect(await practitioner.caller.patients.byId({ id })).toMatchObject({ name: 'Cyrus Rowe', email: 'cyrus@example.com', conditions: ['Migraine'], status: 'new', dob: '1985-04-12' });
    const types = await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_type = 'patient' AND aggregate_id = $1 ORDER BY sequence", [id]);
    expect(types.map((row) => row.type)).toEqual(['PatientRegistered', 'PatientUpdated']);
    const stored = JSON.stringify(await database.query("SELECT payload FROM domain_event WHERE aggregate_type = 'patient' AND aggregate_id = $1", [id]));
    expect(stored).not.toContain('Cyrus');
  });

  it('archives a patient (inactive, still there) and restores them; archiving twice records once', async () => {
    const { id } = await practitioner.caller.patients.create({ name: 'Dee Archer' });
    expect((await practitioner.caller.patients.setArchived({ id, archived: true })).message).toBe(patientFormMessages.archived);
    await practitioner.caller.patients.setArchived({ id, archived: true });
    expect((await practitioner.caller.patients.byId({ id })).status).toBe('inactive');
    expect((await practitioner.caller.patients.list({ query: 'Dee Archer' })).items[0]?.status).toBe('inactive');
    expect((await practitioner.caller.patients.setArchived({ id, archived: false })).message).toBe(patientFormMessages.restored);
    expect((await practitioner.caller.patients.byId({ id })).status).toBe('active');
    const types = await database.query<{ type: string }>("SELECT type FROM domain_event WHERE aggregate_type = 'patient' AND aggregate_id = $1 ORDER BY sequence", [id]);
    expect(types.map((row) => row.type)).toEqual(['PatientRegistered', 'PatientArchived', 'PatientRestored']);
  });

  it('warns about a patient with the same e-mail (any case), or the same name and date of birth, never the one being edited', async () => {
    const { id } = await practitioner.caller.patients.create({ name: 'Eve Twin', email: 'eve.twin@example.com', dateOfBirth: '1990-01-02' });
    expect((await practitioner.caller.patients.possibleDuplicates({ email: 'EVE.TWIN@example.com' })).map((patient) => [patient.id, patient.sameEmail])).toEqual([[id, true]]);
    expect((await practitioner.caller.patients.possibleDuplicates({ name: 'eve twin', dateOfBirth: '1990-01-02' })).map((patient) => [patient.id, patient.sameEmail])).toEqual([[id, false]]);
    expect(await practitioner.caller.patients.possibleDuplicates({ name: 'Eve Twin', dateOfBirth: '1990-01-03' })).toEqual([]);
    expect(await practitioner.caller.patients.possibleDuplicates({ name: 'Eve Twin' })).toEqual([]);
    expect(await practitioner.caller.patients.possibleDuplicates({ email: 'eve.twin@example.com', excludeId: id })).toEqual([]);
  });

  it('answers wrong input with 400 and a message per field, and adds no one', async () => {
    const before = (await practitioner.caller.patients.list({ query: '' })).total;
    const response = await trpcMutation(server, 'patients.create', { name: 'A', email: 'nope', dateOfBirth: '1985-13-01' }, { cookie: practitioner.cookie });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ name: [patientFormMessages.name], email: [patientFormMessages.email], dateOfBirth: [patientFormMessages.dateOfBirth] });
    const future = await trpcMutation(server, 'patients.create', { name: 'Future Born', dateOfBirth: `${new Date().getUTCFullYear() + 1}-06-01` }, { cookie: practitioner.cookie });
    expect(future.status).toBe(400);
    expect(future.error?.data.fieldErrors).toEqual({ dateOfBirth: [patientFormMessages.dateOfBirthFuture] });
    expect((await practitioner.caller.patients.list({ query: '' })).total).toBe(before);
  });
});
