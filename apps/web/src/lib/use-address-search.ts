import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';

/** How long typing pauses before the search runs (and enters the address). */
export const SEARCH_DEBOUNCE_MS = 300;

export const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * The search text and page, kept in the address (`?q=…&page=…`) so a reload or a shared link shows
 * the same list. The box answers at once; the address (and the search) follow after a pause.
 */
export function useAddressSearch() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = pageFrom(params.get('page'));
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
          const next = new URLSearchParams(current);
          if (value) next.set('q', value);
          else next.delete('q');
          // A new search starts on its first page.
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  const goToPage = (target: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target <= 1) next.delete('page');
      else next.set('page', String(target));
      return next;
    });

  return { text, type, query, page, goToPage };
}
