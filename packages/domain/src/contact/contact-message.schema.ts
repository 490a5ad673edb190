/**
 * "Contact" on a practitioner's public profile (docs/product.md#contact, issue 16): the short
 * form a visitor sends to a practitioner, and what the procedures answer. The same schema checks
 * the form in the browser and the input of `contactMessages.send` on the server.
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

/** Field messages, ending with a period like the waitlist's and the application's. */
export const contactFormMessages = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  message: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters.`,
  consent: 'Please agree to be contacted about your message.',
} as const;

/** What the form and the procedures say besides the field messages (the success toast is SPEC's "Contact initiated"). */
export const contactTexts = {
  title: (practitionerName: string) => `Contact ${practitionerName}`,
  consentLabel: (practitionerName: string) => `I agree that ${practitionerName} and Wellspring may contact me about this message at the e-mail or phone number above.`,
  send: 'Send Message',
  sending: 'Sending...',
  failed: { title: 'Failed to send message', description: 'Please try again or contact support.' },
  /** 429: more than the allowed messages from one address in the window (config: RATE_LIMIT_CONTACT_*). */
  tooMany: 'Too many messages sent from your connection. Please wait 10 minutes and try again.',
  messageNotFound: 'Message not found.',
} as const;

/**
 * Optional: empty, or 10 to 40 characters with at least 10 digits, of digits, spaces and the usual
 * phone punctuation ("(503) 555-0142", "+1 503 555 0142").
 */
const optionalPhone = lineText()
  .trim()
  .refine((value) => value === '' || (value.length <= 40 && /^[\d\s()+.-]+$/.test(value) && value.replace(/\D/g, '').length >= 10), contactFormMessages.phone)
  .default('');

/** The form's fields. */
export const contactFormSchema = z.object({
  name: lineText().trim().min(2, contactFormMessages.name).max(200, tooLongMessage('Name', 200)),
  email: lineText().trim().max(320, tooLongMessage('Email', 320)).pipe(z.email(contactFormMessages.email)),
  phone: optionalPhone,
  message: multilineText()
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, contactFormMessages.message)
    .max(CONTACT_MESSAGE_MAX_LENGTH, tooLongMessage('Message', CONTACT_MESSAGE_MAX_LENGTH)),
  consent: z.literal(true, { error: contactFormMessages.consent }),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

export const contactFormDefaults = { name: '', email: '', phone: '', message: '', consent: false as boolean };

/** `contactMessages.send`: the form and the practitioner it goes to. */
export const contactPractitionerSchema = contactFormSchema.extend({
  practitionerId: lineText().trim().min(1, 'Please choose a practitioner.').max(100),
});
export type ContactPractitionerInput = z.input<typeof contactPractitionerSchema>;

/** A received message, named by its id (open, mark read). */
export const contactMessageIdSchema = z.object({ id: lineText().trim().min(1, contactTexts.messageNotFound).max(100, contactTexts.messageNotFound) });
