/**
 * The profile editor's save publishes (issue 14): the saved profile is the practitioner's listing,
 * found by directory.search (text, specialty, distance), quiz.match and practitioners.byId on
 * another server at once, through the directory cache's NOTIFY path. Locations are geocoded from the
 * offline gazetteer (cities with their state, ZIP codes) and unknown places are refused; photos are
 * re-encoded, stored in PostgreSQL and served with cache headers.
 */
import type { DirectoryProfile, DirectorySearchResult, PractitionerProfileInput, QuizMatchResult } from '@wellspring/domain';
import { accountMessages, defaultBookingSettings, PROFILE_PHOTO_MAX_BYTES, profileMessages, profilePhotoMessages } from '@wellspring/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryChangeListener, type DirectoryChangeListener } from '../src/cache/directory-change-listener.ts';
import { ReadCache } from '../src/cache/read-cache.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createPractitioner, type TestPractitioner } from './support/practice-factory.ts';
import { startTestServer, trpcMutation, trpcQuery, type TestServer } from './support/server.ts';
import { eventually } from './support/eventually.ts';

interface CachedServer {
  readonly cache: ReadCache;
  readonly listener: DirectoryChangeListener;
  readonly http: TestServer;
}

let database: TestDatabase;
let first: CachedServer;
let second: CachedServer;

async function startCachedServer(): Promise<CachedServer> {
  const cache = new ReadCache({ maxEntries: 100, ttlMs: 60_000 });
  const listener = createDirectoryChangeListener({ connectionString: database.url, cache, logger: createLogger('silent') });
  await listener.start();
  return { cache, listener, http: await startTestServer(database.db, {}, { directoryCache: cache }) };
}

const query = (procedure: string, input: unknown) => `${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const search = async (server: CachedServer, input: unknown) => (await trpcQuery<DirectorySearchResult>(server.http, query('directory.search', input))).data;
const quiz = async (server: CachedServer, answers: string[]) => (await trpcQuery<QuizMatchResult>(server.http, query('quiz.match', { answers }))).data;
const byId = (server: CachedServer, id: string) => trpcQuery<DirectoryProfile>(server.http, query('practitioners.byId', { id }));

/** The directory answers NOTIFY-invalidated caches give; allows for the notice's trip (well under a second). */
const painAnswers = ['concern-pain', 'symptoms-headaches', 'approach-hands-on', 'style-sessions', 'priority-balance'];

const profileInput = (overrides: Partial<PractitionerProfileInput> = {}): PractitionerProfileInput => ({
  name: 'Dr. Quillon Zephyrine',
  location: 'Austin TX',
  shortBio: 'Acupuncture and herbal care for chronic pain.',
  about: 'I have treated chronic pain, headaches and stress with acupuncture and Chinese herbal medicine for fourteen years.',
  yearsExperience: '14',
  acceptsInsurance: true,
  specialties: ['Acupuncture', 'Herbalism'],
  certifications: ['NCCAOM Diplomate'],
  education: ['MAcOM, AOMA Graduate School'],
  treatmentApproaches: ['Dry needling', 'Cupping'],
  profileImage: null,
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  first = await startCachedServer();
  second = await startCachedServer();
});

afterAll(async () => {
  for (const server of [first, second]) {
    await server?.listener.stop();
    await server?.http.close();
  }
  await database?.drop();
});

describe('profile.save publishes to the directory', () => {
  it('creates the listing on the first save, visible to search, quiz and profile on another server at once', async () => {
    const practitioner = await createPractitioner(database.db, { name: 'Dr. Quillon Zephyrine' });
    expect(await practitioner.caller.profile.mine()).toEqual({ profile: null, practitionerId: null });

    // The second server has these answers in its cache before the save.
    const searches = [{ query: 'zephyrine' }, { specialties: ['acupuncture'] }, { location: 'Round Rock, TX', maxDistanceMiles: 25 }, { location: '78701' }];
    for (const input of searches) expect((await search(second, input))?.items.some((card) => card.name === 'Dr. Quillon Zephyrine')).toBe(false);
    expect((await quiz(second, painAnswers))?.practitioners).toEqual([]);

    // Saved through the first server, over HTTP as the editor does.
    const saved = await trpcMutation<{ created: boolean; practitionerId: string }>(first.http, 'profile.save', profileInput(), { cookie: practitioner.cookie });
    expect(saved.error).toBeUndefined();
    expect(saved.data?.created).toBe(true);
    const id = saved.data?.practitionerId ?? '';

    for (const input of searches) {
      const found = await eventually(
        () => search(second, input),
        (result) => result?.items.some((card) => card.id === id) === true,
      );
      const card = found?.items.find((item) => item.id === id);
      expect(card, JSON.stringify(input)).toMatchObject({ name: 'Dr. Quillon Zephyrine', location: 'Austin, TX', specialties: ['acupuncture', 'herbalism'], yearsExperience: 14 });
    }
    // Distance from Round Rock to Austin's centre: about 17 miles, sorted by distance.
    const near = await search(second, { location: 'Round Rock, TX', maxDistanceMiles: 25 });
    expect(near?.origin?.label).toBe('Round Rock, TX');
    expect(near?.items[0]?.distanceMiles).toBeGreaterThan(10);
    expect(near?.items[0]?.distanceMiles).toBeLessThan(25);

    const matched = await eventually(
      () => quiz(second, painAnswers),
      (result) => (result?.practitioners.length ?? 0) > 0,
    );
    expect(matched?.practitioners.map((card) => card.id)).toEqual([id]);

    const shown = await byId(second, id);
    expect(shown.data).toMatchObject({
      id,
      name: 'Dr. Quillon Zephyrine',
      location: 'Austin, TX',
      about: profileInput().about,
      certifications: ['NCCAOM Diplomate'],
      education: ['MAcOM, AOMA Graduate School'],
      treatmentApproaches: ['Dry needling', 'Cupping'],
      acceptsInsurance: true,
      profileImage: null,
    });

    // The practice is linked to its listing; the editor reads back what was saved.
    const mine = await practitioner.caller.profile.mine();
    expect(mine.practitionerId).toBe(id);
    expect(mine.profile).toMatchObject({ name: 'Dr. Quillon Zephyrine', location: 'Austin TX', yearsExperience: 14, specialties: ['Acupuncture', 'Herbalism'] });
  });

  it('updates the same listing on a later save, at once on the other server', async () => {
    const practitioner = await createPractitioner(database.db);
    const created = await practitioner.caller.profile.save(profileInput({ name: 'Dr. Orrin Vandermeer', location: '97201' }));
    expect(created.created).toBe(true);
    // Cached on the second server before the update.
    expect((await byId(second, created.practitionerId)).data?.location).toBe('Portland, OR');
    expect((await search(second, { query: 'vandermeer', location: 'Portland, OR' }))?.total).toBe(1);

    const updated = await trpcMutation<{ created: boolean; practitionerId: string }>(
      first.http,
      'profile.save',
      profileInput({ name: 'Dr. Orrin Vandermeer-Ash', location: 'Boise, ID', specialties: ['Nutrition'] }),
      { cookie: practitioner.cookie },
    );
    expect(updated.data).toEqual({ created: false, practitionerId: created.practitionerId });
    // Through the practice's profile machine: events that name the listing, never the profile's text.
    expect(await database.query('SELECT type, payload, actor_id::text FROM domain_event WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence', ['practitioner_profile', practitioner.practiceId])).toEqual([
      { type: 'ProfilePublished', payload: { type: 'ProfilePublished', practitionerId: created.practitionerId }, actor_id: practitioner.user.id },
      { type: 'ProfileUpdated', payload: { type: 'ProfileUpdated', practitionerId: created.practitionerId }, actor_id: practitioner.user.id },
    ]);

    const profile = await eventually(
      () => byId(second, created.practitionerId),
      (answer) => answer.data?.name === 'Dr. Orrin Vandermeer-Ash',
    );
    expect(profile.data).toMatchObject({ location: 'Boise, ID', specialties: ['nutrition'] });
    expect((await search(second, { query: 'vandermeer', location: 'Portland, OR' }))?.total).toBe(0);
    expect((await search(second, { query: 'vandermeer', location: 'boise id' }))?.items.map((card) => card.id)).toEqual([created.practitionerId]);
    expect((await search(second, { query: 'vandermeer', specialties: ['acupuncture'] }))?.total).toBe(0);
    expect((await search(second, { query: 'vandermeer', specialties: ['nutrition'] }))?.total).toBe(1);
    // One listing per practice.
    expect(await database.query('SELECT count(*)::int AS n FROM practitioner WHERE name LIKE $1', ['Dr. Orrin Vandermeer%'])).toEqual([{ n: 1 }]);
  });

  it('refuses an unknown place with the location message and saves nothing', async () => {
    const practitioner = await createPractitioner(database.db);
    for (const location of ['Atlantis, ZZ', 'Springfield', '00000', 'Nowhere Town, OR']) {
      const answer = await trpcMutation(first.http, 'profile.save', profileInput({ location }), { cookie: practitioner.cookie });
      expect(answer.status, location).toBe(400);
      expect(answer.error?.data.fieldErrors).toEqual({ location: [profileMessages.locationUnknown] });
    }
    expect(await practitioner.caller.profile.mine()).toEqual({ profile: null, practitionerId: null });
  });

  it('answers bad input with 400 and the spec messages, never a 500', async () => {
    const practitioner = await createPractitioner(database.db);
    const answer = await trpcMutation(
      first.http,
      'profile.save',
      profileInput({ name: 'Al', location: 'NY', shortBio: 'x'.repeat(201), about: 'short', yearsExperience: '-1', specialties: ['Reiki', 'Acupuncture', ' acupuncture '] }),
      { cookie: practitioner.cookie },
    );
    expect(answer.status).toBe(400);
    expect(answer.error?.data.fieldErrors).toMatchObject({
      name: ['Name must be at least 3 characters'],
      location: ['Location is required'],
      shortBio: ['Short bio must be less than 200 characters'],
      about: ['About section must be at least 50 characters'],
      yearsExperience: ['Experience must be a positive number'],
    });
    expect(answer.error?.data.fieldErrors?.specialties).toEqual(expect.arrayContaining([profileMessages.specialty, profileMessages.duplicateEntry('acupuncture')]));
    const visitor = await trpcMutation(first.http, 'profile.save', profileInput());
    expect(visitor.status).toBe(401);
  });

  it('counts the saved profile toward completion on the dashboard', async () => {
    const practitioner = await createPractitioner(database.db);
    await practitioner.caller.profile.save(profileInput());
    // Everything but the photo (15 %).
    expect((await practitioner.caller.dashboard.overview()).stats.profileCompletion).toBe(85);
  });
});

describe('geocoder', () => {
  it('gives the search page any US city or ZIP as an origin, besides the sample list', async () => {
    expect((await search(first, { location: 'Boise ID' }))?.origin).toMatchObject({ label: 'Boise, ID' });
    expect((await search(first, { location: '97201' }))?.origin).toMatchObject({ label: 'Portland, OR' });
    // The sample list's cities keep their own coordinates.
    expect((await search(first, { location: 'Portland, OR' }))?.origin).toEqual({ label: 'Portland, OR', lat: 45.5152, lng: -122.6784 });
    expect((await search(first, { location: 'Atlantis, ZZ' }))?.origin).toBeNull();
  });
});

describe('profile photo', () => {
  let owner: TestPractitioner;
  beforeAll(async () => {
    owner = await createPractitioner(database.db);
  });

  const upload = (body: Uint8Array | string, options: { cookie?: string | undefined; type?: string; origin?: string | null } = {}) => {
    const headers: Record<string, string> = { 'content-type': options.type ?? 'image/jpeg' };
    if (options.origin !== null) headers.origin = options.origin ?? first.http.origin;
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    return fetch(`${first.http.baseUrl}/api/profile-photo`, { method: 'POST', headers, body });
  };
  const image = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 900, height = 600) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .toFormat(format)
      .toBuffer();

  it('takes JPEG, PNG and WebP, re-encodes them to a 512 px WebP square and serves it with cache headers', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const response = await upload(await image(format), { cookie: owner.cookie, type: `image/${format}` });
      expect(response.status, format).toBe(201);
      const { photoUrl } = (await response.json()) as { photoUrl: string };
      expect(photoUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/);

      // Served by the other server too: the bytes are in PostgreSQL.
      const served = await fetch(`${second.http.baseUrl}${photoUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = served.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
      const again = await fetch(`${second.http.baseUrl}${photoUrl}`, { headers: { 'if-none-match': etag ?? '' } });
      expect(again.status).toBe(304);
    }
  });

  it('adds the photo through the practice\'s profile machine: its event holds the photo id only', async () => {
    const response = await upload(await image('jpeg'), { cookie: owner.cookie });
    const { photoUrl } = (await response.json()) as { photoUrl: string };
    const photoId = /([0-9a-f-]{36})\.webp$/.exec(photoUrl)?.[1];
    const events = await database.query<{ payload: unknown; actor_id: string }>(
      "SELECT payload, actor_id::text FROM domain_event WHERE aggregate_type = 'practitioner_profile' AND aggregate_id = $1 AND type = 'ProfilePhotoAdded' AND payload->>'photoId' = $2",
      [owner.practiceId, photoId],
    );
    expect(events).toEqual([{ payload: { type: 'ProfilePhotoAdded', photoId }, actor_id: owner.user.id }]);
  });

  it('refuses a practitioner account without a practice, and makes none', async () => {
    const lacking = await createPractitioner(database.db);
    await database.query('DELETE FROM practice WHERE id = $1', [lacking.practiceId]);
    expect((await upload(await image('jpeg'), { cookie: lacking.cookie })).status).toBe(403);
    const saved = await trpcMutation(first.http, 'profile.save', profileInput(), { cookie: lacking.cookie });
    expect(saved.status).toBe(403);
    expect(await database.query('SELECT count(*)::int AS n FROM practice WHERE owner_user_id = $1', [lacking.user.id])).toEqual([{ n: 0 }]);
  });

  it('refuses anything else with a clear message', async () => {
    const gif = await upload(await image('gif'), { cookie: owner.cookie, type: 'image/gif' });
    expect(gif.status).toBe(415);
    expect(await gif.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: profilePhotoMessages.type } });

    const text = await upload('this is not an image', { cookie: owner.cookie, type: 'image/png' });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { message: string } }).error.message).toBe(profilePhotoMessages.unreadable);

    const jpeg = await image('jpeg');
    const truncated = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { cookie: owner.cookie });
    expect(truncated.status).toBe(415);

    const empty = await upload(new Uint8Array(0), { cookie: owner.cookie });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(profilePhotoMessages.empty);

    const huge = await upload(new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1), { cookie: owner.cookie });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toBe(profilePhotoMessages.tooLarge);

    expect((await upload(jpeg, {})).status).toBe(401);
    expect((await upload(jpeg, { cookie: owner.cookie, origin: null })).status).toBe(403);
    expect((await upload(jpeg, { cookie: owner.cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${first.http.baseUrl}/api/photos/00000000-0000-0000-0000-000000000000.webp`)).status).toBe(404);
    expect((await fetch(`${first.http.baseUrl}/api/photos/not-a-photo`)).status).toBe(404);
  });

  it('publishes an uploaded photo with the profile, counts it toward completion, and refuses another practice\'s photo', async () => {
    const response = await upload(await image('png'), { cookie: owner.cookie, type: 'image/png' });
    const { photoUrl } = (await response.json()) as { photoUrl: string };
    const saved = await owner.caller.profile.save(profileInput({ name: 'Dr. Photo Owner', profileImage: photoUrl }));
    const listed = await eventually(
      () => search(second, { query: 'photo owner' }),
      (result) => result?.items[0]?.profileImage === photoUrl,
    );
    expect(listed?.items[0]).toMatchObject({ id: saved.practitionerId, profileImage: photoUrl });
    expect((await owner.caller.dashboard.overview()).stats.profileCompletion).toBe(100);

    const other = await createPractitioner(database.db);
    const refused = await trpcMutation(first.http, 'profile.save', profileInput({ profileImage: photoUrl }), { cookie: other.cookie });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toEqual({ profileImage: [profileMessages.profileImageNotUploaded] });
    expect(await other.caller.profile.mine()).toEqual({ profile: null, practitionerId: null });
    const outside = await trpcMutation(first.http, 'profile.save', profileInput({ profileImage: 'https://example.com/me.jpg' }), { cookie: other.cookie });
    expect(outside.status).toBe(400);
  });
});

describe('a listing needs a proved address (issue 25)', () => {
  it('refuses an account whose address is not proved yet, and the same account once it is', async () => {
    const unproved = await createPractitioner(database.db, { name: 'Dr. Unproved Ada', emailVerified: false });
    const refused = await trpcMutation(first.http, 'profile.save', profileInput({ name: 'Dr. Unproved Ada', specialties: ['Ayurveda'], shortBio: 'Ayurvedic care.', about: 'Ayurvedic consultations and daily routines for a calmer life.' }), { cookie: unproved.cookie });
    expect(refused.status).toBe(412);
    expect(refused.error?.message).toBe(accountMessages.needsVerifiedEmail);
    expect(await unproved.caller.profile.mine()).toEqual({ profile: null, practitionerId: null });
    const bookings = await trpcMutation(first.http, 'booking.saveSettings', { ...defaultBookingSettings('America/Chicago'), enabled: true }, { cookie: unproved.cookie });
    expect(bookings.error?.data.fieldErrors).toEqual({ enabled: [accountMessages.needsVerifiedEmail] });
    await database.query('UPDATE app_user SET email_verified_at = now() WHERE id = $1', [unproved.user.id]);
    expect((await trpcMutation(first.http, 'profile.save', profileInput({ name: 'Dr. Unproved Ada', specialties: ['Ayurveda'], shortBio: 'Ayurvedic care.', about: 'Ayurvedic consultations and daily routines for a calmer life.' }), { cookie: unproved.cookie })).status).toBe(200);
  });
});
