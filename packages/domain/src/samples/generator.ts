/**
 * A seeded generator of practitioners, patients and appointments for load and performance work
 * (DESIGN §8: directory search and quiz match over 100,000 practitioners). Output depends only on the
 * arguments: the same `(n, seed)` gives the same records, with ids `gen-p-000001`, …
 *
 * Practitioners sit within about ±0.15° (≈10 miles) of one of 50 real US city centres; specialties
 * come from `specialties`, symptoms from the quiz vocabulary (so quiz matches are meaningful).
 */
import { specialties, type Specialty } from '../catalog/specialties.ts';
import { quizSymptomVocabulary } from '../quiz/quiz.questions.ts';
import type { AppointmentMode, AppointmentStatus, AppointmentType } from '../appointments/appointment.schema.ts';
import { appointmentTypes } from '../appointments/appointment.schema.ts';
import type { PatientStatus } from '../patients/patient.schema.ts';
import { addDays, type CalendarDate } from '../time/dates.ts';
import { mulberry32, pick, pickDistinct, randomInt } from './prng.ts';
import { usCities } from './us-cities.ts';

export const firstNames = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mateo', 'Amelia', 'Ethan', 'Harper',
  'Daniel', 'Aisha', 'Wei', 'Priya', 'Carlos', 'Fatima', 'Hiroshi', 'Grace', 'Omar', 'Elena', 'Samuel', 'Leila', 'Marcus', 'Nora', 'Diego',
  'Zara', 'Benjamin', 'Chloe', 'Kwame', 'Ingrid', 'Rafael', 'Maya', 'Tariq', 'Hannah', 'Julian',
] as const;

export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson',
  'Anderson', 'Thomas', 'Taylor', 'Moore', 'Chen', 'Patel', 'Nguyen', 'Kim', 'Okafor', 'Sharma', 'Cohen', 'Rossi', 'Novak', 'Haddad',
  'Yamamoto', 'Okonkwo', 'Larsen', 'Fischer', 'Silva', 'Ibrahim', 'Walker', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker',
] as const;

export const insuranceProviders = ['Aetna', 'Blue Cross Blue Shield', 'Cigna', 'UnitedHealthcare', 'Humana', 'Kaiser Permanente', 'Anthem', 'Medicare'] as const;

const titles: Record<Specialty, string> = {
  naturopathy: 'Naturopathic doctor',
  acupuncture: 'Licensed acupuncturist',
  ayurveda: 'Ayurvedic practitioner',
  functional_medicine: 'Functional medicine practitioner',
  herbalism: 'Clinical herbalist',
  homeopathy: 'Homeopath',
  nutrition: 'Nutritionist',
};

export interface GeneratedPractitioner {
  readonly id: string;
  readonly name: string;
  readonly specialties: readonly Specialty[];
  readonly commonSymptoms: readonly string[];
  readonly rating: number;
  readonly reviewCount: number;
  readonly yearsExperience: number;
  readonly acceptsInsurance: boolean;
  readonly insuranceList: readonly string[];
  readonly city: string;
  readonly state: string;
  /** "City, ST". */
  readonly location: string;
  readonly lat: number;
  readonly lng: number;
  readonly shortBio: string;
}

const pad = (n: number) => String(n).padStart(6, '0');
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function generatePractitioners(n: number, seed: number): GeneratedPractitioner[] {
  const random = mulberry32(seed);
  const result: GeneratedPractitioner[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    const city = pick(random, usCities);
    const own = pickDistinct(random, specialties, randomInt(random, 1, 3));
    const acceptsInsurance = random() < 0.55;
    const first = pick(random, firstNames);
    const last = pick(random, lastNames);
    const doctor = random() < 0.6;
    const primary = own[0] as Specialty;
    result[i] = {
      id: `gen-p-${pad(i + 1)}`,
      name: `${doctor ? 'Dr. ' : ''}${first} ${last}`,
      specialties: own,
      commonSymptoms: pickDistinct(random, quizSymptomVocabulary, randomInt(random, 2, 6)),
      rating: round(3.5 + random() * 1.5, 1),
      reviewCount: randomInt(random, 0, 400),
      yearsExperience: randomInt(random, 1, 35),
      acceptsInsurance,
      insuranceList: acceptsInsurance ? pickDistinct(random, insuranceProviders, randomInt(random, 1, 5)) : [],
      city: city.city,
      state: city.state,
      location: `${city.city}, ${city.state}`,
      lat: round(city.lat + (random() - 0.5) * 0.3, 5),
      lng: round(city.lng + (random() - 0.5) * 0.3, 5),
      shortBio: `${titles[primary]} in ${city.city} offering personalized, whole-person care.`,
    };
  }
  return result;
}

export interface GeneratedPatient {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly dob: CalendarDate;
  readonly status: PatientStatus;
  readonly conditions: readonly string[];
}

const conditionPool = ['Chronic Fatigue', 'IBS', 'Anxiety', 'Insomnia', 'Migraines', 'Hypertension', 'Eczema', 'Seasonal Allergies', 'PCOS', 'Hypothyroidism', 'Lower Back Pain', 'Arthritis'] as const;
const patientStatuses: readonly PatientStatus[] = ['active', 'active', 'active', 'new', 'inactive'];

export function generatePatients(n: number, seed: number): GeneratedPatient[] {
  const random = mulberry32(seed);
  const result: GeneratedPatient[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    const first = pick(random, firstNames);
    const last = pick(random, lastNames);
    const id = `gen-pt-${pad(i + 1)}`;
    result[i] = {
      id,
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      phone: `(${randomInt(random, 201, 989)}) 555-${String(randomInt(random, 100, 199)).padStart(4, '0')}`,
      dob: addDays('1950-01-01', randomInt(random, 0, 365 * 55)),
      status: pick(random, patientStatuses),
      conditions: pickDistinct(random, conditionPool, randomInt(random, 0, 5)),
    };
  }
  return result;
}

export interface GeneratedAppointment {
  readonly id: string;
  readonly patientId: string;
  /** ISO instant, on the hour between 09:00 and 16:00 UTC. */
  readonly startsAt: string;
  readonly durationMinutes: number;
  readonly type: AppointmentType;
  readonly mode: AppointmentMode;
  readonly status: AppointmentStatus;
}

/**
 * `n` appointments for the given patient ids, spread from `windowDays` before `today` to `windowDays`
 * after. Past appointments are completed (or cancelled); future ones scheduled or confirmed.
 */
export function generateAppointments(n: number, seed: number, options: { readonly patientIds: readonly string[]; readonly today: CalendarDate; readonly windowDays?: number }): GeneratedAppointment[] {
  const random = mulberry32(seed);
  const window = options.windowDays ?? 60;
  const durations = [30, 60, 90, 120] as const;
  const hours = [9, 10, 11, 13, 14, 15, 16] as const;
  const result: GeneratedAppointment[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    const offset = randomInt(random, -window, window);
    const hour = pick(random, hours);
    const past = offset < 0;
    const roll = random();
    const status: AppointmentStatus = past ? (roll < 0.9 ? 'completed' : 'cancelled') : roll < 0.5 ? 'scheduled' : roll < 0.95 ? 'confirmed' : 'cancelled';
    result[i] = {
      id: `gen-a-${pad(i + 1)}`,
      patientId: pick(random, options.patientIds),
      startsAt: `${addDays(options.today, offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
      durationMinutes: pick(random, durations),
      type: pick(random, appointmentTypes),
      mode: random() < 0.4 ? 'virtual' : 'in-person',
      status,
    };
  }
  return result;
}
