import { describe, expect, it } from 'vitest';
import { bookingSettingsSchema } from '../booking/booking-settings.schema.ts';
import { practitionerProfileSchema } from '../profile/practitioner-profile.schema.ts';
import { buildDemoDirectory, DEMO_BOOKABLE_EVERY, DEMO_DIRECTORY_FIRST_ID, DEMO_DIRECTORY_SIZE } from './demo-directory.ts';
import { samplePractitioners } from './practitioners.ts';

const directory = buildDemoDirectory();

describe('the demo directory', () => {
  it('is the same on every build, and its ids are not the spec samples\'', () => {
    expect(buildDemoDirectory()).toEqual(directory);
    expect(directory.practitioners).toHaveLength(DEMO_DIRECTORY_SIZE);
    expect(directory.practitioners[0]?.id).toBe(DEMO_DIRECTORY_FIRST_ID);
    const ids = new Set(directory.practitioners.map((practitioner) => practitioner.id));
    expect(ids.size).toBe(DEMO_DIRECTORY_SIZE);
    for (const sample of samplePractitioners) expect(ids.has(sample.id)).toBe(false);
  });

  it('names in each bio what the practitioner helps with, so a symptom search finds people in many cities', () => {
    for (const practitioner of directory.practitioners) {
      for (const symptom of practitioner.commonSymptoms) expect(practitioner.about).toContain(symptom);
    }
    for (const symptom of ['insomnia', 'anxiety', 'back pain']) {
      const helping = directory.practitioners.filter((practitioner) => practitioner.about.includes(symptom));
      expect(helping.length, symptom).toBeGreaterThanOrEqual(20);
      expect(new Set(helping.map((practitioner) => practitioner.location)).size, symptom).toBeGreaterThanOrEqual(10);
    }
  });

  it('gives every fifth practitioner a practice with a valid profile and booking on, auto-confirmed, across time zones', () => {
    expect(directory.practices).toHaveLength(DEMO_DIRECTORY_SIZE / DEMO_BOOKABLE_EVERY);
    const byId = new Map(directory.practitioners.map((practitioner) => [practitioner.id, practitioner]));
    for (const practice of directory.practices) {
      const listing = byId.get(practice.practitionerId);
      expect(listing).toBeDefined();
      expect(practitionerProfileSchema.parse(practice.profile)).toEqual(practice.profile);
      expect(bookingSettingsSchema.parse(practice.bookingSettings)).toEqual(practice.bookingSettings);
      expect(practice.bookingSettings).toMatchObject({ enabled: true, timeZone: listing?.timeZone });
      expect(practice.bookingSettings.sessionTypes.map((type) => type.approval)).toEqual(['auto', 'auto']);
      expect(practice.accountEmail).toMatch(/@directory\.wellspring\.test$/);
    }
    expect(new Set(directory.practices.map((practice) => practice.timeZone)).size).toBeGreaterThanOrEqual(4);
  });
});
