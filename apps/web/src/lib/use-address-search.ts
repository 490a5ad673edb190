import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { cursorToward, firstPage, pageFrom, withPage, type PageAnswer } from './use-page-param.ts';

/** How long typing pauses before the search runs (and enters the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search text and page, kept in the address (`?q=…&page=…&cursor=…`) so a reload or a shared link shows
 * the same list. The box answers at once; the address (and the search) follow after a pause.
 */
export function useAddressSearch() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = pageFrom(params.get('page'));
  const cursor = params.get('cursor') ?? undefined;
  const [text, setText] = useState(query);
  // What this box last wrote to the address: any other change of `q` (Back, a link) refills the box.
  const [written, setWritten] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (query !== written) {
      setText(query);
      setWritten(query);
    }
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setWritten(value);
      setParams(
        (current) => {
          // A new search starts on its first page.
          const next = firstPage(current);
          if (value) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  /** Page `target`, read from the shown `answer`'s cursor toward it (keyset paging). */
  const goToPage = (target: number, answer?: PageAnswer) => setParams((current) => withPage(current, target, cursorToward(answer, target)));

  return { text, type, query, page, cursor, goToPage };
}
