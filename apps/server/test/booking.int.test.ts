/**
 * Online booking over HTTP (issue 24): a practice turns booking on; a visitor sees its session
 * types and open times (free/busy only) and books one; the appointment is in the practice's
 * schedule; a time taken meanwhile is 409 "That time was just taken — please choose another"; the
 * rules, the rate limits and the idempotency key hold.
 */
import { defaultBookingSettings, type BookingSettings, type OpenSlot } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let practitioner: TestPractitioner;
let listingId: string;

const settings: BookingSettings = {
  ...defaultBookingSettings('America/Los_Angeles'),
  enabled: true,
  currency: 'CAD',
  sessionTypes: [
    { id: 'intro', name: 'Intro consultation', durationMinutes: 60, priceMinor: 12000, mode: 'in-person', newPatientsOnly: true, description: 'For new patients.', approval: 'confirm' },
    { id: 'follow', name: 'Follow-up', durationMinutes: 30, priceMinor: 6000, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' },
  ],
};

const query = <Data>(procedure: string, input: unknown) => trpcQuery<Data>(server, `${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
const slotsOf = async (sessionTypeId: string) => (await query<{ timeZone: string; slots: OpenSlot[] }>('booking.slots', { practitionerId: listingId, sessionTypeId, days: 14 })).data?.slots ?? [];
let visitor = 0;
const form = (sessionTypeId: string, startsAt: string, overrides: Record<string, unknown> = {}) => {
  visitor += 1;
  return { practitionerId: listingId, sessionTypeId, startsAt, name: `Pat Visitor ${visitor}`, email: `pat.${visitor}@example.com`, phone: '', reason: 'Sleep trouble', consent: true, notifyEarlier: false, ...overrides };
};
/** Each visitor from an address of their own, as on the internet (the per-address limit is tested apart). */
const from = (address: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${address}` } });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db, { TRUST_PROXY: '1', RATE_LIMIT_BOOKINGS_PER_ADDRESS_MAX: '3', RATE_LIMIT_BOOKINGS_PER_EMAIL_MAX: '3' });
  practitioner = await createPractitioner(database.db, { name: 'Dr. Booking' });
  await practitioner.caller.profile.save({
    name: 'Dr. Booking',
    location: 'Portland, OR',
    shortBio: 'Books online.',
    about: 'An about text that is long enough for the profile editor to accept it as it is.',
    yearsExperience: '7',
    specialties: ['Naturopathy'],
    profileImage: null,
  });
  listingId = (await practitioner.caller.profile.mine()).practitionerId ?? '';
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('online booking', () => {
  it('shows nothing to book until the practice turns booking on, then its session types', async () => {
    expect((await query('booking.offer', { practitionerId: listingId })).data).toEqual({ enabled: false, timeZone: null, currency: 'USD', horizonDays: 0, sessionTypes: [] });
    expect((await query('booking.slots', { practitionerId: listingId, sessionTypeId: 'intro' })).status).toBe(404);
    expect(await practitioner.caller.booking.settings()).toEqual({ settings: defaultBookingSettings('America/Los_Angeles'), saved: false });

    await practitioner.caller.booking.saveSettings(settings);
    expect(await practitioner.caller.booking.settings()).toEqual({ settings, saved: true });
    const offer = await query<{ enabled: boolean; timeZone: string; sessionTypes: { id: string; name: string }[] }>('booking.offer', { practitionerId: listingId });
    expect(offer.data).toMatchObject({ enabled: true, timeZone: 'America/Los_Angeles', currency: 'CAD' });
    expect(offer.data?.sessionTypes.map((type) => type.name)).toEqual(['Intro consultation', 'Follow-up']);
    expect((await query('booking.offer', { practitionerId: 'no-such-listing' })).data).toEqual({ enabled: false, timeZone: null, currency: 'USD', horizonDays: 0, sessionTypes: [] });
    expect((await query('booking.offer', { practitionerId: '1' })).data).toEqual({ enabled: false, timeZone: null, currency: 'USD', horizonDays: 0, sessionTypes: [] });
  });

  it('offers weekday times within the hours, and books one: the appointment is in the schedule, waiting for confirmation', async () => {
    const slots = await slotsOf('intro');
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot.localTime >= '09:00' && slot.localTime <= '16:00').toBe(true);
      expect(new Date(`${slot.localDate}T12:00:00Z`).getUTCDay()).not.toBe(0);
      expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(60 * 60_000);
    }
    const slot = slots[0]!;
    const booked = await trpcMutation<{ appointmentId: string; status: string }>(server, 'booking.book', form('intro', slot.startsAt), from(1));
    expect(booked.status).toBe(200);
    expect(booked.data).toMatchObject({ startsAt: slot.startsAt, status: 'scheduled', sessionType: 'Intro consultation' });

    const page = await practitioner.caller.appointments.list({ page: 1, pageSize: 50 });
    expect(page.items.find((item) => item.id === booked.data?.appointmentId)).toMatchObject({ patientName: `Pat Visitor ${visitor}`, status: 'scheduled' });
    // Free/busy only: the time is gone from the picker, and nothing in the answer names anyone.
    const after = await query<{ slots: OpenSlot[] }>('booking.slots', { practitionerId: listingId, sessionTypeId: 'intro', days: 14 });
    expect(after.data?.slots.map((each) => each.startsAt)).not.toContain(slot.startsAt);
    expect(JSON.stringify(after.data)).not.toContain('Pat Visitor');
    const audit = await database.query<{ actor_user_id: string | null; patient_id: string | null }>("SELECT actor_user_id, patient_id FROM audit_entry WHERE record_type = 'appointment' AND record_id = $1", [booked.data?.appointmentId]);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBeNull();
    expect(audit[0]?.patient_id).not.toBeNull();
  });

  it('confirms at once a session type that auto-confirms, for a patient the practice already has', async () => {
    const [slot] = await slotsOf('follow');
    const booked = await trpcMutation<{ status: string }>(server, 'booking.book', form('follow', slot!.startsAt, { email: `pat.${visitor}@example.com` }), from(2));
    expect(booked.data?.status).toBe('confirmed');
  });

  it('gives one of 20 concurrent bookings of one slot; the other 19 hear the time was just taken, and nothing else is written', async () => {
    const [slot] = await slotsOf('follow');
    const before = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM patient WHERE practice_id = $1', [practitioner.practiceId]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => trpcMutation(server, 'booking.book', form('follow', slot!.startsAt), from(100 + index))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.error?.message).toBe('That time was just taken — please choose another');
    }
    expect(await database.query('SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1 AND starts_at = $2', [practitioner.practiceId, slot!.startsAt])).toEqual([{ n: 1 }]);
    expect(await database.query('SELECT count(*)::int AS n FROM patient WHERE practice_id = $1', [practitioner.practiceId])).toEqual([{ n: (before[0]?.n ?? 0) + 1 }]);
  });

  it('refuses a time outside the hours, an unknown session type, a known patient for new patients only, and a listing without booking, each clearly', async () => {
    const [slot] = await slotsOf('intro');
    const outside = new Date(Date.parse(slot!.startsAt) + 7 * 60_000).toISOString();
    const off = await trpcMutation(server, 'booking.book', form('intro', outside), from(3));
    expect(off.status).toBe(400);
    expect(off.error?.data.fieldErrors).toEqual({ startsAt: ['That time is not available for booking. Please choose another.'] });
    const unknownType = await trpcMutation(server, 'booking.book', form('no-such-type', slot!.startsAt), from(4));
    expect(unknownType.error?.data.fieldErrors).toEqual({ sessionTypeId: ['Please choose a session type.'] });
    const known = await trpcMutation(server, 'booking.book', form('intro', slot!.startsAt, { email: 'pat.1@example.com' }), from(5));
    expect(known.status).toBe(400);
    expect(known.error?.data.fieldErrors?.sessionTypeId).toEqual(['This session is for new patients. Please choose another session type.']);
    const bad = await trpcMutation(server, 'booking.book', { ...form('intro', slot!.startsAt), consent: false, email: 'not-an-email' }, from(6));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.data.fieldErrors ?? {}).sort()).toEqual(['consent', 'email']);
    const nowhere = await trpcMutation(server, 'booking.book', { ...form('intro', slot!.startsAt), practitionerId: 'no-such-listing' }, from(7));
    expect(nowhere.status).toBe(404);
  });

  it('books once for a double-submitted form with one Idempotency-Key, and answers the same', async () => {
    const [slot] = await slotsOf('follow');
    const submitted = form('follow', slot!.startsAt);
    const headers = { 'x-forwarded-for': '198.51.100.8', 'idempotency-key': 'booking-double-submit-1' };
    const first = await trpcMutation<{ appointmentId: string }>(server, 'booking.book', submitted, { headers });
    const second = await trpcMutation<{ appointmentId: string }>(server, 'booking.book', submitted, { headers });
    expect(first.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(await database.query('SELECT count(*)::int AS n FROM appointment WHERE practice_id = $1 AND starts_at = $2', [practitioner.practiceId, slot!.startsAt])).toEqual([{ n: 1 }]);
  });

  it('limits bookings per address and per e-mail with 429 and Retry-After', async () => {
    const slots = await slotsOf('follow');
    const sameAddress = await Promise.all([0, 1, 2, 3].map((index) => trpcMutation(server, 'booking.book', form('follow', slots[index]!.startsAt), from(9))));
    expect(sameAddress.map((answer) => answer.status)).toContain(429);
    const limited = sameAddress.find((answer) => answer.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    const email = 'repeat.patient@example.com';
    const sameEmail = [];
    for (const index of [10, 11, 12, 13]) sameEmail.push(await trpcMutation(server, 'booking.book', form('follow', slots[index]!.startsAt, { email }), from(index + 40)));
    expect(sameEmail.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
  });

  it("saves the practice's time zone with the settings: the schedule and the public times then use it", async () => {
    await practitioner.caller.booking.saveSettings({ ...settings, timeZone: 'America/Chicago' });
    expect(await database.query('SELECT time_zone FROM practice WHERE id = $1', [practitioner.practiceId])).toEqual([{ time_zone: 'America/Chicago' }]);
    expect((await query<{ timeZone: string }>('booking.offer', { practitionerId: listingId })).data?.timeZone).toBe('America/Chicago');
    expect((await practitioner.caller.booking.settings()).settings.timeZone).toBe('America/Chicago');
  });
});
