/**
 * The API answers a public page asks for first, read on the server while it writes the page's HTML
 * and embedded in it as a JSON data block (domain `PageData`): the client seeds its query cache with
 * them and paints the page without a round trip to the API after its code has run. The reads are
 * the procedures' own (through a tRPC caller: the same validation and directory read cache), and the
 * answers are written in the wire format the tRPC link reads.
 */
import {
  matchSitePath,
  PAGE_DATA_ELEMENT_ID,
  searchFiltersOf,
  toDirectorySearch,
  type DirectoryProfile,
  type DirectorySearchInput,
  type DirectorySearchResult,
  type PageData,
  type PageQuery,
} from '@wellspring/domain';
import { TRPCError } from '@trpc/server';
import { serializeAnswer } from '../trpc/wire-format.ts';
import { jsonScriptText } from './html.ts';

/** The public reads a page's data comes from; null when there is nothing to show (unknown id, refused input). */
export interface PageReads {
  readonly profile: (id: string) => Promise<DirectoryProfile | null>;
  readonly search: (input: DirectorySearchInput) => Promise<DirectorySearchResult | null>;
}

/** The two procedures of a tRPC caller (`createCallerFactory(appRouter)`) the reads go through. */
export interface PublicReadsCaller {
  readonly practitioners: { readonly byId: (input: { id: string }) => Promise<DirectoryProfile> };
  readonly directory: { readonly search: (input: DirectorySearchInput) => Promise<DirectorySearchResult> };
}

/**
 * The reads through the procedures themselves, on the caller `callerFor` makes. A profile is read
 * once per page (its head and its data share it); an id the procedure refuses or does not know is no
 * profile, any other failure (the database) is thrown. A failed search is only no data: the page
 * asks for it itself.
 */
export function pagePublicReads(callerFor: () => Promise<PublicReadsCaller>): PageReads {
  // Made on the first read only: most pages read nothing (and the caller's context looks up the session).
  let made: Promise<PublicReadsCaller> | undefined;
  const caller = () => (made ??= callerFor());
  const profiles = new Map<string, Promise<DirectoryProfile | null>>();
  const readProfile = (id: string): Promise<DirectoryProfile | null> =>
    caller()
      .then((reads) => reads.practitioners.byId({ id }))
      .catch((error: unknown) => {
        if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
        throw error;
      });
  return {
    profile: (id) => {
      let read = profiles.get(id);
      if (!read) profiles.set(id, (read = readProfile(id)));
      return read;
    },
    search: (input) =>
      caller()
        .then((reads) => reads.directory.search(input))
        .catch(() => null),
  };
}

/** The queries the page at `pathname` (with its query `search`) makes on arrival, with their answers. */
export async function resolvePageData(pathname: string, search: URLSearchParams, reads: PageReads): Promise<PageData> {
  const match = matchSitePath(pathname);
  const queries: PageQuery[] = [];
  if (match?.pattern === '/practitioners/:id') {
    const input = { id: match.params.id ?? '' };
    const profile = await reads.profile(input.id);
    if (profile) queries.push({ path: 'practitioners.byId', input, result: serializeAnswer(profile) });
  } else if (match?.pattern === '/search') {
    // The input the page itself makes of its address (the same domain functions), so it is the same query.
    const input = toDirectorySearch(searchFiltersOf((name) => search.get(name)));
    const results = await reads.search(input);
    if (results) queries.push({ path: 'directory.search', input, result: serializeAnswer(results) });
  }
  return { queries };
}

/** The data block for `data`; empty when it holds no query. */
export function pageDataTag(data: PageData): string {
  if (data.queries.length === 0) return '';
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonScriptText(data)}</script>`;
}
