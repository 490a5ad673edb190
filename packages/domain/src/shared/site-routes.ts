/**
 * Every path the web app answers (docs/product.md#routes, the signed-in screens and the provider
 * portal), so the server can tell a page from a missing one (HTTP 404) and give each public page
 * its own title and description before any JavaScript runs. The web app's route tables are checked
 * against this list by a test.
 */

import { specialties, specialtyLabels, type Specialty } from '../catalog/specialties.ts';
import { isOneOf } from './labels.ts';

/** Patterns in the router's syntax: `:name` matches one path segment. */
export const siteRoutePatterns = [
  '/',
  '/about',
  '/diagnostic',
  '/practitioners/:id',
  '/for-practitioners',
  '/practitioner-waitlist',
  '/provider-waitlist',
  '/search',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
  // Getting back into an account (issue 25): the reset and verification pages take the e-mailed link's token.
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  // A patient's private link to their online booking (issue 24): never listed.
  '/bookings/manage',
  '/dashboard',
  '/dashboard/schedule',
  '/dashboard/booking',
  // The account's own settings (issue 25), also at /provider-portal/settings.
  '/dashboard/settings',
  '/dashboard/patients',
  '/dashboard/patients/:id',
  // Clinical Notes and Billing in the side menu (issue 26).
  '/dashboard/notes',
  '/dashboard/billing',
  '/dashboard/billing/:id',
  '/practitioner-profile/create',
  '/practitioner-profile/edit',
  '/community',
  '/referrals',
  '/referral',
  '/provider-portal',
  '/provider-portal/dashboard',
  '/provider-portal/appointments',
  '/provider-portal/appointments/new',
  '/provider-portal/appointments/edit/:id',
  '/provider-portal/patients',
  '/provider-portal/patients/:id',
  '/provider-portal/ehr',
  '/provider-portal/ehr/create',
  '/provider-portal/payments',
  '/provider-portal/payments/create',
  '/provider-portal/settings',
] as const;

export type SiteRoutePattern = (typeof siteRoutePatterns)[number];

export interface SiteRouteMatch {
  readonly pattern: SiteRoutePattern;
  readonly params: Readonly<Record<string, string>>;
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = segment;
    } else if (part !== segment) return null;
  }
  return params;
}

/** The route a path (no query string) belongs to, with its decoded parameters, or null for none. */
export function matchSitePath(pathname: string): SiteRouteMatch | null {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  let segments: string[];
  try {
    segments = trimmed.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  for (const pattern of siteRoutePatterns) {
    const params = matchPattern(pattern, segments);
    if (params) return { pattern, params };
  }
  return null;
}

export interface PageDescription {
  readonly title: string;
  readonly description: string;
}

export const SITE_NAME = 'Wellspring';
export const SITE_DESCRIPTION =
  'Wellspring connects patients with trusted holistic and integrative practitioners — naturopathy, acupuncture, ayurveda, functional medicine, herbalism, homeopathy and nutrition.';

/** The public pages a search engine may list, with their own title and description. */
export const publicPages: Readonly<Record<string, PageDescription>> = {
  '/': { title: 'Wellspring — Holistic & integrative care', description: SITE_DESCRIPTION },
  '/about': {
    title: 'About Wellspring — Care that sees the whole person',
    description: 'Why Wellspring exists, the values behind it and the team that builds it: verified practitioners, whole-person care, access for everyone.',
  },
  '/search': {
    title: 'Find a practitioner — Wellspring',
    description: 'Search verified holistic and integrative practitioners by name, specialty, symptom and location.',
  },
  '/diagnostic': {
    title: 'Which kind of practice fits you? Take the quiz — Wellspring',
    description: 'Answer a few questions about how you feel and what you want from care; Wellspring suggests the specialties and practitioners that fit.',
  },
  '/for-practitioners': {
    title: 'For practitioners — Wellspring',
    description: 'Scheduling, patient records with SOAP notes, payments and referrals in one practice workspace, and a listing patients can find.',
  },
  '/practitioner-waitlist': {
    title: 'Apply to join as a practitioner — Wellspring',
    description: 'Tell us about your practice to be among the first practitioners listed on Wellspring.',
  },
  '/provider-waitlist': {
    title: 'Provider waitlist — Wellspring',
    description: 'Join the waitlist for Wellspring’s practice workspace for holistic and integrative practitioners.',
  },
  '/privacy': { title: 'Privacy Policy — Wellspring', description: 'What Wellspring stores about you, why, who else receives it, and what you can ask of us.' },
  '/terms': { title: 'Terms and Conditions — Wellspring', description: 'The terms for patients and practitioners who use Wellspring, in plain words.' },
};

/** The pages of the sitemap besides every practitioner's profile. */
export const sitemapPages: readonly string[] = Object.keys(publicPages);

/** What the signed-in and sign-in pages are called in a tab; they are not for search engines. */
export const privatePageTitle = (pattern: SiteRoutePattern): string =>
  pattern === '/login' ? 'Sign in — Wellspring' : pattern === '/signup' ? 'Create an account — Wellspring' : 'Wellspring';

export const notFoundPage: PageDescription = { title: 'Page not found — Wellspring', description: 'This page does not exist on Wellspring.' };

const listFormat = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** What a search page's title and canonical address name: its query and location (trimmed, at most 80 characters) and the known specialties, in the address's order. */
export interface SearchPageFilters {
  readonly query: string;
  readonly location: string;
  readonly specialties: readonly Specialty[];
}

/** The filters of `/search?query=…&location=…&specialties=…` that its title names; unknown specialties are left out. */
export function searchPageFilters(param: (name: string) => string | null): SearchPageFilters {
  return {
    query: param('query')?.trim().slice(0, 80) ?? '',
    location: param('location')?.trim().slice(0, 80) ?? '',
    specialties: (param('specialties') ?? '').split(',').filter((value): value is Specialty => isOneOf(specialties, value)),
  };
}

/** A search page's own title and description: "Acupuncture practitioners matching “pain” near Portland, OR — Wellspring". */
export function searchPageDescription(filters: SearchPageFilters): PageDescription {
  const base = publicPages['/search'] ?? { title: SITE_NAME, description: SITE_DESCRIPTION };
  const { query, location } = filters;
  const labels = filters.specialties.map((specialty) => specialtyLabels[specialty]);
  if (!query && !location && labels.length === 0) return base;
  const what = labels.length > 0 ? `${listFormat.format(labels)} practitioners` : 'Holistic practitioners';
  const matching = query ? ` matching “${query}”` : '';
  const near = location ? ` near ${location}` : '';
  return {
    title: `${what}${matching}${near} — ${SITE_NAME}`,
    description: `${what}${matching}${near}: verified holistic and integrative practitioners on Wellspring, with their specialties, experience, ratings and insurance.`,
  };
}

/** A practitioner profile's title: "Dr. Maya Chen — Acupuncture and Herbalism in Portland, OR | Wellspring". */
export const profilePageTitle = (profile: { readonly name: string; readonly location: string; readonly specialtyLabels: readonly string[] }): string =>
  `${profile.name} — ${listFormat.format(profile.specialtyLabels)} in ${profile.location} | ${SITE_NAME}`;

/**
 * The tab title of the page at `pathname` as far as the path alone tells it (a profile's needs its
 * practitioner, a search's its filters: those pages set theirs).
 */
export function pageTitleForPath(pathname: string): string {
  const match = matchSitePath(pathname);
  if (!match) return notFoundPage.title;
  return publicPages[match.pattern]?.title ?? privatePageTitle(match.pattern);
}
