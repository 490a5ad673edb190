import { useSearchParams } from 'wouter';

export const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** What a paged list answers besides its rows: its page and where the pages either side start. */
export interface PageAnswer {
  readonly page: number;
  readonly previousCursor: string | null;
  readonly nextCursor: string | null;
}

/**
 * The cursor leading from the page shown to `target` (issue 27, keyset paging): the next page's or
 * the previous one's; none for page 1 or a jump, which the server reads by number.
 */
export function cursorToward(answer: PageAnswer | undefined, target: number): string | undefined {
  if (!answer || target <= 1) return undefined;
  if (target === answer.page + 1) return answer.nextCursor ?? undefined;
  if (target === answer.page - 1) return answer.previousCursor ?? undefined;
  return undefined;
}

/** `params` showing page `target`, read from `cursor` when there is one (`?page=3&cursor=…`). */
export function withPage(params: URLSearchParams, target: number, cursor: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (target <= 1) next.delete('page');
  else next.set('page', String(target));
  if (cursor === undefined) next.delete('cursor');
  else next.set('cursor', cursor);
  return next;
}

/** `params` back on the first page (a new search or filter). */
export const firstPage = (params: URLSearchParams): URLSearchParams => withPage(params, 1, undefined);

/**
 * A list's page, kept in the address with the cursor it is read from, so a reload or Back shows the
 * same rows. `goToPage(target, answer)` takes the shown answer's cursor toward `target`.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const cursor = params.get('cursor') ?? undefined;
  const goToPage = (target: number, answer?: PageAnswer, options?: { replace?: boolean }) => setParams((current) => withPage(current, target, cursorToward(answer, target)), options);
  return { page, cursor, goToPage };
}
