/**
 * Site-wide rules and constants (docs/product.md#routes and the sections after it) used by both the server and the web client.
 */

/**
 * docs/product.md#host-policy: a production host is anything but localhost (127.0.0.1, [::1]) and
 * hostnames containing the preview domain. On a production host only "/" is served.
 */
export function isProductionHost(hostname: string, previewDomain: string | null | undefined): boolean {
  const host = hostname.trim().toLowerCase().replace(/:\d+$/, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1' || host.endsWith('.localhost')) return false;
  const preview = previewDomain?.trim().toLowerCase();
  if (preview && host.includes(preview)) return false;
  return true;
}

/** docs/product.md#theme: the theme is kept in local storage under this key; default "system". */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export const DEFAULT_THEME: Theme = 'system';

/** The header gains its scrolled state after more than 20 px (docs/product.md#header-and-footer). */
export const HEADER_SCROLL_THRESHOLD_PX = 20;
export const isHeaderScrolled = (scrollY: number): boolean => scrollY > HEADER_SCROLL_THRESHOLD_PX;

/** Toasts: 4000 ms, at most 3 visible (docs/product.md#toasts). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;

export const siteMessages = {
  notFound: { code: '404', title: 'Oops! Page not found', action: 'Return to Home' },
  unexpectedError: 'Unexpected Application Error!',
  contactHeading: 'Contact Us',
  hero: 'Healing starts here.',
  joinWaitlist: 'Join the Waitlist',
  directoryDisclaimer: 'This directory is for demonstration purposes only.',
} as const;
