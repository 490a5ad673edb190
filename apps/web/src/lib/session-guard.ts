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

/** Written to localStorage at every API call: the tabs of one browser share one session cookie. */
const LAST_API_CALL_KEY = 'wellspring.last-api-call';
/** The server ends an idle session between a minute before its limit and the limit; look a little after. */
export const IDLE_CHECK_MARGIN_MS = 5_000;
let lastCallHere = Date.now();

/** An API call is going out: the session's idle time starts again, for every tab of this browser. */
export function noteApiCall(now: number = Date.now()): void {
  lastCallHere = now;
  try {
    window.localStorage.setItem(LAST_API_CALL_KEY, String(now));
  } catch {
    // Storage blocked: this tab still knows its own calls.
  }
}

/** When this browser last called the API (this tab's load counts, so a fresh tab never ends a session by itself). */
function lastApiCall(): number {
  let shared = 0;
  try {
    shared = Number(window.localStorage.getItem(LAST_API_CALL_KEY)) || 0;
  } catch {
    // Storage blocked: this tab's own calls only.
  }
  return Math.max(shared, lastCallHere);
}

interface IdleWatchClock {
  readonly now: () => number;
  readonly setTimer: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  readonly clearTimer: (timer: ReturnType<typeof setTimeout>) => void;
}

const realClock: IdleWatchClock = { now: () => Date.now(), setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (timer) => clearTimeout(timer) };

/**
 * A signed-in page left alone (a shared clinic computer) does not keep a record on screen past the
 * server's idle limit: once no tab of this browser has called the API for `idleMs` (and a margin),
 * the server has ended the session — only calls carry it — so the tab reports the session ended
 * and the app goes to sign-in by itself. The check is local on purpose: asking the server would
 * count as use. Also checked when the tab becomes visible again (background timers are throttled).
 * Returns the stop function.
 */
export function watchIdleSession(idleMs: number, clock: IdleWatchClock = realClock): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (timer !== undefined) clock.clearTimer(timer);
    timer = clock.setTimer(check, Math.max(1_000, ms));
  };
  function check(): void {
    const quietFor = clock.now() - lastApiCall();
    const limit = idleMs + IDLE_CHECK_MARGIN_MS;
    if (signedInUserId() !== null && quietFor >= limit) reportSessionEnded();
    schedule(quietFor >= limit ? idleMs : limit - quietFor);
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisibility);
  schedule(idleMs + IDLE_CHECK_MARGIN_MS);
  return () => {
    if (timer !== undefined) clock.clearTimer(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
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
 * It is judged after full normalisation: dot segments resolved (`/..//evil.example` would become
 * `//evil.example`, another site) and encoded dots, slashes and backslashes in the path refused outright.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s\p{Cc}]/u.test(next)) return null;
  // In the path only: a query value may carry an encoded slash (`?from=%2Fdashboard`).
  if (/%(2e|2f|5c)/i.test(next.split(/[?#]/, 1)[0] ?? '')) return null;
  const base = 'https://wellspring.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith('//') || url.pathname.includes('\\') || AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Sign-in and sign-up: a session that ends there needs no redirect. */
export const isAuthPath = (path: string): boolean => AUTH_PATHS.has(path);

function signInParams(path: string, search: string): URLSearchParams {
  const params = new URLSearchParams();
  // The router hands the query decoded ("patientName=Grace Hopper"): encoded again, it is a safe `next`.
  const query = new URLSearchParams(search).toString();
  const next = safeNextPath(query ? `${path}?${query}` : path);
  if (next) params.set('next', next);
  return params;
}

/** The sign-in page for a session that ended on `path` (with `search`, without its `?`): it returns there. */
export function signInPathAfterSessionEnd(path: string, search: string): string {
  const params = signInParams(path, search);
  params.set('reason', SESSION_ENDED_REASON);
  return `${SIGN_IN_PATH}?${params.toString()}`;
}

/** The sign-in page for a visitor who opened the signed-in page `path` (no session ended): it returns there. */
export function signInPathForVisitor(path: string, search: string): string {
  const query = signInParams(path, search).toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}
