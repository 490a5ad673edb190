import { normalizeEmail } from '@wellspring/domain';
import { buildDemoDirectory, DEMO_DIRECTORY_SIZE, demoAccount, demoBookingSettings, samplePractitioners, SAMPLE_TIME_ZONE } from '@wellspring/domain/samples';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { NO_PASSWORD } from '../src/seed/demo-directory.seed.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcMutation } from './support/server.ts';

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database?.drop();
});

const demoEmail = normalizeEmail(demoAccount.email);
const directory = buildDemoDirectory();

/** Rows of every table a seed writes, to tell whether a second seed added any. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = ['app_user', 'practice', 'practitioner', 'patient', 'appointment', 'clinical_note', 'payment', 'referral', 'referral_code', 'domain_event', 'community_member', 'member_connection'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? -1;
  return counts;
}

/** The demo practitioner's listing id (null while unlisted) and booking settings. */
async function demoPractice(): Promise<{ practitioner_id: string | null; booking_settings: unknown }> {
  const [row] = await database.query<{ practitioner_id: string | null; booking_settings: unknown }>(
    'SELECT p.practitioner_id, p.booking_settings FROM practice p JOIN app_user u ON u.id = p.owner_user_id WHERE u.email = $1',
    [demoEmail],
  );
  if (!row) throw new Error('no demo practice');
  return row;
}

describe('seedDatabase', () => {
  it('creates the demo practitioner on an empty database, and the demo credentials sign in', async () => {
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: true });

    const users = await database.query<{ email: string; name: string; role: string; password_hash: string }>('SELECT email, name, role, password_hash FROM app_user WHERE email = $1', [demoEmail]);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: demoAccount.email, name: demoAccount.name, role: 'practitioner' });
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(users[0]?.password_hash ?? '', demoAccount.password)).toBe(true);

    const server = await startTestServer(database.db);
    try {
      const response = await trpcMutation<{ user: { email: string } }>(server, 'auth.signIn', { email: demoAccount.email, password: demoAccount.password });
      expect(response.status).toBe(200);
      expect(response.data?.user.email).toBe(demoAccount.email);
    } finally {
      await server.close();
    }
  });

  it('is idempotent: a second seed adds nothing', async () => {
    await seedDatabase(database.ownerDb, { demo: true });
    const first = await rowCounts();
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: false });
    expect(await rowCounts()).toEqual(first);
    expect(await database.query('SELECT id FROM app_user WHERE email = $1', [demoEmail])).toHaveLength(1);
  });

  it('leaves a database that already has users alone', async () => {
    await database.query("INSERT INTO app_user (id, email, name, password_hash) VALUES (gen_random_uuid(), 'someone@example.com', 'Someone', 'x')");
    expect(await seedDatabase(database.ownerDb, { demo: true })).toEqual({ demoAccountCreated: false });
    expect(await database.query('SELECT id FROM app_user WHERE email = $1', [demoEmail])).toHaveLength(0);
    expect(await database.query('SELECT id FROM practitioner ORDER BY id')).toEqual(samplePractitioners.map(({ id }) => ({ id })));
  });

  it('creates nothing when demo data is off (production or SEED_DEMO=0): the directory is the spec\'s five', async () => {
    expect(await seedDatabase(database.ownerDb, { demo: false })).toEqual({ demoAccountCreated: false });
    expect(await database.query('SELECT id FROM app_user')).toHaveLength(0);
    expect(await database.query('SELECT id FROM practitioner ORDER BY id')).toEqual(samplePractitioners.map(({ id }) => ({ id })));
  });

  it('with SEED_DEMO_DIRECTORY=0, creates the demo account but neither her listing nor the generated directory', async () => {
    expect(await seedDatabase(database.ownerDb, { demo: true, directory: false })).toEqual({ demoAccountCreated: true });
    expect(await demoPractice()).toEqual({ practitioner_id: null, booking_settings: null });
    expect(await database.query('SELECT id FROM practitioner ORDER BY id')).toEqual(samplePractitioners.map(({ id }) => ({ id })));
    expect(await database.query('SELECT id FROM app_user')).toHaveLength(1);
  });
});

describe('the demo on a fresh start', () => {
  it('lists the demo practitioner: a search for her name finds her listing, published through the profile machine', async () => {
    await seedDatabase(database.ownerDb, { demo: true });
    const { practitioner_id: listingId } = await demoPractice();
    expect(listingId).not.toBeNull();
    const caller = createTestCaller(database.db);
    const found = await caller.directory.search({ query: 'Sarah Mitchell' });
    expect(found.items.map((card) => ({ id: card.id, name: card.name, location: card.location }))).toEqual([{ id: listingId, name: demoAccount.name, location: 'Portland, OR' }]);
    const profile = await caller.practitioners.byId({ id: listingId ?? '' });
    expect(profile).toMatchObject({ name: demoAccount.name, specialties: ['naturopathy', 'functional_medicine', 'nutrition'], yearsExperience: 11 });
    const events = await database.query<{ type: string; actor_id: string | null }>("SELECT type, actor_id::text FROM domain_event WHERE aggregate_type = 'practitioner_profile'");
    expect(events).toEqual([{ type: 'ProfilePublished', actor_id: null }]);
  });

  it('finds people for "insomnia", "anxiety" and "back pain", and keeps the spec\'s five samples to the letter', async () => {
    await seedDatabase(database.ownerDb, { demo: true });
    const caller = createTestCaller(database.db);
    for (const query of ['insomnia', 'anxiety', 'back pain']) {
      const result = await caller.directory.search({ query });
      expect(result.total, query).toBeGreaterThanOrEqual(20);
      expect(new Set(result.items.map((card) => card.location)).size, query).toBeGreaterThan(1);
    }
    expect((await caller.directory.search({})).total).toBe(samplePractitioners.length + DEMO_DIRECTORY_SIZE + 1);
    for (const sample of samplePractitioners) {
      const { distance: _distance, ...listed } = sample;
      expect(await caller.practitioners.byId({ id: sample.id })).toEqual(listed);
    }
  });

  it('takes online bookings on her listing: two session types, open times, one booking confirmed at once and one waiting for her', async () => {
    const now = new Date();
    await seedDatabase(database.ownerDb, { demo: true }, now);
    const { practitioner_id: listingId, booking_settings: settings } = await demoPractice();
    expect(settings).toEqual(demoBookingSettings(SAMPLE_TIME_ZONE));
    const practitionerId = listingId ?? '';
    const caller = createTestCaller(database.db, { now });
    const offer = await caller.booking.offer({ practitionerId });
    expect(offer).toMatchObject({ enabled: true, timeZone: SAMPLE_TIME_ZONE });
    expect(offer.sessionTypes.map(({ id, durationMinutes, mode }) => ({ id, durationMinutes, mode }))).toEqual([
      { id: 'initial-consultation', durationMinutes: 60, mode: 'in-person' },
      { id: 'virtual-follow-up', durationMinutes: 30, mode: 'virtual' },
    ]);

    for (const [sessionTypeId, status] of [['virtual-follow-up', 'confirmed'], ['initial-consultation', 'scheduled']] as const) {
      const { slots } = await caller.booking.slots({ practitionerId, sessionTypeId, days: 14 });
      expect(slots.length, sessionTypeId).toBeGreaterThan(0);
      const answer = await caller.booking.book({ practitionerId, sessionTypeId, startsAt: slots[0]?.startsAt ?? '', name: 'Nia Newcomer', email: `nia.${sessionTypeId}@example.com`, phone: '', reason: '', consent: true, notifyEarlier: false });
      expect(answer.status, sessionTypeId).toBe(status);
    }
  });

  it('lets every fifth generated practitioner take bookings in their own time zone, confirmed at once, from accounts nobody can sign in to', async () => {
    const now = new Date();
    await seedDatabase(database.ownerDb, { demo: true }, now);
    const practices = await database.query<{ practitioner_id: string; time_zone: string; password_hash: string; email: string }>(
      "SELECT p.practitioner_id, p.time_zone, u.password_hash, u.email FROM practice p JOIN app_user u ON u.id = p.owner_user_id WHERE u.email <> $1 ORDER BY p.practitioner_id",
      [demoEmail],
    );
    expect(practices.map(({ practitioner_id, time_zone, email }) => ({ practitioner_id, time_zone, email }))).toEqual(
      directory.practices.map((practice) => ({ practitioner_id: practice.practitionerId, time_zone: practice.timeZone, email: practice.accountEmail })),
    );
    expect(new Set(practices.map((practice) => practice.password_hash))).toEqual(new Set([NO_PASSWORD]));
    expect(await verifyPassword(NO_PASSWORD, NO_PASSWORD)).toBe(false);

    const eastern = directory.practices.find((practice) => practice.timeZone === 'America/New_York');
    const practitionerId = eastern?.practitionerId ?? '';
    const caller = createTestCaller(database.db, { now });
    expect(await caller.booking.offer({ practitionerId })).toMatchObject({ enabled: true, timeZone: 'America/New_York' });
    const { slots } = await caller.booking.slots({ practitionerId, sessionTypeId: 'virtual-follow-up', days: 14 });
    expect(slots.length).toBeGreaterThan(0);
    const answer = await caller.booking.book({ practitionerId, sessionTypeId: 'virtual-follow-up', startsAt: slots[0]?.startsAt ?? '', name: 'Nia Newcomer', email: 'nia@example.com', phone: '', reason: '', consent: true, notifyEarlier: false });
    expect(answer.status).toBe('confirmed');
  });
});
