/**
 * A user's heart on a practitioner (`favorites.set`) on the command runner. The aggregate is the
 * pair (user, practitioner), locked with an advisory lock (it has no row while not set); the
 * domain's favorite machine decides, with whether the directory lists the practitioner; the
 * favorite table's primary key keeps one row per pair.
 */
import { decideFavorite, evolveFavorite, favoriteEventSchema, type FavoriteEvent, type FavoriteState, type SetFavoriteCommand } from '@wellspring/domain';
import { isFavoritePractitioner, setFavoritePractitioner } from '../repositories/favorite.repository.ts';
import { practitionerExists } from '../repositories/practitioner.repository.ts';
import { lockAggregate, type CommandMachine } from './run-command.ts';

/** The machine's state, and what its `decide` needs to know of the directory. */
export interface FavoriteAggregate extends FavoriteState {
  readonly practitionerListed: boolean;
}

export const favoriteAggregateId = (userId: string, practitionerId: string): string => `${userId}:${practitionerId}`;

export function favoriteCommands(userId: string, practitionerId: string): CommandMachine<FavoriteAggregate, SetFavoriteCommand, FavoriteEvent> {
  return {
    aggregateType: 'favorite',
    eventSchema: favoriteEventSchema,
    async load(tx) {
      await lockAggregate(tx, { type: 'favorite', id: favoriteAggregateId(userId, practitionerId) });
      const [favorite, practitionerListed] = await Promise.all([isFavoritePractitioner(tx, userId, practitionerId), practitionerExists(tx, practitionerId)]);
      return { favorite, practitionerListed };
    },
    decide: (state, command) => decideFavorite(state, command, { practitionerListed: state.practitionerListed }),
    evolve: (state, event) => ({ ...evolveFavorite(state, event), practitionerListed: state.practitionerListed }),
    async save(tx, { before, after }) {
      if (before.favorite !== after.favorite) await setFavoritePractitioner(tx, userId, practitionerId, after.favorite);
      return undefined;
    },
    toStoredEvent: (event) => ({ type: event.type, payload: { ...event } }),
  };
}
