/**
 * The practitioner application (docs/product.md#application) and the body relayed to the
 * automation webhook (docs/product.md#application). Messages end with a period, as in the spec's table.
 */
import { z } from 'zod';
import { lineText, multilineText } from '../shared/text.ts';
import { experienceBrackets } from '../catalog/specialties.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { MAX_EMAIL_LENGTH } from '../shared/input-bounds.ts';

export const applicationMessages = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  specialties: 'Please list your specialties.',
  experience: 'Please select your years of experience.',
  acceptTerms: 'You must accept the terms and conditions.',
  submitted: { title: 'Waitlist application submitted!', description: "We'll notify you when your application is approved." },
  failed: { title: 'Failed to submit application', description: 'Please try again or contact support.' },
  successScreen: 'Application Received!',
  title: 'Join Our Practitioner Network',
  submitting: 'Submitting...',
} as const;

export const practitionerApplicationSchema = z.object({
  name: lineText().trim().min(2, applicationMessages.name).max(200, tooLongMessage('Name', 200)),
  email: lineText().trim().max(MAX_EMAIL_LENGTH, applicationMessages.email).pipe(z.email(applicationMessages.email)),
  phone: lineText().trim().min(10, applicationMessages.phone).max(40, applicationMessages.phone),
  specialties: lineText().trim().min(2, applicationMessages.specialties).max(1000, tooLongMessage('Specialties', 1000)),
  experience: z.enum(experienceBrackets, { error: applicationMessages.experience }),
  website: lineText().trim().max(500, tooLongMessage('Website', 500)).default(''),
  message: multilineText().trim().max(5000, tooLongMessage('Message', 5000)).default(''),
  acceptTerms: z.literal(true, { error: applicationMessages.acceptTerms }),
});
export type PractitionerApplicationInput = z.input<typeof practitionerApplicationSchema>;
export type PractitionerApplication = z.output<typeof practitionerApplicationSchema>;

export const practitionerApplicationDefaults = {
  name: '',
  email: '',
  phone: '',
  specialties: '',
  experience: '',
  website: '',
  message: '',
  acceptTerms: false,
} as const;

export const APPLICATION_FORM_TYPE = 'practitioner_detailed';

/**
 * The webhook body of docs/product.md#application, field for field and in the spec's order: the application plus
 * formType, receiverEmail, timestamp (ISO-8601 instant of submission) and source (the page origin).
 * Stored in the ApplicationSubmitted event and parsed back by the relay with this schema.
 */
export const applicationSubmissionSchema = practitionerApplicationSchema.extend({
  formType: z.literal(APPLICATION_FORM_TYPE),
  receiverEmail: z.string(),
  timestamp: z.iso.datetime(),
  source: z.string(),
});
export type ApplicationSubmission = Readonly<z.output<typeof applicationSubmissionSchema>>;

export function buildApplicationSubmission(
  application: PractitionerApplication,
  meta: { readonly receiverEmail: string; readonly submittedAt: Date; readonly source: string },
): ApplicationSubmission {
  return {
    name: application.name,
    email: application.email,
    phone: application.phone,
    specialties: application.specialties,
    experience: application.experience,
    website: application.website,
    message: application.message,
    acceptTerms: application.acceptTerms,
    formType: APPLICATION_FORM_TYPE,
    receiverEmail: meta.receiverEmail,
    timestamp: meta.submittedAt.toISOString(),
    source: meta.source,
  };
}
