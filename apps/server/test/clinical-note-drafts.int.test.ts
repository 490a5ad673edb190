/**
 * Notes from the record (issue 26): a note is a draft, saved as it is typed, until its author signs
 * it; the signature locks it (the machine refuses an edit, the database any change); corrections
 * are addenda. The Clinical Notes screen lists a practice's notes with drafts first and finds them
 * by patient and type.
 */
import type { TRPCError } from '@trpc/server';
import { clinicalNoteErrors } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addNote, addPatient, createPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error as TRPCError,
  );

describe('clinical note drafts', () => {
  it('saves a draft as it is typed, signs it, and then refuses edits: corrections are addenda', async () => {
    const { caller, practiceId } = await createPractitioner(database.db, { name: 'Dr. Draft' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Dora Draft' });
    const draft = await caller.clinicalRecords.create({ patientName: 'Dora Draft', patientId, recordType: 'initial', subjective: 'Chief complaint: fatigue' });
    await caller.clinicalRecords.saveDraft({ id: draft.id, subjective: 'Chief complaint: fatigue for 3 months', objective: '', assessment: 'Likely low iron', plan: '' });
    // A draft takes no addendum: it is edited instead.
    expect((await rejection(caller.clinicalRecords.addAddendum({ id: draft.id, text: 'Too early' }))).message).toBe(clinicalNoteErrors.addendumOnDraft);
    let [note] = (await caller.patients.byId({ id: patientId })).notes;
    expect(note).toMatchObject({ id: draft.id, signed: false, recordType: 'initial', content: { subjective: 'Chief complaint: fatigue for 3 months', assessment: 'Likely low iron' } });

    const signed = await caller.clinicalRecords.sign({ id: draft.id });
    expect(signed.message).toBe('Note signed');
    const edit = await rejection(caller.clinicalRecords.saveDraft({ id: draft.id, subjective: 'Changed after signing' }));
    expect(edit.message).toBe(clinicalNoteErrors.locked);
    expect((await rejection(caller.clinicalRecords.sign({ id: draft.id }))).message).toBe(clinicalNoteErrors.alreadySigned);
    // Past the machine, the database itself refuses a change to a signed note.
    await expect(database.query("UPDATE clinical_note SET plan = 'Altered' WHERE id = $1", [draft.id])).rejects.toThrow(/locked/);

    await caller.clinicalRecords.addAddendum({ id: draft.id, text: 'Ferritin came back at 12.' });
    [note] = (await caller.patients.byId({ id: patientId })).notes;
    expect(note).toMatchObject({ signed: true, content: { subjective: 'Chief complaint: fatigue for 3 months' }, addenda: [{ text: 'Ferritin came back at 12.' }] });

    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [draft.id]);
    expect(events.map((event) => event.type)).toEqual(['NoteDrafted', 'NoteEdited', 'NoteSigned', 'AddendumAdded']);
    const audit = await database.query<{ action: string }>('SELECT action FROM audit_entry WHERE record_id = $1 ORDER BY sequence', [draft.id]);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'sign', 'amend']);
  });

  it('lets only the author edit or sign a draft', async () => {
    const owner = await createPractitioner(database.db, { name: 'Dr. Author' });
    const patientId = await addPatient(database.db, owner.practiceId, { name: 'Only Author' });
    const draft = await owner.caller.clinicalRecords.create({ patientName: 'Only Author', patientId, subjective: 'Mine' });
    // The draft as if someone else on the team had written it (another account).
    const colleague = await createPractitioner(database.db, { name: 'Dr. Colleague' });
    await database.query('UPDATE clinical_note SET author_user_id = $1 WHERE id = $2', [colleague.user.id, draft.id]);
    expect((await rejection(owner.caller.clinicalRecords.saveDraft({ id: draft.id, subjective: 'Not mine now' }))).message).toBe(clinicalNoteErrors.onlyAuthor);
    expect((await rejection(owner.caller.clinicalRecords.sign({ id: draft.id }))).message).toBe(clinicalNoteErrors.onlyAuthor);
  });

  it('lists drafts first, then newest first, and finds notes by patient name and type', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const ada = await addPatient(database.db, practiceId, { name: 'Ada Lovelace' });
    const bo = await addPatient(database.db, practiceId, { name: 'Bo Peep_%' });
    const older = await addNote(database.db, practiceId, ada, { title: 'SOAP Note', writtenAt: new Date('2030-01-01T10:00:00Z') });
    const newer = await addNote(database.db, practiceId, bo, { title: 'SOAP Note', writtenAt: new Date('2030-02-01T10:00:00Z') });
    const draft = await caller.clinicalRecords.create({ patientName: 'Ada Lovelace', patientId: ada, recordType: 'discharge', plan: 'Home care' });

    const all = await caller.clinicalRecords.list({});
    expect(all.items.map((row) => [row.id, row.signed])).toEqual([
      [draft.id, false],
      [newer, true],
      [older, true],
    ]);
    expect(all.total).toBe(3);

    const byName = await caller.clinicalRecords.list({ search: 'lovel' });
    expect(byName.items.map((row) => row.id)).toEqual([draft.id, older]);
    expect(byName.total).toBe(2);
    // The search is text, not a pattern: `_` and `%` match themselves only.
    expect((await caller.clinicalRecords.list({ search: '_%' })).items.map((row) => row.id)).toEqual([newer]);
    expect((await caller.clinicalRecords.list({ search: 'a_a' })).items).toEqual([]);

    const discharge = await caller.clinicalRecords.list({ recordType: 'discharge' });
    expect(discharge.items.map((row) => row.id)).toEqual([draft.id]);
    expect((await caller.clinicalRecords.list({ search: 'Bo', recordType: 'discharge' })).total).toBe(0);
  });
});
