import { describe, expect, it } from 'vitest';
import { dayOfMonth, fullDay, shortWeekday } from './schedule-dates.ts';

describe('the schedule’s day labels', () => {
  it('names a calendar date without reading any time zone', () => {
    expect(shortWeekday('2025-06-01')).toBe('Sun');
    expect(shortWeekday('2025-06-07')).toBe('Sat');
    expect(dayOfMonth('2025-06-01')).toBe('1');
    expect(dayOfMonth('2025-06-30')).toBe('30');
    expect(fullDay('2025-06-05')).toBe('Thursday, June 5, 2025');
  });
});
