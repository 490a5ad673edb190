import { useEffect, useState } from 'react';

/**
 * The token of an e-mailed link (`/reset-password#<token>`, `/verify-email#<token>`): read from the
 * fragment (never sent to a server, a proxy or a log), then taken out of the address bar and the
 * history once the page is on screen, so the page can be shared or screenshotted without it.
 *
 * Reading happens while rendering and changes nothing; the address bar is changed in an effect. A
 * render may be thrown away and run again (a Suspense retry, StrictMode): had the first render
 * already emptied the address, the second would have found no token.
 */
export function useLinkToken(): string {
  const [token] = useState(readLinkToken);
  useEffect(() => {
    if (token === '' || window.location.hash === '') return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [token]);
  return token;
}

function readLinkToken(): string {
  if (typeof window === 'undefined') return '';
  return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
}
