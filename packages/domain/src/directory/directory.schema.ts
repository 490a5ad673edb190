/**
 * The public directory's contract (issue 4): the search input the web sends and the server parses,
 * the card and profile shapes it answers with, and the pure rules behind them — where a location
 * text points, which years an experience band covers, great-circle miles, the words of a text search.
 *
 * Decisions a reader may question:
 * - **Location**: "City, ST" or a bare city name of `usCities`, compared case-insensitively with
 *   spaces collapsed, resolves to coordinates: results are then within `maxDistanceMiles` (default
 *   25, the preview directory's radius) and sorted nearest first. Any other text filters by a
 *   case-insensitive substring of the practitioner's "City, ST" and gives no origin (and no distance).
 *   (The server also places any US city with its state or a ZIP code, docs/decisions/0020-gazetteer.md,
 *   and flags a text that names no place at all: `locationUnknown`.)
 * - **Experience "20+"** starts at 21 years: 20 belongs to "11-20".
 * - **Sort** defaults to distance when the location resolved, otherwise relevance (text rank when
 *   there is a query, then rating, review count and id). Every order ends with the id in code-unit
 *   order, so pages never overlap.
 * - **Profile** (`practitioners.byId`) has no `distance`: it has no searcher. Cards carry
 *   `distanceMiles` (one decimal) when the search has an origin.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { inputBoundMessages, MAX_PAGE } from '../shared/input-bounds.ts';
import { experienceBrackets, PREVIEW_RADIUS_MILES, specialties, type ExperienceBracket, type Specialty } from '../catalog/specialties.ts';
import type { Practitioner } from '../practitioners/practitioner.types.ts';
import { quizAnswersSchema } from '../quiz/quiz.scoring.ts';
import { usCities, type UsCity } from './us-cities.ts';

export const directorySortOrders = ['relevance', 'distance', 'rating', 'experience'] as const;
export type DirectorySortOrder = (typeof directorySortOrders)[number];

/** The distance filter's choices; any positive radius up to the maximum is accepted. */
export const directoryRadiusOptionsMiles = [5, 10, 25, 50, 100] as const;
export const DEFAULT_RADIUS_MILES = PREVIEW_RADIUS_MILES;
export const MAX_RADIUS_MILES = 500;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

export const directoryMessages = {
  queryTooLong: 'Search text must be at most 200 characters.',
  locationTooLong: 'Location must be at most 100 characters.',
  unknownSpecialty: 'Please choose specialties from the list.',
  radius: `Distance must be between 1 and ${MAX_RADIUS_MILES} miles.`,
  page: 'Page must be a whole number of at least 1.',
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  sort: 'Sort by relevance, distance, rating or experience.',
  experience: 'Please choose an experience range from the list.',
} as const;

const optionalText = (max: number, message: string) =>
  lineText()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const directorySearchSchema = z.object({
  /** Words of the name, bios or specialties (each word may be the start of one). */
  query: optionalText(200, directoryMessages.queryTooLong),
  /** "City, ST" or a city name. */
  location: optionalText(100, directoryMessages.locationTooLong),
  /** Practitioners with any of these specialties. */
  specialties: z
    .array(z.enum(specialties, { error: directoryMessages.unknownSpecialty }), { error: directoryMessages.unknownSpecialty })
    .max(specialties.length, directoryMessages.unknownSpecialty)
    .optional(),
  experience: z.enum(experienceBrackets, { error: directoryMessages.experience }).optional(),
  maxDistanceMiles: z.number({ error: directoryMessages.radius }).min(1, directoryMessages.radius).max(MAX_RADIUS_MILES, directoryMessages.radius).optional(),
  page: z.number({ error: directoryMessages.page }).int({ error: directoryMessages.page, abort: true }).min(1, directoryMessages.page).max(MAX_PAGE, inputBoundMessages.page).default(1),
  pageSize: z.number({ error: directoryMessages.pageSize }).int(directoryMessages.pageSize).min(1, directoryMessages.pageSize).max(MAX_PAGE_SIZE, directoryMessages.pageSize).default(DEFAULT_PAGE_SIZE),
  sort: z.enum(directorySortOrders, { error: directoryMessages.sort }).optional(),
});
/** What the web sends (every field optional). */
export type DirectorySearchInput = z.input<typeof directorySearchSchema>;
/** What the server works with (defaults applied, empty texts removed). */
export type DirectorySearch = z.output<typeof directorySearchSchema>;

/** One result of the directory (a card linking to the profile). */
export interface DirectoryCard {
  readonly id: string;
  readonly name: string;
  readonly profileImage: string | null;
  readonly specialties: readonly Specialty[];
  readonly location: string;
  /** Great-circle miles from the search's origin, one decimal; null without an origin. */
  readonly distanceMiles: number | null;
  readonly yearsExperience: number;
  readonly rating: number;
  readonly reviewCount: number;
  readonly acceptsInsurance: boolean;
  readonly insuranceList: readonly string[];
  readonly shortBio: string;
}

export interface DirectoryOrigin {
  /** "City, ST". */
  readonly label: string;
  readonly lat: number;
  readonly lng: number;
}

/** A card of the search results, which also says whether the listing takes online bookings (shows "Book"). */
export interface DirectorySearchCard extends DirectoryCard {
  /** The listing's practice has online booking on and at least one session type. */
  readonly bookable: boolean;
}

export interface DirectorySearchResult {
  readonly items: readonly DirectorySearchCard[];
  /** Every match, over all pages. */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** The resolved location, or null (no location, or a text that is not a known city). */
  readonly origin: DirectoryOrigin | null;
  /**
   * True when the location text names no place: not a US city or ZIP code, nor the start of one, and
   * no listing's location contains it. There are then no items (the location is never dropped to show
   * others instead); the page says "We couldn't find that place".
   */
  readonly locationUnknown: boolean;
}

/** `practitioners.byId`: the full profile; no `distance` (a profile has no searcher). */
export type DirectoryProfile = Omit<Practitioner, 'distance'>;

export const practitionerByIdSchema = z.object({ id: lineText().trim().min(1).max(100) });

export const quizMatchSchema = z.object({ answers: quizAnswersSchema });
export type QuizMatchInput = z.input<typeof quizMatchSchema>;

export interface QuizMatchResult {
  /** The recommended approaches (top 3 specialties of the answers). */
  readonly approaches: readonly Specialty[];
  /** The top 3 practitioners, best first. */
  readonly practitioners: ReadonlyArray<DirectoryCard & { readonly score: number }>;
}

export const setFavoriteSchema = z.object({ practitionerId: lineText().trim().min(1).max(100), favorite: z.boolean() });
export type SetFavoriteInput = z.input<typeof setFavoriteSchema>;

const comparable = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The city a location text names ("Portland, OR", "portland", " PORTLAND ,or "), or null. */
export function resolveUsCity(location: string): UsCity | null {
  const text = comparable(location).replace(/\s*,\s*/g, ', ');
  if (text === '') return null;
  return usCities.find((city) => comparable(`${city.city}, ${city.state}`) === text || comparable(city.city) === text) ?? null;
}

export const originOf = (city: UsCity): DirectoryOrigin => ({ label: `${city.city}, ${city.state}`, lat: city.lat, lng: city.lng });

/** The years of experience an experience band covers; `max` null is open-ended. */
export function experienceYears(bracket: ExperienceBracket): { readonly min: number; readonly max: number | null } {
  switch (bracket) {
    case '0-2':
      return { min: 0, max: 2 };
    case '3-5':
      return { min: 3, max: 5 };
    case '6-10':
      return { min: 6, max: 10 };
    case '11-20':
      return { min: 11, max: 20 };
    case '20+':
      return { min: 21, max: null };
  }
}

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine), the formula the server's SQL uses. */
export function milesBetween(a: { readonly lat: number; readonly lng: number }, b: { readonly lat: number; readonly lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles shown on a card: one decimal. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;

/**
 * A latitude/longitude box that contains every point within `miles` of `origin` (for an index
 * prefilter; the exact distance decides). Near the poles the longitude span is the whole circle.
 */
export function boundingBox(origin: { readonly lat: number; readonly lng: number }, miles: number) {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const farthestLat = Math.min(90, Math.abs(origin.lat) + dLat);
  const cos = Math.cos(radians(farthestLat));
  const dLng = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  return { minLat: origin.lat - dLat, maxLat: origin.lat + dLat, minLng: origin.lng - dLng, maxLng: origin.lng + dLng };
}

/** The words of a search text (letters and digits, lower case, at most 8), for a prefix full-text query. */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

/** The card of a practitioner, given its distance from the search origin (or null). */
export function directoryCardOf(practitioner: DirectoryProfile, distanceMiles: number | null): DirectoryCard {
  return {
    id: practitioner.id,
    name: practitioner.name,
    profileImage: practitioner.profileImage,
    specialties: practitioner.specialties,
    location: practitioner.location,
    distanceMiles: distanceMiles === null ? null : roundMiles(distanceMiles),
    yearsExperience: practitioner.yearsExperience,
    rating: practitioner.rating,
    reviewCount: practitioner.reviewCount,
    acceptsInsurance: practitioner.acceptsInsurance,
    insuranceList: practitioner.insuranceList ?? [],
    shortBio: practitioner.shortBio,
  };
}
