import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { buildApplicationSubmission, practitionerApplicationDefaults, practitionerApplicationSchema } from './practitioner-application.schema.ts';

const valid = { name: 'Jo', email: 'jo@example.com', phone: repeat(10, '5'), specialties: 'Ac', experience: '0-2', website: '', message: '', acceptTerms: true };

describe('practitioner application', () => {
  it('accepts the minimum', () => {
    expect(practitionerApplicationSchema.safeParse(valid).success).toBe(true);
  });

  it('has each spec message at its boundary', () => {
    expect(messagesOf(practitionerApplicationSchema, { ...valid, name: 'J' })).toEqual({ name: ['Name must be at least 2 characters.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, email: 'jo@' })).toEqual({ email: ['Please enter a valid email address.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, phone: repeat(9, '5') })).toEqual({ phone: ['Please enter a valid phone number.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, specialties: 'A' })).toEqual({ specialties: ['Please list your specialties.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, experience: '' })).toEqual({ experience: ['Please select your years of experience.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, experience: '7' })).toEqual({ experience: ['Please select your years of experience.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, experience: undefined })).toEqual({ experience: ['Please select your years of experience.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...valid, acceptTerms: false })).toEqual({ acceptTerms: ['You must accept the terms and conditions.'] });
  });

  it('accepts every experience bracket and optional website/message', () => {
    for (const experience of ['0-2', '3-5', '6-10', '11-20', '20+']) expect(practitionerApplicationSchema.safeParse({ ...valid, experience }).success).toBe(true);
    const { website: _w, message: _m, ...withoutOptional } = valid;
    expect(practitionerApplicationSchema.parse(withoutOptional)).toMatchObject({ website: '', message: '' });
  });

  it('reports every message on an empty form', () => {
    expect(Object.keys(messagesOf(practitionerApplicationSchema, practitionerApplicationDefaults)).sort()).toEqual(['acceptTerms', 'email', 'experience', 'name', 'phone', 'specialties']);
  });

  it('builds the webhook body of docs/product.md#application', () => {
    const application = practitionerApplicationSchema.parse({ ...valid, website: ' https://jo.example ' });
    const body = buildApplicationSubmission(application, { receiverEmail: 'team@wellspring.test', submittedAt: new Date('2025-06-16T12:00:00Z'), source: 'https://wellspring.test' });
    expect(body).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      phone: '5555555555',
      specialties: 'Ac',
      experience: '0-2',
      website: 'https://jo.example',
      message: '',
      acceptTerms: true,
      formType: 'practitioner_detailed',
      receiverEmail: 'team@wellspring.test',
      timestamp: '2025-06-16T12:00:00.000Z',
      source: 'https://wellspring.test',
    });
  });
});
