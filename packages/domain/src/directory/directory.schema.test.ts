import { describe, expect, it } from 'vitest';
import { generatePractitioners, profileOfGenerated } from '../samples/generator.ts';
import { samplePractitioners } from '../samples/practitioners.ts';
import { usCities } from './us-cities.ts';
import { messagesOf } from '../shared/schema.testkit.ts';
import {
  boundingBox,
  directoryCardOf,
  directoryMessages,
  directorySearchSchema,
  experienceYears,
  milesBetween,
  originOf,
  quizMatchSchema,
  resolveUsCity,
  roundMiles,
  searchWords,
  setFavoriteSchema,
} from './directory.schema.ts';

describe('directorySearchSchema', () => {
  it('applies defaults and drops empty texts', () => {
    expect(directorySearchSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(directorySearchSchema.parse({ query: '  ', location: '' })).toEqual({ page: 1, pageSize: 12 });
    expect(directorySearchSchema.parse({ query: ' chen ', specialties: ['acupuncture'], experience: '20+', maxDistanceMiles: 50, page: 2, pageSize: 50, sort: 'rating' })).toEqual({
      query: 'chen',
      specialties: ['acupuncture'],
      experience: '20+',
      maxDistanceMiles: 50,
      page: 2,
      pageSize: 50,
      sort: 'rating',
    });
  });

  it('gives a message per bad field', () => {
    expect(
      messagesOf(directorySearchSchema, { query: 'x'.repeat(201), location: 'y'.repeat(101), specialties: ['reiki'], experience: '2-4', maxDistanceMiles: 0, page: 1.5, pageSize: 0, sort: 'price' }),
    ).toEqual({
      query: [directoryMessages.queryTooLong],
      location: [directoryMessages.locationTooLong],
      'specialties.0': [directoryMessages.unknownSpecialty],
      experience: [directoryMessages.experience],
      maxDistanceMiles: [directoryMessages.radius],
      page: [directoryMessages.page],
      pageSize: [directoryMessages.pageSize],
      sort: [directoryMessages.sort],
    });
    expect(messagesOf(directorySearchSchema, { maxDistanceMiles: 501, pageSize: 51, page: 0 })).toEqual({
      maxDistanceMiles: [directoryMessages.radius],
      page: [directoryMessages.page],
      pageSize: [directoryMessages.pageSize],
    });
  });

  it('validates the quiz and favorite inputs', () => {
    expect(quizMatchSchema.safeParse({ answers: ['concern-pain'] }).success).toBe(true);
    expect(quizMatchSchema.safeParse({ answers: ['nope'] }).success).toBe(false);
    expect(setFavoriteSchema.parse({ practitionerId: ' 1 ', favorite: true })).toEqual({ practitionerId: '1', favorite: true });
    expect(setFavoriteSchema.safeParse({ practitionerId: '', favorite: true }).success).toBe(false);
  });
});

describe('resolveUsCity', () => {
  it('finds "City, ST" and bare city names in any case and spacing', () => {
    expect(resolveUsCity('Portland, OR')).toMatchObject({ city: 'Portland', state: 'OR' });
    expect(resolveUsCity('  portland ')).toMatchObject({ city: 'Portland', state: 'OR' });
    expect(resolveUsCity('SALT   LAKE city ,ut')).toMatchObject({ city: 'Salt Lake City', state: 'UT' });
    for (const city of usCities) expect(resolveUsCity(`${city.city}, ${city.state}`)).toBe(city);
  });

  it('returns null for other places and empty text', () => {
    expect(resolveUsCity('Portland, ME')).toBeNull();
    expect(resolveUsCity('Texas')).toBeNull();
    expect(resolveUsCity('   ')).toBeNull();
  });

  it('labels the origin "City, ST"', () => {
    expect(originOf(usCities[0] as (typeof usCities)[number])).toEqual({ label: 'New York, NY', lat: 40.7128, lng: -74.006 });
  });
});

describe('experienceYears', () => {
  it('maps each band to its years; 20+ starts at 21', () => {
    expect(experienceYears('0-2')).toEqual({ min: 0, max: 2 });
    expect(experienceYears('3-5')).toEqual({ min: 3, max: 5 });
    expect(experienceYears('6-10')).toEqual({ min: 6, max: 10 });
    expect(experienceYears('11-20')).toEqual({ min: 11, max: 20 });
    expect(experienceYears('20+')).toEqual({ min: 21, max: null });
  });
});

describe('distance', () => {
  it('measures great-circle miles', () => {
    const portland = { lat: 45.5152, lng: -122.6784 };
    const seattle = { lat: 47.6062, lng: -122.3321 };
    expect(milesBetween(portland, portland)).toBe(0);
    expect(milesBetween(portland, seattle)).toBeCloseTo(145, 0);
    expect(milesBetween(seattle, portland)).toBeCloseTo(milesBetween(portland, seattle), 9);
    expect(roundMiles(2.449)).toBe(2.4);
  });

  it('bounds every point within the radius in a box', () => {
    const origin = { lat: 39.7392, lng: -104.9903 };
    const box = boundingBox(origin, 25);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      // Walk 24.9 miles along a bearing (small-distance approximation) and check the box holds it.
      const rad = (bearing * Math.PI) / 180;
      const dLat = ((24.9 * Math.cos(rad)) / 3958.8) * (180 / Math.PI);
      const dLng = ((24.9 * Math.sin(rad)) / 3958.8) * (180 / Math.PI) / Math.cos((origin.lat * Math.PI) / 180);
      const point = { lat: origin.lat + dLat, lng: origin.lng + dLng };
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(point.lng).toBeLessThanOrEqual(box.maxLng);
    }
    expect(boundingBox({ lat: 89.9, lng: 0 }, 100)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, lower case, distinct, at most 8', () => {
    expect(searchWords("Dr. O'Brien & acupuncture!")).toEqual(['dr', 'o', 'brien', 'acupuncture']);
    expect(searchWords('Élodie élodie')).toEqual(['élodie']);
    expect(searchWords('!!! ')).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('cards and generated profiles', () => {
  it('makes a card of a profile, with the distance rounded', () => {
    const sample = samplePractitioners[2];
    if (!sample) throw new Error('sample 3');
    expect(directoryCardOf(sample, 3.456)).toEqual({
      id: '3',
      name: sample.name,
      profileImage: null,
      specialties: sample.specialties,
      location: 'Austin, TX',
      distanceMiles: 3.5,
      yearsExperience: sample.yearsExperience,
      rating: sample.rating,
      reviewCount: sample.reviewCount,
      acceptsInsurance: false,
      insuranceList: [],
      shortBio: sample.shortBio,
    });
    expect(directoryCardOf(samplePractitioners[0] as (typeof samplePractitioners)[number], null).distanceMiles).toBeNull();
  });

  it('turns a generated practitioner into its full profile', () => {
    const [insured, uninsured] = [true, false].map((accepts) => generatePractitioners(50, 3).find((p) => p.acceptsInsurance === accepts));
    if (!insured || !uninsured) throw new Error('generator');
    const { distance: _distance, city: _city, state: _state, timeZone: _timeZone, ...rest } = insured;
    const profile = profileOfGenerated(insured);
    expect(profile).toEqual(rest);
    expect(Object.keys(profile).sort()).toEqual(Object.keys(rest).sort());
    expect(profile).toMatchObject({ id: insured.id, coordinates: insured.coordinates, insuranceList: insured.insuranceList, about: insured.about, testimonials: insured.testimonials });
    expect(profile).not.toHaveProperty('distance');
    expect(profile).not.toHaveProperty('timeZone');
    expect(profileOfGenerated(uninsured)).not.toHaveProperty('insuranceList');
  });
});
