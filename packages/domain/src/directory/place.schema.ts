/**
 * Places for the search page's location field (issue 16): the suggestions offered while one types
 * (`geo.suggest`), and the words the page shows when a typed location names no place at all.
 *
 * A suggestion is what the field is filled with when chosen, and what the directory search then
 * places: "Portland, OR" for a city, "Portland, OR 97201" for a ZIP code (USPS order, which the
 * server's geocoder reads back as that ZIP's point).
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { directoryMessages } from './directory.schema.ts';

/** At most this many suggestions answer one text. */
export const PLACE_SUGGESTION_LIMIT = 8;

export const placeMessages = {
  textTooLong: directoryMessages.locationTooLong,
  /** The search page's answer to a location that is no US city, state or ZIP code (nor the start of one). */
  notFound: "We couldn't find that place",
  notFoundHint: 'Check the spelling, or enter a US city and state (Portland, OR) or a 5-digit ZIP code.',
} as const;

export const placeSuggestSchema = z.object({
  /** What the visitor has typed so far: the start of a city ("portl", "st lou", "austin t") or of a ZIP code ("972"). */
  text: lineText().trim().max(100, placeMessages.textTooLong),
});
export type PlaceSuggestInput = z.input<typeof placeSuggestSchema>;

export type PlaceKind = 'city' | 'zip';

export interface PlaceSuggestion {
  /** What the field shows and the search sends: "Portland, OR" or "Portland, OR 97201". */
  readonly label: string;
  readonly kind: PlaceKind;
}
