/** EHR records (docs/product.md#clinical-notes): record types with labels and the New EHR Record form (default type soap). */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { labelOf } from '../shared/labels.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { commonMessages } from '../shared/messages.ts';

export const ehrRecordTypes = ['soap', 'progress', 'initial', 'discharge'] as const;
export const ehrRecordTypeSchema = z.enum(ehrRecordTypes);
export type EhrRecordType = z.infer<typeof ehrRecordTypeSchema>;
export const ehrRecordTypeLabels: Record<EhrRecordType, string> = {
  soap: 'SOAP Note',
  progress: 'Progress Note',
  initial: 'Initial Assessment',
  discharge: 'Discharge Summary',
};
export const ehrRecordTypeLabel = (type: string): string => labelOf(ehrRecordTypeLabels, type);
/** A stored type as the domain's (a row with an unknown one reads as a SOAP note). */
export const ehrRecordTypeOf = (type: string): EhrRecordType => ((ehrRecordTypes as readonly string[]).includes(type) ? (type as EhrRecordType) : 'soap');

export interface SoapContent {
  readonly subjective: string;
  readonly objective: string;
  readonly assessment: string;
  readonly plan: string;
}

const soapField = multilineText().max(20_000, tooLongMessage('Each section', 20_000)).default('');

/** A note's four sections as a form sends them (each may be empty while it is a draft). */
export const soapContentSchema = z.object({ subjective: soapField, objective: soapField, assessment: soapField, plan: soapField });

/**
 * What a new note of each type starts with (issue 26: "a template per type"): the prompts a
 * practitioner fills in under each SOAP heading. Typed over freely; a section left as its prompt
 * is still recorded as written.
 */
export const noteTemplates: Record<EhrRecordType, SoapContent> = {
  soap: { subjective: '', objective: '', assessment: '', plan: '' },
  progress: {
    subjective: 'Since the last visit:\nCurrent symptoms:',
    objective: 'Observations today:',
    assessment: 'Progress toward goals:',
    plan: 'Changes to the plan:\nNext visit:',
  },
  initial: {
    subjective: 'Chief complaint:\nHistory of present concern:\nHealth goals:',
    objective: 'Vitals:\nExamination:',
    assessment: 'Initial assessment:',
    plan: 'Treatment plan:\nRecommendations:\nFollow-up:',
  },
  discharge: {
    subjective: 'Reason for discharge:',
    objective: 'Status at discharge:',
    assessment: 'Outcome of care:',
    plan: 'Self-care recommendations:\nReferrals:',
  },
};

/** The New EHR Record form. The spec has no validation; a record still needs a patient name. */
export const ehrFormSchema = z.object({
  patientName: lineText().trim().min(1, 'Please enter the patient name.').max(200, tooLongMessage('Patient name', 200)),
  recordType: ehrRecordTypeSchema.default('soap'),
  subjective: soapField,
  objective: soapField,
  assessment: soapField,
  plan: soapField,
});
export type EhrFormInput = z.input<typeof ehrFormSchema>;
export type EhrForm = z.output<typeof ehrFormSchema>;

export const ehrFormDefaults: EhrForm = { patientName: '', recordType: 'soap', subjective: '', objective: '', assessment: '', plan: '' };

export const ehrMessages = {
  /** "SOAP note saved" — the type in upper case (docs/product.md#clinical-notes; its "not fully implemented" description went with issue 26: the record is stored, signed). */
  saved: (type: EhrRecordType) => ({ title: `${type.toUpperCase()} note saved` }),
  saveFailed: { title: 'Error saving record', description: commonMessages.tryAgainLater },
  notAuthenticated: 'User not authenticated',
  allRecords: 'All EHR Records',
  patientRecords: 'Patient Records',
  empty: 'No records found',
  createNew: 'Create New Record',
} as const;
