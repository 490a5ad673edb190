/**
 * The public pages beyond `/`, listed in the header (short labels), the small-screen menu and the
 * footer (long labels). A production host serves only `/`, so none of them shows there.
 */
export const siteLinks = [
  { href: '/search', label: 'Search', longLabel: 'Find a Practitioner' },
  { href: '/diagnostic', label: 'Quiz', longLabel: 'Take the Quiz' },
  { href: '/about', label: 'About', longLabel: 'About Us' },
  { href: '/for-practitioners', label: 'For Practitioners', longLabel: 'For Practitioners' },
] as const;

export const legalLinks = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms and Conditions' },
] as const;

/** Whether `location` is the page of `href` or a page below it. */
export function isCurrentPage(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
