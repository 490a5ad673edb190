/**
 * The directory a newcomer can try (issue 24, "Demo"), seeded with the demo data only (never in
 * production): beside the spec's five sample practitioners, `DEMO_DIRECTORY_SIZE` generated ones
 * around the 50 US cities of the load generator (`generatePractitioners`), the same on every start.
 *
 * - **What each one helps with.** Search reads names, specialties and bios, and the generator's bios
 *   name no symptom, so "insomnia", "anxiety" or "back pain" would find nobody. Each `about` gains a
 *   sentence naming the practitioner's common symptoms (the quiz's vocabulary, so the quiz and the
 *   search agree). The generator itself stays as the benchmarks know it.
 * - **Some take online bookings.** Every `DEMO_BOOKABLE_EVERY`-th has a practice in its city's time
 *   zone, with weekday hours and two session types. No one can sign in to those practices to
 *   confirm a request, so both types confirm at once (`approval: 'auto'`); the demo practitioner's
 *   own practice is where a request waits for confirmation (`demoBookingSettings`).
 */
import { defaultBookingSettings, type BookingSettings, type SessionType, type WeeklyHours } from '../booking/booking-settings.schema.ts';
import { specialtyLabels, type Specialty } from '../catalog/specialties.ts';
import type { PractitionerProfile } from '../profile/practitioner-profile.schema.ts';
import { generatePractitioners, type GeneratedPractitioner } from './generator.ts';
import { mulberry32, pick, randomInt } from './prng.ts';

export const DEMO_DIRECTORY_SIZE = 300;
export const DEMO_DIRECTORY_SEED = 20_261_128;
/** One generated practitioner in this many takes online bookings. */
export const DEMO_BOOKABLE_EVERY = 5;

/** A generated practitioner's practice: its listing, its zone, its profile as the editor keeps it, its booking settings. */
export interface DemoDirectoryPractice {
  readonly practitionerId: string;
  /** A name for its owner account, from the listing's id. */
  readonly accountEmail: string;
  readonly name: string;
  readonly timeZone: string;
  readonly profile: PractitionerProfile;
  readonly bookingSettings: BookingSettings;
}

export interface DemoDirectory {
  readonly practitioners: readonly GeneratedPractitioner[];
  /** The practices of the bookable ones, in the practitioners' order. */
  readonly practices: readonly DemoDirectoryPractice[];
}

/** The first generated listing's id: present once the demo directory is seeded. */
export const DEMO_DIRECTORY_FIRST_ID = 'gen-p-000001';

const andList = (items: readonly string[]): string => new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(items);

/** The generated `about`, and what the practitioner helps with. */
const aboutWithSymptoms = (practitioner: GeneratedPractitioner): string =>
  `${practitioner.about} Helps patients with ${andList(practitioner.commonSymptoms)}.`;

/** The listing as the profile editor would have saved it (catalog labels for specialties, no photo). */
const profileOf = (practitioner: GeneratedPractitioner): PractitionerProfile => ({
  name: practitioner.name,
  location: practitioner.location,
  shortBio: practitioner.shortBio,
  about: practitioner.about,
  yearsExperience: practitioner.yearsExperience,
  acceptsInsurance: practitioner.acceptsInsurance,
  specialties: practitioner.specialties.map((specialty: Specialty) => specialtyLabels[specialty]),
  certifications: [...practitioner.certifications],
  education: [...practitioner.education],
  treatmentApproaches: [...practitioner.treatmentApproaches],
  profileImage: null,
  npi: '',
  taxId: '',
  billingAddress: '',
});

/** Office hours: a day's ranges, with a lunch hour. */
const officeHours = [
  [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '16:00' }],
  [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }],
  [{ start: '10:00', end: '13:00' }, { start: '14:00', end: '18:00' }],
] as const;

function bookingSettingsOf(practitioner: GeneratedPractitioner, random: () => number): BookingSettings {
  const hours = pick(random, officeHours);
  const day = () => hours.map((range) => ({ ...range }));
  const saturday = random() < 0.3 ? [{ start: '10:00', end: '14:00' }] : [];
  const weeklyHours: WeeklyHours = [[], day(), day(), day(), day(), day(), saturday];
  const specialty = specialtyLabels[practitioner.specialties[0] as Specialty];
  const initialMinutes = pick(random, [60, 75, 90]);
  const sessionTypes: SessionType[] = [
    {
      id: 'initial-visit',
      name: `Initial ${specialty.toLowerCase()} visit`,
      durationMinutes: initialMinutes,
      priceMinor: randomInt(random, 12, 25) * 1_000,
      mode: 'in-person',
      newPatientsOnly: false,
      description: `A first visit in ${practitioner.location}: your history, your goals and a plan to start with.`,
      approval: 'auto',
    },
    {
      id: 'virtual-follow-up',
      name: 'Virtual follow-up',
      durationMinutes: pick(random, [30, 45]),
      priceMinor: randomInt(random, 6, 12) * 1_000,
      mode: 'virtual',
      newPatientsOnly: false,
      description: 'A video visit to review progress and adjust the plan.',
      approval: 'auto',
    },
  ];
  return { ...defaultBookingSettings(practitioner.timeZone), enabled: true, sessionTypes, weeklyHours, slotStepMinutes: pick(random, [15, 30] as const) };
}

/** The demo directory: the same practitioners and practices on every call. */
export function buildDemoDirectory(size = DEMO_DIRECTORY_SIZE): DemoDirectory {
  const practitioners = generatePractitioners(size, DEMO_DIRECTORY_SEED).map((practitioner) => ({ ...practitioner, about: aboutWithSymptoms(practitioner) }));
  const random = mulberry32(DEMO_DIRECTORY_SEED ^ 0x6b6f6f62);
  const practices = practitioners
    .filter((_, index) => index % DEMO_BOOKABLE_EVERY === DEMO_BOOKABLE_EVERY - 1)
    .map((practitioner) => ({
      practitionerId: practitioner.id,
      accountEmail: `${practitioner.id}@directory.wellspring.test`,
      name: practitioner.name,
      timeZone: practitioner.timeZone,
      profile: profileOf(practitioner),
      bookingSettings: bookingSettingsOf(practitioner, random),
    }));
  return { practitioners, practices };
}
