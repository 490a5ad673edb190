import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { practitionerMessages } from '../practitioners/practitioner.types.ts';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import { decideFavorite, evolveFavorite, favoriteEventSchema, initialFavorite, type SetFavoriteCommand } from './favorite.machine.ts';

const set = (favorite: boolean): SetFavoriteCommand => ({ kind: 'SetFavorite', userId: 'u1', practitionerId: '2', favorite });
const listed = { practitionerListed: true };

describe('favorite machine', () => {
  it('sets the heart once; setting it again changes nothing; clearing takes it back', () => {
    const added = decideFavorite(initialFavorite, set(true), listed);
    expect(added).toEqual({ ok: true, events: [{ type: 'FavoriteAdded', userId: 'u1', practitionerId: '2' }] });
    const state = evolveFavorite(initialFavorite, { type: 'FavoriteAdded', userId: 'u1', practitionerId: '2' });
    expect(state).toEqual({ favorite: true });
    expect(decideFavorite(state, set(true), listed)).toEqual({ ok: true, events: [] });
    expect(decideFavorite(state, set(false), listed)).toEqual({ ok: true, events: [{ type: 'FavoriteRemoved', userId: 'u1', practitionerId: '2' }] });
    expect(decideFavorite(initialFavorite, set(false), listed)).toEqual({ ok: true, events: [] });
  });

  it('refuses a practitioner the directory does not list, with the profile’s message', () => {
    expect(decideFavorite(initialFavorite, set(true), { practitionerListed: false })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: practitionerMessages.notFound.description },
    });
  });

  it('obeys the machine laws', () => {
    checkMachineLaws({
      initial: initialFavorite,
      decide: decideFavorite,
      evolve: evolveFavorite,
      step: fc.record({ command: fc.boolean().map(set), context: fc.record({ practitionerListed: fc.boolean() }) }),
      isValid: (state) => typeof state.favorite === 'boolean',
      eventSchema: favoriteEventSchema,
    });
  });
});
