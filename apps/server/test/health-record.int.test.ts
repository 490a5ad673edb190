/**
 * The health record's Edit (issue 26): the five sections saved whole through the patient machine,
 * read back on the record in the order typed; the event says how many items, never what they are;
 * wrong input is a 400 naming the item's field and changes nothing.
 */
import { healthRecordMessages } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addPatient, createPractitioner } from './support/practice-factory.ts';
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

describe('the health record', () => {
  it('is replaced by the editor’s sections, in the order typed, with the lifestyle and goals', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const id = await addPatient(database.db, practiceId, { name: 'Hana Record' });
    await caller.patients.updateHealthRecord({ id, allergies: [{ name: 'Shellfish', severity: 'Moderate', reaction: 'Hives' }], medications: [{ name: 'Old pill' }] });
    const saved = await caller.patients.updateHealthRecord({
      id,
      allergies: [
        { name: 'Penicillin', severity: 'Severe', reaction: 'Anaphylaxis' },
        { name: 'Shellfish', severity: 'Moderate', reaction: 'Hives' },
      ],
      medications: [{ name: 'Vitamin D3', dosage: '2,000 IU', frequency: 'Daily', purpose: 'Deficiency' }],
      medicalHistory: [{ condition: 'IBS', dateOnset: '2019', status: 'Ongoing', treatment: 'Low-FODMAP diet' }],
      familyHistory: [{ relation: 'Mother', condition: 'Hypothyroidism', age: '45' }],
      lifestyle: { diet: 'Vegetarian', goals: 'Run a 10k in the spring' },
    });
    expect(saved.message).toBe(healthRecordMessages.saved);
    const record = await caller.patients.byId({ id });
    expect(record.allergies.map((allergy) => `${allergy.name}:${allergy.severity}`)).toEqual(['Penicillin:Severe', 'Shellfish:Moderate']);
    expect(record.medications).toEqual([{ name: 'Vitamin D3', dosage: '2,000 IU', frequency: 'Daily', purpose: 'Deficiency' }]);
    expect(record.medicalHistory).toEqual([{ condition: 'IBS', dateOnset: '2019', status: 'Ongoing', treatment: 'Low-FODMAP diet' }]);
    expect(record.familyHistory).toEqual([{ relation: 'Mother', condition: 'Hypothyroidism', age: '45' }]);
    expect(record.lifestyle).toEqual({ diet: 'Vegetarian', exercise: '', sleep: '', stress: '', substances: '', goals: 'Run a 10k in the spring' });

    const events = await database.query<{ type: string; payload: unknown }>("SELECT type, payload FROM domain_event WHERE aggregate_id = $1 AND type = 'HealthRecordUpdated' ORDER BY sequence", [id]);
    expect(events.at(-1)?.payload).toEqual({ type: 'HealthRecordUpdated', id, counts: { allergies: 2, medications: 1, medicalHistory: 1, familyHistory: 1, lifestyle: true } });
    expect(JSON.stringify(events)).not.toContain('Penicillin');

    // Emptied: nothing left, and no lifestyle.
    await caller.patients.updateHealthRecord({ id });
    const emptied = await caller.patients.byId({ id });
    expect([emptied.allergies, emptied.medications, emptied.medicalHistory, emptied.familyHistory]).toEqual([[], [], [], []]);
    expect(emptied.lifestyle).toBeNull();
  });

  it('refuses an item without its name as a 400 for that section, and keeps the record as it was', async () => {
    const { caller, cookie, practiceId } = await createPractitioner(database.db);
    const id = await addPatient(database.db, practiceId, { name: 'Kept Record' });
    await caller.patients.updateHealthRecord({ id, allergies: [{ name: 'Latex', severity: 'Mild' }] });
    const response = await trpcMutation(server, 'patients.updateHealthRecord', { id, allergies: [{ name: ' ', severity: 'Mild' }], medications: [{ name: 'Zinc' }] }, { cookie });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(healthRecordMessages.allergyName);
    expect(Object.keys(response.error?.data.fieldErrors ?? {})).toEqual(['allergies']);
    const record = await caller.patients.byId({ id });
    expect(record.allergies).toEqual([{ name: 'Latex', severity: 'Mild', reaction: '' }]);
    expect(record.medications).toEqual([]);
  });
});
