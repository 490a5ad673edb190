import { searchFiltersOf, type SearchFilters } from '@wellspring/domain';

export { emptyFilters, toDirectorySearch, type SearchFilters } from '@wellspring/domain';

/** The filters of `search`, an address's query (the rules: domain `searchFiltersOf`). */
export function parseSearchParams(search: string): SearchFilters {
  const params = new URLSearchParams(search);
  return searchFiltersOf((name) => params.get(name));
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
