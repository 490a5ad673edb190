import { useEffect } from 'react';

/**
 * Keeps the tab's title on `title` while the calling page shows (the server wrote the first one into
 * the HTML; moving between pages in the app changes it here). `null` leaves the title alone.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
