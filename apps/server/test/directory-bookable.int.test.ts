/**
 * "Book" on the search cards (issue 24): a directory card says whether its listing takes online
 * bookings — its practice has booking on and a session type, as `booking.offer` answers — and a
 * cached search page follows the practice's booking settings at once, on every server: saving the
 * settings is a directory change (the NOTIFY of migration 20261128130000_practice_directory_notify).
 */
import { defaultBookingSettings, type BookingSettings, type DirectorySearchResult } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryChangeListener, type DirectoryChangeListener } from '../src/cache/directory-change-listener.ts';
import { ReadCache } from '../src/cache/read-cache.ts';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { trpcQuery, startTestServer, type TestServer } from './support/server.ts';
import { eventually } from './support/eventually.ts';

/** One server process: its own cache and LISTEN connection, on the shared database. */
interface CachedServer {
  readonly cache: ReadCache;
  readonly listener: DirectoryChangeListener;
  readonly http: TestServer;
}

let database: TestDatabase;
let first: CachedServer;
let second: CachedServer;
let bookable: TestPractitioner;
let other: TestPractitioner;

async function startCachedServer(): Promise<CachedServer> {
  const cache = new ReadCache({ maxEntries: 100, ttlMs: 60_000 });
  const listener = createDirectoryChangeListener({ connectionString: database.url, cache, logger: createLogger('silent') });
  await listener.start();
  return { cache, listener, http: await startTestServer(database.db, {}, { directoryCache: cache }) };
}

const query = (procedure: string, input: unknown) => `${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
/** Whether each listing of a search for "Bookwell" shows Book, by name. */
async function bookableByName(server: CachedServer): Promise<Record<string, boolean>> {
  const result = (await trpcQuery<DirectorySearchResult>(server.http, query('directory.search', { query: 'Bookwell' }))).data;
  return Object.fromEntries((result?.items ?? []).map((card) => [card.name, card.bookable]));
}

const settings = (overrides: Partial<BookingSettings> = {}): BookingSettings => ({ ...defaultBookingSettings('America/Chicago'), enabled: true, ...overrides });

async function publish(practitioner: TestPractitioner, name: string): Promise<void> {
  await practitioner.caller.profile.save({
    name,
    location: 'Austin TX',
    shortBio: 'Herbal care.',
    about: 'An about text that is long enough for the profile editor to accept it as it is.',
    yearsExperience: '9',
    specialties: ['Herbalism'],
    profileImage: null,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  first = await startCachedServer();
  second = await startCachedServer();
  bookable = await createPractitioner(database.db, { name: 'Dr. Ada Bookwell' });
  other = await createPractitioner(database.db, { name: 'Dr. Ben Bookwell' });
  await publish(bookable, 'Dr. Ada Bookwell');
  await publish(other, 'Dr. Ben Bookwell');
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.listener.stop();
    await server?.http.close();
  }
  await database?.drop();
});

describe('Book on the directory’s cards', () => {
  it('marks a listing bookable once its practice turns booking on, at once on every server, and not once it turns it off', async () => {
    const none = { 'Dr. Ada Bookwell': false, 'Dr. Ben Bookwell': false };
    // Read (and cached) on both servers before the change.
    expect(await bookableByName(first)).toEqual(none);
    expect(await bookableByName(second)).toEqual(none);
    expect(first.cache.stats().entries + second.cache.stats().entries).toBeGreaterThan(0);

    await bookable.caller.booking.saveSettings(settings());
    const adaOnly = { 'Dr. Ada Bookwell': true, 'Dr. Ben Bookwell': false };
    expect(await eventually(() => bookableByName(first), adaOnly)).toEqual(adaOnly);
    expect(await eventually(() => bookableByName(second), adaOnly)).toEqual(adaOnly);

    // Saved but off: no Book.
    await other.caller.booking.saveSettings(settings({ enabled: false }));
    await bookable.caller.booking.saveSettings(settings({ enabled: false }));
    expect(await eventually(() => bookableByName(second), none)).toEqual(none);
    expect(await eventually(() => bookableByName(first), none)).toEqual(none);
  });

  it('agrees with booking.offer for every card of a page, the spec’s sample listings (no practice) included', async () => {
    await bookable.caller.booking.saveSettings(settings());
    const page = async () => (await trpcQuery<DirectorySearchResult>(first.http, query('directory.search', { pageSize: 50 }))).data?.items ?? [];
    const cards = await eventually(page, (items) => items.filter((card) => card.bookable).length === 1);
    expect(cards.length).toBeGreaterThan(5);
    expect(cards.filter((card) => card.bookable).map((card) => card.name)).toEqual(['Dr. Ada Bookwell']);
    for (const card of cards) {
      const offer = (await trpcQuery<{ enabled: boolean }>(first.http, query('booking.offer', { practitionerId: card.id }))).data;
      expect({ name: card.name, bookable: card.bookable }).toEqual({ name: card.name, bookable: offer?.enabled });
    }
  });
});
