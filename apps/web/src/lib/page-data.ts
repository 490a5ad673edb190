/*
 * The API answers the server wrote into the page's HTML (server http/page-data.ts): the page's first
 * query already answered, so it paints without a round trip to the API after its code has run.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@wellspring/server/router';
import { PAGE_DATA_ELEMENT_ID, type DirectoryProfile, type DirectorySearchResult, type PageData } from '@wellspring/domain';
import superjson, { type SuperJSONResult } from 'superjson';

/** The page's data block, read once (it is removed): null when the page has none or it does not parse. */
export function takePageData(doc: Document = document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as unknown;
    return typeof data === 'object' && data !== null && 'queries' in data && Array.isArray(data.queries) ? (data as PageData) : null;
  } catch {
    return null;
  }
}

/** Puts the answers in the query cache under the keys the pages' own queries use, read as the tRPC link reads them (superjson). */
export function seedPageQueries(queryClient: QueryClient, trpc: TRPCOptionsProxy<AppRouter>, data: PageData | null): void {
  for (const query of data?.queries ?? []) {
    const result = query.result as SuperJSONResult;
    switch (query.path) {
      case 'practitioners.byId':
        queryClient.setQueryData(trpc.practitioners.byId.queryKey(query.input), superjson.deserialize<DirectoryProfile>(result));
        break;
      case 'directory.search':
        queryClient.setQueryData(trpc.directory.search.queryKey(query.input), superjson.deserialize<DirectorySearchResult>(result));
        break;
    }
  }
}
