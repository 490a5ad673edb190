import { describe, expect, it } from 'vitest';
import { messagesOf } from '../shared/schema.testkit.ts';
import {
  appointmentMessages,
  appointmentModeLabel,
  appointmentStatusColor,
  appointmentStatusLabel,
  appointmentTiming,
  appointmentTimingLabels,
  appointmentTimings,
  appointmentTypeLabel,
  durationMinutes,
  portalAppointmentFormDefaults,
  portalAppointmentFormSchema,
  portalDurationOptions,
} from './appointment.schema.ts';

describe('portal appointment form', () => {
  it('applies the defaults consultation and 60', () => {
    expect(portalAppointmentFormSchema.parse({ patientName: 'Emma', patientEmail: 'e@x.io', date: '2025-06-16T10:00' })).toEqual({
      patientName: 'Emma',
      patientEmail: 'e@x.io',
      appointmentType: 'consultation',
      date: '2025-06-16T10:00',
      duration: '60',
      notes: '',
    });
    expect(portalAppointmentFormDefaults).toMatchObject({ appointmentType: 'consultation', duration: '60' });
    expect(portalDurationOptions).toEqual(['30', '60', '90', '120']);
    expect(durationMinutes('90')).toBe(90);
  });

  it('needs a name, an email and a datetime-local value', () => {
    expect(messagesOf(portalAppointmentFormSchema, portalAppointmentFormDefaults)).toEqual({
      patientName: ['Please enter the patient name.'],
      patientEmail: ['Please enter a valid email address.'],
      date: ['Please choose a date and time.'],
    });
    expect(portalAppointmentFormSchema.safeParse({ patientName: 'E', patientEmail: 'e@x.io', date: '2025-02-30T10:00' }).success).toBe(false);
    expect(portalAppointmentFormSchema.safeParse({ patientName: 'E', patientEmail: 'e@x.io', date: '2025-06-16T24:00' }).success).toBe(false);
    expect(portalAppointmentFormSchema.safeParse({ patientName: 'E', patientEmail: 'e@x.io', date: '2025-06-16T10:00', duration: '45' }).success).toBe(false);
  });

  it('labels types, statuses and modes', () => {
    expect(['consultation', 'follow_up', 'treatment', 'assessment', 'x'].map(appointmentTypeLabel)).toEqual(['Consultation', 'Follow-up', 'Treatment', 'Assessment', 'Unknown']);
    expect(['scheduled', 'confirmed', 'completed', 'cancelled', 'x'].map(appointmentStatusLabel)).toEqual(['Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'Unknown']);
    expect(['scheduled', 'confirmed', 'completed', 'cancelled', 'x'].map(appointmentStatusColor)).toEqual(['blue', 'green', 'grey', 'red', 'grey']);
    expect(appointmentModeLabel('in-person')).toBe('In-Person');
    expect(appointmentMessages.statusUpdated('confirmed')).toBe('Appointment status updated to confirmed');
  });
});

describe('how time passing shows', () => {
  const nine = '2030-03-05T17:00:00.000Z';
  const at = (iso: string) => new Date(iso);
  it('never changes the status: an open visit is upcoming, in progress, then past; a closed one has no cue', () => {
    const visit = { status: 'scheduled' as const, startsAt: nine, durationMinutes: 60 };
    expect(appointmentTiming(visit, at('2030-03-05T16:59:00Z'))).toBe('upcoming');
    expect(appointmentTiming(visit, at('2030-03-05T17:00:00Z'))).toBe('in_progress');
    expect(appointmentTiming({ ...visit, status: 'confirmed' }, at('2030-03-05T17:59:00Z'))).toBe('in_progress');
    expect(appointmentTiming(visit, at('2030-03-05T18:00:00Z'))).toBe('past');
    expect(appointmentTiming({ ...visit, status: 'completed' }, at('2030-03-05T16:00:00Z'))).toBeNull();
    expect(appointmentTiming({ ...visit, status: 'cancelled' }, at('2030-03-06T16:00:00Z'))).toBeNull();
    expect(appointmentTimings.map((timing) => appointmentTimingLabels[timing])).toEqual(['Upcoming', 'In progress', 'Past']);
  });
});
