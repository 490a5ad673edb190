import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isAuthPath, onSessionEnded, signInPathAfterSessionEnd, watchIdleSession } from '../../lib/session-guard.ts';
import { siteConfig } from '../../lib/site-config.ts';

/**
 * When the session of a signed-in page ends (idle limit, expiry), sends the user to sign in, with
 * the page they were on as `next` so signing in brings them back (lib/session-guard). A page left
 * alone past the idle limit goes there by itself.
 */
export function SessionEndRedirect() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => watchIdleSession(siteConfig().sessionIdleMinutes * 60_000), []);
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!isAuthPath(path)) navigate(signInPathAfterSessionEnd(path, search));
      }),
    [path, search, navigate],
  );
  return null;
}
