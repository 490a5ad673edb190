/**
 * Clinical text lives in its own table only (docs/architecture.md#clinical-text; issue 23 item 5). A note and an addendum
 * are written over HTTP with unique markers while the server logs at `trace` (and the outbox relay
 * passes over the events at `trace`); then every table of the database — each row cast to text,
 * every column in it — and the captured log are searched for the markers: they are in
 * `clinical_note` and `clinical_note_addendum`, nowhere else (not in domain_event, audit_entry or a
 * log line). And a deleted patient leaves no event behind that names them or their records.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommunity } from '../src/seed/community.seed.ts';
import { createLogger } from '../src/logger.ts';
import { createRelay } from '../src/outbox/relay.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { addPatient, createPractitioner } from './support/practice-factory.ts';
import { startTestServer, testConfig, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
    done();
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, {}, { logger: createLogger('trace', sink) });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** Every ordinary table of the database's `public` schema, from information_schema. */
async function tables(): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

/**
 * The tables holding `text` anywhere in a row: each row cast to text (every column, jsonb and
 * arrays included), and bytea columns searched for the text's bytes as the row shows them (hex).
 */
async function tablesContaining(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tables()) {
    const [row] = await database.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM "${table.replaceAll('"', '""')}" AS t
       WHERE strpos(t::text, $1) > 0 OR strpos(t::text, encode(convert_to($1, 'UTF8'), 'hex')) > 0`,
      [text],
    );
    if ((row?.hits ?? 0) > 0) found.push(table);
  }
  return found;
}

describe('a note\'s text', () => {
  it('is found only in the note\'s own tables — not in events, the audit log, any other table or the log', async () => {
    const { cookie, practiceId } = await createPractitioner(database.db, { name: 'Dr. Marker' });
    const patientId = await addPatient(database.db, practiceId, { name: 'Marked Patient' });
    const noteMarker = `soap-marker-${randomUUID()}`;
    const addendumMarker = `addendum-marker-${randomUUID()}`;

    const created = await trpcMutation<{ id: string }>(
      server,
      'clinicalRecords.create',
      { patientName: 'Marked Patient', patientId, recordType: 'soap', subjective: `Reports ${noteMarker}`, objective: noteMarker, assessment: noteMarker, plan: `Plan ${noteMarker}` },
      { cookie },
    );
    expect(created.status).toBe(200);
    const noteId = created.data?.id ?? '';
    const edited = await trpcMutation(server, 'clinicalRecords.saveDraft', { id: noteId, subjective: `Reports ${noteMarker} again`, objective: noteMarker, assessment: noteMarker, plan: `Plan ${noteMarker}` }, { cookie });
    expect(edited.status).toBe(200);
    expect((await trpcMutation(server, 'clinicalRecords.sign', { id: noteId }, { cookie })).status).toBe(200);
    const amended = await trpcMutation(server, 'clinicalRecords.addAddendum', { id: noteId, text: `Correction ${addendumMarker}` }, { cookie });
    expect(amended.status).toBe(200);
    // The note was read back too (a read is audited, and logged as a request).
    expect((await trpcMutation(server, 'clinicalRecords.addAddendum', { id: noteId, text: '   ' }, { cookie })).status).toBe(400);
    // The relay passes over every pending event, logging at trace.
    const relay = createRelay({ db: database.db, config: testConfig({ DATA_DIR: '/tmp/wellspring-phi-test-unused' }).relay, logger: createLogger('trace', sink) });
    try {
      await relay.drain();
    } finally {
      await relay.stop({ graceMs: 0 });
    }

    // The text was stored where it belongs…
    const [note] = await database.query<{ subjective: string; plan: string }>('SELECT subjective, plan FROM clinical_note WHERE id = $1', [noteId]);
    expect(note).toEqual({ subjective: `Reports ${noteMarker} again`, plan: `Plan ${noteMarker}` });
    // …the note's events and audit entries exist (so the search below reads real rows)…
    const events = await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [noteId]);
    expect(events.map((event) => event.type)).toEqual(['NoteDrafted', 'NoteEdited', 'NoteSigned', 'AddendumAdded']);
    expect((await database.query('SELECT 1 FROM audit_entry WHERE record_id = $1', [noteId])).length).toBeGreaterThanOrEqual(2);
    expect(lines.some((line) => line.includes('clinicalRecords.create'))).toBe(true);

    // …and nowhere else.
    expect(await tablesContaining(noteMarker)).toEqual(['clinical_note']);
    expect(await tablesContaining(addendumMarker)).toEqual(['clinical_note_addendum']);
    const log = lines.join('\n');
    expect(log).not.toContain(noteMarker);
    expect(log).not.toContain(addendumMarker);
  });
});

describe('deleting a patient', () => {
  it('leaves no event naming them or their records, and removes their notes and appointments', async () => {
    const { caller, cookie, practiceId } = await createPractitioner(database.db, { name: 'Dr. Forget' });
    const name = `Forgotten ${randomUUID().slice(0, 8)}`;
    const email = `forgotten.${randomUUID().slice(0, 8)}@example.test`;
    const scheduled = await caller.appointments.create({ patientId: 'new', patientName: name, patientEmail: email, date: '2030-04-02', time: '10:00', duration: 60, appointmentType: 'consultation', mode: 'virtual' });
    const patientId = scheduled.patientId;
    await caller.appointments.confirm({ id: scheduled.id });
    const note = await trpcMutation<{ id: string }>(
      server,
      'clinicalRecords.create',
      { patientName: name, patientId, appointmentId: scheduled.id, recordType: 'soap', assessment: 'Private assessment' },
      { cookie },
    );
    const noteId = note.data?.id ?? '';
    await caller.clinicalRecords.sign({ id: noteId });
    await caller.clinicalRecords.addAddendum({ id: noteId, text: 'Private addendum' });
    // Another patient of the practice, whose history stays.
    const keptId = await addPatient(database.db, practiceId, { name: 'Kept Patient' });
    const kept = await caller.appointments.create({ patientId: keptId, date: '2030-04-03', time: '10:00', duration: 60, appointmentType: 'follow_up', mode: 'virtual' });

    const record = [patientId, scheduled.id, noteId];
    const naming = async (): Promise<number> => {
      const [row] = await database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM domain_event e
         WHERE e.aggregate_id = ANY($1::text[]) OR EXISTS (SELECT 1 FROM unnest($2::text[]) AS needle WHERE strpos(e.payload::text, needle) > 0)`,
        [record, [...record, name, email]],
      );
      return row?.count ?? 0;
    };
    expect(await naming()).toBeGreaterThanOrEqual(5);

    await database.query('DELETE FROM patient WHERE id = $1', [patientId]);

    expect(await naming()).toBe(0);
    expect(await database.query('SELECT id FROM clinical_note WHERE patient_id = $1', [patientId])).toEqual([]);
    expect(await database.query('SELECT id FROM clinical_note_addendum WHERE note_id = $1', [noteId])).toEqual([]);
    expect(await database.query('SELECT id FROM appointment WHERE patient_id = $1', [patientId])).toEqual([]);
    for (const text of [name, email]) expect(await tablesContaining(text)).toEqual([]);
    expect((await database.query<{ type: string }>('SELECT type FROM domain_event WHERE aggregate_id = $1', [kept.id])).map((event) => event.type)).toEqual(['AppointmentScheduled']);
  });

  it('keeps the history of an appointment deleted on its own (its events hold no patient data)', async () => {
    const { caller, practiceId } = await createPractitioner(database.db);
    const patientId = await addPatient(database.db, practiceId, { name: 'Stays Patient' });
    const { id } = await caller.appointments.create({ patientId, date: '2030-04-04', time: '10:00', duration: 60, appointmentType: 'follow_up', mode: 'virtual' });
    await caller.appointments.cancel({ id });
    await caller.appointments.delete({ id });
    const events = await database.query<{ type: string; payload: unknown }>('SELECT type, payload FROM domain_event WHERE aggregate_id = $1 ORDER BY sequence', [id]);
    expect(events.map((event) => event.type)).toEqual(['AppointmentScheduled', 'AppointmentCancelled', 'AppointmentDeleted']);
    expect(events[1]?.payload).toEqual({ type: 'AppointmentCancelled', id });
  });
});

describe('an RSVP\'s e-mail', () => {
  it('is queued with ids only and addressed, when sent, from the attendee\'s account', async () => {
    await seedCommunity(database.db, new Date());
    const attendee = await createPractitioner(database.db, { name: `Dr. Rsvp ${randomUUID().slice(0, 6)}` });
    const [upcoming] = await database.query<{ id: string }>('SELECT id FROM community_event WHERE starts_at > now() ORDER BY starts_at, id LIMIT 1');
    await attendee.caller.community.rsvp({ id: upcoming?.id ?? '', going: true });
    const [event] = await database.query<{ payload: unknown }>("SELECT payload FROM domain_event WHERE type = 'RsvpConfirmed' AND aggregate_id = $1", [`${upcoming?.id}:${attendee.user.id}`]);
    expect(event?.payload).toEqual({ type: 'RsvpConfirmed', eventId: upcoming?.id, userId: attendee.user.id });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wellspring-phi-rsvp-'));
    const relay = createRelay({ db: database.db, config: testConfig({ DATA_DIR: dataDir }).relay, logger: createLogger('silent') });
    try {
      await relay.drain();
      const mailDir = path.join(dataDir, 'mail');
      const files = await readdir(mailDir);
      const mails = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
      expect(mails.find((mail) => mail.includes(attendee.user.email))).toContain(attendee.user.name);
    } finally {
      await relay.stop({ graceMs: 0 });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
