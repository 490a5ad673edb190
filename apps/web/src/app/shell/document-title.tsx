import { matchSitePath, pageTitleForPath, searchPageDescription, searchPageFilters } from '@wellspring/domain';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The title of the page at `pathname` and `search`, the same the server writes into the HTML
 * (apps/server/src/http/page-head.ts); null for a profile, which names itself once its practitioner
 * has loaded.
 */
export function titleForPage(pathname: string, search: string): string | null {
  const pattern = matchSitePath(pathname)?.pattern;
  if (pattern === '/practitioners/:id') return null;
  if (pattern !== '/search') return pageTitleForPath(pathname);
  const params = new URLSearchParams(search);
  return searchPageDescription(searchPageFilters((name) => params.get(name))).title;
}

/** Follows client-side navigation with the tab's title. */
export function DocumentTitle() {
  const [location] = useLocation();
  const search = useSearch();
  useDocumentTitle(titleForPage(location, search));
  return null;
}
