import { useSyncExternalStore } from 'react';
import { siteConfig } from './site-config.ts';

/*
 * Whether this page may be signed in: its request carried a session cookie (the server says so in
 * the page's config, as the cookie is HttpOnly), or a session has been seen since (a sign-in on this
 * page). A visitor with neither is signed out, and the header asks the API nothing about it.
 */
let maybeSignedIn: boolean | undefined;
const listeners = new Set<() => void>();

const snapshot = (): boolean => (maybeSignedIn ??= siteConfig().sessionCookie);

export const sessionHint = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: snapshot,
  /** A signed-in user was seen (lib/use-session). */
  sessionSeen(): void {
    if (snapshot()) return;
    maybeSignedIn = true;
    for (const listener of listeners) listener();
  },
};

export const useMaybeSignedIn = (): boolean => useSyncExternalStore(sessionHint.subscribe, sessionHint.getSnapshot);
