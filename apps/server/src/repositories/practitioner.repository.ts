/**
 * The directory's practitioners: a profile by id, and bulk loading (the seed's samples, generated
 * load data for the bench and the tests).
 */
import {
  normalizeSymptom,
  quizSymptomVocabulary,
  specialties,
  type Award,
  type DirectoryCard,
  type DirectoryProfile,
  type Licensure,
  type PatientReferral,
  type PhysicianReferral,
  type Specialty,
  type Testimonial,
} from '@wellspring/domain';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database, DatabaseTransaction } from '../db/client.ts';

/**
 * The bit set of `specialty_mask` (the generated column of migration 20261122030554_directory_search_indexes):
 * bit i for the i-th specialty of the domain's catalog.
 */
export const specialtyMaskOf = (list: readonly Specialty[]): number =>
  list.reduce((mask, specialty) => mask | (1 << specialties.indexOf(specialty)), 0);

const vocabulary: readonly string[] = quizSymptomVocabulary;

/**
 * The bit set of `symptom_mask` (generated column of migration 20261123133000_name_words_and_symptom_mask):
 * bit i for the i-th word of the domain's quiz symptom vocabulary; other symptoms set no bit.
 */
export const symptomMaskOf = (symptoms: readonly string[]): number =>
  symptoms.reduce((mask, symptom) => {
    const index = vocabulary.indexOf(normalizeSymptom(symptom));
    return index < 0 ? mask : mask | (1 << index);
  }, 0);

const statementNames = new Map<string, string>();
/**
 * A name for a statement text, so that `pg` prepares it once per pooled connection and later runs
 * skip parsing and planning from scratch (PostgreSQL's plan cache). The directory and the quiz build
 * a bounded number of texts (one per shape of input); values stay parameters.
 */
export function preparedStatementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `directory_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

/** The columns of a directory card, for the raw SQL of search and the quiz (alias `p`). */
export const DIRECTORY_CARD_COLUMNS = `p.id, p.name, p.profile_image, p.specialties, p.location, p.years_experience, p.rating,
  p.review_count, p.accepts_insurance, p.insurance_list, p.short_bio`;

export interface DirectoryCardRow {
  id: string;
  name: string;
  profile_image: string | null;
  specialties: string[];
  location: string;
  years_experience: number;
  rating: number;
  review_count: number;
  accepts_insurance: boolean;
  insurance_list: string[] | null;
  short_bio: string;
}

export function directoryCardFromRow(row: DirectoryCardRow, distanceMiles: number | null): DirectoryCard {
  return {
    id: row.id,
    name: row.name,
    profileImage: row.profile_image,
    specialties: row.specialties as Specialty[],
    location: row.location,
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 10) / 10,
    yearsExperience: row.years_experience,
    rating: row.rating,
    reviewCount: row.review_count,
    acceptsInsurance: row.accepts_insurance,
    insuranceList: row.insurance_list ?? [],
    shortBio: row.short_bio,
  };
}

const profileSelect = {
  id: true,
  name: true,
  profileImage: true,
  specialties: true,
  location: true,
  lat: true,
  lng: true,
  yearsExperience: true,
  shortBio: true,
  about: true,
  education: true,
  certifications: true,
  acceptsInsurance: true,
  insuranceList: true,
  reviewCount: true,
  rating: true,
  testimonials: true,
  treatmentApproaches: true,
  questionsPrompts: true,
  commonSymptoms: true,
  conditionsTreated: true,
  referrals: true,
  physicianReferrals: true,
  licensures: true,
  awards: true,
} as const;

/** The full profile, in the domain's shape (optional sections absent when the database has none). */
export async function findPractitionerProfile(db: Database | DatabaseTransaction, id: string): Promise<DirectoryProfile | null> {
  const row = await db.practitioner.findUnique({ where: { id }, select: profileSelect });
  if (!row) return null;
  const { lat, lng, insuranceList, referrals, physicianReferrals, licensures, awards, testimonials, specialties, ...rest } = row;
  return {
    ...rest,
    specialties: specialties as Specialty[],
    coordinates: { lat, lng },
    testimonials: testimonials as unknown as Testimonial[],
    ...(insuranceList.length > 0 ? { insuranceList } : {}),
    ...(referrals !== null ? { referrals: referrals as unknown as PatientReferral[] } : {}),
    ...(physicianReferrals !== null ? { physicianReferrals: physicianReferrals as unknown as PhysicianReferral[] } : {}),
    ...(licensures !== null ? { licensures: licensures as unknown as Licensure[] } : {}),
    ...(awards !== null ? { awards: awards as unknown as Award[] } : {}),
  };
}

export async function practitionerExists(db: Database | DatabaseTransaction, id: string): Promise<boolean> {
  return (await db.practitioner.count({ where: { id } })) > 0;
}

export function countPractitioners(db: Database | DatabaseTransaction): Promise<number> {
  return db.practitioner.count();
}

/** One row of `practitioner` as jsonb_populate_recordset reads it (column names as keys). */
function rowOf(profile: DirectoryProfile): Record<string, unknown> {
  return {
    id: profile.id,
    name: profile.name,
    profile_image: profile.profileImage,
    specialties: [...new Set(profile.specialties)],
    location: profile.location,
    lat: profile.coordinates.lat,
    lng: profile.coordinates.lng,
    years_experience: profile.yearsExperience,
    short_bio: profile.shortBio,
    about: profile.about,
    education: profile.education,
    certifications: profile.certifications,
    accepts_insurance: profile.acceptsInsurance,
    insurance_list: profile.insuranceList ?? [],
    review_count: profile.reviewCount,
    rating: profile.rating,
    testimonials: profile.testimonials,
    treatment_approaches: profile.treatmentApproaches,
    questions_prompts: profile.questionsPrompts,
    common_symptoms: profile.commonSymptoms,
    common_symptoms_normalized: [...new Set(profile.commonSymptoms.map(normalizeSymptom))],
    conditions_treated: profile.conditionsTreated,
    referrals: profile.referrals ?? null,
    physician_referrals: profile.physicianReferrals ?? null,
    licensures: profile.licensures ?? null,
    awards: profile.awards ?? null,
  };
}

const INSERT_COLUMNS = [
  'id', 'name', 'profile_image', 'specialties', 'location', 'lat', 'lng', 'years_experience', 'short_bio', 'about', 'education',
  'certifications', 'accepts_insurance', 'insurance_list', 'review_count', 'rating', 'testimonials', 'treatment_approaches',
  'questions_prompts', 'common_symptoms', 'common_symptoms_normalized', 'conditions_treated', 'referrals', 'physician_referrals',
  'licensures', 'awards',
].join(', ');

const BULK_INSERT_SQL = `
  INSERT INTO practitioner (${INSERT_COLUMNS})
  SELECT ${INSERT_COLUMNS} FROM jsonb_populate_recordset(NULL::practitioner, $1::jsonb)
  ON CONFLICT (id) DO NOTHING`;

/**
 * Inserts profiles in batches (one statement per batch: a JSON array expanded by
 * jsonb_populate_recordset), skipping ids already present. This is the one place that derives
 * `common_symptoms_normalized` (the domain's normalizeSymptom, distinct); PostgreSQL derives
 * `search_document`. Returns the number of rows inserted. On a pool each batch commits alone; on a
 * client, within the client's transaction (the demo directory's seed).
 */
export async function insertPractitioners(db: pg.Pool | pg.PoolClient, profiles: readonly DirectoryProfile[], batchSize = 2_000): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < profiles.length; start += batchSize) {
    const batch = profiles.slice(start, start + batchSize).map(rowOf);
    const result = await db.query(BULK_INSERT_SQL, [JSON.stringify(batch)]);
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}
