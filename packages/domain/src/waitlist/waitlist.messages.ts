import type { WaitlistType } from './waitlist.schema.ts';

/** Toasts of the waitlist and invite forms (docs/product.md#waitlist), one place for each text. */
export const waitlistToasts = {
  joined: (type: WaitlistType) => ({
    title: 'Added to waitlist!',
    description: `We'll notify you when ${type === 'patient' ? 'patient access' : 'practitioner applications'} become available.`,
  }),
  duplicate: { title: 'Email already registered', description: 'This email is already on our waitlist.' },
  joinFailed: { title: 'Failed to join waitlist', description: 'Please try again or contact support.' },
  inviteSent: (email: string) => ({ title: 'Referral sent!', description: `We've sent an invitation to ${email}.` }),
  inviteFailed: { title: 'Failed to send referral', description: 'Please try again or contact support.' },
  thankYou: 'Thank you for joining our waitlist!',
} as const;

/** The waitlist and invite forms' buttons and their sending states (docs/product.md#waitlist). */
export const waitlistFormTexts = {
  join: 'Join Waitlist',
  submitting: 'Submitting...',
  inviteToggle: 'Invite a friend to join',
  sendInvite: 'Send Invite',
  sendingInvite: 'Sending Invite...',
} as const;

/** Thank-you / success screens stay for 3 seconds (docs/product.md#waitlist). */
export const SUCCESS_SCREEN_MS = 3000;
