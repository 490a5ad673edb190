/**
 * A user's heart on a practitioner's profile as a decide/evolve machine. The aggregate is one user
 * and one practitioner; setting the heart it already shows changes nothing (accepted with no
 * events), and an unknown practitioner is refused with the profile's own "not found".
 *
 * | state     | command             | practitioner | events           | next      |
 * |-----------|---------------------|--------------|------------------|-----------|
 * | any       | any                 | unknown      | NOT_FOUND        | unchanged |
 * | not set   | Set favorite: true  | listed       | FavoriteAdded    | set       |
 * | set       | Set favorite: true  | listed       | —                | set       |
 * | set       | Set favorite: false | listed       | FavoriteRemoved  | not set   |
 * | not set   | Set favorite: false | listed       | —                | not set   |
 */
import { z } from 'zod';
import { practitionerMessages } from '../practitioners/practitioner.types.ts';
import { accept, reject, type Decision } from '../shared/decision.ts';

export interface FavoriteState {
  readonly favorite: boolean;
}
export const initialFavorite: FavoriteState = { favorite: false };

export interface SetFavoriteCommand {
  readonly kind: 'SetFavorite';
  readonly userId: string;
  readonly practitionerId: string;
  readonly favorite: boolean;
}

/** What `decide` needs beyond the state: whether the practitioner is in the directory. */
export interface FavoriteContext {
  readonly practitionerListed: boolean;
}

const favoriteFields = { userId: z.string().min(1), practitionerId: z.string().min(1) };
export const favoriteEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FavoriteAdded'), ...favoriteFields }),
  z.object({ type: z.literal('FavoriteRemoved'), ...favoriteFields }),
]);
export type FavoriteEvent = Readonly<z.output<typeof favoriteEventSchema>>;

export function decideFavorite(state: FavoriteState, command: SetFavoriteCommand, context: FavoriteContext): Decision<FavoriteEvent> {
  if (!context.practitionerListed) return reject('NOT_FOUND', practitionerMessages.notFound.description);
  if (state.favorite === command.favorite) return accept();
  const fields = { userId: command.userId, practitionerId: command.practitionerId };
  return accept(command.favorite ? { type: 'FavoriteAdded', ...fields } : { type: 'FavoriteRemoved', ...fields });
}

export const evolveFavorite = (_state: FavoriteState, event: FavoriteEvent): FavoriteState => ({ favorite: event.type === 'FavoriteAdded' });
