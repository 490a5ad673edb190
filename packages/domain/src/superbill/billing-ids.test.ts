import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import { billingIdsSchema, isValidNpi, normalizeEin } from './billing-ids.ts';

describe('billing identifiers', () => {
  it('accepts an NPI whose last digit is the Luhn check digit over 80840 and the first nine (CMS example 1234567893)', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    for (const wrong of ['1234567890', '1234567894', '123456789', '12345678931', 'abcdefghij']) expect(isValidNpi(wrong)).toBe(false);
  });

  it('says which rule an NPI breaks, and takes an empty one as none', () => {
    expect(messagesOf(billingIdsSchema, { npi: '12345', taxId: '' })).toEqual({ npi: ['NPI must be 10 digits'] });
    expect(messagesOf(billingIdsSchema, { npi: '1234567890', taxId: '' })).toEqual({ npi: ['This NPI is not valid: please check its digits'] });
    expect(billingIdsSchema.parse({ npi: ' 123 456 7893 ', taxId: '' })).toEqual({ npi: '1234567893', taxId: '' });
    expect(billingIdsSchema.parse({ npi: '', taxId: '' })).toEqual({ npi: '', taxId: '' });
  });

  it('keeps an EIN as NN-NNNNNNN and refuses anything else', () => {
    expect(normalizeEin('123456789')).toBe('12-3456789');
    expect(billingIdsSchema.parse({ npi: '', taxId: ' 12-3456789 ' }).taxId).toBe('12-3456789');
    expect(billingIdsSchema.parse({ npi: '', taxId: '123456789' }).taxId).toBe('12-3456789');
    for (const wrong of ['12-345678', '123-456789', '12_3456789', 'AB-CDEFGHI']) expect(messagesOf(billingIdsSchema, { npi: '', taxId: wrong })).toEqual({ taxId: ['Tax ID must be an EIN written as 12-3456789'] });
  });
});
