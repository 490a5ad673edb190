/**
 * Places (issue 16): the geocoder reads a city and state in any common spelling or a ZIP code;
 * `geo.suggest` offers places while one types; the directory search says when a location names no
 * place at all instead of showing practitioners somewhere else.
 */
import { PLACE_SUGGESTION_LIMIT, placeMessages, textMessages, type DirectorySearchResult, type PlaceSuggestion } from '@wellspring/domain';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { geocodeUsPlace, suggestUsPlaces } from '../src/geo/geocoder.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedSamplePractitioners(database.db)).toBe(5);
  server = await startTestServer(database.db);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const query = (procedure: string, input: unknown) => `${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
const labels = (places: readonly PlaceSuggestion[]) => places.map((place) => place.label);

describe('geocoder', () => {
  it('places US cities with their state, in any case and form, and ZIP codes', async () => {
    expect(await geocodeUsPlace('Austin TX')).toMatchObject({ label: 'Austin, TX', zip: null });
    expect(await geocodeUsPlace('portland or')).toMatchObject({ label: 'Portland, OR' });
    expect(await geocodeUsPlace('Portland, Oregon')).toMatchObject({ label: 'Portland, OR' });
    expect(await geocodeUsPlace('new york, new york')).toMatchObject({ label: 'New York, NY' });
    expect(await geocodeUsPlace('St. Louis, MO')).toMatchObject({ label: 'Saint Louis, MO' });
    expect(await geocodeUsPlace('Ft Lauderdale FL')).toMatchObject({ label: 'Fort Lauderdale, FL' });
    const zip = await geocodeUsPlace('97201');
    expect(zip).toMatchObject({ label: 'Portland, OR', zip: '97201' });
    expect(zip?.lat).toBeCloseTo(45.5, 1);
    expect(zip?.lng).toBeCloseTo(-122.69, 1);
    expect(await geocodeUsPlace('97201-1234')).toMatchObject({ zip: '97201' });
    expect(await geocodeUsPlace('Austin, TX 78701')).toMatchObject({ label: 'Austin, TX', zip: '78701' });
    const austin = await geocodeUsPlace('austin, tx');
    expect(austin?.lat).toBeCloseTo(30.3, 0);
    expect(austin?.lng).toBeCloseTo(-97.75, 0);
  });

  it('reads the other common spellings: periods, hyphens, apostrophes, accents, Saint/St, spaces and commas', async () => {
    const spellings: Record<string, string> = {
      'Washington, D.C.': 'Washington, DC',
      'washington dc': 'Washington, DC',
      'Winston Salem, NC': 'Winston-Salem, NC',
      'winston-salem north carolina': 'Winston-Salem, NC',
      'Coeur dAlene ID': "Coeur d'Alene, ID",
      'San José, CA': 'San Jose, CA',
      'saint louis missouri': 'Saint Louis, MO',
      'St Louis,MO': 'Saint Louis, MO',
      '  AUSTIN ,   texas ': 'Austin, TX',
      // GeoNames writes this one short; written out, it is the same place.
      'Saint John, KS': 'St John, KS',
      'Mount Zion, IL': 'Mt Zion, IL',
      'New York NY': 'New York, NY',
      'Portland, Oregon 97209': 'Portland, OR',
    };
    for (const [text, label] of Object.entries(spellings)) expect((await geocodeUsPlace(text))?.label, text).toBe(label);
    // The same city, whichever spelling.
    expect(await geocodeUsPlace('st. louis, mo')).toEqual(await geocodeUsPlace('Saint Louis, Missouri'));
  });

  it('knows nothing of unknown places, bare city names or made-up ZIP codes', async () => {
    for (const text of ['Atlantis, ZZ', 'Springfield', '00000', '1234', 'Texas', '', 'Portland, XX', 'Nowhere Town, OR', 'Austin, OR', '9720', '972011']) {
      expect(await geocodeUsPlace(text), text).toBeNull();
    }
  });
});

describe('geo.suggest', () => {
  const caller = () => createTestCaller(database.db);

  it('suggests cities whose name starts with the text, the bigger first, as "City, ST"', async () => {
    const portl = await caller().geo.suggest({ text: 'portl' });
    expect(portl).toHaveLength(PLACE_SUGGESTION_LIMIT);
    expect(portl[0]).toEqual({ label: 'Portland, OR', kind: 'city' });
    expect(labels(portl)).toContain('Portland, ME');
    for (const place of portl) expect(place.label).toMatch(/^Portland, [A-Z]{2}$/);
    expect(labels(await caller().geo.suggest({ text: 'San Fr' }))).toEqual(['San Francisco, CA']);
    expect(labels(await caller().geo.suggest({ text: 'new y' })).slice(0, 2)).toEqual(['New York, NY', 'New York Mills, MN']);
  });

  it('narrows to a state once one is typed after the city, with or without a comma, by code or by name', async () => {
    expect(labels(await caller().geo.suggest({ text: 'portland, o' }))).toEqual(['Portland, OR', 'Portland, OH']);
    expect(labels(await caller().geo.suggest({ text: 'Portland, Ore' }))).toEqual(['Portland, OR']);
    expect(labels(await caller().geo.suggest({ text: 'austin t' }))).toEqual(['Austin, TX']);
    expect(labels(await caller().geo.suggest({ text: 'st louis mis' }))).toEqual(['Saint Louis, MO']);
    expect(labels(await caller().geo.suggest({ text: 'St. Lou' })).slice(0, 2)).toEqual(['Saint Louis, MO', 'Saint Louis, MI']);
  });

  it('suggests ZIP codes by their first digits, in order, with their city', async () => {
    expect(await caller().geo.suggest({ text: '9720' })).toEqual(
      ['97201', '97202', '97203', '97204', '97205', '97206', '97207', '97208'].map((zip) => ({ label: `Portland, OR ${zip}`, kind: 'zip' })),
    );
    expect(await caller().geo.suggest({ text: '78701' })).toEqual([{ label: 'Austin, TX 78701', kind: 'zip' }]);
    expect(await caller().geo.suggest({ text: 'Austin, TX 78701' })).toEqual([{ label: 'Austin, TX 78701', kind: 'zip' }]);
    expect(await caller().geo.suggest({ text: '00000' })).toEqual([]);
  });

  it('a suggestion, chosen, is a place the geocoder finds', async () => {
    for (const text of ['portl', 'st lou', '9720', 'fort l', 'winston']) {
      for (const place of await caller().geo.suggest({ text })) expect(await geocodeUsPlace(place.label), place.label).not.toBeNull();
    }
  });

  it('suggests nothing for nonsense, punctuation or an empty text', async () => {
    for (const text of ['qwxyzzy', '...', '', '   ', 'Portland, ZZ', 'Atlantis, OR']) expect(await suggestUsPlaces(text), text).toEqual([]);
  });

  it('answers over HTTP as a GET, and bad input with 400 and the field message', async () => {
    const ok = await trpcQuery<PlaceSuggestion[]>(server, query('geo.suggest', { text: 'Seattl' }));
    expect(ok.status).toBe(200);
    expect(ok.data?.[0]).toEqual({ label: 'Seattle, WA', kind: 'city' });

    const long = await trpcQuery(server, query('geo.suggest', { text: 'x'.repeat(101) }));
    expect(long.status).toBe(400);
    expect(long.error?.data.fieldErrors).toEqual({ text: [placeMessages.textTooLong] });
    const control = await trpcQuery(server, query('geo.suggest', { text: 'Port\u0000land' }));
    expect(control.status).toBe(400);
    expect(control.error?.data.fieldErrors).toEqual({ text: [textMessages.controlCharacters] });
    expect((await trpcQuery(server, query('geo.suggest', { place: 'Portland' }))).status).toBe(400);
  });
});

describe('directory.search with a place that does not exist', () => {
  const search = async (input: unknown) => (await trpcQuery<DirectorySearchResult>(server, query('directory.search', input))).data;

  it('says the location names no place, and shows no one rather than everyone', async () => {
    const result = await search({ location: 'Qwxyzzy' });
    expect(result).toMatchObject({ items: [], total: 0, origin: null, locationUnknown: true });
    expect(await search({ location: 'Atlantis, ZZ', specialties: ['acupuncture'] })).toMatchObject({ total: 0, locationUnknown: true });
  });

  it('does not say so of a place that exists, or of a text that is the start of one or part of a listing', async () => {
    // A real place with no practitioner near it: no one, but the place is known.
    expect(await search({ location: 'Boise, ID' })).toMatchObject({ total: 0, origin: { label: 'Boise, ID' }, locationUnknown: false });
    expect(await search({ location: '83702' })).toMatchObject({ total: 0, origin: { label: 'Boise, ID' }, locationUnknown: false });
    // The start of a place, while typing.
    expect(await search({ location: 'Bois' })).toMatchObject({ total: 0, origin: null, locationUnknown: false });
    // Part of a listing's "City, ST", not the start of any place name.
    const part = await search({ location: 'land, OR' });
    expect(part).toMatchObject({ origin: null, locationUnknown: false });
    expect(part?.total).toBeGreaterThan(0);
    // Part of a listing, with filters that leave no one.
    expect(await search({ location: 'land, OR', experience: '0-2' })).toMatchObject({ total: 0, locationUnknown: false });
    expect(await search({})).toMatchObject({ locationUnknown: false });
    expect(await search({ location: 'Portland, OR' })).toMatchObject({ locationUnknown: false, origin: { label: 'Portland, OR' } });
  });
});
