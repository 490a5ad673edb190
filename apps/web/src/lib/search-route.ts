/**
 * docs/product.md#directory: `/search` "accepts a state with query and location" — what the quiz's recommended
 * approaches and About's "Find Your Practitioner" buttons send. Each link carries it twice: as the
 * history entry's state (the spec's way) and in the address (so the link can be opened in a new tab,
 * copied or shared). The search page adopts a state that arrives without an address.
 */
export interface SearchRouteState {
  readonly query: string;
  readonly location: string;
}

const SEARCH_PATH = '/search';

/** Props for a react-aria `Link`/`LinkButton` to the directory searching for `state`. */
export function searchLink(state: SearchRouteState = { query: '', location: '' }) {
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('query', state.query);
  if (state.location.trim()) params.set('location', state.location);
  const search = params.toString();
  return {
    href: search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH,
    routerOptions: { state: { query: state.query, location: state.location } satisfies SearchRouteState },
  };
}

/** The query and location of a history state, each only when it is a string. */
export function readSearchRouteState(state: unknown): Partial<SearchRouteState> {
  if (typeof state !== 'object' || state === null) return {};
  const { query, location } = state as Record<string, unknown>;
  return {
    ...(typeof query === 'string' ? { query } : {}),
    ...(typeof location === 'string' ? { location } : {}),
  };
}
