import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { bookingRequestDefaults, bookingRequestSchema, bookingRequestTexts, bookingStartSchema } from './booking-request.schema.ts';

const valid = { sessionTypeId: 'consultation', startsAt: '2026-03-09T14:00:00.000Z', name: 'Ada Lovelace', email: 'ada@example.com', consent: true };

describe('booking form', () => {
  it('accepts a filled form, trimmed, with phone, reason and "tell me if something earlier opens" optional', () => {
    expect(bookingRequestSchema.parse({ ...valid, name: ' Ada Lovelace ', email: ' ada@example.com ' })).toEqual({ ...valid, phone: '', reason: '', notifyEarlier: false });
    const full = bookingRequestSchema.parse({ ...valid, phone: '(503) 555-0142', reason: 'Back pain\nsince May.', notifyEarlier: true });
    expect(full).toMatchObject({ phone: '(503) 555-0142', reason: 'Back pain\nsince May.', notifyEarlier: true });
  });

  it('gives every field its message at once', () => {
    expect(messagesOf(bookingRequestSchema, { ...bookingRequestDefaults, phone: '555', reason: repeat(1001), notifyEarlier: 'yes' })).toEqual({
      sessionTypeId: ['Please choose a session type.'],
      startsAt: ['Please choose a time.'],
      name: ['Please enter your name.'],
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid phone number.'],
      reason: ['Reason must be at most 1,000 characters.'],
      consent: ['Please agree to share these details with the practitioner.'],
      notifyEarlier: ['Please choose whether to hear about earlier times.'],
    });
    expect(messagesOf(bookingRequestSchema, {})).toMatchObject({ startsAt: ['Please choose a time.'], consent: ['Please agree to share these details with the practitioner.'] });
  });

  it('limits the texts and refuses control characters', () => {
    expect(messagesOf(bookingRequestSchema, { ...valid, name: '   ' })).toEqual({ name: ['Please enter your name.'] });
    expect(messagesOf(bookingRequestSchema, { ...valid, name: repeat(201) })).toEqual({ name: ['Name must be at most 200 characters.'] });
    expect(messagesOf(bookingRequestSchema, { ...valid, sessionTypeId: repeat(65) })).toEqual({ sessionTypeId: ['Please choose a session type.'] });
    expect(messagesOf(bookingRequestSchema, { ...valid, email: `${repeat(250)}@example.com` })).toEqual({ email: ['Please enter a valid email address.'] });
    expect(bookingRequestSchema.safeParse({ ...valid, reason: repeat(1000) }).success).toBe(true);
    expect(messagesOf(bookingRequestSchema, { ...valid, name: 'Ada\u0000' })).toEqual({ name: ['Please remove invisible or invalid characters (such as a null byte) from this field.'] });
  });

  it('reads the start as an instant with an offset, and gives it back in one spelling', () => {
    expect(bookingStartSchema.parse('2026-03-09T10:00:00-04:00')).toBe('2026-03-09T14:00:00.000Z');
    expect(bookingStartSchema.parse('2026-03-09T14:00:00Z')).toBe('2026-03-09T14:00:00.000Z');
    for (const startsAt of ['2026-03-09T14:00:00', '2026-03-09', 'tomorrow', '2026-02-30T10:00:00Z', 1_773_064_800_000]) {
      expect(messagesOf(bookingRequestSchema, { ...valid, startsAt })).toEqual({ startsAt: ['Please choose a time.'] });
    }
    expect(messagesOf(bookingRequestSchema, { ...valid, startsAt: '2300-01-01T00:00:00Z' })).toEqual({ startsAt: ['Please enter a date between 1900 and 2199.'] });
  });

  it('needs consent to be exactly true', () => {
    for (const consent of [false, 'true', 1, undefined]) expect(messagesOf(bookingRequestSchema, { ...valid, consent })).toEqual({ consent: ['Please agree to share these details with the practitioner.'] });
    expect(bookingRequestTexts.consentLabel('Dr. Sarah Johnson')).toContain('Dr. Sarah Johnson and Wellspring');
  });
});
