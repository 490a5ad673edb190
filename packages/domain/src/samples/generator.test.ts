import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { specialties, specialtyLabels } from '../catalog/specialties.ts';
import { milesBetween, roundMiles } from '../directory/directory.schema.ts';
import { directoryReferralStatuses, licensureStatuses, type Practitioner } from '../practitioners/practitioner.types.ts';
import { practitionerProfileSchema } from '../profile/practitioner-profile.schema.ts';
import { matchPractitioners } from '../quiz/quiz.scoring.ts';
import { scheduleTimeSlots } from '../schedule/schedule.schema.ts';
import { isCalendarDate } from '../time/dates.ts';
import { GENERATED_HISTORY_UNTIL, generateAppointments, generatePatients, generatePractitioners } from './generator.ts';
import { mulberry32, pick, pickDistinct, randomInt } from './prng.ts';
import { usCities } from '../directory/us-cities.ts';

describe('prng', () => {
  it('is deterministic per seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });

  it('picks within bounds', () => {
    const random = mulberry32(1);
    for (let i = 0; i < 200; i += 1) {
      const n = randomInt(random, 3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      const distinct = pickDistinct(random, ['a', 'b', 'c', 'd'], 3);
      expect(new Set(distinct).size).toBe(3);
    }
    expect(pickDistinct(random, ['a'], 5)).toEqual(['a']);
    expect(() => pick(random, [])).toThrow(RangeError);
  });
});

/** Every field of the sample practitioner type, required or optional. */
const practitionerFields: readonly (keyof Practitioner)[] = [
  'id', 'name', 'profileImage', 'specialties', 'location', 'coordinates', 'distance', 'yearsExperience', 'shortBio', 'about', 'education',
  'certifications', 'acceptsInsurance', 'insuranceList', 'reviewCount', 'rating', 'testimonials', 'treatmentApproaches', 'questionsPrompts',
  'commonSymptoms', 'conditionsTreated', 'referrals', 'physicianReferrals', 'licensures', 'awards',
];
const optionalFields = ['insuranceList', 'referrals', 'physicianReferrals', 'licensures', 'awards'] as const;

describe('generated practitioners', () => {
  const practitioners = generatePractitioners(2000, 1);

  it('are the same from the same seed, and a prefix of a longer run', () => {
    expect(generatePractitioners(50, 7)).toEqual(generatePractitioners(50, 7));
    expect(generatePractitioners(50, 8)).not.toEqual(generatePractitioners(50, 7));
    expect(generatePractitioners(3, 7)).toEqual(generatePractitioners(50, 7).slice(0, 3));
    expect(new Set(practitioners.map((p) => p.id)).size).toBe(2000);
    expect(practitioners[0]?.id).toBe('gen-p-000001');
  });

  it('keep the searched fields of earlier versions of the generator for a seed (bench data stays comparable)', () => {
    const searched = (p: Practitioner) => ({
      id: p.id, name: p.name, specialties: p.specialties, location: p.location, coordinates: p.coordinates, rating: p.rating, reviewCount: p.reviewCount,
      yearsExperience: p.yearsExperience, acceptsInsurance: p.acceptsInsurance, insuranceList: p.insuranceList ?? [], commonSymptoms: p.commonSymptoms, shortBio: p.shortBio,
    });
    const bench = generatePractitioners(1000, 20_261_122);
    expect([bench[0], bench[1], bench[999]].map((p) => searched(p as Practitioner))).toEqual([
      { id: 'gen-p-000001', name: 'Dr. Grace Rossi', specialties: ['naturopathy'], location: 'New Orleans, LA', coordinates: { lat: 30.03362, lng: -89.95021 }, rating: 4.8, reviewCount: 191, yearsExperience: 28, acceptsInsurance: false, insuranceList: [], commonSymptoms: ['chronic pain', 'headaches', 'hormonal imbalance', 'brain fog', 'frequent colds', 'weight management'], shortBio: 'Naturopathic doctor in New Orleans offering personalized, whole-person care.' },
      { id: 'gen-p-000002', name: 'Dr. Diego Kim', specialties: ['ayurveda', 'functional_medicine', 'homeopathy'], location: 'Nashville, TN', coordinates: { lat: 36.17533, lng: -86.71782 }, rating: 3.7, reviewCount: 328, yearsExperience: 9, acceptsInsurance: true, insuranceList: ['Aetna', 'Blue Cross Blue Shield', 'UnitedHealthcare', 'Anthem', 'Medicare'], commonSymptoms: ['hormonal imbalance', 'frequent colds', 'low immunity'], shortBio: 'Ayurvedic practitioner in Nashville offering personalized, whole-person care.' },
      { id: 'gen-p-001000', name: 'Dr. Hiroshi Chen', specialties: ['acupuncture', 'herbalism'], location: 'New Orleans, LA', coordinates: { lat: 29.98273, lng: -90.01864 }, rating: 4.3, reviewCount: 22, yearsExperience: 8, acceptsInsurance: false, insuranceList: [], commonSymptoms: ['chronic pain', 'back pain', 'hormonal imbalance', 'brain fog', 'frequent colds', 'low immunity'], shortBio: 'Licensed acupuncturist in New Orleans offering personalized, whole-person care.' },
    ]);
  });

  it('sit near 50 real cities and keep their city\'s time zone', () => {
    expect(usCities).toHaveLength(50);
    for (const p of practitioners) {
      const city = usCities.find((c) => c.city === p.city && c.state === p.state);
      if (!city) throw new Error(`unknown city ${p.location}`);
      expect(p.location).toBe(`${city.city}, ${city.state}`);
      expect(Math.abs(p.coordinates.lat - city.lat)).toBeLessThanOrEqual(0.15);
      expect(Math.abs(p.coordinates.lng - city.lng)).toBeLessThanOrEqual(0.15);
      expect(p.distance).toBe(roundMiles(milesBetween(city, p.coordinates)));
      expect(p.timeZone).toBe(city.timeZone);
    }
    expect(new Set(practitioners.map((p) => p.city)).size).toBe(50);
    expect(new Set(usCities.map((c) => c.timeZone))).toEqual(
      new Set(['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Detroit', 'America/Indiana/Indianapolis', 'America/Kentucky/Louisville', 'America/Boise', 'Pacific/Honolulu']),
    );
  });

  it('carry every field of the sample practitioner type, plausibly', () => {
    for (const p of practitioners) {
      for (const field of practitionerFields) if (!optionalFields.includes(field as (typeof optionalFields)[number])) expect(p).toHaveProperty(field);
      expect(p.profileImage).toBeNull();
      for (const s of p.specialties) expect(specialties).toContain(s);
      expect(p.rating).toBeGreaterThanOrEqual(3.5);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.acceptsInsurance).toBe((p.insuranceList?.length ?? 0) > 0);
      expect(p.about).toContain(p.city);
      expect(p.education.length).toBeGreaterThanOrEqual(1);
      expect(p.certifications.length).toBeGreaterThanOrEqual(p.specialties.length > 0 ? 1 : 0);
      expect(p.questionsPrompts.length).toBeGreaterThanOrEqual(2);
      expect(p.conditionsTreated.length).toBeGreaterThanOrEqual(2);
      // What the profile editor would accept for this practitioner (lengths, no duplicate list entries).
      const editable = practitionerProfileSchema.safeParse({ ...p, specialties: p.specialties.map((s) => specialtyLabels[s]) });
      expect(editable.error?.issues ?? []).toEqual([]);
      expect(p.testimonials.length).toBeLessThanOrEqual(Math.min(3, p.reviewCount));
      for (const t of p.testimonials) {
        expect(t.rating).toBeGreaterThanOrEqual(1);
        expect(t.rating).toBeLessThanOrEqual(5);
        expect(isCalendarDate(t.date) && t.date < GENERATED_HISTORY_UNTIL).toBe(true);
      }
      for (const l of p.licensures ?? []) {
        expect(licensureStatuses).toContain(l.status);
        expect(l.issueDate < (l.expiryDate ?? '9999') && isCalendarDate(l.issueDate) && (l.expiryDate === null || isCalendarDate(l.expiryDate))).toBe(true);
      }
      for (const r of p.referrals ?? []) expect(directoryReferralStatuses).toContain(r.status);
      for (const a of p.awards ?? []) expect(a.year).toBeGreaterThan(Number(GENERATED_HISTORY_UNTIL.slice(0, 4)) - p.yearsExperience);
    }
    // Each optional section is there for some, so the profile tabs and their empty states both show.
    for (const field of optionalFields) {
      const having = practitioners.filter((p) => p[field] !== undefined).length;
      expect(having).toBeGreaterThan(0);
      expect(having).toBeLessThan(practitioners.length);
    }
  });

  it('makes 100,000 practitioners quickly, usable by the quiz', () => {
    const started = Date.now();
    const many = generatePractitioners(100_000, 2025);
    expect(many).toHaveLength(100_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(matchPractitioners(['concern-pain', 'symptoms-headaches'], many)).toHaveLength(3);
  }, 30_000);
});

describe('generated patients and appointments', () => {
  const practitioners = generatePractitioners(40, 11);
  const patients = generatePatients(200, 3, { practitioners });
  const options = { patients, practitioners, today: '2025-06-16' };
  const appointments = generateAppointments(1000, 4, options);
  const byId = new Map(practitioners.map((p) => [p.id, p]));

  it('are deterministic, each patient of a generated practitioner', () => {
    expect(generatePatients(200, 3, { practitioners })).toEqual(patients);
    expect(generateAppointments(1000, 4, options)).toEqual(appointments);
    expect(new Set(patients.map((p) => p.email)).size).toBe(200);
    for (const patient of patients) expect(byId.has(patient.practitionerId)).toBe(true);
    expect(new Set(patients.map((p) => p.practitionerId)).size).toBeGreaterThan(30);
    expect(() => generatePatients(1, 3, { practitioners: [] })).toThrow(RangeError);
    expect(generatePatients(0, 3, { practitioners: [] })).toEqual([]);
  });

  it('book a patient with their own practitioner, at the schedule slots of the practitioner\'s time zone', () => {
    const patientsById = new Map(patients.map((p) => [p.id, p]));
    for (const a of appointments) {
      const practitioner = byId.get(a.practitionerId);
      expect(patientsById.get(a.patientId)?.practitionerId).toBe(a.practitionerId);
      if (!practitioner) throw new Error('unknown practitioner');
      const [day, time] = formatInTimeZone(a.startsAt, practitioner.timeZone, 'yyyy-MM-dd HH:mm').split(' ') as [string, string];
      expect(scheduleTimeSlots).toContain(time);
      expect([30, 60, 90, 120]).toContain(a.durationMinutes);
      expect(day >= '2025-04-17' && day <= '2025-08-15').toBe(true);
      expect(day < '2025-06-16' ? ['completed', 'cancelled'] : ['scheduled', 'confirmed', 'cancelled']).toContain(a.status);
    }
    expect(new Set(appointments.map((a) => byId.get(a.practitionerId)?.timeZone)).size).toBeGreaterThan(3);
  });

  it('turn the same local slot into different instants in different zones', () => {
    const [ny, honolulu] = ['America/New_York', 'Pacific/Honolulu'].map((timeZone, index) => ({ id: `p${index}`, timeZone }));
    const two = [ny, honolulu].map((practitioner, index) => ({ id: `pt${index}`, practitionerId: practitioner?.id ?? '' }));
    const booked = generateAppointments(400, 9, { patients: two, practitioners: [ny!, honolulu!], today: '2025-06-16', windowDays: 0 });
    const hoursUtc = (practitionerId: string) => new Set(booked.filter((a) => a.practitionerId === practitionerId).map((a) => a.startsAt.slice(11, 16)));
    // 9:00–16:00 EDT is 13:00–20:00 UTC; 9:00–16:00 HST is 19:00–02:00 UTC.
    expect(hoursUtc('p0')).toEqual(new Set(['13:00', '14:00', '15:00', '17:00', '18:00', '19:00', '20:00']));
    expect(hoursUtc('p1')).toEqual(new Set(['19:00', '20:00', '21:00', '23:00', '00:00', '01:00', '02:00']));
    expect(() => generateAppointments(1, 9, { patients: [{ id: 'x', practitionerId: 'nobody' }], practitioners: [ny!], today: '2025-06-16' })).toThrow(RangeError);
    expect(() => generateAppointments(1, 9, { patients: [], practitioners: [ny!], today: '2025-06-16' })).toThrow(RangeError);
  });
});
