/**
 * A signed clinical note is locked whole and its addenda are append-only (issue 23 item 6), proven
 * with raw SQL: an UPDATE of every column (the list is checked against information_schema, so a new
 * column must be added here), a DELETE, and both issued from inside another trigger — no
 * trigger-depth escape. Only the cascade of deleting the note's patient or practice gets past, and
 * it still works. The same holds for a role that is neither superuser nor owner (a probe role made
 * for this file, with plain table grants).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, withAdmin, type TestDatabase } from './support/database.ts';
import { addAppointment, addPatient, createPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;
const probeRole = `note_lock_probe_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.query(`CREATE ROLE ${probeRole} NOLOGIN NOSUPERUSER NOBYPASSRLS`);
  await database.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON clinical_note, clinical_note_addendum, patient, appointment, practice TO ${probeRole}`);
  // The raw "rogue trigger" of the tests below: whatever row it is given, it deletes or re-links.
  await database.query(`
    CREATE TABLE note_shredder (note_id TEXT NOT NULL, action TEXT NOT NULL, appointment_id TEXT);
    CREATE FUNCTION note_shredder_fire() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      CASE NEW.action
        WHEN 'delete-note' THEN DELETE FROM clinical_note WHERE id = NEW.note_id;
        WHEN 'relink-note' THEN UPDATE clinical_note SET appointment_id = NEW.appointment_id WHERE id = NEW.note_id;
        WHEN 'delete-addenda' THEN DELETE FROM clinical_note_addendum WHERE note_id = NEW.note_id;
        WHEN 'edit-addenda' THEN UPDATE clinical_note_addendum SET text = 'rewritten' WHERE note_id = NEW.note_id;
      END CASE;
      RETURN NEW;
    END $$;
    CREATE TRIGGER note_shredder_fire AFTER INSERT ON note_shredder FOR EACH ROW EXECUTE FUNCTION note_shredder_fire();
    -- One level further: a trigger whose statement fires the shredder (trigger depth 2 and 3).
    CREATE TABLE note_shredder_relay (note_id TEXT NOT NULL, action TEXT NOT NULL);
    CREATE FUNCTION note_shredder_relay_fire() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO note_shredder (note_id, action) VALUES (NEW.note_id, NEW.action);
      RETURN NEW;
    END $$;
    CREATE TRIGGER note_shredder_relay_fire AFTER INSERT ON note_shredder_relay FOR EACH ROW EXECUTE FUNCTION note_shredder_relay_fire();
  `);
  await database.query(`GRANT SELECT, INSERT ON note_shredder, note_shredder_relay TO ${probeRole}`);
});

afterAll(async () => {
  await database?.drop();
  await withAdmin((client) => client.query(`DROP ROLE IF EXISTS ${probeRole}`));
});

interface SignedNote {
  readonly practiceId: string;
  readonly patientId: string;
  readonly appointmentId: string;
  readonly otherAppointmentId: string;
  readonly noteId: string;
  readonly addendumId: string;
}

/** A signed note written through the tRPC caller, linked to an appointment, with one addendum. */
async function signedNote(): Promise<SignedNote> {
  const { caller, practiceId } = await createPractitioner(database.db, { name: 'Dr. Lock' });
  const patientId = await addPatient(database.db, practiceId, { name: 'Locked Lena' });
  const appointmentId = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-01-10T17:00:00Z'), status: 'completed' });
  const otherAppointmentId = await addAppointment(database.db, practiceId, patientId, { startsAt: new Date('2030-01-11T17:00:00Z'), status: 'completed' });
  const { id: noteId } = await caller.clinicalRecords.create({ patientName: 'Locked Lena', patientId, appointmentId, assessment: 'Stable' });
  await caller.clinicalRecords.sign({ id: noteId });
  const { addendum } = await caller.clinicalRecords.addAddendum({ id: noteId, text: 'Lab results reviewed.' });
  return { practiceId, patientId, appointmentId, otherAppointmentId, noteId, addendumId: addendum.id };
}

/** Runs `sql` as the probe role (no superuser, owns nothing) in a transaction rolled back after. */
async function asProbe(sql: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: database.ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // Row-level security binds the probe role as it binds the server's: name the record's practice.
    const { rows } = await client.query<{ practice_id: string }>(
      'SELECT practice_id FROM clinical_note WHERE id = $1 UNION SELECT practice_id FROM clinical_note_addendum WHERE id = $1 UNION SELECT practice_id FROM patient WHERE id = $1',
      [params[0] ?? ''],
    );
    await client.query("SELECT set_config('app.practice_id', $1, true)", [rows[0]?.practice_id ?? '']);
    await client.query(`SET LOCAL ROLE ${probeRole}`);
    await client.query(sql, params);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** One UPDATE per column of clinical_note, each changing only that column. */
const columnChanges: Record<string, string> = {
  id: "id = id || '-x'",
  practice_id: "practice_id = practice_id || '-x'",
  patient_id: "patient_id = patient_id || '-x'",
  appointment_id: 'appointment_id = $2',
  type: "type = 'progress'",
  title: "title = title || ' (edited)'",
  author_name: "author_name = 'Dr. Impostor'",
  author_user_id: 'author_user_id = gen_random_uuid()',
  subjective: "subjective = 'Altered'",
  objective: "objective = 'Altered'",
  assessment: "assessment = 'Altered'",
  plan: "plan = 'Altered'",
  written_at: "written_at = written_at + interval '1 day'",
  created_at: "created_at = created_at + interval '1 day'",
  status: "status = 'draft'",
  signed_at: 'signed_at = NULL',
};

describe('a signed note', () => {
  it('refuses an UPDATE of every column (appointment_id included), even one that changes nothing, as any role', async () => {
    const columns = await database.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'clinical_note'");
    expect(Object.keys(columnChanges).sort()).toEqual(columns.map((column) => column.column_name).sort());
    const note = await signedNote();
    for (const [column, change] of Object.entries(columnChanges)) {
      const params = column === 'appointment_id' ? [note.noteId, note.otherAppointmentId] : [note.noteId];
      // A new practice_id meets the older same-practice guard of the appointment link first (BEFORE
      // triggers run in name order); either refusal leaves the note as it was.
      const refusal = column === 'practice_id' ? /a signed clinical note is locked|appointment of another practice/ : /a signed clinical note is locked/;
      await expect(database.query(`UPDATE clinical_note SET ${change} WHERE id = $1`, params), column).rejects.toThrow(refusal);
      await expect(asProbe(`UPDATE clinical_note SET ${change} WHERE id = $1`, params), `${column} as the probe role`).rejects.toThrow(refusal);
    }
    // …and without an appointment link, the lock itself refuses the new practice_id.
    await expect(database.query("UPDATE clinical_note SET practice_id = practice_id || '-x', appointment_id = NULL WHERE id = $1", [note.noteId])).rejects.toThrow(/locked/);
    await expect(database.query('UPDATE clinical_note SET appointment_id = NULL WHERE id = $1', [note.noteId])).rejects.toThrow(/locked/);
    await expect(database.query('UPDATE clinical_note SET id = id WHERE id = $1', [note.noteId])).rejects.toThrow(/locked/);
    const [stored] = await database.query<{ appointment_id: string; assessment: string; status: string }>('SELECT appointment_id, assessment, status FROM clinical_note WHERE id = $1', [note.noteId]);
    expect(stored).toEqual({ appointment_id: note.appointmentId, assessment: 'Stable', status: 'signed' });
  });

  it('refuses a DELETE, also from inside another trigger (at any depth) and as a non-owner role', async () => {
    const note = await signedNote();
    await expect(database.query('DELETE FROM clinical_note WHERE id = $1', [note.noteId])).rejects.toThrow(/cannot be deleted/);
    await expect(asProbe('DELETE FROM clinical_note WHERE id = $1', [note.noteId])).rejects.toThrow(/cannot be deleted/);
    await expect(database.query("INSERT INTO note_shredder (note_id, action) VALUES ($1, 'delete-note')", [note.noteId])).rejects.toThrow(/cannot be deleted/);
    await expect(database.query("INSERT INTO note_shredder_relay (note_id, action) VALUES ($1, 'delete-note')", [note.noteId])).rejects.toThrow(/cannot be deleted/);
    await expect(asProbe("INSERT INTO note_shredder_relay (note_id, action) VALUES ($1, 'delete-note')", [note.noteId])).rejects.toThrow(/cannot be deleted/);
    await expect(
      database.query("INSERT INTO note_shredder (note_id, action, appointment_id) VALUES ($1, 'relink-note', $2)", [note.noteId, note.otherAppointmentId]),
    ).rejects.toThrow(/locked/);
    // Deleting its appointment would unlink it (ON DELETE SET NULL): refused too.
    await expect(database.query('DELETE FROM appointment WHERE id = $1', [note.appointmentId])).rejects.toThrow(/locked/);
    expect(await database.query('SELECT id FROM clinical_note WHERE id = $1', [note.noteId])).toHaveLength(1);
  });
});

describe('addenda', () => {
  it('are append-only: no UPDATE, no DELETE (directly, from a trigger, or as a non-owner role), and only under a signed note', async () => {
    const note = await signedNote();
    await expect(database.query("UPDATE clinical_note_addendum SET text = 'Altered' WHERE id = $1", [note.addendumId])).rejects.toThrow(/append-only/);
    await expect(database.query("UPDATE clinical_note_addendum SET created_at = created_at + interval '1 day' WHERE id = $1", [note.addendumId])).rejects.toThrow(/append-only/);
    await expect(database.query('DELETE FROM clinical_note_addendum WHERE id = $1', [note.addendumId])).rejects.toThrow(/append-only/);
    await expect(asProbe('DELETE FROM clinical_note_addendum WHERE id = $1', [note.addendumId])).rejects.toThrow(/append-only/);
    await expect(database.query("INSERT INTO note_shredder (note_id, action) VALUES ($1, 'delete-addenda')", [note.noteId])).rejects.toThrow(/append-only/);
    await expect(database.query("INSERT INTO note_shredder_relay (note_id, action) VALUES ($1, 'delete-addenda')", [note.noteId])).rejects.toThrow(/append-only/);
    await expect(database.query("INSERT INTO note_shredder (note_id, action) VALUES ($1, 'edit-addenda')", [note.noteId])).rejects.toThrow(/append-only/);
    // A draft takes no addendum (so an addendum's note only ever goes in its patient's cascade).
    await database.query("INSERT INTO clinical_note (id, practice_id, patient_id, type, title, author_name, written_at, status) VALUES ('draft-' || $1, $2, $3, 'soap', 'Draft', 'Dr. Lock', now(), 'draft')", [
      note.noteId,
      note.practiceId,
      note.patientId,
    ]);
    await expect(
      database.query("INSERT INTO clinical_note_addendum (id, practice_id, note_id, text, author_name, created_at) VALUES (gen_random_uuid()::text, $1, 'draft-' || $2, 'x', 'Dr. Lock', now())", [note.practiceId, note.noteId]),
    ).rejects.toThrow(/signed clinical notes only/);
    expect(await database.query('SELECT text FROM clinical_note_addendum WHERE id = $1', [note.addendumId])).toEqual([{ text: 'Lab results reviewed.' }]);
  });
});

describe('the cascade of a deleted patient or practice', () => {
  it('still removes the patient\'s signed notes, their addenda and appointments — also as a non-owner role', async () => {
    const byOwner = await signedNote();
    await database.query('DELETE FROM patient WHERE id = $1', [byOwner.patientId]);
    const byProbe = await signedNote();
    await asProbe('DELETE FROM patient WHERE id = $1', [byProbe.patientId]);
    for (const note of [byOwner, byProbe]) {
      expect(await database.query('SELECT id FROM clinical_note WHERE id = $1', [note.noteId])).toEqual([]);
      expect(await database.query('SELECT id FROM clinical_note_addendum WHERE note_id = $1', [note.noteId])).toEqual([]);
      expect(await database.query('SELECT id FROM appointment WHERE patient_id = $1', [note.patientId])).toEqual([]);
    }
  });

  it('still removes a whole practice with its signed notes and addenda', async () => {
    const note = await signedNote();
    await database.query('DELETE FROM practice WHERE id = $1', [note.practiceId]);
    expect(await database.query('SELECT id FROM clinical_note WHERE practice_id = $1', [note.practiceId])).toEqual([]);
    expect(await database.query('SELECT id FROM clinical_note_addendum WHERE practice_id = $1', [note.practiceId])).toEqual([]);
    expect(await database.query('SELECT id FROM patient WHERE practice_id = $1', [note.practiceId])).toEqual([]);
  });
});
