import { TRPCError } from '@trpc/server';
import { practitionerByIdSchema, practitionerMessages, type DirectoryProfile } from '@wellspring/domain';
import { readCacheKey } from '../cache/read-cache.ts';
import { findPractitionerProfile } from '../repositories/practitioner.repository.ts';
import { publicProcedure, router } from './trpc.ts';

const practitionerNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: practitionerMessages.notFound.description });

export const practitionersRouter = router({
  /** The full profile (docs/product.md#profile), without `distance`; NOT_FOUND "We couldn't find the practitioner you're looking for." Cached until the directory changes. */
  byId: publicProcedure.input(practitionerByIdSchema).query(async ({ ctx, input }): Promise<DirectoryProfile> => {
    const profile = await ctx.directoryCache.read(readCacheKey('practitioners.byId', input.id), () => findPractitionerProfile(ctx.db, input.id));
    if (!profile) throw practitionerNotFound();
    return profile;
  }),
});
