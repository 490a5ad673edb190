import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isAuthPath, onSessionEnded, signInPathAfterSessionEnd } from '../../lib/session-guard.ts';

/**
 * When the session of a signed-in page ends (idle limit, expiry), sends the user to sign in, with
 * the page they were on as `next` so signing in brings them back (lib/session-guard).
 */
export function SessionEndRedirect() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!isAuthPath(path)) navigate(signInPathAfterSessionEnd(path, search));
      }),
    [path, search, navigate],
  );
  return null;
}
