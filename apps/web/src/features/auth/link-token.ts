/**
 * The token of an e-mailed link (`/reset-password#<token>`, `/verify-email#<token>`): read once from
 * the fragment (never sent to a server, a proxy or a log), then taken out of the address bar and
 * the history, so the page can be shared or screenshotted without it.
 */
export function takeLinkToken(): string {
  if (typeof window === 'undefined') return '';
  const token = decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  if (token !== '') window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return token;
}
