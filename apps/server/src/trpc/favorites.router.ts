import { setFavoriteSchema } from '@wellspring/domain';
import { listFavoritePractitionerIds, setFavoritePractitioner } from '../repositories/favorite.repository.ts';
import { practitionerExists } from '../repositories/practitioner.repository.ts';
import { practitionerNotFound } from './practitioners.router.ts';
import { authedProcedure, router } from './trpc.ts';

export const favoritesRouter = router({
  /** The signed-in user's favorite practitioner ids, most recent first. */
  ids: authedProcedure.query(({ ctx }): Promise<string[]> => listFavoritePractitionerIds(ctx.db, ctx.user.id)),

  /** Sets or clears the heart on a profile; idempotent. NOT_FOUND for an unknown practitioner. */
  set: authedProcedure
    .input(setFavoriteSchema)
    .mutation(async ({ ctx, input }): Promise<{ practitionerId: string; favorite: boolean }> => {
      if (!(await practitionerExists(ctx.db, input.practitionerId))) throw practitionerNotFound();
      await setFavoritePractitioner(ctx.db, ctx.user.id, input.practitionerId, input.favorite);
      return { practitionerId: input.practitionerId, favorite: input.favorite };
    }),
});
