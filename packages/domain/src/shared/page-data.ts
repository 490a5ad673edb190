/**
 * The answers a page asks the API for first, written by the server into the page's HTML (a JSON
 * data block, never run) so the client has them before its code has run: the profile of
 * `/practitioners/:id`, the first results of `/search` for the filters in its address.
 */
import type { DirectorySearchInput } from '../directory/directory.schema.ts';

/** The id of the `<script type="application/json">` element holding the {@link PageData}. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * One API answer as the tRPC link would have received it: the procedure, its input (the client's
 * query key is made of the two) and the answer in the wire format (superjson's `{ json, meta }`).
 */
export type PageQuery =
  | { readonly path: 'practitioners.byId'; readonly input: { readonly id: string }; readonly result: PageQueryResult }
  | { readonly path: 'directory.search'; readonly input: DirectorySearchInput; readonly result: PageQueryResult };

export interface PageQueryResult {
  readonly json: unknown;
  readonly meta?: unknown;
}

export interface PageData {
  readonly queries: readonly PageQuery[];
}
