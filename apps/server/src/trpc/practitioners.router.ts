import { TRPCError } from '@trpc/server';
import { practitionerByIdSchema, practitionerMessages, type DirectoryProfile } from '@wellspring/domain';
import { findPractitionerProfile } from '../repositories/practitioner.repository.ts';
import { publicProcedure, router } from './trpc.ts';

export const practitionerNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: practitionerMessages.notFound.description });

export const practitionersRouter = router({
  /** The full profile (SPEC §3), without `distance`; NOT_FOUND "We couldn't find the practitioner you're looking for." */
  byId: publicProcedure.input(practitionerByIdSchema).query(async ({ ctx, input }): Promise<DirectoryProfile> => {
    const profile = await findPractitionerProfile(ctx.db, input.id);
    if (!profile) throw practitionerNotFound();
    return profile;
  }),
});
