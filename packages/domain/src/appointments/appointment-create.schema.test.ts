import { describe, expect, it } from 'vitest';
import { inputBoundMessages } from '../shared/input-bounds.ts';
import { messagesOf } from '../shared/schema.testkit.ts';
import { appointmentCreateSchema, portalFormToCreate } from './appointment-create.schema.ts';

const slot = { date: '2030-03-05', time: '13:00', duration: 45 };

describe('the one appointment-create schema', () => {
  it('takes the schedule dialog’s patient from its picker, with the dialog’s defaults left to the dialog', () => {
    expect(appointmentCreateSchema.parse({ ...slot, patientId: 'p1', appointmentType: 'treatment', mode: 'virtual', notes: 'Bring lab results' })).toEqual({
      ...slot,
      patientId: 'p1',
      patientName: '',
      patientEmail: '',
      patientPhone: '',
      appointmentType: 'treatment',
      mode: 'virtual',
      notes: 'Bring lab results',
    });
  });

  it('keeps the dialog’s messages for a new patient: a name of 2 characters, an optional e-mail and phone', () => {
    expect(messagesOf(appointmentCreateSchema, { ...slot, patientId: 'new', patientName: 'J', patientEmail: 'nope', patientPhone: '12' })).toEqual({
      patientName: ['Please enter the new patient’s name (at least 2 characters).'],
      patientEmail: ['Please enter a valid email address.'],
      patientPhone: ['Please enter a valid phone number.'],
    });
    expect(appointmentCreateSchema.safeParse({ ...slot, patientId: 'new', patientName: 'Juniper Vale' }).success).toBe(true);
    expect(messagesOf(appointmentCreateSchema, { ...slot, patientId: '' })).toEqual({ patientId: ['Please choose a patient.'] });
  });

  it('keeps the portal’s messages for a patient named by e-mail: a name and a valid e-mail', () => {
    expect(messagesOf(appointmentCreateSchema, { ...slot, patientName: '', patientEmail: '' })).toEqual({
      patientName: ['Please enter the patient name.'],
      patientEmail: ['Please enter a valid email address.'],
    });
    expect(appointmentCreateSchema.parse({ ...slot, patientName: 'E', patientEmail: 'e@x.io' })).toMatchObject({ appointmentType: 'consultation', mode: 'in-person' });
  });

  it('needs a real day in range, a time of day and a whole number of minutes', () => {
    const patient = { patientId: 'p1' };
    expect(messagesOf(appointmentCreateSchema, { ...patient, date: '2030-02-30', time: '24:00', duration: 0 })).toEqual({
      date: ['Please enter a valid date.'],
      time: ['Please choose a time.'],
      duration: ['Please choose a duration.'],
    });
    expect(messagesOf(appointmentCreateSchema, { ...patient, ...slot, date: '2200-01-01' })).toEqual({ date: [inputBoundMessages.dateRange] });
    expect(messagesOf(appointmentCreateSchema, { ...patient, ...slot, duration: 45.5 })).toEqual({ duration: ['Please choose a duration.'] });
    expect(messagesOf(appointmentCreateSchema, { ...patient, ...slot, duration: 500 })).toEqual({ duration: ['Please choose a duration.'] });
  });

  it('reads the portal form’s datetime-local as its day and time', () => {
    const create = portalFormToCreate({ patientName: 'Emma', patientEmail: 'e@x.io', appointmentType: 'follow_up', date: '2030-01-01T09:30', duration: '120', notes: '' });
    expect(appointmentCreateSchema.parse(create)).toMatchObject({ date: '2030-01-01', time: '09:30', duration: 120, appointmentType: 'follow_up', mode: 'in-person' });
  });
});

describe('the create’s messages', () => {
  it('come together: a patient’s with a date’s that stops at the first', () => {
    expect(messagesOf(appointmentCreateSchema, { ...slot, date: '2030-02-30', patientName: '', patientEmail: 'nope' })).toEqual({
      date: ['Please enter a valid date.'],
      patientName: ['Please enter the patient name.'],
      patientEmail: ['Please enter a valid email address.'],
    });
  });
});
