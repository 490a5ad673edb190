/**
 * Holds (issue 24): the time a patient chose is kept from everyone else while they fill the form,
 * by the database's guard — another patient can neither hold nor book it, 20 patients holding one
 * time at once get exactly one hold — and it comes back when released or expired.
 */
import { defaultBookingSettings, type BookingSettings, type OpenSlot } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, publishBookableListing, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let practitioner: TestPractitioner;
let listingId: string;

const settings: BookingSettings = {
  ...defaultBookingSettings('America/Chicago'),
  enabled: true,
  minimumNoticeMinutes: 60,
  sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 30, priceMinor: 0, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
};
const TAKEN = 'That time was just taken — please choose another';

const query = <Data>(procedure: string, input: unknown) => trpcQuery<Data>(server, `${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
const openTimes = async () => ((await query<{ slots: OpenSlot[] }>('booking.slots', { practitionerId: listingId, sessionTypeId: 'visit', days: 14 })).data?.slots ?? []).map((slot) => slot.startsAt);
const from = (address: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${address}` } });
const hold = (startsAt: string, address: number, release?: string) =>
  trpcMutation<{ holdId: string; expiresAt: string }>(server, 'booking.hold', { practitionerId: listingId, sessionTypeId: 'visit', startsAt, ...(release ? { release } : {}) }, from(address));
const book = (startsAt: string, address: number, holdId?: string) =>
  trpcMutation<{ status: string }>(
    server,
    'booking.book',
    { practitionerId: listingId, sessionTypeId: 'visit', startsAt, name: `Holder ${address}`, email: `holder.${address}@example.com`, phone: '', reason: '', consent: true, notifyEarlier: false, ...(holdId ? { holdId } : {}) },
    from(address),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, { TRUST_PROXY: '1' });
  practitioner = await createPractitioner(database.db, { name: 'Dr. Holds' });
  listingId = await publishBookableListing(practitioner, 'Chicago, IL', settings);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('holds on a chosen time', () => {
  it('keeps the time from other patients while the form is filled, then books it for the holder', async () => {
    const [time] = await openTimes();
    const held = await hold(time!, 1);
    expect(held.status).toBe(200);
    expect(Date.parse(held.data!.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await openTimes()).not.toContain(time);
    const other = await hold(time!, 2);
    expect(other.status).toBe(409);
    expect(other.error?.message).toBe(TAKEN);
    expect((await book(time!, 3)).status).toBe(409);
    const booked = await book(time!, 1, held.data!.holdId);
    expect(booked.status).toBe(200);
    expect(await database.query('SELECT count(*)::int AS n FROM booking_hold WHERE id = $1', [held.data!.holdId])).toEqual([{ n: 0 }]);
  });

  it('gives one of 20 patients holding one time at once the hold; the others hear it was taken', async () => {
    const [, time] = await openTimes();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => hold(time!, 20 + index)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409 && answer.error?.message === TAKEN)).toHaveLength(19);
  });

  it('gives the time back when the patient chooses another, or when the hold expires', async () => {
    const times = await openTimes();
    const first = await hold(times[2]!, 50);
    const second = await hold(times[3]!, 50, first.data!.holdId);
    expect(second.status).toBe(200);
    expect(await openTimes()).toContain(times[2]);
    await database.query("UPDATE booking_hold SET expires_at = now() - interval '1 second' WHERE id = $1", [second.data!.holdId]);
    expect(await openTimes()).toContain(times[3]);
    expect((await hold(times[3]!, 51)).status).toBe(200);
  });

  it("lets the practitioner's own entry at a held time through as a deliberate double booking", async () => {
    const [time] = (await openTimes()).slice(5);
    expect((await hold(time!, 60)).status).toBe(200);
    // The practice's wall clock ("2026-12-01 09:30"): sv-SE writes dates and times that way.
    const [date = '', clock = ''] = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .format(new Date(time!))
      .split(' ');
    const { id } = await practitioner.caller.appointments.create({ patientName: 'Walk In', patientEmail: 'walk.in@example.com', date, time: clock, duration: 30, appointmentType: 'consultation', notes: '' });
    expect(await database.query('SELECT double_booked FROM appointment WHERE id = $1', [id])).toEqual([{ double_booked: true }]);
  });
});
