import { describe, expect, it } from 'vitest';
import { conditionBadges, conditionsMoreLabel, firstNPlusMore, insuranceMoreLabel, insuranceSummary } from './lists.ts';
import { isOneOf, labelOf, optionsOf } from './labels.ts';

describe('first N plus more', () => {
  it('splits a list', () => {
    expect(firstNPlusMore(['a', 'b', 'c', 'd', 'e'], 2)).toEqual({ shown: ['a', 'b'], more: 3 });
    expect(firstNPlusMore(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
    expect(firstNPlusMore(['a', 'b'], -1)).toEqual({ shown: [], more: 2 });
  });

  it('writes the two spec labels as written', () => {
    expect(insuranceMoreLabel(3)).toBe('+ 3 more');
    expect(conditionsMoreLabel(2)).toBe('+2 more');
    expect(insuranceMoreLabel(0)).toBeNull();
    expect(conditionsMoreLabel(0)).toBeNull();
    expect(insuranceSummary(['Aetna', 'Cigna', 'Humana', 'Anthem'])).toEqual({ shown: ['Aetna', 'Cigna'], moreLabel: '+ 2 more' });
    expect(conditionBadges(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], moreLabel: '+2 more' });
    expect(conditionBadges(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], moreLabel: null });
  });
});

describe('labels', () => {
  it('falls back to Unknown and guards enumerations', () => {
    const labels = { a: 'A' } as const;
    expect(labelOf(labels, 'a')).toBe('A');
    expect(labelOf(labels, 'toString')).toBe('Unknown');
    expect(labelOf(labels, 'b', 'Other')).toBe('Other');
    expect(isOneOf(['a', 'b'] as const, 'b')).toBe(true);
    expect(isOneOf(['a', 'b'] as const, 3)).toBe(false);
    expect(optionsOf(['a'] as const, labels)).toEqual([{ value: 'a', label: 'A' }]);
  });
});
