import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';

/** Audiences of the waitlist (docs/product.md#waitlist). */
export const waitlistTypes = ['patient', 'practitioner'] as const;
export const waitlistTypeSchema = z.enum(waitlistTypes);
export type WaitlistType = z.infer<typeof waitlistTypeSchema>;

export const waitlistMessages = {
  fullName: 'Full name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  yourName: 'Your name must be at least 2 characters.',
} as const;

/** The waitlist form's fields (docs/product.md#waitlist). */
export const waitlistFormSchema = z.object({
  name: lineText().trim().min(2, waitlistMessages.fullName).max(200, tooLongMessage('Full name', 200)),
  email: lineText().trim().max(MAX_EMAIL_LENGTH, waitlistMessages.email).pipe(z.email(waitlistMessages.email)),
});
export type WaitlistForm = z.infer<typeof waitlistFormSchema>;

/** What `waitlist.join` accepts: the form plus the card's audience. */
export const joinWaitlistSchema = waitlistFormSchema.extend({ type: waitlistTypeSchema });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** "Invite a friend to join" (docs/product.md#invite). */
export const inviteFormSchema = z.object({
  yourName: lineText().trim().min(2, waitlistMessages.yourName).max(200, tooLongMessage('Your name', 200)),
  friendEmail: lineText().trim().max(MAX_EMAIL_LENGTH, waitlistMessages.email).pipe(z.email(waitlistMessages.email)),
});
export type InviteForm = z.infer<typeof inviteFormSchema>;

export const sendInviteSchema = inviteFormSchema.extend({ waitlistType: waitlistTypeSchema });
export type SendInviteInput = z.infer<typeof sendInviteSchema>;

/** Emails are unique on the waitlist whatever their letter case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
