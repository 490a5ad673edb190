/**
 * Settings › Practice (issue 25): the practice's name, time zone and currency, saved through the
 * practice settings machine. Online booking's settings show the same zone and currency: saving
 * either place keeps the two equal, and the public listing follows.
 */
import { defaultBookingSettings, practiceSettingsMessages, type BookingSettings } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let practitioner: TestPractitioner;

const bookable = (overrides: Partial<BookingSettings> = {}): BookingSettings => ({
  ...defaultBookingSettings('America/Los_Angeles'),
  enabled: true,
  sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 60, priceMinor: 12000, mode: 'in-person', newPatientsOnly: false, description: '', approval: 'auto' }],
  ...overrides,
});

const eventsOf = (practiceId: string) =>
  database.query<{ type: string; payload: unknown }>("SELECT type, payload FROM domain_event WHERE aggregate_type = 'practice_settings' AND aggregate_id = $1 ORDER BY sequence", [practiceId]);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.db);
  practitioner = await createPractitioner(database.db, { name: 'Dr. Settings', timeZone: 'America/Denver' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('Settings › Practice', () => {
  it('starts with no name of its own, the practice’s zone and US dollars; a save is kept, recorded once, and a second identical save records nothing', async () => {
    expect(await practitioner.caller.practiceSettings.get()).toEqual({ name: '', timeZone: 'America/Denver', currency: 'USD' });

    const saved = await practitioner.caller.practiceSettings.save({ name: '  Cedar Integrative Clinic ', timeZone: 'Europe/London', currency: 'GBP' });
    expect(saved).toEqual({ settings: { name: 'Cedar Integrative Clinic', timeZone: 'Europe/London', currency: 'GBP' }, message: practiceSettingsMessages.saved });
    expect(await practitioner.caller.practiceSettings.get()).toEqual({ name: 'Cedar Integrative Clinic', timeZone: 'Europe/London', currency: 'GBP' });
    // The schedule and the dashboard count days in the new zone.
    expect((await practitioner.caller.schedule.week({})).timeZone).toBe('Europe/London');

    await practitioner.caller.practiceSettings.save({ name: 'Cedar Integrative Clinic', timeZone: 'Europe/London', currency: 'GBP' });
    expect((await eventsOf(practitioner.practiceId)).map((event) => event.type)).toEqual(['PracticeSettingsSaved']);
  });

  it('tells the screens the practice’s zone, today in that zone and its currency, following a save', async () => {
    // 05:00 UTC on 10 March 2030 is still the 9th in Los Angeles, already the 10th in Tokyo.
    const { caller } = await createPractitioner(database.db, { timeZone: 'America/Los_Angeles', now: new Date('2030-03-10T05:00:00Z') });
    expect(await caller.practiceSettings.current()).toEqual({ timeZone: 'America/Los_Angeles', today: '2030-03-09', currency: 'USD' });
    await caller.practiceSettings.save({ name: '', timeZone: 'Asia/Tokyo', currency: 'EUR' });
    expect(await caller.practiceSettings.current()).toEqual({ timeZone: 'Asia/Tokyo', today: '2030-03-10', currency: 'EUR' });
  });

  it('keeps online booking’s zone and currency equal to the practice’s, whichever screen saves them, and the public listing follows', async () => {
    const owner = await createPractitioner(database.db, { name: 'Dr. Both Screens' });
    await owner.caller.profile.save({
      name: 'Dr. Both Screens',
      location: 'Portland, OR',
      shortBio: 'Books online.',
      about: 'An about text that is long enough for the profile editor to accept it as it is.',
      yearsExperience: '7',
      specialties: ['Naturopathy'],
      profileImage: null,
    });
    const listingId = (await owner.caller.profile.mine()).practitionerId ?? '';
    // Before online booking is first saved, its screen starts from the practice's zone and currency.
    await owner.caller.practiceSettings.save({ name: '', timeZone: 'Asia/Tokyo', currency: 'GBP' });
    expect(await owner.caller.booking.settings()).toMatchObject({ saved: false, settings: { timeZone: 'Asia/Tokyo', currency: 'GBP' } });

    await owner.caller.booking.saveSettings(bookable({ currency: 'CAD' }));
    expect(await owner.caller.practiceSettings.get()).toMatchObject({ timeZone: 'America/Los_Angeles', currency: 'CAD' });

    await owner.caller.practiceSettings.save({ name: 'Both Screens Wellness', timeZone: 'America/Chicago', currency: 'AUD' });
    const { settings } = await owner.caller.booking.settings();
    expect(settings).toMatchObject({ timeZone: 'America/Chicago', currency: 'AUD', enabled: true });
    expect(settings.sessionTypes.map((type) => type.name)).toEqual(['Visit']);
    const offer = await trpcQuery<{ timeZone: string | null; currency: string }>(server, `booking.offer?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ practitionerId: listingId })))}`);
    expect(offer.data).toMatchObject({ timeZone: 'America/Chicago', currency: 'AUD' });
  });

  it('answers wrong input with 400 and a message per field, and changes nothing', async () => {
    const before = await practitioner.caller.practiceSettings.get();
    const response = await trpcMutation(server, 'practiceSettings.save', { name: 'x'.repeat(121), timeZone: 'Mars/Olympus', currency: 'XYZ' }, { cookie: practitioner.cookie });
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({ name: [practiceSettingsMessages.nameTooLong], timeZone: [practiceSettingsMessages.timeZone], currency: [practiceSettingsMessages.currency] });
    expect(await practitioner.caller.practiceSettings.get()).toEqual(before);
  });
});
