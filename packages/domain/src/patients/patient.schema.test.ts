import { describe, expect, it } from 'vitest';
import { patientDetailById } from '../samples/patients.ts';
import { matchesPatientSearch, patientStatusColor, patientStatusLabel, patientTimeline, upcomingAppointments } from './patient.schema.ts';
import { directoryReferralStatusLabel, initialsOf, licensureStatusLabel } from '../practitioners/practitioner.types.ts';

const patient = { name: 'Emma Thompson', email: 'emma.t@example.com', phone: '(503) 555-0142' };

describe('patients', () => {
  it('searches name and email case-insensitively, phone exactly as typed', () => {
    expect(matchesPatientSearch(patient, '')).toBe(true);
    expect(matchesPatientSearch(patient, 'THOMP')).toBe(true);
    expect(matchesPatientSearch(patient, 'EMMA.T@')).toBe(true);
    expect(matchesPatientSearch(patient, '555-0142')).toBe(true);
    expect(matchesPatientSearch(patient, '5550142')).toBe(false);
    expect(matchesPatientSearch(patient, 'zed')).toBe(false);
  });

  it('labels and colours statuses', () => {
    expect(['active', 'new', 'inactive', 'x'].map(patientStatusLabel)).toEqual(['Active', 'New', 'Inactive', 'Unknown']);
    expect(['active', 'new', 'inactive', 'x'].map(patientStatusColor)).toEqual(['green', 'blue', 'grey', 'grey']);
    expect(['active', 'pending', 'expired', 'revoked'].map(licensureStatusLabel)).toEqual(['Active', 'Pending', 'Expired', 'Unknown']);
    expect(['pending', 'accepted', 'completed', 'declined'].map(directoryReferralStatusLabel)).toEqual(['Pending', 'Accepted', 'Completed', 'Unknown']);
  });

  it('merges the timeline newest first', () => {
    const emma = patientDetailById('1', '2025-06-16');
    const timeline = patientTimeline(emma);
    expect(timeline).toHaveLength(emma.appointments.length + emma.notes.length);
    expect(timeline[0]).toMatchObject({ kind: 'appointment', date: '2025-07-10' });
    const dates = timeline.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Same day: the appointment before the note.
    const sameDay = timeline.filter((item) => item.date === '2025-06-14').map((item) => item.kind);
    expect(sameDay).toEqual(['appointment', 'note']);
    expect(timeline.find((item) => item.kind === 'note')).toMatchObject({ assessment: expect.stringContaining('Fatigue improving') });
    expect(upcomingAppointments(emma).map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(patientTimeline({ appointments: [], notes: [] })).toEqual([]);
  });

  it('makes avatar initials', () => {
    expect(initialsOf('Dr. Elena Rodriguez')).toBe('ER');
    expect(initialsOf('Priya Sharma')).toBe('PS');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('')).toBe('');
  });
});
