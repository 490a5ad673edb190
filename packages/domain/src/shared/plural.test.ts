import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'review')).toBe('1 review');
    expect(countOf(0, 'review')).toBe('0 reviews');
    expect(countOf(2, 'year')).toBe('2 years');
    expect(countOf(1.5, 'mile')).toBe('1.5 miles');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'practitioner match', 'practitioner matches')).toBe('1 practitioner match');
    expect(countOf(3, 'practitioner match', 'practitioner matches')).toBe('3 practitioner matches');
  });
});
