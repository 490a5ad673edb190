/**
 * Noticing that the session ended under a signed-in page (idle limit, expiry, signed out elsewhere)
 * and sending the user to sign in and back. The tab remembers who is signed in (`auth.me` said so,
 * or they just signed in); when the server then answers UNAUTHORIZED or `auth.me` has no user, the
 * session ended: listeners (the app's redirect) send the user to
 * `/login?next=<where they were>&reason=session-ended`. Drafts (lib/form-drafts) stay for the same
 * user; signing out discards them, in every tab.
 *
 * Kept free of the API stack: the app shell imports it on every page, the landing page included.
 */
import { discardDrafts } from './form-drafts.ts';

const SIGNED_IN_USER_KEY = 'wellspring.signed-in-user';
/** Written to localStorage at sign-out; other tabs see it as a `storage` event. */
export const SIGNED_OUT_BROADCAST_KEY = 'wellspring.signed-out';

export const SIGN_IN_PATH = '/login';
export const SESSION_ENDED_REASON = 'session-ended';
/** Pages that must never be a `next`: signing in would lead back to a sign-in form. */
const AUTH_PATHS = new Set([SIGN_IN_PATH, '/signup']);

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The user this tab believes is signed in, or null. */
export function signedInUserId(): string | null {
  return tabStorage()?.getItem(SIGNED_IN_USER_KEY) ?? null;
}

/** This tab is signed in as `userId`; drafts left by anyone else here are discarded. */
export function rememberSignedInUser(userId: string): void {
  if (signedInUserId() !== userId) {
    discardDrafts({ keepOwner: userId });
    tabStorage()?.setItem(SIGNED_IN_USER_KEY, userId);
  }
}

/** The user signed out: forget them and everything they typed, here and in the other tabs. */
export function forgetSignedInUser(): void {
  tabStorage()?.removeItem(SIGNED_IN_USER_KEY);
  discardDrafts();
  try {
    window.localStorage.setItem(SIGNED_OUT_BROADCAST_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the other tabs find out at their next call instead.
  }
}

/** Another tab signed out: forget the user and their drafts here too. */
export function forgetSignedInUserFromOtherTab(): void {
  tabStorage()?.removeItem(SIGNED_IN_USER_KEY);
  discardDrafts();
}

type SessionEndedListener = () => void;
const listeners = new Set<SessionEndedListener>();

/** Calls `listener` each time a session this tab had ends; returns the unsubscribe. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The server no longer knows this tab's session. True when the tab thought it was signed in (then
 * the listeners are told, once); false when it did not (a visitor's 401 is no ended session).
 */
export function reportSessionEnded(): boolean {
  if (signedInUserId() === null) return false;
  tabStorage()?.removeItem(SIGNED_IN_USER_KEY);
  for (const listener of listeners) listener();
  return true;
}

/** What `auth.me` said: a user is remembered; no user while one was remembered is an ended session. */
export function reconcileSession(userId: string | null): void {
  if (userId) rememberSignedInUser(userId);
  else reportSessionEnded();
}

/**
 * A `next` that is safe to navigate to after signing in: a path on this site (one leading `/`, no
 * scheme, host or backslash), never a sign-in page. Anything else gives null (go to the default).
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s\p{Cc}]/u.test(next)) return null;
  const base = 'https://wellspring.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Sign-in and sign-up: a session that ends there needs no redirect. */
export const isAuthPath = (path: string): boolean => AUTH_PATHS.has(path);

/** The sign-in page for a session that ended on `path` (with `search`, without its `?`): it returns there. */
export function signInPathAfterSessionEnd(path: string, search: string): string {
  const params = new URLSearchParams();
  const next = safeNextPath(search ? `${path}?${search}` : path);
  if (next) params.set('next', next);
  params.set('reason', SESSION_ENDED_REASON);
  return `${SIGN_IN_PATH}?${params.toString()}`;
}
