import { describe, expect, it } from 'vitest';
import { ehrFormSchema, ehrMessages, ehrRecordTypeLabel } from './ehr.schema.ts';

describe('EHR form', () => {
  it('defaults to a SOAP note with empty sections', () => {
    expect(ehrFormSchema.parse({ patientName: ' Emma ' })).toEqual({ patientName: 'Emma', recordType: 'soap', subjective: '', objective: '', assessment: '', plan: '' });
    expect(ehrFormSchema.safeParse({ patientName: '' }).success).toBe(false);
    expect(ehrFormSchema.safeParse({ patientName: 'E', recordType: 'memo' }).success).toBe(false);
  });

  it('labels the record types and words the saved toast', () => {
    expect(['soap', 'progress', 'initial', 'discharge', 'x'].map(ehrRecordTypeLabel)).toEqual(['SOAP Note', 'Progress Note', 'Initial Assessment', 'Discharge Summary', 'Unknown']);
    expect(ehrMessages.saved('progress').title).toBe('PROGRESS note saved');
  });
});
