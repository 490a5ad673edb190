/**
 * Clinical notes (the portal's EHR records, the patient record's notes, the Clinical Notes screen):
 * the list (all, or one patient's; drafts first), a new note — a draft — whose sections are saved
 * as they are typed until its author signs it, the signature that locks it, and addenda, the only
 * way to correct a signed note. All through the domain's clinical-note machine.
 */
import { randomUUID } from 'node:crypto';
import {
  addendumInputSchema,
  addendumText,
  clinicalNoteDraftSchema,
  clinicalRecordCreateSchema,
  clinicalRecordListSchema,
  clinicalRecordMessages,
  ehrRecordTypeLabel,
  recordRefSchema,
} from '@wellspring/domain';
import { clinicalNoteCommands } from '../practice/clinical-note.commands.ts';
import { appointmentNotFound } from './appointments.router.ts';
import { fieldError } from './field-error.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const clinicalRecordsRouter = router({
  /** "All EHR Records", or "Patient Records" when `patientId` names one of the practice's patients. */
  list: practitionerProcedure.input(clinicalRecordListSchema).query(async ({ ctx, input }) => {
    if (input.patientId !== undefined && !(await ctx.practice.patients.find(input.patientId))) throw patientNotFound();
    return ctx.practice.clinicalRecords.page({ patientId: input.patientId ?? null, search: input.search, recordType: input.recordType ?? null, page: input.page, pageSize: input.pageSize, cursor: input.cursor });
  }),

  /**
   * Starts a note — a draft — for the patient the form names: the chosen patient, else the
   * appointment's, else a new patient chosen as such. `sign` then locks it.
   */
  create: practitionerProcedure.input(clinicalRecordCreateSchema).mutation(async ({ ctx, input }) => {
    const id = randomUUID();
    {
      const appointment = input.appointmentId === undefined ? null : await ctx.practice.portalAppointments.find(input.appointmentId);
      if (input.appointmentId !== undefined && !appointment) throw appointmentNotFound();
      let patient: { id: string; name: string } | null;
      if (input.patientId !== undefined) {
        patient = await ctx.practice.patients.find(input.patientId);
        if (!patient) throw patientNotFound();
      } else if (appointment) {
        patient = { id: appointment.patientId, name: appointment.patientName };
      } else if (input.newPatient) {
        patient = await ctx.registerPatient({ name: input.patientName, email: '', phone: '' });
      } else {
        // A name alone never picks a patient, nor makes one (issue 26: a typo made a new patient).
        throw fieldError('patientName', clinicalRecordMessages.choosePatient);
      }
      // An appointment of another patient is not this record's.
      if (appointment && appointment.patientId !== patient.id) throw appointmentNotFound();
      const machine = clinicalNoteCommands(ctx.scope, { patientId: patient.id, appointmentId: appointment?.id ?? null });
      const content = { subjective: input.subjective, objective: input.objective, assessment: input.assessment, plan: input.plan };
      await ctx.command(machine, id, { kind: 'CreateDraft', id, patientId: patient.id, recordType: input.recordType, content });
      return { id, patientId: patient.id, patientName: patient.name, recordType: input.recordType, title: ehrRecordTypeLabel(input.recordType), savedAt: ctx.scope.now.toISOString() };
    }
  }),

  /** A draft's sections as they are now (the editor saves as the practitioner types); a signed note is refused. */
  saveDraft: practitionerProcedure.input(clinicalNoteDraftSchema).mutation(async ({ ctx, input }) => {
    const content = { subjective: input.subjective, objective: input.objective, assessment: input.assessment, plan: input.plan };
    await ctx.command(clinicalNoteCommands(ctx.scope), input.id, { kind: 'EditDraft', content });
    return { id: input.id, savedAt: ctx.scope.now.toISOString(), message: clinicalRecordMessages.draftSaved };
  }),

  /** Signs a draft (its author only): from then on the database refuses any change to it. */
  sign: practitionerProcedure.input(recordRefSchema).mutation(async ({ ctx, input }) => {
    const { state } = await ctx.command(clinicalNoteCommands(ctx.scope), input.id, { kind: 'Sign' });
    return { id: input.id, signedAt: state.status === 'absent' ? ctx.scope.now.toISOString() : (state.signedAt ?? ctx.scope.now.toISOString()), message: clinicalRecordMessages.signed };
  }),

  /** Adds a correction under a signed record (its author only; a draft is edited instead). */
  addAddendum: practitionerProcedure.input(addendumInputSchema).mutation(async ({ ctx, input }) => {
    const addendumId = randomUUID();
    const { state } = await ctx.command(clinicalNoteCommands(ctx.scope), input.id, { kind: 'AddAddendum', addendumId, text: input.text });
    const addendum = state.status === 'absent' ? undefined : state.addenda.find((item) => item.id === addendumId);
    return { id: input.id, addendum: { id: addendumId, text: addendumText(input.text), author: ctx.scope.actor.name, at: addendum?.at ?? ctx.scope.now.toISOString() } };
  }),
});
