/**
 * The patient's booking form (issue 24): a session type, a start chosen among the open slots, who
 * the patient is, and consent. Public, no account. The server re-checks the start against the
 * practice's rules (`slotRefusal` in slots.ts); this schema only checks the shape.
 *
 * The e-mail and phone fields are the domain's existing ones (the portal appointment form's patient
 * e-mail, the contact form's optional phone), so a patient's address is read the same way wherever
 * it is typed.
 */
import { z } from 'zod';
import { portalAppointmentFormSchema } from '../appointments/appointment.schema.ts';
import { contactFormSchema } from '../contact/contact-message.schema.ts';
import { calendarDateSchema } from '../schedule/schedule.schema.ts';
import { isInputDateInRange, inputBoundMessages } from '../shared/input-bounds.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { lineText, multilineText } from '../shared/text.ts';

export const BOOKING_REASON_MAX_LENGTH = 1000;

export const bookingRequestMessages = {
  sessionType: 'Please choose a session type.',
  startsAt: 'Please choose a time.',
  name: 'Please enter your name.',
  nameTooLong: tooLongMessage('Name', 200),
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  reasonTooLong: tooLongMessage('Reason', BOOKING_REASON_MAX_LENGTH),
  consent: 'Please agree to share these details with the practitioner.',
  notifyEarlier: 'Please choose whether to hear about earlier times.',
} as const;

export const bookingRequestTexts = {
  consentLabel: (practitionerName: string) =>
    `I agree that ${practitionerName} and Wellspring may use these details to manage this booking and contact me about it.`,
  notifyEarlierLabel: 'Tell me if something earlier opens',
  emailSent: (email: string) => `We e-mailed the details to ${email}, with a calendar invitation and a private link to reschedule or cancel.`,
} as const;

/**
 * An instant with its offset ("2026-03-09T14:00:00.000Z", "2026-03-09T10:00:00-04:00"), given back
 * in one spelling (`toISOString`, the spelling of `OpenSlot.startsAt`).
 */
const isoInstant = z.iso.datetime({ offset: true });
const isInstantText = (value: string): boolean => isoInstant.safeParse(value).success && !Number.isNaN(Date.parse(value));

export const bookingStartSchema = z
  .string({ error: bookingRequestMessages.startsAt })
  .refine(isInstantText, { message: bookingRequestMessages.startsAt, abort: true })
  .refine(isInputDateInRange, inputBoundMessages.dateRange)
  .transform((value) => new Date(value).toISOString());

export const bookingRequestSchema = z.object({
  sessionTypeId: lineText().trim().min(1, bookingRequestMessages.sessionType).max(64, bookingRequestMessages.sessionType),
  startsAt: bookingStartSchema,
  name: lineText().trim().min(1, bookingRequestMessages.name).max(200, bookingRequestMessages.nameTooLong),
  email: portalAppointmentFormSchema.shape.patientEmail,
  phone: contactFormSchema.shape.phone,
  reason: multilineText().trim().max(BOOKING_REASON_MAX_LENGTH, bookingRequestMessages.reasonTooLong).default(''),
  consent: z.literal(true, { error: bookingRequestMessages.consent }),
  notifyEarlier: z.boolean({ error: bookingRequestMessages.notifyEarlier }).default(false),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const bookingRequestDefaults = { sessionTypeId: '', startsAt: '', name: '', email: '', phone: '', reason: '', consent: false as boolean, notifyEarlier: false };

/** The listing a patient books with (its public id, as in `/practitioners/{id}`). */
const practitionerIdField = lineText().trim().min(1, 'Please choose a practitioner.').max(100, 'Please choose a practitioner.');

/** What a profile asks to show "Book": the listing. */
export const bookingOfferQuerySchema = z.object({ practitionerId: practitionerIdField });

/** The most dates one slot query walks (the picker shows a week or two at a time). */
export const SLOT_QUERY_MAX_DAYS = 14;

/** The slot picker's question: a session type's open times from a date, in the practice's zone. */
export const bookingSlotsQuerySchema = z.object({
  practitionerId: practitionerIdField,
  sessionTypeId: bookingRequestSchema.shape.sessionTypeId,
  from: calendarDateSchema.optional(),
  days: z.coerce.number().int('Please choose how many days to show.').min(1, 'Please choose how many days to show.').max(SLOT_QUERY_MAX_DAYS, 'Please choose how many days to show.').default(7),
});
export type BookingSlotsQuery = z.output<typeof bookingSlotsQuerySchema>;

/** How long a chosen time is held for the patient while they fill the form. */
export const BOOKING_HOLD_MINUTES = 10;

/** A hold's id: the patient's claim on the held time (128 random bits, base64url). */
export const holdIdSchema = z.string({ error: 'That hold has expired. Please choose the time again.' }).regex(/^[A-Za-z0-9_-]{22}$/, 'That hold has expired. Please choose the time again.');

/** Holding a chosen time while the form is filled, releasing the patient's previous hold. */
export const bookingHoldSchema = z.object({
  practitionerId: practitionerIdField,
  sessionTypeId: bookingRequestSchema.shape.sessionTypeId,
  startsAt: bookingStartSchema,
  release: holdIdSchema.optional(),
});
export type BookingHoldInput = z.output<typeof bookingHoldSchema>;

/** A booking as the server takes it: the listing, the patient's form, and the hold on its time. */
export const bookingSubmitSchema = bookingRequestSchema.extend({ practitionerId: practitionerIdField, holdId: holdIdSchema.optional() });
export type BookingSubmit = z.output<typeof bookingSubmitSchema>;

/** The refusal of a "new patients only" session type to a patient the practice already has. */
export const newPatientsOnlyMessage = 'This session is for new patients. Please choose another session type.';

/** A manage link's token, as the page reads it from the link (the server checks it further). */
const manageTokenField = z.string({ error: 'This link is not complete. Please open the link from your e-mail again.' }).trim().min(1, 'This link is not complete. Please open the link from your e-mail again.').max(200, 'This link is not complete. Please open the link from your e-mail again.');

/** The manage page's questions: the booking behind a link, and cancelling it. */
export const bookingManageSchema = z.object({ token: manageTokenField });
/** Moving a booking to another open time of its session type (or an earlier time on offer). */
export const bookingMoveSchema = z.object({ token: manageTokenField, startsAt: bookingStartSchema });

export const bookingManageMessages = {
  deadLink:
    'This link no longer works: the booking was cancelled or moved (each move sends a new link), or the appointment is over. Please use the link in your latest e-mail from Wellspring.',
  window: (hours: number, practitionerName: string) =>
    `Online changes close ${hours} ${hours === 1 ? 'hour' : 'hours'} before the appointment. Please contact ${practitionerName} to change or cancel it.`,
  earlierTaken: 'Sorry — that earlier time is already taken. Your booking is unchanged.',
  cancelled: 'Your booking is cancelled. We sent you an e-mail to confirm it.',
  moved: 'Your booking is moved. We sent you an e-mail with the new time and a new link; this one no longer works.',
} as const;
