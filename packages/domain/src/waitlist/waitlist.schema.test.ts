import { describe, expect, it } from 'vitest';
import { messagesOf, repeat } from '../shared/schema.testkit.ts';
import { inviteFormSchema, joinWaitlistSchema, normalizeEmail, sendInviteSchema, waitlistFormSchema } from './waitlist.schema.ts';
import { SUCCESS_SCREEN_MS, waitlistFormTexts, waitlistToasts } from './waitlist.messages.ts';

describe('waitlist form', () => {
  it('needs a full name of at least 2 characters (after trimming)', () => {
    expect(messagesOf(waitlistFormSchema, { name: 'A', email: 'a@b.co' })).toEqual({ name: ['Full name must be at least 2 characters.'] });
    expect(messagesOf(waitlistFormSchema, { name: ' A ', email: 'a@b.co' })).toEqual({ name: ['Full name must be at least 2 characters.'] });
    expect(waitlistFormSchema.parse({ name: ' Al ', email: ' a@b.co ' })).toEqual({ name: 'Al', email: 'a@b.co' });
    expect(messagesOf(waitlistFormSchema, { name: repeat(201), email: 'a@b.co' })).toEqual({ name: ['Full name must be at most 200 characters.'] });
    expect(waitlistFormSchema.safeParse({ name: repeat(200), email: 'a@b.co' }).success).toBe(true);
  });

  it('needs a valid email', () => {
    expect(messagesOf(waitlistFormSchema, { name: 'Al', email: 'nope' })).toEqual({ email: ['Please enter a valid email address.'] });
  });

  it('adds the audience for waitlist.join', () => {
    expect(joinWaitlistSchema.parse({ name: 'Al', email: 'a@b.co', type: 'practitioner' }).type).toBe('practitioner');
    expect(joinWaitlistSchema.safeParse({ name: 'Al', email: 'a@b.co', type: 'doctor' }).success).toBe(false);
  });
});

describe('invite form', () => {
  it('has the spec messages', () => {
    expect(messagesOf(inviteFormSchema, { yourName: 'A', friendEmail: 'x' })).toEqual({
      yourName: ['Your name must be at least 2 characters.'],
      friendEmail: ['Please enter a valid email address.'],
    });
    expect(inviteFormSchema.safeParse({ yourName: 'Al', friendEmail: 'f@x.io' }).success).toBe(true);
    expect(sendInviteSchema.parse({ yourName: 'Al', friendEmail: 'f@x.io', waitlistType: 'patient' }).waitlistType).toBe('patient');
  });
});

describe('waitlist texts', () => {
  it('are the spec texts', () => {
    expect(waitlistToasts.joined('patient').description).toBe("We'll notify you when patient access become available.");
    expect(waitlistToasts.joined('practitioner').description).toBe("We'll notify you when practitioner applications become available.");
    expect(waitlistToasts.inviteSent('f@x.io')).toEqual({ title: 'Referral sent!', description: "We've sent an invitation to f@x.io." });
    expect(SUCCESS_SCREEN_MS).toBe(3000);
    expect(waitlistFormTexts).toEqual({
      join: 'Join Waitlist',
      submitting: 'Submitting...',
      inviteToggle: 'Invite a friend to join',
      sendInvite: 'Send Invite',
      sendingInvite: 'Sending Invite...',
    });
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
