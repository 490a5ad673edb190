import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  ACCESS_LOG_PAGE_SIZE,
  accessLogSchema,
  calendarDateInZone,
  healthRecordCounts,
  healthRecordMessages,
  healthRecordSchema,
  patientDetailsSchema,
  patientFormMessages,
  patientIdSchema,
  patientMessages,
  patientSearchSchema,
  possibleDuplicatesSchema,
  storedHealthRecord,
  type PatientDetailsInput,
} from '@wellspring/domain';
import { z } from 'zod';
import { patientCommands } from '../practice/patient.commands.ts';
import type { PracticeScope } from '../practice/practice-scope.ts';
import { fieldError } from './field-error.ts';
import { practitionerProcedure, router } from './trpc.ts';

/** Not one of the caller's patients — unknown, malformed or another practice's: the same answer for all. */
export const patientNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: patientMessages.unknownPatient });

/**
 * Resource-scoped procedures (docs/architecture.md#api, cal.com): the patient is loaded through the caller's
 * practice before the handler runs and put on `ctx`; an id outside the practice is NOT_FOUND.
 */
const ownedPatientProcedure = practitionerProcedure.input(patientIdSchema).use(async ({ ctx, input, next }) => {
  const patient = await ctx.practice.patients.find(input.id);
  if (!patient) throw patientNotFound();
  return next({ ctx: { patient } });
});

/** A date of birth after the practice's today is refused (the form checks the same in the browser's day). */
function refuseFutureBirth(scope: PracticeScope, details: PatientDetailsInput): void {
  if (details.dateOfBirth !== '' && details.dateOfBirth > calendarDateInZone(scope.now, scope.timeZone)) throw fieldError('dateOfBirth', patientFormMessages.dateOfBirthFuture);
}

export const patientsRouter = router({
  /** "Add New Patient": a patient from the form, through the patient machine. */
  create: practitionerProcedure.input(patientDetailsSchema).mutation(async ({ ctx, input }): Promise<{ id: string; message: string }> => {
    refuseFutureBirth(ctx.scope, input);
    const id = randomUUID();
    await ctx.command(patientCommands(ctx.scope, input), id, { kind: 'Register', id });
    return { id, message: patientFormMessages.created };
  }),

  /** "Edit patient info": the same form for an existing patient. */
  update: ownedPatientProcedure.input(patientDetailsSchema).mutation(async ({ ctx, input }): Promise<{ id: string; message: string }> => {
    refuseFutureBirth(ctx.scope, input);
    await ctx.command(patientCommands(ctx.scope, input), ctx.patient.id, { kind: 'Update', id: ctx.patient.id });
    return { id: ctx.patient.id, message: patientFormMessages.saved };
  }),

  /** The health record's Edit: its five sections, saved whole (the items replace the old ones). */
  updateHealthRecord: ownedPatientProcedure.input(healthRecordSchema).mutation(async ({ ctx, input }): Promise<{ id: string; message: string }> => {
    const record = storedHealthRecord(input);
    await ctx.command(patientCommands(ctx.scope, record), ctx.patient.id, { kind: 'UpdateHealthRecord', id: ctx.patient.id, counts: healthRecordCounts(record) });
    return { id: ctx.patient.id, message: healthRecordMessages.saved };
  }),

  /** Archive (status inactive; a patient is never deleted) or restore. */
  setArchived: ownedPatientProcedure.input(z.object({ archived: z.boolean() })).mutation(async ({ ctx, input }): Promise<{ id: string; archived: boolean; message: string }> => {
    await ctx.command(patientCommands(ctx.scope), ctx.patient.id, { kind: 'SetArchived', id: ctx.patient.id, archived: input.archived });
    return { id: ctx.patient.id, archived: input.archived, message: input.archived ? patientFormMessages.archived : patientFormMessages.restored };
  }),

  /** The form's warning before saving: patients with the same e-mail, or the same name and date of birth. */
  possibleDuplicates: practitionerProcedure.input(possibleDuplicatesSchema).query(({ ctx, input }) => ctx.practice.patients.possibleDuplicates(input)),

  /** The patient list, searched in the database a page at a time (docs/product.md#patients). */
  list: practitionerProcedure.input(patientSearchSchema).query(({ ctx, input }) => ctx.practice.patients.search(input)),

  /** One patient's record (docs/product.md#patient-detail). Reading it leaves an audit entry. */
  // Not `ownedPatientProcedure`: the record's one statement answers "not one of ours" itself (null),
  // so the lookup before it would be a round trip for nothing.
  byId: practitionerProcedure.input(patientIdSchema).query(async ({ ctx, input }) => {
    const patient = await ctx.practice.patients.detail(input.id);
    if (!patient) throw patientNotFound();
    return patient;
  }),

  /**
   * The access log: who read, created, changed, signed or amended this patient's records, newest
   * first, a page at a time (`cursor` from the previous page's `nextCursor`).
   */
  auditTrail: ownedPatientProcedure
    .input(accessLogSchema)
    .query(({ ctx, input }) =>
      ctx.practice.auditTrail.ofPatient({ patientId: ctx.patient.id, limit: ACCESS_LOG_PAGE_SIZE, cursor: input.cursor ?? null }),
    ),
});
