import { TRPCError } from '@trpc/server';
import { ACCESS_LOG_PAGE_SIZE, accessLogSchema, patientIdSchema, patientMessages, patientSearchSchema } from '@wellspring/domain';
import { practitionerProcedure, router } from './trpc.ts';

/** Not one of the caller's patients — unknown, malformed or another practice's: the same answer for all. */
export const patientNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: patientMessages.unknownPatient });

/**
 * Resource-scoped procedures (STYLE.md, cal.com): the patient is loaded through the caller's
 * practice before the handler runs and put on `ctx`; an id outside the practice is NOT_FOUND.
 */
const ownedPatientProcedure = practitionerProcedure.input(patientIdSchema).use(async ({ ctx, input, next }) => {
  const patient = await ctx.practice.patients.find(input.id);
  if (!patient) throw patientNotFound();
  return next({ ctx: { patient } });
});

export const patientsRouter = router({
  /** The patient list (SPEC §2 Patient list), searched in the database (SPEC §5), a page at a time. */
  list: practitionerProcedure.input(patientSearchSchema).query(({ ctx, input }) => ctx.practice.patients.search(input)),

  /** One patient's record (SPEC §2 Patient detail). Reading it leaves an audit entry. */
  byId: ownedPatientProcedure.query(async ({ ctx }) => {
    const patient = await ctx.practice.patients.detail(ctx.patient.id);
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
