import { describe, expect, it } from 'vitest';
import { ehrFormSchema, ehrMessages, ehrRecordTypeLabel, ehrRecordTypeOf, ehrRecordTypes, noteTemplates, soapContentSchema } from './ehr.schema.ts';

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

describe('note templates', () => {
  it('gives every record type a template, SOAP empty and the others with prompts', () => {
    expect(Object.keys(noteTemplates).sort()).toEqual([...ehrRecordTypes].sort());
    expect(Object.values(noteTemplates.soap).every((section) => section === '')).toBe(true);
    for (const type of ['progress', 'initial', 'discharge'] as const) {
      expect(soapContentSchema.parse(noteTemplates[type])).toEqual(noteTemplates[type]);
      expect(Object.values(noteTemplates[type]).every((section) => section.trim().length > 0)).toBe(true);
    }
  });

  it('reads an unknown stored type as a SOAP note', () => {
    expect(ehrRecordTypeOf('discharge')).toBe('discharge');
    expect(ehrRecordTypeOf('memo')).toBe('soap');
  });
});
