import { placeSuggestSchema, type PlaceSuggestion } from '@wellspring/domain';
import { suggestUsPlaces } from '../geo/geocoder.ts';
import { publicProcedure, router } from './trpc.ts';

export const geoRouter = router({
  /** The location field's suggestions while one types: up to 8 "City, ST" or "City, ST 97201", best first (geo/place-index.ts). */
  suggest: publicProcedure.input(placeSuggestSchema).query(({ input }): Promise<PlaceSuggestion[]> => suggestUsPlaces(input.text)),
});
