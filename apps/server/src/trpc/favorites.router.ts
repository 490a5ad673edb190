import { setFavoriteSchema } from '@wellspring/domain';
import { favoriteAggregateId, favoriteCommands } from '../commands/favorite.commands.ts';
import { commandContext, runCommand } from '../commands/run-command.ts';
import { listFavoritePractitionerIds } from '../repositories/favorite.repository.ts';
import { authedProcedure, router } from './trpc.ts';

export const favoritesRouter = router({
  /** The signed-in user's favorite practitioner ids, most recent first. */
  ids: authedProcedure.query(({ ctx }): Promise<string[]> => listFavoritePractitionerIds(ctx.db, ctx.user.id)),

  /** Sets or clears the heart on a profile; idempotent. NOT_FOUND for an unknown practitioner (the favorite machine). */
  set: authedProcedure
    .input(setFavoriteSchema)
    .mutation(async ({ ctx, input }): Promise<{ practitionerId: string; favorite: boolean }> => {
      const { practitionerId } = input;
      const { state } = await runCommand(commandContext(ctx), favoriteCommands(ctx.user.id, practitionerId), favoriteAggregateId(ctx.user.id, practitionerId), {
        kind: 'SetFavorite',
        userId: ctx.user.id,
        practitionerId,
        favorite: input.favorite,
      });
      return { practitionerId, favorite: state.favorite };
    }),
});
