import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { contactFormSchema, contactMessageIdSchema, contactPractitionerSchema } from './contact-message.schema.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to book a first visit.', consent: true };

describe('contact form', () => {
  it('accepts a filled form, trimmed, with the phone optional', () => {
    expect(contactFormSchema.parse({ ...valid, name: ' Ada Lovelace ', email: ' ada@example.com ' })).toEqual({ ...valid, phone: '' });
    expect(contactFormSchema.parse({ ...valid, phone: ' (503) 555-0142 ' }).phone).toBe('(503) 555-0142');
    expect(contactFormSchema.parse({ ...valid, phone: '+1 503 555 0142' }).phone).toBe('+1 503 555 0142');
  });

  it('gives every field its message at once', () => {
    expect(messagesOf(contactFormSchema, { name: 'A', email: 'nope', phone: '555', message: 'Hi', consent: false })).toEqual({
      name: ['Name must be at least 2 characters.'],
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid phone number.'],
      message: ['Message must be at least 10 characters.'],
      consent: ['Please agree to be contacted about your message.'],
    });
    expect(messagesOf(contactFormSchema, {})).toMatchObject({ consent: ['Please agree to be contacted about your message.'] });
  });

  it('refuses a phone with letters, too few digits, or too long', () => {
    for (const phone of ['call me maybe', '503-555-01', `${repeat(41, '5')}`]) expect(messagesOf(contactFormSchema, { ...valid, phone })).toEqual({ phone: ['Please enter a valid phone number.'] });
  });

  it('counts the message after trimming, and limits it', () => {
    expect(messagesOf(contactFormSchema, { ...valid, message: `   ${repeat(9)}   ` })).toEqual({ message: ['Message must be at least 10 characters.'] });
    expect(messagesOf(contactFormSchema, { ...valid, message: repeat(2001) })).toEqual({ message: ['Message must be at most 2,000 characters.'] });
    expect(contactFormSchema.safeParse({ ...valid, message: `Line one\nline two\ttabbed` }).success).toBe(true);
    expect(messagesOf(contactFormSchema, { ...valid, name: 'Ada\u0000' })).toEqual({ name: ['Please remove invisible or invalid characters (such as a null byte) from this field.'] });
  });

  it('needs a practitioner for the procedure, and an id to open a message', () => {
    expect(messagesOf(contactPractitionerSchema, { ...valid, practitionerId: ' ' })).toEqual({ practitionerId: ['Please choose a practitioner.'] });
    expect(contactPractitionerSchema.parse({ ...valid, practitionerId: '1' }).practitionerId).toBe('1');
    expect(messagesOf(contactMessageIdSchema, { id: '' })).toEqual({ id: ['Message not found.'] });
  });
});
