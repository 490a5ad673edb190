import { isOneOf, matchSitePath, pageTitleForPath, searchPageDescription, specialties, specialtyLabels } from '@wellspring/domain';
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
  const chosen = (params.get('specialties') ?? '').split(',').filter((value) => isOneOf(specialties, value));
  return searchPageDescription({
    query: params.get('query')?.trim().slice(0, 80) ?? '',
    location: params.get('location')?.trim().slice(0, 80) ?? '',
    specialtyLabels: chosen.map((value) => specialtyLabels[value]),
  }).title;
}

/** Follows client-side navigation with the tab's title. */
export function DocumentTitle() {
  const [location] = useLocation();
  const search = useSearch();
  useDocumentTitle(titleForPage(location, search));
  return null;
}
