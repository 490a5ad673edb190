/**
 * What the server writes into `index.html`'s head for each page before any JavaScript runs: its
 * own title and description, canonical URL, Open Graph and Twitter card tags, and for a profile a
 * schema.org description of the practitioner; and the page's HTTP status (404 for a path the app
 * has no page for and for an unknown practitioner, with the app's not-found screen).
 */
import {
  matchSitePath,
  notFoundPage,
  privatePageTitle,
  profilePageTitle,
  publicPages,
  searchPageDescription,
  searchPageFilters,
  SITE_NAME,
  specialtyLabels,
  type DirectoryProfile,
} from '@wellspring/domain';
import { escapeHtmlAttribute, jsonScriptText } from './html.ts';

export interface PageHead {
  readonly status: 200 | 404;
  readonly title: string;
  readonly description: string;
  /** The canonical path and query; null for a page search engines should not list. */
  readonly canonicalPath: string | null;
  /** A path or absolute URL of the page's picture (a practitioner's photo). */
  readonly image: string | null;
  readonly type: 'website' | 'profile';
  /** schema.org JSON-LD, for a practitioner's profile. */
  readonly jsonLd: Readonly<Record<string, unknown>> | null;
}

export type FindProfile = (id: string) => Promise<DirectoryProfile | null>;

const notFound: PageHead = { status: 404, ...notFoundPage, canonicalPath: null, image: null, type: 'website', jsonLd: null };

/** "Acupuncture practitioners near Portland, OR" from `/search?query=…&location=…&specialties=…`. */
function searchHead(search: URLSearchParams): PageHead {
  const filters = searchPageFilters((name) => search.get(name));
  const canonical = new URLSearchParams();
  if (filters.query) canonical.set('query', filters.query);
  if (filters.location) canonical.set('location', filters.location);
  if (filters.specialties.length > 0) canonical.set('specialties', filters.specialties.join(','));
  const canonicalPath = canonical.size > 0 ? `/search?${canonical.toString()}` : '/search';
  return { status: 200, ...searchPageDescription(filters), canonicalPath, image: null, type: 'website', jsonLd: null };
}

function profileHead(profile: DirectoryProfile, path: string): PageHead {
  const labels = profile.specialties.map((specialty) => specialtyLabels[specialty]);
  const [locality, region] = profile.location.split(',').map((part) => part.trim());
  return {
    status: 200,
    title: profilePageTitle({ name: profile.name, location: profile.location, specialtyLabels: labels }),
    description: profile.shortBio || `${profile.name}, ${new Intl.ListFormat('en-US', { type: 'conjunction' }).format(labels)} in ${profile.location}.`,
    canonicalPath: path,
    image: profile.profileImage,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: profile.name,
      description: profile.shortBio,
      ...(profile.profileImage ? { image: profile.profileImage } : {}),
      medicalSpecialty: labels,
      knowsAbout: [...labels, ...profile.conditionsTreated],
      address: { '@type': 'PostalAddress', addressLocality: locality ?? profile.location, ...(region ? { addressRegion: region } : {}), addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates', latitude: profile.coordinates.lat, longitude: profile.coordinates.lng },
      ...(profile.reviewCount > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: profile.rating, reviewCount: profile.reviewCount } } : {}),
      ...(profile.acceptsInsurance && profile.insuranceList?.length ? { paymentAccepted: profile.insuranceList.join(', ') } : {}),
    },
  };
}

/** The head and status of the page at `pathname` (with its query `search`). */
export async function resolvePageHead(pathname: string, search: URLSearchParams, findProfile: FindProfile): Promise<PageHead> {
  const match = matchSitePath(pathname);
  if (!match) return notFound;
  if (match.pattern === '/practitioners/:id') {
    const id = match.params.id ?? '';
    const profile = id.length <= 64 ? await findProfile(id) : null;
    return profile ? profileHead(profile, `/practitioners/${encodeURIComponent(id)}`) : notFound;
  }
  if (match.pattern === '/search') return searchHead(search);
  const page = publicPages[match.pattern];
  if (page) return { status: 200, ...page, canonicalPath: match.pattern, image: null, type: 'website', jsonLd: null };
  return { status: 200, title: privatePageTitle(match.pattern), description: publicPages['/']?.description ?? '', canonicalPath: null, image: null, type: 'website', jsonLd: null };
}

const absolute = (origin: string, pathOrUrl: string): string => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);

/** The tags for `head`, `origin` being the site's scheme and host (`https://wellspring.health`). */
export function headTags(head: PageHead, origin: string): string {
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property', key: string, value: string) => tags.push(`<meta ${attribute}="${key}" content="${escapeHtmlAttribute(value)}" />`);
  tags.push(`<title>${escapeHtmlAttribute(head.title)}</title>`);
  meta('name', 'description', head.description);
  if (head.canonicalPath === null) meta('name', 'robots', 'noindex');
  else tags.push(`<link rel="canonical" href="${escapeHtmlAttribute(absolute(origin, head.canonicalPath))}" />`);
  meta('property', 'og:site_name', SITE_NAME);
  meta('property', 'og:type', head.type);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  if (head.canonicalPath !== null) meta('property', 'og:url', absolute(origin, head.canonicalPath));
  if (head.image) meta('property', 'og:image', absolute(origin, head.image));
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  if (head.image) meta('name', 'twitter:image', absolute(origin, head.image));
  // A data block, never run (CSP allows only our own script files); `<` escaped so no text can close it.
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonScriptText({ ...head.jsonLd, url: head.canonicalPath === null ? undefined : absolute(origin, head.canonicalPath) })}</script>`);
  return tags.join('\n    ');
}

/** `template` (the built index.html) with its own title and description replaced by `tags`. */
export function withHeadTags(template: string, tags: string): string {
  const stripped = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function replacement: a `$&` or `$'` in a practitioner's text is inserted as written.
  return stripped.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
