/**
 * No double booking, by construction (issue 24, record 0033): the database refuses two open
 * appointments of one practice whose busy spans overlap, whoever writes them and however many
 * write at once; the practitioner's own overlapping entries are kept, marked as deliberate.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testPool } from './support/database.ts';
import { addPatient, createPractitioner, type TestPractitioner } from './support/practice-factory.ts';

let database: TestDatabase;
/** As the server: the application role, under row-level security. */
let app: pg.Pool;
let owner: TestPractitioner;
let patientId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = testPool(database.url, 20);
  owner = await createPractitioner(database.db);
  patientId = await addPatient(database.db, owner.practiceId, { name: 'Guarded Grace' });
});

afterAll(async () => {
  await app.end();
  await database.drop();
});

interface Slot {
  readonly startsAt: string;
  readonly minutes?: number;
  readonly before?: number;
  readonly after?: number;
  readonly doubleBooked?: boolean;
  readonly practiceId?: string;
  readonly patient?: string;
}

/** Inserts one appointment as the server would, in its own transaction bound to the practice. */
async function book(slot: Slot): Promise<string> {
  const practiceId = slot.practiceId ?? owner.practiceId;
  const client = await app.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('app.practice_id', $1, true)", [practiceId]);
    const id = randomUUID();
    await client.query(
      `INSERT INTO appointment (id, practice_id, patient_id, starts_at, duration_minutes, type, mode, status, double_booked, buffer_before_minutes, buffer_after_minutes)
       VALUES ($1, $2, $3, $4, $5, 'consultation', 'virtual', 'scheduled', $6, $7, $8)`,
      [id, practiceId, slot.patient ?? patientId, slot.startsAt, slot.minutes ?? 60, slot.doubleBooked ?? false, slot.before ?? 0, slot.after ?? 0],
    );
    await client.query('COMMIT');
    return id;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const refused = { code: '23P01', constraint: 'appointment_no_double_booking' };

describe('the no-double-booking guard', () => {
  it('gives exactly one of 20 concurrent bookings of one slot, and refuses the other 19 with nothing written', async () => {
    const startsAt = '2031-01-06T15:00:00Z';
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => book({ startsAt })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) expect(outcome.reason).toMatchObject(refused);
    expect(await database.query('SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1 AND starts_at = $2', [owner.practiceId, startsAt])).toEqual([{ n: 1 }]);
  });

  it('refuses a partial overlap, and one inside the buffers; takes the slot that ends as the other starts', async () => {
    await book({ startsAt: '2031-01-07T15:00:00Z', minutes: 60, after: 15 });
    await expect(book({ startsAt: '2031-01-07T15:30:00Z', minutes: 60 })).rejects.toMatchObject(refused);
    await expect(book({ startsAt: '2031-01-07T16:00:00Z', minutes: 30 })).rejects.toMatchObject(refused);
    await expect(book({ startsAt: '2031-01-07T14:30:00Z', minutes: 30, after: 5 })).rejects.toMatchObject(refused);
    await book({ startsAt: '2031-01-07T16:15:00Z', minutes: 30 });
    await book({ startsAt: '2031-01-07T14:00:00Z', minutes: 60 });
  });

  it('leaves cancelled and deliberately double-booked appointments out, and other practices alone', async () => {
    const cancelled = await book({ startsAt: '2031-01-08T15:00:00Z' });
    await database.query("UPDATE appointment SET status = 'cancelled' WHERE id = $1", [cancelled]);
    await book({ startsAt: '2031-01-08T15:00:00Z' });
    await book({ startsAt: '2031-01-08T15:00:00Z', doubleBooked: true });
    const other = await createPractitioner(database.db);
    const otherPatient = await addPatient(database.db, other.practiceId, { name: 'Other Olga' });
    await book({ startsAt: '2031-01-08T15:00:00Z', practiceId: other.practiceId, patient: otherPatient });
  });

  it('refuses moving an appointment onto another one', async () => {
    await book({ startsAt: '2031-01-09T15:00:00Z' });
    const later = await book({ startsAt: '2031-01-09T17:00:00Z' });
    const client = await app.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT set_config('app.practice_id', $1, true)", [owner.practiceId]);
      await expect(client.query("UPDATE appointment SET starts_at = '2031-01-09T15:30:00Z' WHERE id = $1", [later])).rejects.toMatchObject(refused);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it("keeps the practitioner's own overlapping entries from the schedule and the portal, marked as deliberate", async () => {
    const first = await owner.caller.appointments.create({ patientId, date: '2031-02-03', time: '10:00', duration: 60, appointmentType: 'assessment', mode: 'virtual' });
    const second = await owner.caller.appointments.create({ patientId, date: '2031-02-03', time: '10:00', duration: 30, appointmentType: 'follow_up', mode: 'virtual' });
    const third = await owner.caller.appointments.create({ patientName: 'Guarded Grace', patientEmail: 'grace@example.com', appointmentType: 'follow_up', date: '2031-02-03', time: '10:30', duration: 60, notes: '' });
    const rows = await database.query<{ id: string; double_booked: boolean }>('SELECT id, double_booked FROM appointment WHERE id = ANY($1) ORDER BY starts_at, duration_minutes DESC', [[first.id, second.id, third.id]]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.double_booked]))).toEqual({ [first.id]: false, [second.id]: true, [third.id]: true });

    // Moved to a free time, the portal's entry is guarded again.
    await owner.caller.appointments.update({ id: third.id, patientName: 'Guarded Grace', patientEmail: 'grace@example.com', appointmentType: 'follow_up', date: '2031-02-03T15:00', duration: '60', notes: '' });
    expect(await database.query('SELECT double_booked FROM appointment WHERE id = $1', [third.id])).toEqual([{ double_booked: false }]);
  });
});
