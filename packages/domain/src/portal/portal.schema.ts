/**
 * The provider portal's procedure inputs (issue 13): paging, ids, and the portal forms of docs/product.md#portal
 * with the links the portal's query parameters carry (appointmentId, patientId).
 */
import { z } from 'zod';
import { portalAppointmentEditFormSchema } from '../appointments/appointment.schema.ts';
import { ehrFormSchema, ehrRecordTypeSchema, soapContentSchema } from '../ehr/ehr.schema.ts';
import { paymentFormSchema } from '../payments/payment.schema.ts';
import { lineText, multilineText } from '../shared/text.ts';
import { tooLongMessage } from '../shared/text-limits.ts';
import { inputBoundMessages, MAX_PAGE, PG_BIGINT_MAX } from '../shared/input-bounds.ts';
import { pageCursorSchema } from '../shared/page-cursor.ts';

/** A record id as a URL or a query parameter carries it: anything else is simply not found. */
export const recordIdSchema = lineText().trim().min(1).max(200);
export const recordRefSchema = z.object({ id: recordIdSchema });

export const PORTAL_PAGE_SIZE = 20;
const portalPageSizeMessage = 'Page size must be a whole number from 1 to 100.';
export const portalPageSchema = z.object({
  page: z.number({ error: inputBoundMessages.page }).int({ error: inputBoundMessages.page, abort: true }).min(1, inputBoundMessages.page).max(MAX_PAGE, inputBoundMessages.page).default(1),
  pageSize: z.number({ error: portalPageSizeMessage }).int(portalPageSizeMessage).min(1, portalPageSizeMessage).max(100, portalPageSizeMessage).default(PORTAL_PAGE_SIZE),
  cursor: pageCursorSchema.optional(),
});
export type PortalPageInput = z.input<typeof portalPageSchema>;

/** "Update Appointment": the edit form, for the appointment `id`. */
export const portalAppointmentUpdateSchema = portalAppointmentEditFormSchema.extend({ id: recordIdSchema });

/**
 * The EHR list, of one patient when `patientId` is given ("Patient Records"); the Clinical Notes
 * screen also narrows it by the patient's name (`search`) and the record type. Drafts come first.
 */
export const clinicalRecordListSchema = portalPageSchema.extend({
  patientId: recordIdSchema.optional(),
  search: lineText().trim().max(200, tooLongMessage('Search text', 200)).default(''),
  recordType: ehrRecordTypeSchema.optional(),
});
export type ClinicalRecordListInput = z.input<typeof clinicalRecordListSchema>;

/** New EHR Record: the form, linked to the patient and appointment the query parameters name. */
export const clinicalRecordCreateSchema = ehrFormSchema.extend({
  patientId: recordIdSchema.optional(),
  appointmentId: recordIdSchema.optional(),
  /** Without a patient or an appointment: `patientName` is a new patient, chosen as such (never a typo's guess). */
  newPatient: z.boolean().optional(),
});

export const clinicalRecordMessages = {
  choosePatient: 'Please choose one of your patients, or New Patient.',
  draftSaved: 'Draft saved',
  signed: 'Note signed',
  signHint: 'Signing locks the note: after that, corrections are added as addenda.',
} as const;

/** A draft's sections as they are now (autosave): the whole text of each, replacing the last. */
export const clinicalNoteDraftSchema = soapContentSchema.extend({ id: recordIdSchema });
export type ClinicalNoteDraftInput = z.input<typeof clinicalNoteDraftSchema>;
export type ClinicalRecordCreateInput = z.input<typeof clinicalRecordCreateSchema>;

export const addendumMessages = {
  empty: 'Please enter the addendum text.',
  added: 'Addendum added',
} as const;

/** An addendum to a signed record: the correction, never an edit. */
export const addendumInputSchema = z.object({
  id: recordIdSchema,
  text: multilineText().trim().min(1, addendumMessages.empty).max(5000, tooLongMessage('Addendum', 5000)),
});
export type AddendumInput = z.input<typeof addendumInputSchema>;

/** Record Payment: the form (amount as typed, parsed to minor units) and its appointment. */
export const paymentCreateSchema = paymentFormSchema;

/**
 * A patient's access log, a page at a time (newest first): `cursor` is the previous page's
 * `nextCursor`, an audit sequence number — a positive `bigint` (at most 9223372036854775807).
 */
export const ACCESS_LOG_PAGE_SIZE = 20;
export const accessLogSchema = z.object({
  id: recordIdSchema,
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, { message: 'Invalid page.', abort: true })
    .refine((cursor) => BigInt(cursor) <= PG_BIGINT_MAX, 'Invalid page.')
    .nullish(),
});
