import { describe, expect, it } from 'vitest';
import { practitionerApplicationSchema } from '../applications/practitioner-application.schema.ts';
import { signUpSchema } from '../auth/auth.schema.ts';
import { practitionerProfileSchema } from '../profile/practitioner-profile.schema.ts';
import { referralFormSchema } from '../referrals/referral.schema.ts';
import { inviteFormSchema } from '../waitlist/waitlist.schema.ts';
import { messagesOf, repeat } from './schema.testkit.ts';
import { tooLongMessage } from './text-limits.ts';

describe('text over a limit', () => {
  it('says the limit, with a thousands separator', () => {
    expect(tooLongMessage('Full name', 200)).toBe('Full name must be at most 200 characters.');
    expect(tooLongMessage('Message', 5000)).toBe('Message must be at most 5,000 characters.');
  });

  it('gets its own message on every form, never the "at least" one', () => {
    const application = { name: 'Jo', email: 'jo@example.com', phone: repeat(10, '5'), specialties: 'Ac', experience: '0-2', acceptTerms: true };
    expect(messagesOf(practitionerApplicationSchema, { ...application, name: repeat(201) })).toEqual({ name: ['Name must be at most 200 characters.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...application, specialties: repeat(1001) })).toEqual({ specialties: ['Specialties must be at most 1,000 characters.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...application, website: repeat(501) })).toEqual({ website: ['Website must be at most 500 characters.'] });
    expect(messagesOf(practitionerApplicationSchema, { ...application, message: repeat(5001) })).toEqual({ message: ['Message must be at most 5,000 characters.'] });
    expect(practitionerApplicationSchema.safeParse({ ...application, name: repeat(200), specialties: repeat(1000), website: repeat(500), message: repeat(5000) }).success).toBe(true);

    expect(messagesOf(inviteFormSchema, { yourName: repeat(201), friendEmail: 'f@example.com' })).toMatchObject({ yourName: ['Your name must be at most 200 characters.'] });
    expect(messagesOf(signUpSchema, { name: repeat(201), email: 'a@b.co', password: 'long-enough' })).toEqual({ name: ['Full name must be at most 200 characters.'] });
    expect(messagesOf(referralFormSchema, { name: repeat(201), email: 'a@b.co', referralCode: 'X', message: repeat(2001) })).toEqual({
      name: ['Name must be at most 200 characters.'],
      message: ['Message must be at most 2,000 characters.'],
    });
    expect(messagesOf(practitionerProfileSchema, { name: repeat(201), location: repeat(201), about: repeat(10_001), yearsExperience: 3 })).toMatchObject({
      name: ['Name must be at most 200 characters.'],
      location: ['Location must be at most 200 characters.'],
      about: ['About must be at most 10,000 characters.'],
    });
  });
});
