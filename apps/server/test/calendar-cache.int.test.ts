/**
 * The open times a practice offers are read from each server's cache of its busy times, dropped at
 * every appointment or hold write on any server (LISTEN/NOTIFY, migration 20261128160000): a
 * repeated read costs no query, and a time booked, held, moved or cancelled anywhere shows at once.
 */
import { defaultBookingSettings, type BookingSettings, type OpenSlot } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryChangeListener, type DirectoryChangeListener } from '../src/cache/directory-change-listener.ts';
import { ReadCache } from '../src/cache/read-cache.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, publishBookableListing, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';
import { eventually } from './support/eventually.ts';

interface CachedServer {
  readonly directoryCache: ReadCache;
  readonly calendarCache: ReadCache;
  readonly listener: DirectoryChangeListener;
  readonly http: TestServer;
}

let database: TestDatabase;
let first: CachedServer;
let second: CachedServer;
let practitioner: TestPractitioner;
let listingId: string;

const settings: BookingSettings = {
  ...defaultBookingSettings('America/Denver'),
  enabled: true,
  minimumNoticeMinutes: 60,
  sessionTypes: [{ id: 'visit', name: 'Visit', durationMinutes: 30, priceMinor: 0, mode: 'virtual', newPatientsOnly: false, description: '', approval: 'auto' }],
};

async function startCachedServer(): Promise<CachedServer> {
  const directoryCache = new ReadCache({ maxEntries: 100, ttlMs: 60_000 });
  const calendarCache = new ReadCache({ maxEntries: 100, ttlMs: 60_000 });
  const listener = createDirectoryChangeListener({ connectionString: database.url, cache: directoryCache, calendarCache, logger: createLogger('silent') });
  await listener.start();
  return { directoryCache, calendarCache, listener, http: await startTestServer(database.db, { TRUST_PROXY: '1' }, { directoryCache, calendarCache }) };
}

const openTimes = async (server: CachedServer) =>
  ((await trpcQuery<{ slots: OpenSlot[] }>(server.http, `booking.slots?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ practitionerId: listingId, sessionTypeId: 'visit', days: 14 })))}`)).data?.slots ?? []).map(
    (slot) => slot.startsAt,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  first = await startCachedServer();
  second = await startCachedServer();
  practitioner = await createPractitioner(database.db, { name: 'Dr. Cached' });
  listingId = await publishBookableListing(practitioner, 'Denver, CO', settings);
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.listener.stop();
    await server?.http.close();
  }
  await database?.drop();
});

describe('the cache of busy times', () => {
  it('answers repeated open-time reads from memory', async () => {
    const before = first.calendarCache.stats();
    const times = await openTimes(first);
    expect(times.length).toBeGreaterThan(3);
    expect(await openTimes(first)).toEqual(times);
    const after = first.calendarCache.stats();
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);
  });

  it('drops a time booked through another server, and gives it back when cancelled there', async () => {
    const times = await openTimes(first);
    await openTimes(second);
    const booked = await trpcMutation<{ appointmentId: string }>(
      second.http,
      'booking.book',
      { practitionerId: listingId, sessionTypeId: 'visit', startsAt: times[1], name: 'Cass Cached', email: 'cass@example.com', phone: '', reason: '', consent: true, notifyEarlier: false },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(booked.status).toBe(200);
    expect(await eventually(() => openTimes(first), (now) => !now.includes(times[1]!))).not.toContain(times[1]);
    await practitioner.caller.appointments.cancel({ id: booked.data!.appointmentId });
    expect(await eventually(() => openTimes(first), (now) => now.includes(times[1]!))).toContain(times[1]);
  });

  it('shows a change of the booking settings at once: the cached pages are of the settings they were computed with', async () => {
    const times = await openTimes(first);
    expect(await openTimes(first)).toEqual(times);
    const earliest = Date.parse(times[0]!);
    // Three days' notice instead of one hour: the times before then go, on every server.
    await practitioner.caller.booking.saveSettings({ ...settings, minimumNoticeMinutes: 3 * 24 * 60 });
    const later = await eventually(() => openTimes(first), (now) => now.length > 0 && Date.parse(now[0]!) > earliest + 24 * 3_600_000);
    expect(Date.parse(later[0]!)).toBeGreaterThanOrEqual(Date.now() + 3 * 24 * 3_600_000);
    await practitioner.caller.booking.saveSettings(settings);
    expect(await eventually(() => openTimes(first), (now) => now.includes(times[1]!))).toContain(times[1]);
  });

  it('drops a time another patient holds', async () => {
    const times = await openTimes(first);
    const held = await trpcMutation(second.http, 'booking.hold', { practitionerId: listingId, sessionTypeId: 'visit', startsAt: times[2] }, { headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(held.status).toBe(200);
    expect(await eventually(() => openTimes(first), (now) => !now.includes(times[2]!))).not.toContain(times[2]);
  });
});
