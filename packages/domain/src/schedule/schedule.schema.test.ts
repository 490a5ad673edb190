import { describe, expect, it } from 'vitest';
import { scheduleTimeSlotLabels, scheduleTimeSlots, timeSlotLabel } from './schedule.schema.ts';

describe('schedule dialog', () => {
  it('offers the spec slots, shown in 12-hour time', () => {
    expect(scheduleTimeSlots.map((slot) => scheduleTimeSlotLabels[slot])).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(timeSlotLabel('00:30')).toBe('12:30 AM');
    expect(timeSlotLabel('12:00')).toBe('12:00 PM');
  });
});
