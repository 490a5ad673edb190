import {
  directoryCardOf,
  directoryMessages,
  directorySearchSchema,
  experienceYears,
  milesBetween,
  practitionerMessages,
  resolveUsCity,
  specialties as specialtiesCatalog,
  type DirectorySearchCard,
  type DirectoryProfile,
  type DirectorySearchInput,
  type DirectorySearchResult,
} from '@wellspring/domain';
import { generatePractitioners, profileOfGenerated, samplePractitioners } from '@wellspring/domain/samples';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { insertPractitioners, specialtyMaskOf } from '../src/repositories/practitioner.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
const generated = generatePractitioners(1_500, 20_261_122).map(profileOfGenerated);
const everyone: DirectoryProfile[] = [...samplePractitioners, ...generated];

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedSamplePractitioners(database.db)).toBe(5);
  expect(await insertPractitioners(database.db.pool, generated, 400)).toBe(generated.length);
  await database.query('ANALYZE practitioner');
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The directory's rules in memory, for the filters whose meaning is exact (not the text search). */
function reference(input: DirectorySearchInput): { all: DirectorySearchCard[]; distance: Map<string, number> } {
  const search = directorySearchSchema.parse(input);
  const city = search.location ? resolveUsCity(search.location) : null;
  const distance = new Map<string, number>();
  let rows = everyone.filter((p) => {
    if (city) {
      const miles = milesBetween(city, p.coordinates);
      distance.set(p.id, miles);
      if (miles > (search.maxDistanceMiles ?? 25)) return false;
    } else if (search.location && !p.location.toLowerCase().includes(search.location.toLowerCase())) return false;
    if (search.specialties?.length && !p.specialties.some((s) => search.specialties?.includes(s))) return false;
    if (search.experience) {
      const { min, max } = experienceYears(search.experience);
      if (p.yearsExperience < min || (max !== null && p.yearsExperience > max)) return false;
    }
    return true;
  });
  const sort = search.sort ?? (city ? 'distance' : 'relevance');
  rows = rows.sort((a, b) => {
    const keys: number[] =
      sort === 'distance' && city
        ? [(distance.get(a.id) ?? 0) - (distance.get(b.id) ?? 0)]
        : sort === 'experience'
          ? [b.yearsExperience - a.yearsExperience, b.rating - a.rating]
          : [b.rating - a.rating, b.reviewCount - a.reviewCount];
    return keys.find((key) => key !== 0) ?? byCode(a.id, b.id);
  });
  // No practice owns these listings: none takes online bookings (directory-bookable.int.test.ts).
  return { all: rows.map((p) => ({ ...directoryCardOf(p, city ? (distance.get(p.id) ?? null) : null), bookable: false })), distance };
}

const search = (input: DirectorySearchInput) => createTestCaller(database.db).directory.search(input);

async function expectMatchesReference(input: DirectorySearchInput): Promise<DirectorySearchResult> {
  const result = await search(input);
  const expected = reference(input).all;
  const page = input.page ?? 1;
  const size = input.pageSize ?? 12;
  expect(result.total).toBe(expected.length);
  expect(result.items).toEqual(expected.slice((page - 1) * size, page * size));
  return result;
}

describe('directory.search', () => {
  it('keeps specialty_mask (the generated bit set the search and the quiz read) in step with the domain catalog', async () => {
    for (const [index, specialty] of specialtiesCatalog.entries()) {
      const rows = await database.query<{ mask: number }>('SELECT practitioner_specialty_mask($1::text[]) AS mask', [[specialty]]);
      expect(rows[0]?.mask).toBe(1 << index);
      expect(specialtyMaskOf([specialty])).toBe(1 << index);
    }
    const rows = await database.query<{ id: string; specialty_mask: number }>('SELECT id, specialty_mask FROM practitioner');
    const byId = new Map(everyone.map((p) => [p.id, p]));
    expect(rows).toHaveLength(everyone.length);
    for (const row of rows) expect(row.specialty_mask).toBe(specialtyMaskOf(byId.get(row.id)?.specialties ?? []));
    const none = await database.query<{ a: number; mask: number }>("SELECT practitioner_specialty_mask('{}'::text[]) AS a, practitioner_specialty_mask('{reiki}'::text[]) AS mask");
    expect(none[0]).toEqual({ a: 0, mask: 0 });
  });

  it('without filters lists everyone, best rated first, 12 a page', async () => {
    const result = await expectMatchesReference({});
    expect(result).toMatchObject({ total: everyone.length, page: 1, pageSize: 12, origin: null });
    expect(result.items).toHaveLength(12);
  });

  it('a known city gives an origin, keeps practitioners within the radius, nearest first', async () => {
    const result = await expectMatchesReference({ location: 'Portland, OR', maxDistanceMiles: 10, pageSize: 50 });
    expect(result.origin).toEqual({ label: 'Portland, OR', lat: 45.5152, lng: -122.6784 });
    expect(result.total).toBeGreaterThan(5);
    expect(result.items[0]).toMatchObject({ id: '1', distanceMiles: 0 });
    const miles = result.items.map((item) => item.distanceMiles ?? Infinity);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThanOrEqual(10);
  });

  it('resolves a bare city name in any letter case, with the default radius of 25 miles', async () => {
    const result = await expectMatchesReference({ location: '  portland ' });
    expect(result.origin?.label).toBe('Portland, OR');
    const wide = await expectMatchesReference({ location: 'Portland', maxDistanceMiles: 100 });
    expect(wide.total).toBeGreaterThanOrEqual(result.total);
  });

  it('an unknown place filters by a case-insensitive substring of the location, without an origin', async () => {
    const result = await expectMatchesReference({ location: ', tx' });
    expect(result.origin).toBeNull();
    expect(result.total).toBeGreaterThan(0);
    for (const item of result.items) expect(item.location).toMatch(/, TX$/);
    expect(result.items.every((item) => item.distanceMiles === null)).toBe(true);
    expect((await search({ location: '100%_\\' })).total).toBe(0);
  });

  it('filters by specialties (any of them) and by experience band', async () => {
    await expectMatchesReference({ specialties: ['homeopathy'] });
    await expectMatchesReference({ specialties: ['ayurveda', 'acupuncture'], page: 3 });
    for (const experience of ['0-2', '3-5', '6-10', '11-20', '20+'] as const) {
      const result = await expectMatchesReference({ experience });
      expect(result.total).toBeGreaterThan(0);
    }
  });

  it('without text or place, reads every order, filter and page like the reference (the ordered indexes)', async () => {
    for (const sort of ['relevance', 'rating', 'experience', 'distance'] as const) {
      for (const page of [1, 2, 40]) await expectMatchesReference({ sort, page, pageSize: 25 });
    }
    await expectMatchesReference({ specialties: ['nutrition', 'homeopathy'], experience: '20+', sort: 'experience', page: 2 });
    await expectMatchesReference({ specialties: ['acupuncture'], experience: '3-5', sort: 'rating', pageSize: 50 });
    const pastTheEnd = await search({ specialties: ['ayurveda'], experience: '0-2', page: 500 });
    expect(pastTheEnd.items).toEqual([]);
    expect(pastTheEnd.total).toBe(reference({ specialties: ['ayurveda'], experience: '0-2' }).all.length);
  });

  it('combines location, radius, specialties, experience and sort', async () => {
    const result = await expectMatchesReference({ location: 'Seattle, WA', maxDistanceMiles: 50, specialties: ['functional_medicine', 'herbalism'], experience: '11-20', pageSize: 50 });
    expect(result.items.map((item) => item.id)).toContain('5');
    await expectMatchesReference({ location: 'denver', specialties: ['naturopathy'], sort: 'rating' });
    await expectMatchesReference({ location: 'Austin, TX', sort: 'experience', pageSize: 5, page: 2 });
    // Near a place, each asked specialty is read from its own index: a practitioner with several of
    // them is still counted once, on every page, in any order of the asked specialties.
    for (const specialties of [['acupuncture', 'ayurveda', 'nutrition'], ['nutrition', 'naturopathy'], [...specialtiesCatalog]] as const) {
      for (const page of [1, 2]) await expectMatchesReference({ location: 'Chicago, IL', maxDistanceMiles: 100, specialties: [...specialties], pageSize: 20, page });
    }
    const withText = await search({ query: 'dr', location: 'Chicago, IL', specialties: ['herbalism', 'homeopathy'], pageSize: 50 });
    const expectedWithText = reference({ location: 'Chicago, IL', specialties: ['herbalism', 'homeopathy'] }).all.filter((card) => card.name.startsWith('Dr. '));
    expect(withText.total).toBe(expectedWithText.length);
    expect(new Set(withText.items.map((item) => item.id)).size).toBe(withText.items.length);
    // Distance without a resolved origin falls back to relevance.
    await expectMatchesReference({ location: 'Texas Hill Country', sort: 'distance' });
  });

  it('searches names, specialties and bios by word prefixes, with the text filter combined', async () => {
    const nguyens = everyone.filter((p) => p.name.split(' ').includes('Nguyen'));
    const result = await search({ query: 'Nguyen', pageSize: 50 });
    expect(result.total).toBe(nguyens.length);
    expect(nguyens.length).toBeLessThanOrEqual(50);
    expect(new Set(result.items.map((item) => item.id))).toEqual(new Set(nguyens.map((p) => p.id)));
    expect((await search({ query: 'ngu' })).total).toBe(nguyens.length);

    const chen = await search({ query: 'james chen acupuncture' });
    expect(chen.items[0]?.id).toBe('2');
    const rodriguez = await search({ query: 'Rodr', location: 'Portland, OR' });
    expect(rodriguez.items[0]).toMatchObject({ id: '1', name: 'Dr. Elena Rodriguez' });

    const functional = await search({ query: 'functional medicine', pageSize: 50 });
    const withSpecialty = everyone.filter((p) => p.specialties.includes('functional_medicine')).length;
    expect(functional.total).toBeGreaterThanOrEqual(withSpecialty);

    const combined = await search({ query: 'Dr', location: 'Chicago, IL', specialties: ['nutrition'], experience: '6-10', pageSize: 50 });
    const expected = reference({ location: 'Chicago, IL', specialties: ['nutrition'], experience: '6-10' }).all.filter((card) => card.name.startsWith('Dr. '));
    expect(combined.total).toBe(expected.length);
    expect(combined.items.map((item) => item.id)).toEqual(expected.map((card) => card.id));

    expect((await search({ query: 'zzqx' })).total).toBe(0);
    expect((await search({ query: '!!! ' })).total).toBe(everyone.length);
  });

  it('finds a name made of English stop words ("Will", "Don") by each word, while bios keep English stemming', async () => {
    const template = generated[0] as DirectoryProfile;
    const named = (id: string, name: string): DirectoryProfile => ({ ...template, id, name, shortBio: 'Gentle herbal care.', about: 'Herbal medicine for the whole family, rooted in tradition and evidence.' });
    await insertPractitioners(database.db.pool, [named('stopword-1', 'Will Ashby'), named('stopword-2', 'Don Can Whitfield')]);
    try {
      // A word is a prefix: "will" also finds every William.
      const wills = await search({ query: 'will', pageSize: 50 });
      expect(wills.items.map((item) => item.id)).toContain('stopword-1');
      expect(wills.items.every((item) => item.name.toLowerCase().split(/[^a-z]+/).some((word) => word.startsWith('will')))).toBe(true);
      expect((await search({ query: 'Will Ashby' })).items.map((item) => item.id)).toEqual(['stopword-1']);
      expect((await search({ query: 'don can whitfield' })).items.map((item) => item.id)).toEqual(['stopword-2']);
      // "families" → "famili" (English stem) still finds the bio's "family".
      const families = await search({ query: 'families whitfield' });
      expect(families.items.map((item) => item.id)).toEqual(['stopword-2']);
    } finally {
      await database.query(`DELETE FROM practitioner WHERE id LIKE 'stopword-%'`);
    }
  });

  it('pages without gaps or overlaps: page 2 continues page 1, and a page past the end is empty with the total', async () => {
    const input = { specialties: ['nutrition'] as const, pageSize: 7 };
    const first = await search({ ...input, specialties: [...input.specialties], page: 1 });
    const second = await search({ ...input, specialties: [...input.specialties], page: 2 });
    const both = await search({ specialties: ['nutrition'], pageSize: 14 });
    expect([...first.items, ...second.items]).toEqual(both.items);
    expect(second.total).toBe(first.total);
    const past = await search({ specialties: ['nutrition'], pageSize: 50, page: 1_000 });
    expect(past).toMatchObject({ items: [], total: first.total, page: 1_000 });
  });

  it('answers bad input over HTTP with 400 and field messages', async () => {
    const input = { page: 0, pageSize: 51, specialties: ['astrology'], experience: '1-2', maxDistanceMiles: -5, sort: 'price', query: 'x'.repeat(201) };
    const response = await trpcQuery(server, `directory.search?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
    expect(response.status).toBe(400);
    expect(response.error?.data.fieldErrors).toEqual({
      page: [directoryMessages.page],
      pageSize: [directoryMessages.pageSize],
      specialties: [directoryMessages.unknownSpecialty],
      experience: [directoryMessages.experience],
      maxDistanceMiles: [directoryMessages.radius],
      sort: [directoryMessages.sort],
      query: [directoryMessages.queryTooLong],
    });
  });

  it('works over HTTP as a GET with a superjson input', async () => {
    const input: DirectorySearchInput = { query: 'elena', location: 'Portland, OR', specialties: ['naturopathy'], maxDistanceMiles: 25 };
    const response = await trpcQuery<DirectorySearchResult>(server, `directory.search?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
    expect(response.status).toBe(200);
    expect(response.data?.items[0]?.id).toBe('1');
  });
});

describe('practitioners.byId', () => {
  it('returns every profile field of a sample, without distance', async () => {
    for (const sample of samplePractitioners) {
      const { distance, ...profile } = sample;
      expect(distance).toBeTypeOf('number');
      expect(await createTestCaller(database.db).practitioners.byId({ id: sample.id })).toEqual(profile);
    }
  });

  it('returns a generated profile', async () => {
    const profile = generated[42];
    expect(await createTestCaller(database.db).practitioners.byId({ id: profile?.id ?? '' })).toEqual(profile);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const response = await trpcQuery(server, `practitioners.byId?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ id: 'nope' })))}`);
    expect(response.status).toBe(404);
    expect(response.error?.message).toBe(practitionerMessages.notFound.description);
  });
});
