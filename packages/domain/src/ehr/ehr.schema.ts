/** EHR records (SPEC §3): record types with labels and the New EHR Record form (default type soap). */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { labelOf } from '../shared/labels.ts';
import { tooLongMessage } from '../shared/text-limits.ts';

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

export interface SoapContent {
  readonly subjective: string;
  readonly objective: string;
  readonly assessment: string;
  readonly plan: string;
}

const soapField = multilineText().max(20_000, tooLongMessage('Each section', 20_000)).default('');

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
  /** "SOAP note saved" — the type in upper case (SPEC §8; its "not fully implemented" description went with issue 26: the record is stored, signed). */
  saved: (type: EhrRecordType) => ({ title: `${type.toUpperCase()} note saved` }),
  saveFailed: { title: 'Error saving record', description: 'Please try again later.' },
  notAuthenticated: 'User not authenticated',
  allRecords: 'All EHR Records',
  patientRecords: 'Patient Records',
  empty: 'No records found',
  createNew: 'Create New Record',
} as const;
