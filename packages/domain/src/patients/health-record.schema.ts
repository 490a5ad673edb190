/**
 * The health record's editor (issue 26: "the health record is editable where it shows Edit"): the
 * five sections of docs/product.md#health-record — allergies with severity, medications with dosage, medical and family
 * history, and lifestyle (with the patient's health goals) — saved whole, replacing what was there.
 * Each item needs its name; the other fields may stay empty. One schema for the form and the server.
 */
import { z } from 'zod';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText, multilineText } from '../shared/text.ts';
import { allergySeverities, type Allergy, type FamilyHistoryItem, type Lifestyle, type MedicalHistoryItem, type Medication } from './patient.schema.ts';

/** At most this many items in one section. */
export const MAX_HEALTH_RECORD_ITEMS = 50;

export const healthRecordMessages = {
  allergyName: 'Please enter the allergy.',
  severity: 'Please choose a severity.',
  medicationName: 'Please enter the medication or supplement.',
  condition: 'Please enter the condition.',
  relation: 'Please enter the relation.',
  tooMany: `Please list at most ${MAX_HEALTH_RECORD_ITEMS} items in a section.`,
  saved: 'Health record saved',
} as const;

/** A name the item needs: left out or blank, it is the same message. */
const required = (label: string, message: string) => z.string({ error: message }).pipe(lineText().trim().min(1, message).max(200, tooLongMessage(label, 200)));
const optional = (label: string, max = 200) => lineText().trim().max(max, tooLongMessage(label, max)).default('');
const paragraph = (label: string) => multilineText().trim().max(2000, tooLongMessage(label, 2000)).default('');
const section = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_HEALTH_RECORD_ITEMS, healthRecordMessages.tooMany).default([]);

export const allergyInputSchema = z.object({
  name: required('Allergy', healthRecordMessages.allergyName),
  severity: z.enum(allergySeverities, { error: healthRecordMessages.severity }),
  reaction: optional('Reaction', 500),
});
export const medicationInputSchema = z.object({
  name: required('Medication', healthRecordMessages.medicationName),
  dosage: optional('Dosage'),
  frequency: optional('Frequency'),
  purpose: optional('Purpose', 500),
});
export const medicalHistoryInputSchema = z.object({
  condition: required('Condition', healthRecordMessages.condition),
  dateOnset: optional('Onset'),
  status: optional('Status'),
  treatment: optional('Treatment', 500),
});
export const familyHistoryInputSchema = z.object({
  relation: required('Relation', healthRecordMessages.relation),
  condition: required('Condition', healthRecordMessages.condition),
  age: optional('Age of onset'),
});
export const lifestyleInputSchema = z.object({
  diet: paragraph('Diet & Nutrition'),
  exercise: paragraph('Exercise'),
  sleep: paragraph('Sleep'),
  stress: paragraph('Stress Management'),
  substances: paragraph('Substances'),
  goals: paragraph('Health goals'),
});

export const healthRecordSchema = z.object({
  allergies: section(allergyInputSchema),
  medications: section(medicationInputSchema),
  medicalHistory: section(medicalHistoryInputSchema),
  familyHistory: section(familyHistoryInputSchema),
  lifestyle: lifestyleInputSchema.default({ diet: '', exercise: '', sleep: '', stress: '', substances: '', goals: '' }),
});
export type HealthRecordInput = z.input<typeof healthRecordSchema>;
export type HealthRecord = z.output<typeof healthRecordSchema>;

/** The health record as stored: the items of each section in order, and the lifestyle (null when nothing is recorded). */
export interface StoredHealthRecord {
  readonly allergies: readonly Allergy[];
  readonly medications: readonly Medication[];
  readonly medicalHistory: readonly MedicalHistoryItem[];
  readonly familyHistory: readonly FamilyHistoryItem[];
  readonly lifestyle: Lifestyle | null;
}

export function storedHealthRecord(record: HealthRecord): StoredHealthRecord {
  const { lifestyle } = record;
  const empty = Object.values(lifestyle).every((value) => value === '');
  return { allergies: record.allergies, medications: record.medications, medicalHistory: record.medicalHistory, familyHistory: record.familyHistory, lifestyle: empty ? null : lifestyle };
}

/** How many items each section has: all the patient machine's event says of an edit (never the text). */
export const healthRecordCounts = (record: StoredHealthRecord) => ({
  allergies: record.allergies.length,
  medications: record.medications.length,
  medicalHistory: record.medicalHistory.length,
  familyHistory: record.familyHistory.length,
  lifestyle: record.lifestyle !== null,
});
