import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  directoryRadiusOptionsMiles,
  directorySortOrders,
  experienceBrackets,
  isOneOf,
  specialties,
  type DirectorySearchInput,
  type DirectorySortOrder,
  type ExperienceBracket,
  type Specialty,
} from '@wellspring/domain';

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

export function parseSearchParams(search: string): SearchFilters {
  const params = new URLSearchParams(search);
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
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE && pageSize !== DEFAULT_PAGE_SIZE ? pageSize : null,
  };
}

/** The query string of these filters (defaults left out), without the leading "?". */
export function toSearchString(filters: SearchFilters): string {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set('query', filters.query);
  if (filters.location.trim()) params.set('location', filters.location);
  if (filters.specialties.length > 0) params.set('specialties', filters.specialties.join(','));
  if (filters.experience) params.set('experience', filters.experience);
  if (filters.distance !== null) params.set('distance', String(filters.distance));
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== null) params.set('pageSize', String(filters.pageSize));
  return params.toString();
}

export const searchHref = (filters: SearchFilters): string => {
  const search = toSearchString(filters);
  return search ? `/search?${search}` : '/search';
};

/** Whether any filter narrows the results (the page and its size do not). */
export const hasActiveFilters = (filters: SearchFilters): boolean =>
  filters.query.trim() !== '' ||
  filters.location.trim() !== '' ||
  filters.specialties.length > 0 ||
  filters.experience !== null ||
  filters.distance !== null ||
  filters.sort !== null;

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

/** How many pages `total` results fill (at least one, so an empty search still has "page 1"). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page to go to instead when the address asks for a page past the last one (an old or shared
 * link after the results shrank): the last page. Null when the page is fine or there is nothing
 * to show at all (then the empty state is the answer).
 */
export function lastPageIfBeyond(page: number, total: number, pageSize: number): number | null {
  const lastPage = pageCount(total, pageSize);
  return total > 0 && page > lastPage ? lastPage : null;
}
