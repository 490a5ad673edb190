import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import { normalizeCpt, normalizeIcd10, setVisitCodesSchema, visitCodesFormSchema } from './visit-codes.schema.ts';

describe('visit codes', () => {
  it('reads CPT codes: 5 digits, or 4 digits and F or T', () => {
    expect(['99213', '3074F', '0042t'].map(normalizeCpt)).toEqual(['99213', '3074F', '0042T']);
    for (const wrong of ['9921', '992133', '9921A', 'F9921', '99 21']) expect(normalizeCpt(wrong)).toBeNull();
  });

  it('reads ICD-10-CM codes: letter, digit, letter or digit, then a dot and 1 to 4 more', () => {
    expect(['M54.5', 'f41.1', 'M545', 'S72.001A', 'Z00', 'E11.65'].map(normalizeIcd10)).toEqual(['M54.5', 'F41.1', 'M54.5', 'S72.001A', 'Z00', 'E11.65']);
    for (const wrong of ['M5', '54.5', 'MM4.5', 'M54.', 'M54.12345', 'M54-5']) expect(normalizeIcd10(wrong)).toBeNull();
  });

  it('splits the typed lists, keeps each code once in the order typed, and names the first bad entry', () => {
    expect(visitCodesFormSchema.parse({ cptCodes: '99213, 97140;99213 ', icd10Codes: 'm54.5 F41.1' })).toEqual({ cptCodes: ['99213', '97140'], icd10Codes: ['M54.5', 'F41.1'] });
    expect(visitCodesFormSchema.parse({})).toEqual({ cptCodes: [], icd10Codes: [] });
    expect(messagesOf(visitCodesFormSchema, { cptCodes: '99213, 9921', icd10Codes: 'M54.5, banana' })).toEqual({
      cptCodes: ['"9921" is not a CPT code: use 5 digits, or 4 digits and F or T (e.g. 99213)'],
      icd10Codes: ['"banana" is not an ICD-10-CM code: e.g. M54.5 or F41.1'],
    });
  });

  it('holds at most 12 codes a list and needs the visit', () => {
    const thirteen = Array.from({ length: 13 }, (_, index) => `M54.${index + 1}`).join(' ');
    expect(messagesOf(visitCodesFormSchema, { icd10Codes: thirteen })).toEqual({ icd10Codes: ['At most 12 codes'] });
    expect(Object.keys(messagesOf(setVisitCodesSchema, { cptCodes: '99213' }))).toEqual(['id']);
  });
});
