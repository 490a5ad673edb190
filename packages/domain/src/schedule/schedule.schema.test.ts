import { describe, expect, it } from 'vitest';
import { scheduleDialogSchema, scheduleTimeSlotLabels, scheduleTimeSlots, timeSlotLabel } from './schedule.schema.ts';

describe('schedule dialog', () => {
  it('offers the spec slots, shown in 12-hour time', () => {
    expect(scheduleTimeSlots.map((slot) => scheduleTimeSlotLabels[slot])).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(timeSlotLabel('00:30')).toBe('12:30 AM');
    expect(timeSlotLabel('12:00')).toBe('12:00 PM');
  });

  it('parses with defaults and coerces the duration', () => {
    expect(scheduleDialogSchema.parse({ patientId: 'new', date: '2025-06-16' })).toEqual({
      patientId: 'new',
      date: '2025-06-16',
      time: '09:00',
      duration: 60,
      type: 'Initial Consultation',
      mode: 'in-person',
      notes: '',
    });
    expect(scheduleDialogSchema.parse({ patientId: '2', date: '2025-06-16', time: '16:00', duration: '45', type: 'Treatment Session', mode: 'virtual', notes: 'x' }).duration).toBe(45);
  });

  it('rejects values outside the enumerations', () => {
    expect(scheduleDialogSchema.safeParse({ patientId: '1', date: '2025-06-16', time: '12:00' }).success).toBe(false);
    expect(scheduleDialogSchema.safeParse({ patientId: '1', date: '2025-06-16', duration: 120 }).success).toBe(false);
    expect(scheduleDialogSchema.safeParse({ patientId: '', date: '2025-06-16' }).success).toBe(false);
    expect(scheduleDialogSchema.safeParse({ patientId: '1', date: '2025-13-01' }).success).toBe(false);
  });
});
