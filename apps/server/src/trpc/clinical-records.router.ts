/**
 * The provider portal's EHR records: the list (all, or one patient's), a new record — drafted and
 * signed in one transaction, so it is locked from the moment it is saved — and addenda, the only
 * way to correct a signed record. All through the domain's clinical-note machine.
 */
import { randomUUID } from 'node:crypto';
import { addendumInputSchema, addendumText, clinicalRecordCreateSchema, clinicalRecordListSchema, clinicalRecordMessages, ehrRecordTypeLabel } from '@wellspring/domain';
import { clinicalNoteCommands } from '../practice/clinical-note.commands.ts';
import { appointmentNotFound } from './appointments.router.ts';
import { fieldError } from './field-error.ts';
import { patientNotFound } from './patients.router.ts';
import { practitionerProcedure, router } from './trpc.ts';

export const clinicalRecordsRouter = router({
  /** "All EHR Records", or "Patient Records" when `patientId` names one of the practice's patients. */
  list: practitionerProcedure.input(clinicalRecordListSchema).query(async ({ ctx, input }) => {
    if (input.patientId !== undefined && !(await ctx.practice.patients.find(input.patientId))) throw patientNotFound();
    return ctx.practice.clinicalRecords.page({ patientId: input.patientId ?? null, page: input.page, pageSize: input.pageSize });
  }),

  /**
   * Saves a record for the patient the form names — the query's patient, else the appointment's,
   * else the practice's one patient of that name, else a new patient — and signs it.
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
      for (const command of [{ kind: 'CreateDraft' as const, id, patientId: patient.id, recordType: input.recordType, content }, { kind: 'Sign' as const }]) {
        await ctx.command(machine, id, command);
      }
      return { id, patientId: patient.id, patientName: patient.name, recordType: input.recordType, title: ehrRecordTypeLabel(input.recordType) };
    }
  }),

  /** Adds a correction under a signed record (its author only; a draft is edited instead). */
  addAddendum: practitionerProcedure.input(addendumInputSchema).mutation(async ({ ctx, input }) => {
    const addendumId = randomUUID();
    const { state } = await ctx.command(clinicalNoteCommands(ctx.scope), input.id, { kind: 'AddAddendum', addendumId, text: input.text });
    const addendum = state.status === 'absent' ? undefined : state.addenda.find((item) => item.id === addendumId);
    return { id: input.id, addendum: { id: addendumId, text: addendumText(input.text), author: ctx.scope.actor.name, at: addendum?.at ?? ctx.scope.now.toISOString() } };
  }),
});
