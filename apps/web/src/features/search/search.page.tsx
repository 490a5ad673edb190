import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { countOf, DEFAULT_RADIUS_MILES, placeMessages } from '@wellspring/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiProvider } from '../../lib/api.tsx';
import { readSearchRouteState } from '../../lib/search-route.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button/button.tsx';
import { Card } from '../../ui/card/card.tsx';
import { EmptyState } from '../../ui/empty-state/empty-state.tsx';
import { ChevronLeftIcon, ChevronRightIcon, FilterIcon, InfoIcon, RefreshIcon, SearchIcon } from '../../ui/icons/icons.tsx';
import { Skeleton } from '../../ui/skeleton/skeleton.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { breakpoint } from '../../ui/theme.css.ts';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { LocationField } from './location-field.tsx';
import { ResultCard } from './result-card.tsx';
import {
  emptyFilters,
  hasActiveFilters,
  lastPageIfBeyond,
  pageCount,
  parseSearchParams,
  searchHref,
  toDirectorySearch,
  type SearchFilters,
} from './search-params.ts';
import * as styles from './search.css.ts';

/** Typing settles for this long before the search runs (and the address changes). */
export const SEARCH_DEBOUNCE_MS = 300;

const loadFilterControls = () => import('./search-filters.tsx').then((m) => ({ default: m.SearchFilterControls }));
const SearchFilterControls = lazy(loadFilterControls);
// A wide screen shows the filters at once: their code starts loading with the page's, not after its first render.
if (typeof window.matchMedia === 'function' && window.matchMedia(breakpoint.lg).matches) void loadFilterControls();

/** Where the filter controls are still loading: their four fields' outline, at about their height. */
function FiltersLoading() {
  return (
    <div role="status" aria-label="Loading filters" className={styles.filtersLoading}>
      <Skeleton height="14rem" />
      <Skeleton height="4rem" />
      <Skeleton height="4rem" />
      <Skeleton height="4rem" />
    </div>
  );
}

/** `/search`: the practitioner directory, its filters held in the address (and a query and location handed over as navigation state, docs/product.md#directory). */
export function SearchPage() {
  return (
    <ApiProvider>
      <Directory />
    </ApiProvider>
  );
}

/**
 * The query and location a link sent as history state (the quiz, About) when the address has
 * neither: the page searches for them at once and writes them into the address (see useSearchFilters).
 */
function stateToAdopt(filters: SearchFilters): Partial<SearchFilters> | null {
  if (filters.query !== '' || filters.location !== '') return null;
  const { query = '', location = '' } = readSearchRouteState(window.history.state);
  return query.trim() !== '' || location.trim() !== '' ? { query, location } : null;
}

function useSearchFilters() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const fromAddress = parseSearchParams(search);
  // Read once, on arrival: later visits to a bare /search (e.g. "Clear filters") adopt nothing.
  const [adopting, setAdopting] = useState(() => stateToAdopt(fromAddress));
  const filters: SearchFilters = adopting ? { ...fromAddress, ...adopting, page: 1 } : fromAddress;

  const adoptedHref = adopting ? searchHref(filters) : null;
  useEffect(() => {
    if (adoptedHref === null) return;
    // Replaced, not pushed: Back still leaves the directory, and the address can now be shared.
    navigate(adoptedHref, { replace: true });
    setAdopting(null);
  }, [adoptedHref, navigate]);

  /** A new search starts on page 1; typing replaces the history entry instead of adding one per keystroke. */
  const update = (changes: Partial<SearchFilters>, { replace = false }: { replace?: boolean } = {}) => {
    navigate(searchHref({ ...filters, page: 1, ...changes }), { replace });
  };
  return { filters, update };
}

function Directory() {
  const { filters, update } = useSearchFilters();
  const trpc = useTRPC();
  const results = useQuery({
    ...trpc.directory.search.queryOptions(toDirectorySearch(filters)),
    placeholderData: keepPreviousData,
  });

  // The text fields answer every keystroke; the address (and the search) follow once typing settles.
  const [queryText, setQueryText] = useState(filters.query);
  const [locationText, setLocationText] = useState(filters.location);
  const [syncedFrom, setSyncedFrom] = useState({ query: filters.query, location: filters.location });
  if (syncedFrom.query !== filters.query || syncedFrom.location !== filters.location) {
    // The address changed without typing (back button, a link, "Clear filters"): the fields follow it.
    setSyncedFrom({ query: filters.query, location: filters.location });
    setQueryText(filters.query);
    setLocationText(filters.location);
  }
  const updateRef = useRef(update);
  updateRef.current = update;
  useEffect(() => {
    if (queryText === filters.query && locationText === filters.location) return;
    const timer = window.setTimeout(() => updateRef.current({ query: queryText, location: locationText }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [queryText, locationText, filters.query, filters.location]);

  const hasLocation = filters.location.trim() !== '';
  // Said of the location in the field only: not while another is being typed or searched for.
  const locationNotFound = results.data?.locationUnknown === true && !results.isPlaceholderData && locationText.trim() === filters.location.trim();
  // On narrow screens the filters fold away behind a button; wide screens always show them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const wideScreen = useMediaQuery(breakpoint.lg, true);
  const activeFilterCount = filters.specialties.length + (filters.experience ? 1 : 0) + (filters.distance !== null ? 1 : 0) + (filters.sort ? 1 : 0);
  // The page size is how the visitor reads the list, not a filter: it stays.
  const clearFilters = () => update({ ...emptyFilters, pageSize: filters.pageSize });

  const resultsTop = useRef<HTMLDivElement>(null);
  const goToPage = (page: number) => {
    update({ page });
    const top = resultsTop.current;
    if (typeof top?.scrollIntoView === 'function') top.scrollIntoView({ block: 'start' });
    top?.focus({ preventScroll: true });
  };

  const data = results.data;
  const totalPages = data ? pageCount(data.total, data.pageSize) : 1;
  // A link to a page past the end (the results shrank since it was shared): on to the last page.
  const lastPage = data && !results.isPlaceholderData ? lastPageIfBeyond(filters.page, data.total, data.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null) updateRef.current({ page: lastPage }, { replace: true });
  }, [lastPage]);
  // Matches, but none on this page: on the way to the last page (see above), so still loading.
  const pageBeyondEnd = data !== undefined && data.total > 0 && data.items.length === 0;

  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.title}>Find a practitioner</h1>
        <p className={styles.muted}>Search verified holistic and integrative practitioners by name, specialty, symptom or location.</p>
      </div>

      <search className={styles.searchBar} aria-label="Search practitioners">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, specialty or symptom"
          value={queryText}
          onChange={setQueryText}
          className={styles.searchField}
        />
        <LocationField
          value={locationText}
          onChange={setLocationText}
          onChoose={(label) => {
            setLocationText(label);
            update({ query: queryText, location: label });
          }}
          notFound={locationNotFound}
          className={styles.searchField}
        />
      </search>

      <Button
        variant="outline"
        className={styles.filtersToggle}
        aria-expanded={filtersOpen}
        aria-controls="search-filters"
        onHoverStart={() => void loadFilterControls()}
        onFocus={() => void loadFilterControls()}
        onPressStart={() => void loadFilterControls()}
        onPress={() => setFiltersOpen((open) => !open)}
      >
        <FilterIcon size={18} />
        {filtersOpen ? 'Hide filters' : 'Show filters'}
        {activeFilterCount > 0 ? ` (${activeFilterCount})` : ''}
      </Button>

      <div className={styles.layout}>
        <Card as="aside" id="search-filters" className={styles.filters} data-open={filtersOpen || undefined} aria-labelledby="filters-title">
          <div className={styles.filtersHead}>
            <h2 id="filters-title" className={styles.filtersTitle}>
              Filters
            </h2>
            {hasActiveFilters(filters) ? (
              <Button variant="link" size="inline" onPress={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </div>
          {wideScreen || filtersOpen ? (
            <Suspense fallback={<FiltersLoading />}>
              <SearchFilterControls filters={filters} hasLocation={hasLocation} update={update} />
            </Suspense>
          ) : null}
        </Card>

        <div className={styles.results} ref={resultsTop} tabIndex={-1} aria-labelledby="results-count">
          {/* The cards' names are h3: on a phone the filters' h2 is folded away, and a heading level would be skipped. */}
          <h2 className={visuallyHidden}>Search results</h2>
          {results.isPending || pageBeyondEnd ? (
            <div role="status" aria-label="Loading practitioners" className={styles.list}>
              {Array.from({ length: 4 }, (_, index) => (
                <Card key={index} className={styles.skeletonCard}>
                  <div className={styles.skeletonHead}>
                    <Skeleton width="4rem" height="4rem" radius="999px" />
                    <div className={styles.skeletonLines}>
                      <Skeleton height="1.25rem" width="50%" />
                      <Skeleton height="1rem" width="35%" />
                    </div>
                  </div>
                  <Skeleton height="1rem" />
                  <Skeleton height="1rem" width="70%" />
                </Card>
              ))}
            </div>
          ) : results.isError && !data ? (
            <EmptyState
              level={2}
              icon={<InfoIcon size={24} />}
              title="We couldn't load practitioners"
              description="Please check your connection and try again."
              action={
                <Button onPress={() => void results.refetch()}>
                  <RefreshIcon size={18} />
                  Try again
                </Button>
              }
            />
          ) : data ? (
            <>
              <div className={styles.resultsHead}>
                <p id="results-count" className={styles.count} role="status" aria-live="polite">
                  {countOf(data.total, 'practitioner')} found
                </p>
                {data.origin ? (
                  <p className={styles.muted}>
                    Within {filters.distance ?? DEFAULT_RADIUS_MILES} miles of {data.origin.label}
                  </p>
                ) : hasLocation && !data.locationUnknown ? (
                  <p className={styles.muted}>Showing practitioners in locations matching “{filters.location.trim()}”</p>
                ) : null}
              </div>
              {data.items.length === 0 ? (
                <EmptyState
                  level={2}
                  icon={<SearchIcon size={24} />}
                  title="No practitioners found"
                  description={data.locationUnknown ? placeMessages.notFoundHint : 'Try a different search, a wider distance or fewer filters.'}
                  action={
                    hasActiveFilters(filters) ? (
                      <Button variant="outline" onPress={clearFilters}>
                        Clear filters
                      </Button>
                    ) : null
                  }
                />
              ) : (
                <ul className={styles.list} aria-labelledby="results-count" aria-busy={results.isPlaceholderData || undefined} data-fetching={results.isFetching || undefined}>
                  {data.items.map((practitioner) => (
                    <ResultCard key={practitioner.id} practitioner={practitioner} />
                  ))}
                </ul>
              )}
              {data.total > data.pageSize ? (
                <nav className={styles.pagination} aria-label="Pagination">
                  <Button variant="outline" isDisabled={filters.page <= 1} onPress={() => goToPage(filters.page - 1)}>
                    <ChevronLeftIcon size={18} />
                    Previous
                  </Button>
                  <p className={styles.pageOf}>
                    Page {filters.page} of {totalPages}
                  </p>
                  <Button variant="outline" isDisabled={filters.page >= totalPages} onPress={() => goToPage(filters.page + 1)}>
                    Next
                    <ChevronRightIcon size={18} />
                  </Button>
                </nav>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
