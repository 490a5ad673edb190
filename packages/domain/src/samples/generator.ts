/**
 * A seeded generator of practitioners, patients and appointments for load and performance work
 * (docs/architecture.md#budgets: directory search and quiz match over 100,000 practitioners). Output depends only on the
 * arguments: the same `(n, seed)` gives the same records, with ids `gen-p-000001`, …, and the first
 * k records of n are the k records of k.
 *
 * - **Practitioners** carry every field of `Practitioner` (bios, education, certifications,
 *   testimonials, treatment approaches, questions, conditions; some a licensure, an award or
 *   referrals) and sit within about ±0.15° (≈10 miles) of one of 50 real US city centres, whose IANA
 *   zone they keep their calendar in. Specialties come from `specialties`, symptoms from the quiz
 *   vocabulary (so quiz matches are meaningful). No generated practitioner has a photo (initials);
 *   `distance` is the miles from its city centre.
 *   The fields the directory searches and sorts on are drawn from the seed's main stream in the same
 *   order as before the profile fields existed, and the profile fields from a second stream, so
 *   adding detail never reshuffles search and bench data.
 * - **Patients** each belong to one generated practitioner (`practitionerId`).
 * - **Appointments** belong to a patient and that patient's practitioner, on the hour between 9:00
 *   and 16:00 of the practitioner's own time zone (`zonedTimeToInstant`).
 */
import { specialties, type Specialty } from '../catalog/specialties.ts';
import { milesBetween, roundMiles, type DirectoryProfile } from '../directory/directory.schema.ts';
import { directoryReferralStatuses, type Award, type Licensure, type PatientReferral, type PhysicianReferral, type Practitioner, type Testimonial } from '../practitioners/practitioner.types.ts';
import { quizSymptomVocabulary } from '../quiz/quiz.questions.ts';
import type { AppointmentMode, AppointmentStatus, AppointmentType } from '../appointments/appointment.schema.ts';
import { appointmentTypes, durationMinutes, portalDurationOptions } from '../appointments/appointment.schema.ts';
import { scheduleTimeSlots } from '../schedule/schedule.schema.ts';
import type { PatientStatus } from '../patients/patient.schema.ts';
import { addDays, zonedTimeToInstant, type CalendarDate } from '../time/dates.ts';
import { countOf } from '../shared/plural.ts';
import { mulberry32, pick, pickDistinct, pickIndex, randomInt, type Random } from './prng.ts';
import { SAMPLE_TODAY } from './sample-dates.ts';
import { usCities, usStateNames, type UsCity } from '../directory/us-cities.ts';

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

/**
 * What a practitioner of each specialty is called, studied, holds and offers. (The texts are what the
 * directory's full-text search reads: the bios stay free of words that start like a title, "Dr".)
 */
interface SpecialtyProfile {
  readonly title: string;
  readonly practice: string;
  readonly education: readonly string[];
  readonly certifications: readonly ((state: string) => string)[];
  readonly approaches: readonly string[];
  readonly conditions: readonly string[];
  /** The state licence the practice needs, if any. */
  readonly licensure: string | null;
}

const specialtyProfiles: Record<Specialty, SpecialtyProfile> = {
  naturopathy: {
    title: 'Naturopathic doctor',
    practice: 'Visits start with a detailed history and end with a plan built on food, sleep, movement and targeted botanicals.',
    education: ['ND, Bastyr University', 'ND, National University of Natural Medicine', 'ND, Southwest College of Naturopathic Medicine', 'ND, Sonoran University of Health Sciences'],
    certifications: [(state) => `Licensed Naturopathic Physician (${state})`, () => 'Certified in Naturopathic Oncology (FABNO)'],
    approaches: ['Botanical medicine', 'Therapeutic nutrition', 'Lifestyle counseling', 'Hydrotherapy'],
    conditions: ['Hypothyroidism', 'Irritable bowel syndrome', 'Chronic fatigue', 'PCOS', 'Seasonal allergies'],
    licensure: 'Naturopathic Physician License',
  },
  acupuncture: {
    title: 'Licensed acupuncturist',
    practice: 'Sessions combine acupuncture with cupping or herbal support, tailored to each person’s pattern.',
    education: ['MAcOM, Oregon College of Oriental Medicine', 'DACM, Pacific College of Health and Science', 'MSOM, Five Branches University', 'MAc, Maryland University of Integrative Health'],
    certifications: [(state) => `Licensed Acupuncturist (${state})`, () => 'NCCAOM Diplomate of Acupuncture'],
    approaches: ['Acupuncture', 'Cupping', 'Moxibustion', 'Tui na massage', 'Electroacupuncture'],
    conditions: ['Lower back pain', 'Migraines', 'Insomnia', 'Sports injuries', 'Anxiety'],
    licensure: 'Acupuncture License',
  },
  ayurveda: {
    title: 'Ayurvedic practitioner',
    practice: 'Care begins with a constitution assessment and turns it into simple daily routines and meals.',
    education: ['Ayurvedic Practitioner Program, California College of Ayurveda', 'Ayurvedic Health Counselor, Kerala Ayurveda Academy', 'BAMS, Gujarat Ayurved University'],
    certifications: [() => 'NAMA Certified Ayurvedic Practitioner', () => 'NAMA Ayurvedic Health Counselor'],
    approaches: ['Dosha assessment', 'Ayurvedic nutrition', 'Daily routine (dinacharya)', 'Abhyanga oil massage'],
    conditions: ['Stress and burnout', 'Digestive imbalance', 'Sleep problems', 'Weight concerns'],
    licensure: null,
  },
  functional_medicine: {
    title: 'Functional medicine practitioner',
    practice: 'Targeted lab testing helps find the root causes behind long-standing symptoms.',
    education: ['MD, University of Michigan Medical School', 'DO, Des Moines University', 'MD, University of Colorado School of Medicine', 'Residency in Family Medicine, Oregon Health & Science University'],
    certifications: [() => 'IFM Certified Practitioner', () => 'Board Certified in Family Medicine'],
    approaches: ['Functional lab testing', 'Elimination diets', 'Gut restoration protocols', 'Anti-inflammatory protocols'],
    conditions: ['Autoimmune conditions', 'Insulin resistance', 'Chronic fatigue syndrome', 'Hormonal imbalance'],
    licensure: 'Physician and Surgeon License',
  },
  herbalism: {
    title: 'Clinical herbalist',
    practice: 'Custom formulas are blended for each person and adjusted as symptoms change.',
    education: ['Clinical Herbalism Certificate, Bastyr University', 'MS Herbal Medicine, Maryland University of Integrative Health', 'Herbal Medicine Program, California School of Herbal Studies'],
    certifications: [() => 'Registered Herbalist (AHG)'],
    approaches: ['Custom herbal formulas', 'Western herbal medicine', 'Chinese herbal formulas', 'Herbal teas and tinctures'],
    conditions: ['Seasonal allergies', 'Menstrual discomfort', 'Mild anxiety', 'Frequent colds'],
    licensure: null,
  },
  homeopathy: {
    title: 'Homeopath',
    practice: 'Individualized remedies are chosen after a thorough conversation about the whole picture.',
    education: ['Diploma in Classical Homeopathy, American Medical College of Homeopathy', 'Homeopathy Program, Pacific Academy of Homeopathy'],
    certifications: [() => 'Certified Classical Homeopath (CCH)'],
    approaches: ['Classical homeopathy', 'Constitutional remedies', 'Acute care remedies'],
    conditions: ['Eczema', 'Recurrent infections', 'Seasonal allergies', 'Childhood ear infections'],
    licensure: null,
  },
  nutrition: {
    title: 'Nutritionist',
    practice: 'Practical meal plans fit real schedules, budgets and family tables.',
    education: ['MS Nutrition, Bastyr University', 'MS Clinical Nutrition, Maryland University of Integrative Health', 'BS Dietetics, University of Washington'],
    certifications: [() => 'Certified Nutrition Specialist (CNS)', () => 'Registered Dietitian Nutritionist (RDN)'],
    approaches: ['Meal planning', 'Food sensitivity testing', 'Blood sugar balancing', 'Mindful eating coaching'],
    conditions: ['Weight management', 'Type 2 diabetes', 'High cholesterol', 'Food intolerances'],
    licensure: 'Licensed Dietitian Nutritionist',
  },
};

const undergraduate = ['BS Biology, University of Oregon', 'BA Psychology, University of Texas at Austin', 'BS Kinesiology, San Diego State University', 'BS Chemistry, University of Minnesota', 'BA Anthropology, University of Colorado Boulder'] as const;

const closings = [
  'Works alongside primary care physicians when patients need shared care.',
  'Offers in-person visits and virtual follow-ups.',
  'Welcomes patients who are new to holistic care.',
  'Focuses on plans patients can keep between visits.',
] as const;

const questions = [
  'What does a first visit look like?',
  'Do you offer virtual consultations?',
  'How many sessions will I need?',
  'Do you work with my primary care physician?',
  'Can I keep taking my current medication?',
  'Do you offer a sliding scale?',
] as const;

const reviews = [
  'Listened carefully and explained every step.',
  'My energy is back after years of feeling run down.',
  'Practical advice that fit my busy schedule.',
  'I finally sleep through the night.',
  'Warm, thorough and never rushed.',
  'The plan was simple to follow, and it worked.',
  'Appointments can be hard to get, but worth the wait.',
  'Helped me understand what my body needed.',
  'Real progress with my chronic pain.',
  'Kind, knowledgeable and easy to talk to.',
] as const;

const referralReasons = ['Chronic digestive issues', 'Hormone balance assessment', 'Fatigue and brain fog', 'Stress-related insomnia', 'Persistent back pain', 'Eczema flare-ups'] as const;
const physicianSpecialties = ['Gastroenterology', 'Rheumatology', 'Endocrinology', 'Family Medicine', 'Neurology', 'Oncology'] as const;
const physicianNotes = [
  'Refers patients who want integrative support alongside conventional treatment.',
  'Co-manages patients with chronic conditions.',
  'Sends patients looking for nutrition and lifestyle care.',
] as const;
const awards = [
  { name: 'Top Holistic Practitioner', issuer: (city: string) => `${city} Magazine`, description: 'Voted by readers for outstanding patient care.' },
  { name: 'Community Health Award', issuer: (city: string) => `${city} Wellness Council`, description: 'For free clinics and health talks in the community.' },
  { name: 'Patient Choice Award', issuer: () => 'Wellspring Community', description: 'Rated among the most trusted practitioners by patients.' },
] as const;

/** Reviews, referrals and credentials are dated before this fixed day, so they never change with the clock. */
export const GENERATED_HISTORY_UNTIL: CalendarDate = SAMPLE_TODAY;

/** A generated practitioner: every field of the directory's `Practitioner`, plus where it practises. */
export interface GeneratedPractitioner extends Practitioner {
  readonly city: string;
  /** USPS code. */
  readonly state: string;
  /** The IANA zone of the city: the practitioner's calendar. */
  readonly timeZone: string;
}

const pad = (n: number) => String(n).padStart(6, '0');
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const twoDigits = (n: number) => String(n).padStart(2, '0');
const personName = (random: Random) => `${pick(random, firstNames)} ${pick(random, lastNames)}`;
const HISTORY_UNTIL_YEAR = Number(GENERATED_HISTORY_UNTIL.slice(0, 4));

/*
 * Speed. 100,000 practitioners with every profile field are millions of small strings and arrays that
 * all survive (they are the result), and copying survivors is what the garbage collector spends its
 * time on. So whatever is the same for many practitioners is built once and shared (read-only): a
 * text from a few parts, a choice of items from a list. Caches are keyed by numbers (indices, bit
 * sets), which cost nothing to hash; each is bounded by the number of combinations of its parts.
 */

/** `cache`'s value for `key`, built on first use. */
function cached<V>(cache: Map<number, V>, key: number, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** Floyd's selection of `count` of `length` indices as a bit set: the same draws as `pickDistinct`. */
function choiceMask(random: Random, length: number, count: number): number {
  if (length > 31) throw new RangeError('choiceMask works on lists of at most 31 items');
  let mask = 0;
  for (let j = length - Math.min(count, length); j < length; j += 1) {
    const t = randomInt(random, 0, j);
    mask |= 1 << ((mask & (1 << t)) !== 0 ? j : t);
  }
  return mask;
}

/** The items of `items` a choice mask names, one shared array per distinct choice. */
const choices = new WeakMap<readonly unknown[], Map<number, readonly unknown[]>>();
function sharedChoice<T>(items: readonly T[], mask: number): readonly T[] {
  let byMask = choices.get(items);
  if (!byMask) {
    byMask = new Map();
    choices.set(items, byMask);
  }
  return cached(byMask, mask, () => items.filter((_, k) => (mask & (1 << k)) !== 0)) as readonly T[];
}

/** `pickDistinct` (the same draws and result), as a shared array. */
const pickDistinctShared = <T>(random: Random, items: readonly T[], count: number): readonly T[] => sharedChoice(items, choiceMask(random, items.length, count));

const HISTORY_DAYS = 720;
/** `GENERATED_HISTORY_UNTIL` minus 1…720 days. */
const historyDays: readonly CalendarDate[] = Array.from({ length: HISTORY_DAYS }, (_, k) => addDays(GENERATED_HISTORY_UNTIL, -(k + 1)));
const dayBefore = (random: Random, maxDays: number): CalendarDate => historyDays[randomInt(random, 1, Math.min(maxDays, HISTORY_DAYS)) - 1] as CalendarDate;

const specialtyIndex = (specialty: Specialty) => specialties.indexOf(specialty);
/** A bit set of specialties, for keys. */
const specialtyMask = (own: readonly Specialty[]) => own.reduce((mask, s) => mask | (1 << specialtyIndex(s)), 0);

/** The union of the specialties' lists, once per combination of specialties. */
const pools = new Map<number, { readonly education: readonly string[]; readonly approaches: readonly string[]; readonly conditions: readonly string[] }>();
const poolsOf = (own: readonly Specialty[]) =>
  cached(pools, specialtyMask(own), () => {
    const union = (list: (profile: SpecialtyProfile) => readonly string[]) => [...new Set(own.flatMap((s) => list(specialtyProfiles[s])))];
    return { education: union((p) => p.education), approaches: union((p) => p.approaches), conditions: union((p) => p.conditions) };
  });

const texts = {
  name: new Map<number, string>(),
  location: new Map<number, string>(),
  shortBio: new Map<number, string>(),
  about: new Map<number, string>(),
  reviewer: new Map<number, string>(),
  issuer: new Map<number, string>(),
  certifications: new Map<number, readonly string[]>(),
  certificationChoice: new Map<number, readonly string[]>(),
  education: new Map<number, readonly string[]>(),
};

/** The certification texts of a specialty in a city's state. */
const certificationsOf = (specialty: Specialty, city: number) =>
  cached(texts.certifications, specialtyIndex(specialty) * usCities.length + city, () =>
    specialtyProfiles[specialty].certifications.map((certification) => certification((usCities[city] as UsCity).state)),
  );

/** The profile fields, from the practitioner's own detail stream. */
function profileDetail(random: Random, own: readonly Specialty[], years: number, reviewCount: number, cityAt: number) {
  const city = usCities[cityAt] as UsCity;
  const primarySpecialty = own[0] as Specialty;
  const primary = specialtyProfiles[primarySpecialty];
  const pool = poolsOf(own);
  const startYear = HISTORY_UNTIL_YEAR - years;

  const closing = randomInt(random, 0, closings.length - 1);
  const about = cached(texts.about, ((specialtyIndex(primarySpecialty) * usCities.length + cityAt) * 64 + years) * closings.length + closing, () =>
    [`${primary.title} in ${city.city}, ${city.state}, with ${countOf(years, 'year')} of practice.`, primary.practice, closings[closing]].join(' '),
  );

  const degreeMask = choiceMask(random, pool.education.length, randomInt(random, 1, 2));
  const degrees = sharedChoice(pool.education, degreeMask);
  const college = random() < 0.5 ? randomInt(random, 0, undergraduate.length - 1) : -1;
  const education = college < 0 ? degrees : cached(texts.education, (specialtyMask(own) * 2 ** 13 + degreeMask) * 8 + college, () => [...degrees, undergraduate[college] as string]);

  // The first certification of each specialty, and each further one at 40 %.
  let certificationBits = 0;
  own.forEach((specialty, s) => {
    certificationsOf(specialty, cityAt).forEach((_, k) => {
      if (k === 0 || random() < 0.4) certificationBits |= 1 << (s * 4 + k);
    });
  });
  const certifications = cached(texts.certificationChoice, (specialtyMask(own) * 2 ** 12 + certificationBits) * 64 + cityAt, () => [
    ...new Set(own.flatMap((specialty, s) => certificationsOf(specialty, cityAt).filter((_, k) => (certificationBits & (1 << (s * 4 + k))) !== 0))),
  ]);

  const testimonials: Testimonial[] = Array.from({ length: Math.min(reviewCount, randomInt(random, 0, 3)) }, (_, k) => {
    const roll = random();
    const first = randomInt(random, 0, firstNames.length - 1);
    const last = randomInt(random, 0, lastNames.length - 1);
    return {
      id: `t${k + 1}`,
      author: cached(texts.reviewer, first * lastNames.length + last, () => `${firstNames[first]} ${lastNames[last]?.[0]}.`),
      text: pick(random, reviews),
      rating: roll < 0.7 ? 5 : roll < 0.95 ? 4 : 3,
      date: dayBefore(random, HISTORY_DAYS),
    };
  });

  const licensures: Licensure[] | null =
    primary.licensure !== null && random() < 0.7
      ? [
          {
            id: 'l1',
            name: primary.licensure,
            issuedBy: cached(texts.issuer, cityAt, () => `State of ${usStateNames[city.state] ?? city.state}`),
            issueDate: `${startYear}-${twoDigits(randomInt(random, 1, 12))}-01`,
            expiryDate: `${HISTORY_UNTIL_YEAR + randomInt(random, 1, 2)}-${twoDigits(randomInt(random, 1, 12))}-28`,
            status: 'active',
          },
        ]
      : null;
  const award = random() < 0.1 ? pick(random, awards) : null;
  const practitionerAwards: Award[] | null = award
    ? [{ id: 'a1', name: award.name, issuedBy: award.issuer(city.city), year: Math.max(startYear + 1, HISTORY_UNTIL_YEAR - randomInt(random, 1, 6)), description: award.description }]
    : null;
  const referrals: PatientReferral[] | null =
    random() < 0.15
      ? Array.from({ length: randomInt(random, 1, 2) }, (_, k) => ({
          id: `r${k + 1}`,
          patientName: personName(random),
          reason: pick(random, referralReasons),
          date: dayBefore(random, 120),
          referredBy: `Dr. ${personName(random)}`,
          status: pick(random, directoryReferralStatuses),
        }))
      : null;
  const physicianReferrals: PhysicianReferral[] | null =
    random() < 0.1
      ? [
          {
            id: 'pr1',
            physicianName: `Dr. ${personName(random)}, MD`,
            specialty: pick(random, physicianSpecialties),
            hospital: `${city.city} ${pick(random, ['General Hospital', 'Medical Center', 'Community Hospital'])}`,
            date: dayBefore(random, 365),
            note: pick(random, physicianNotes),
          },
        ]
      : null;
  return {
    about,
    education,
    certifications,
    testimonials,
    treatmentApproaches: pickDistinctShared(random, pool.approaches, randomInt(random, 2, 4)),
    questionsPrompts: pickDistinctShared(random, questions, randomInt(random, 2, 3)),
    conditionsTreated: pickDistinctShared(random, pool.conditions, randomInt(random, 2, 5)),
    referrals,
    physicianReferrals,
    licensures,
    awards: practitionerAwards,
  };
}

/** The seed of the detail stream: a fixed, well-mixed function of the main seed. */
const detailSeed = (seed: number) => Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ 0x165667b1;

export function generatePractitioners(n: number, seed: number): GeneratedPractitioner[] {
  const random = mulberry32(seed);
  const detail = mulberry32(detailSeed(seed));
  const result: GeneratedPractitioner[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    // The main stream: the same draws, in the same order, as the generator before profile details.
    const cityAt = pickIndex(random, usCities.length);
    const city = usCities[cityAt] as UsCity;
    const own = pickDistinctShared(random, specialties, randomInt(random, 1, 3));
    const acceptsInsurance = random() < 0.55;
    const first = pickIndex(random, firstNames.length);
    const last = pickIndex(random, lastNames.length);
    const doctor = random() < 0.6;
    const primary = own[0] as Specialty;
    const commonSymptoms = pickDistinctShared(random, quizSymptomVocabulary, randomInt(random, 2, 6));
    const rating = round(3.5 + random() * 1.5, 1);
    const reviewCount = randomInt(random, 0, 400);
    const yearsExperience = randomInt(random, 1, 35);
    const insuranceList = acceptsInsurance ? pickDistinctShared(random, insuranceProviders, randomInt(random, 1, 5)) : null;
    const coordinates = { lat: round(city.lat + (random() - 0.5) * 0.3, 5), lng: round(city.lng + (random() - 0.5) * 0.3, 5) };
    const more = profileDetail(detail, own, yearsExperience, reviewCount, cityAt);
    const practitioner: Mutable<GeneratedPractitioner> = {
      id: `gen-p-${pad(i + 1)}`,
      name: cached(texts.name, ((doctor ? 1 : 0) * firstNames.length + first) * lastNames.length + last, () => `${doctor ? 'Dr. ' : ''}${firstNames[first]} ${lastNames[last]}`),
      profileImage: null,
      specialties: own,
      location: cached(texts.location, cityAt, () => `${city.city}, ${city.state}`),
      coordinates,
      distance: roundMiles(milesBetween(city, coordinates)),
      yearsExperience,
      shortBio: cached(texts.shortBio, specialtyIndex(primary) * usCities.length + cityAt, () => `${specialtyProfiles[primary].title} in ${city.city} offering personalized, whole-person care.`),
      about: more.about,
      education: more.education,
      certifications: more.certifications,
      acceptsInsurance,
      reviewCount,
      rating,
      testimonials: more.testimonials,
      treatmentApproaches: more.treatmentApproaches,
      questionsPrompts: more.questionsPrompts,
      commonSymptoms,
      conditionsTreated: more.conditionsTreated,
      city: city.city,
      state: city.state,
      timeZone: city.timeZone,
    };
    // Optional sections only when present, as on the sample practitioners.
    if (insuranceList) practitioner.insuranceList = insuranceList;
    if (more.referrals) practitioner.referrals = more.referrals;
    if (more.physicianReferrals) practitioner.physicianReferrals = more.physicianReferrals;
    if (more.licensures) practitioner.licensures = more.licensures;
    if (more.awards) practitioner.awards = more.awards;
    result[i] = practitioner;
  }
  return result;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export interface GeneratedPatient {
  readonly id: string;
  /** The generated practitioner whose patient this is. */
  readonly practitionerId: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly dob: CalendarDate;
  readonly status: PatientStatus;
  readonly conditions: readonly string[];
}

const conditionPool = ['Chronic Fatigue', 'IBS', 'Anxiety', 'Insomnia', 'Migraines', 'Hypertension', 'Eczema', 'Seasonal Allergies', 'PCOS', 'Hypothyroidism', 'Lower Back Pain', 'Arthritis'] as const;
const patientStatuses: readonly PatientStatus[] = ['active', 'active', 'active', 'new', 'inactive'];

/** `n` patients, each of one of `practitioners` (ids `gen-pt-000001`, …). */
export function generatePatients(n: number, seed: number, options: { readonly practitioners: readonly Pick<GeneratedPractitioner, 'id'>[] }): GeneratedPatient[] {
  if (n > 0 && options.practitioners.length === 0) throw new RangeError('Patients need at least one practitioner');
  const random = mulberry32(seed);
  const result: GeneratedPatient[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    const first = pick(random, firstNames);
    const last = pick(random, lastNames);
    result[i] = {
      id: `gen-pt-${pad(i + 1)}`,
      practitionerId: pick(random, options.practitioners).id,
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
  /** The patient's practitioner. */
  readonly practitionerId: string;
  /** ISO instant: on the hour between 9:00 and 16:00 in the practitioner's time zone. */
  readonly startsAt: string;
  readonly durationMinutes: number;
  readonly type: AppointmentType;
  readonly mode: AppointmentMode;
  readonly status: AppointmentStatus;
}

/**
 * `n` appointments of the given patients with their practitioners, spread from `windowDays` before
 * `today` to `windowDays` after (calendar days in each practitioner's zone), at the schedule's slots
 * (9:00–11:00, 13:00–16:00) of that zone. Past appointments are completed (or cancelled); today's
 * and future ones scheduled, confirmed or cancelled.
 */
export function generateAppointments(
  n: number,
  seed: number,
  options: {
    readonly patients: readonly Pick<GeneratedPatient, 'id' | 'practitionerId'>[];
    readonly practitioners: readonly Pick<GeneratedPractitioner, 'id' | 'timeZone'>[];
    readonly today: CalendarDate;
    readonly windowDays?: number;
  },
): GeneratedAppointment[] {
  if (n > 0 && options.patients.length === 0) throw new RangeError('Appointments need at least one patient');
  const zones = new Map(options.practitioners.map((p) => [p.id, p.timeZone]));
  const random = mulberry32(seed);
  const window = options.windowDays ?? 60;
  const durations = portalDurationOptions.map(durationMinutes);
  // The instant of (zone, day, slot): few distinct values, each computed once.
  const instants = new Map<string, string>();
  const instantOf = (zone: string, day: CalendarDate, slot: string): string => {
    const key = `${zone} ${day} ${slot}`;
    let instant = instants.get(key);
    if (instant === undefined) {
      instant = zonedTimeToInstant(day, slot, zone).toISOString();
      instants.set(key, instant);
    }
    return instant;
  };
  const result: GeneratedAppointment[] = new Array(n);
  for (let i = 0; i < n; i += 1) {
    const offset = randomInt(random, -window, window);
    const slot = pick(random, scheduleTimeSlots);
    const roll = random();
    const status: AppointmentStatus = offset < 0 ? (roll < 0.9 ? 'completed' : 'cancelled') : roll < 0.5 ? 'scheduled' : roll < 0.95 ? 'confirmed' : 'cancelled';
    const patient = pick(random, options.patients);
    const zone = zones.get(patient.practitionerId);
    if (zone === undefined) throw new RangeError(`Patient ${patient.id} has a practitioner not given: ${patient.practitionerId}`);
    result[i] = {
      id: `gen-a-${pad(i + 1)}`,
      patientId: patient.id,
      practitionerId: patient.practitionerId,
      startsAt: instantOf(zone, addDays(options.today, offset), slot),
      durationMinutes: pick(random, durations),
      type: pick(random, appointmentTypes),
      mode: random() < 0.4 ? 'virtual' : 'in-person',
      status,
    };
  }
  return result;
}

/** The profile of a generated practitioner (load data): every field but `distance` and where it practises. */
export function profileOfGenerated(generated: GeneratedPractitioner): DirectoryProfile {
  const { distance: _distance, city: _city, state: _state, timeZone: _timeZone, ...profile } = generated;
  return profile;
}
