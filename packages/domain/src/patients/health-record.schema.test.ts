import { describe, expect, it } from 'vitest';
import { healthRecordCounts, healthRecordMessages, healthRecordSchema, MAX_HEALTH_RECORD_ITEMS, storedHealthRecord } from './health-record.schema.ts';

describe('the health record editor', () => {
  it('takes every section, trims the text and fills what is left out', () => {
    const record = healthRecordSchema.parse({
      allergies: [{ name: ' Penicillin ', severity: 'Severe', reaction: 'Hives' }],
      medications: [{ name: 'Vitamin D3', dosage: '2,000 IU' }],
      lifestyle: { goals: 'Sleep through the night' },
    });
    expect(record.allergies).toEqual([{ name: 'Penicillin', severity: 'Severe', reaction: 'Hives' }]);
    expect(record.medications).toEqual([{ name: 'Vitamin D3', dosage: '2,000 IU', frequency: '', purpose: '' }]);
    expect(record.medicalHistory).toEqual([]);
    expect(record.lifestyle).toEqual({ diet: '', exercise: '', sleep: '', stress: '', substances: '', goals: 'Sleep through the night' });
    expect(healthRecordCounts(storedHealthRecord(record))).toEqual({ allergies: 1, medications: 1, medicalHistory: 0, familyHistory: 0, lifestyle: true });
  });

  it('stores no lifestyle when every field of it is empty', () => {
    expect(storedHealthRecord(healthRecordSchema.parse({})).lifestyle).toBeNull();
  });

  it('names the field of an item that is missing its name or severity', () => {
    const result = healthRecordSchema.safeParse({ allergies: [{ name: '  ', severity: 'Mild' }, { name: 'Latex', severity: 'Extreme' }], familyHistory: [{ relation: 'Mother' }] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      'allergies.0.name': healthRecordMessages.allergyName,
      'allergies.1.severity': healthRecordMessages.severity,
      'familyHistory.0.condition': healthRecordMessages.condition,
    });
  });

  it('takes at most MAX_HEALTH_RECORD_ITEMS items in a section', () => {
    const many = Array.from({ length: MAX_HEALTH_RECORD_ITEMS + 1 }, (_, index) => ({ condition: `Condition ${index}` }));
    expect(healthRecordSchema.safeParse({ medicalHistory: many }).error?.issues[0]?.message).toBe(healthRecordMessages.tooMany);
  });
});
