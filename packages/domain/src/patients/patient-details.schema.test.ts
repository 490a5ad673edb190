import { describe, expect, it } from 'vitest';
import { patientFormMessages, patientFormSchema, splitConditions } from './patient-details.schema.ts';

const today = '2026-11-28';
const messages = (input: Record<string, unknown>) => {
  const result = patientFormSchema(today).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the patient form', () => {
  it('needs only a name; the rest is trimmed, conditions split into a list without repeats', () => {
    expect(patientFormSchema(today).parse({ name: '  Ada Moss ', conditions: 'IBS, anxiety\nibs\n\n Migraine ' })).toEqual({
      name: 'Ada Moss',
      email: '',
      phone: '',
      dateOfBirth: '',
      address: '',
      emergencyName: '',
      emergencyRelationship: '',
      emergencyPhone: '',
      insuranceProvider: '',
      insurancePolicyNumber: '',
      insuranceGroup: '',
      conditions: ['IBS', 'anxiety', 'Migraine'],
      status: 'new',
    });
    expect(splitConditions('')).toEqual([]);
  });

  it('refuses a short name, a bad e-mail or phone, an impossible or future date of birth and too many conditions', () => {
    expect(messages({ name: 'A', email: 'not-an-email', phone: '12', dateOfBirth: '1985-02-30', conditions: Array.from({ length: 31 }, (_, index) => `c${index}`).join(',') })).toEqual({
      name: patientFormMessages.name,
      email: patientFormMessages.email,
      phone: patientFormMessages.phone,
      dateOfBirth: patientFormMessages.dateOfBirth,
      conditions: patientFormMessages.conditions,
    });
    expect(messages({ name: 'Ada Moss', dateOfBirth: '2026-11-29' })).toEqual({ dateOfBirth: patientFormMessages.dateOfBirthFuture });
    expect(messages({ name: 'Ada Moss', dateOfBirth: today })).toEqual({});
  });
});
