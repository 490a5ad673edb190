/**
 * `/sitemap.xml` (sitemaps.org 0.9): the public pages and every practitioner's profile, from the
 * database at the time of the request. A sitemap holds at most 50,000 URLs; a larger directory
 * gets a sitemap index at `/sitemap.xml` pointing at `/sitemap-{n}.xml` parts of that size. A
 * production host serves only `/` (docs/product.md#host-policy), so its sitemap lists only `/`.
 */
import { sitemapPages } from '@wellspring/domain';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/client.ts';
import { escapeHtmlAttribute } from './html.ts';

const SITEMAP_MAX_URLS = 50_000;

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const urlset = (urls: readonly string[]) =>
  xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((url) => `  <url><loc>${escapeHtmlAttribute(url)}</loc></url>`).join('\n')}\n</urlset>`);

export interface SitemapOptions {
  readonly db: Database;
  /** The site's public origin (`https://wellspring.health`, from PUBLIC_URL): never the request's Host. */
  readonly origin: string;
  readonly productionHost: (req: Request) => boolean;
}

/** Mount at the app's root: answers `/sitemap.xml` and `/sitemap-{n}.xml`, passes everything else on. */
export function sitemap(options: SitemapOptions): RequestHandler {
  return async (req, res, next) => {
    const part = /^\/sitemap(?:-(\d{1,4}))?\.xml$/.exec(req.path);
    if (!part || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    try {
      const { origin } = options;
      const send = (body: string) => res.status(200).type('application/xml').set('Cache-Control', 'public, max-age=3600').send(body);
      if (options.productionHost(req)) {
        if (part[1] !== undefined) next();
        else send(urlset([`${origin}/`]));
        return;
      }
      const { rows: counted } = await options.db.pool.query<{ total: string }>('SELECT count(*) AS total FROM practitioner');
      const profiles = Number(counted[0]?.total ?? 0);
      const pages = sitemapPages.map((path) => `${origin}${path}`);
      const profileUrls = async (offset: number, limit: number) =>
        (await options.db.pool.query<{ id: string }>('SELECT id FROM practitioner ORDER BY id LIMIT $1 OFFSET $2', [limit, offset])).rows.map(
          ({ id }) => `${origin}/practitioners/${encodeURIComponent(id)}`,
        );
      const single = pages.length + profiles <= SITEMAP_MAX_URLS;
      if (part[1] === undefined) {
        if (single) send(urlset([...pages, ...(await profileUrls(0, profiles))]));
        else {
          const parts = 1 + Math.ceil(profiles / SITEMAP_MAX_URLS);
          const entries = Array.from({ length: parts }, (_, index) => `  <sitemap><loc>${escapeHtmlAttribute(`${origin}/sitemap-${index}.xml`)}</loc></sitemap>`);
          send(xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>`));
        }
        return;
      }
      const index = Number(part[1]);
      if (single || index > Math.ceil(profiles / SITEMAP_MAX_URLS)) {
        next();
        return;
      }
      // Part 0 holds the pages; part n the n-th 50,000 profiles.
      send(urlset(index === 0 ? pages : await profileUrls((index - 1) * SITEMAP_MAX_URLS, SITEMAP_MAX_URLS)));
    } catch (error) {
      next(error);
    }
  };
}
