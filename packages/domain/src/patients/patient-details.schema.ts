/**
 * The patient form (issue 26): "Add New Patient" on the patient list, and "Edit patient info" on a
 * patient's card and Overview, for the same fields. Every field but the name may stay empty. A date
 * of birth is a calendar date not after today; conditions are typed one per line or separated by
 * commas. A patient is never deleted: archiving sets the status to inactive (and back).
 */
import { z } from 'zod';
import { newPatientMessages, newPatientSchema } from '../schedule/schedule.schema.ts';
import { isInputDateInRange } from '../shared/input-bounds.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText, multilineText } from '../shared/text.ts';
import { isCalendarDate } from '../time/dates.ts';
import { patientStatusSchema } from './patient.schema.ts';

export const MAX_CONDITIONS = 30;

export const patientFormMessages = {
  name: newPatientMessages.name,
  email: newPatientMessages.email,
  phone: newPatientMessages.phone,
  dateOfBirth: 'Please enter a valid date of birth.',
  dateOfBirthFuture: 'A date of birth cannot be in the future.',
  conditions: `Please list at most ${MAX_CONDITIONS} conditions, each at most 100 characters.`,
  status: 'Please choose a status.',
  created: 'Patient added',
  saved: 'Patient info saved',
  archived: 'Patient archived',
  restored: 'Patient restored',
  duplicateTitle: 'This may be a patient you already have',
} as const;

export const patientFormLabels = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  emergencyName: 'Contact name',
  emergencyRelationship: 'Relationship',
  emergencyPhone: 'Emergency phone',
  insuranceProvider: 'Insurance provider',
  insurancePolicyNumber: 'Policy number',
  insuranceGroup: 'Group number',
  conditions: 'Conditions',
  status: 'Status',
} as const;

const shortText = (label: string, max: number) => lineText().trim().max(max, tooLongMessage(label, max)).default('');

/** Conditions as typed (one per line, or separated by commas) → the list, trimmed, without empties or repeats. */
export function splitConditions(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => {
      const key = item.toLowerCase();
      if (item === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const dateOfBirth = lineText()
  .trim()
  .refine((value) => value === '' || (isCalendarDate(value) && isInputDateInRange(value)), patientFormMessages.dateOfBirth);

/** The form's fields (all text); `today` (the practice's) bounds the date of birth. */
export const patientFormSchema = (today: string) =>
  z.object({
    name: newPatientSchema.shape.name,
    email: newPatientSchema.shape.email,
    phone: newPatientSchema.shape.phone,
    dateOfBirth: dateOfBirth.refine((value) => value === '' || value <= today, patientFormMessages.dateOfBirthFuture).default(''),
    address: shortText(patientFormLabels.address, 300),
    emergencyName: shortText(patientFormLabels.emergencyName, 200),
    emergencyRelationship: shortText(patientFormLabels.emergencyRelationship, 100),
    emergencyPhone: newPatientSchema.shape.phone,
    insuranceProvider: shortText(patientFormLabels.insuranceProvider, 200),
    insurancePolicyNumber: shortText(patientFormLabels.insurancePolicyNumber, 100),
    insuranceGroup: shortText(patientFormLabels.insuranceGroup, 100),
    conditions: multilineText()
      .default('')
      .transform(splitConditions)
      .refine((items) => items.length <= MAX_CONDITIONS && items.every((item) => item.length <= 100), patientFormMessages.conditions),
    status: patientStatusSchema.default('new'),
  });
export type PatientFormInput = z.input<ReturnType<typeof patientFormSchema>>;
export type PatientDetailsInput = z.output<ReturnType<typeof patientFormSchema>>;

/**
 * What the server takes: the form's fields, the date of birth checked against the server's clock
 * (a day of margin for zones ahead of the practice's; the practice's own "today" is checked again in
 * the practice's zone).
 */
export const patientDetailsSchema = z.object({ ...patientFormSchema('9999-12-31').shape, dateOfBirth: dateOfBirth.default('') });

export const updatePatientSchema = patientDetailsSchema.extend({ id: lineText().trim().min(1).max(200) });
export const archivePatientSchema = z.object({ id: lineText().trim().min(1).max(200), archived: z.boolean() });

/** Patients who may be the one being added or edited: the same e-mail, or the same name and date of birth. */
export const possibleDuplicatesSchema = z.object({
  name: lineText().trim().max(200).default(''),
  email: lineText().trim().max(254).default(''),
  dateOfBirth: dateOfBirth.default(''),
  /** The patient being edited (never its own duplicate). */
  excludeId: lineText().trim().max(200).default(''),
});

