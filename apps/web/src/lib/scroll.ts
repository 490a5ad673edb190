import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** The landing page's sign-up section, target of every "Join Waitlist" / "Join the Waitlist" button. */
export const WAITLIST_SECTION_ID = 'waitlist';

/** A section asked for before it was on the page (another route, or a section still loading). */
let pendingSectionId: string | null = null;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls smoothly to a section and moves keyboard focus there; false when it is not on the page. */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  if (typeof section.scrollIntoView === 'function') {
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }
  section.focus({ preventScroll: true });
  return true;
}

/** Scrolls to a section now, or as soon as it appears (see useScrollTarget). */
export function goToSection(id: string): void {
  if (scrollToSection(id)) pendingSectionId = null;
  else pendingSectionId = id;
}

/** For a section that can be scrolled to: when it mounts and was asked for, it scrolls into view. */
export function useScrollTarget(id: string): void {
  useEffect(() => {
    if (pendingSectionId !== id) return;
    pendingSectionId = null;
    scrollToSection(id);
  }, [id]);
}

/** How a link navigates: the history state it leaves for the page it opens. */
export interface LinkNavigation {
  readonly state?: unknown;
}

/**
 * Follows an in-app link that may carry a section (`/#waitlist`): on the same page it scrolls there,
 * otherwise it navigates and the section scrolls into view once it has rendered.
 */
export function followLink(
  href: string,
  currentPath: string,
  navigate: (path: string, options?: LinkNavigation) => void,
  options?: LinkNavigation,
): void {
  const hashIndex = href.indexOf('#');
  if (hashIndex === -1) {
    navigate(href, options);
    return;
  }
  const path = href.slice(0, hashIndex) || currentPath;
  const sectionId = href.slice(hashIndex + 1);
  if (path === currentPath) {
    // After the current event, so an open menu has unlocked the page's scroll first.
    requestAnimationFrame(() => goToSection(sectionId));
    return;
  }
  pendingSectionId = sectionId;
  navigate(path, options);
}

/*
 * Where a new page starts. The browser keeps the window's scroll across a client-side navigation,
 * so a profile opened from far down the search results would open as far down (issue 28). Back and
 * forward are left to the browser, which puts the page back where it was (history.scrollRestoration
 * "auto"): the address they land on is noted here, in the capture phase so before the router hears
 * of it, and that page keeps its position.
 */
let traversedTo: string | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (traversedTo = window.location.pathname), { capture: true });
}

/** A move to another path starts the new page at its top; back/forward keep the browser's restored position. */
export function usePageStartsAtTop(): void {
  const [path] = useLocation();
  const shown = useRef(path);
  useLayoutEffect(() => {
    if (shown.current === path) return;
    shown.current = path;
    const fromHistory = traversedTo === window.location.pathname;
    traversedTo = null;
    if (fromHistory) return;
    // Not window.scrollTo: jsdom lacks it; the scrolling element's scrollTop is the same jump.
    const page = document.scrollingElement ?? document.documentElement;
    page.scrollTop = 0;
  }, [path]);
}
