import { experienceBrackets, specialties, type ExperienceBracket, type Specialty } from '../catalog/specialties.ts';
import { isOneOf } from '../shared/labels.ts';
import { MAX_PAGE } from '../shared/input-bounds.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, directoryRadiusOptionsMiles, directorySortOrders, type DirectorySearchInput, type DirectorySortOrder } from './directory.schema.ts';

/**
 * The directory's filters as the address bar holds them, so a search can be shared and survives a
 * reload: `/search?query=sleep&location=Portland%2C+OR&specialties=acupuncture,ayurveda&experience=6-10&distance=10&sort=rating&page=2`.
 * `pageSize` (1–50, default 12) is there too, for a link that wants shorter or longer pages.
 * Values the directory does not know are ignored, never an error.
 */
export interface SearchFilters {
  readonly query: string;
  readonly location: string;
  readonly specialties: readonly Specialty[];
  readonly experience: ExperienceBracket | null;
  /** Miles from the location; null for the directory's default radius. */
  readonly distance: number | null;
  /** null: the directory's default order (nearest first with a location, best match otherwise). */
  readonly sort: DirectorySortOrder | null;
  readonly page: number;
  /** Results per page; null for the directory's default. */
  readonly pageSize: number | null;
}

export const emptyFilters: SearchFilters = {
  query: '',
  location: '',
  specialties: [],
  experience: null,
  distance: null,
  sort: null,
  page: 1,
  pageSize: null,
};

const radiusOptions: readonly number[] = directoryRadiusOptionsMiles;

/** The filters of an address's query, `param` reading one of its parameters (`URLSearchParams#get`). */
export function searchFiltersOf(param: (name: string) => string | null): SearchFilters {
  const params = { get: param };
  const chosen = new Set((params.get('specialties') ?? '').split(',').map((value) => value.trim()));
  const experience = params.get('experience');
  const distance = Number(params.get('distance'));
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    query: params.get('query') ?? '',
    location: params.get('location') ?? '',
    // In the directory's order, whatever the order in the address.
    specialties: specialties.filter((specialty) => chosen.has(specialty)),
    experience: isOneOf(experienceBrackets, experience) ? experience : null,
    distance: radiusOptions.includes(distance) ? distance : null,
    sort: isOneOf(directorySortOrders, sort) ? sort : null,
    // A page past the deepest one the search answers reads as the first, like any other unreadable page.
    page: Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE && pageSize !== DEFAULT_PAGE_SIZE ? pageSize : null,
  };
}

/** The `directory.search` input of these filters. */
export function toDirectorySearch(filters: SearchFilters): DirectorySearchInput {
  const location = filters.location.trim();
  return {
    ...(filters.query.trim() ? { query: filters.query.trim() } : {}),
    ...(location ? { location } : {}),
    ...(filters.specialties.length > 0 ? { specialties: [...filters.specialties] } : {}),
    ...(filters.experience ? { experience: filters.experience } : {}),
    // A radius means nothing without a place to measure from.
    ...(location && filters.distance !== null ? { maxDistanceMiles: filters.distance } : {}),
    ...(filters.sort && (filters.sort !== 'distance' || location) ? { sort: filters.sort } : {}),
    page: filters.page,
    pageSize: filters.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
