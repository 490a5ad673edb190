import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@wellspring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let distDir: string;
/** PUBLIC_URL: every absolute URL the pages and the sitemap hold starts with it, whatever Host the request names. */
const PUBLIC_ORIGIN = 'https://wellspring.health';

// Shaped like the built apps/web/index.html: its own title and description are replaced per page.
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The template's description." />
<meta name="wellspring-config" content="__WELLSPRING_CONFIG__" />
<title>The template's title</title>
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir, PREVIEW_DOMAIN: 'preview.wellspring.dev', PUBLIC_URL: PUBLIC_ORIGIN });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

/** A GET through node:http with a Host of our choosing (fetch does not let a caller set it). */
function get(pathname: string, host = 'pr-7.preview.wellspring.dev', accept = 'text/html'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.baseUrl}${pathname}`, { headers: { accept, host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      })
      .on('error', reject);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('each page’s head, in the HTML the server sends', () => {
  it('gives every public page its own title, description, canonical URL and cards, once', async () => {
    const titles = new Set<string>();
    for (const pathname of ['/', '/about', '/search', '/diagnostic', '/for-practitioners', '/privacy', '/terms']) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      const title = titleOf(page.body) ?? '';
      expect(title, pathname).toMatch(/Wellspring/);
      titles.add(title);
      expect(page.body.match(/<title>/g), pathname).toHaveLength(1);
      expect(page.body.match(/name="description"/g), pathname).toHaveLength(1);
      expect(page.body).not.toContain("The template's");
      expect(canonicalOf(page.body), pathname).toBe(`${PUBLIC_ORIGIN}${pathname}`);
      expect(metaOf(page.body, 'og:title'), pathname).toBe(title);
      expect(metaOf(page.body, 'og:url'), pathname).toBe(`${PUBLIC_ORIGIN}${pathname}`);
      expect(metaOf(page.body, 'twitter:card'), pathname).toBe('summary');
      expect(page.body).toContain('<div id="root">');
    }
    expect(titles.size).toBe(7);
  });

  it('describes a practitioner’s profile by name, specialties, location and photo, with schema.org JSON-LD', async () => {
    const page = await get('/practitioners/1');
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toBe('Dr. Elena Rodriguez — Naturopathy, Functional Medicine, and Nutrition in Portland, OR | Wellspring');
    expect(metaOf(page.body, 'og:type')).toBe('profile');
    expect(metaOf(page.body, 'og:image')).toMatch(/^https:\/\/wellspring\.health\/images\/practitioners\/elena-rodriguez\.svg$/);
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.body)?.[1] ?? 'null') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Dr. Elena Rodriguez',
      address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressRegion: 'OR', addressCountry: 'US' },
      url: `${PUBLIC_ORIGIN}/practitioners/1`,
    });
    expect(jsonLd.medicalSpecialty).toEqual(['Naturopathy', 'Functional Medicine', 'Nutrition']);
  });

  it('names a search by its filters, with the filters alone in its canonical URL', async () => {
    const page = await get('/search?query=sleep&location=Portland%2C%20OR&specialties=acupuncture,nonsense&page=3&sort=rating');
    expect(page.status).toBe(200);
    expect(titleOf(page.body)).toBe('Acupuncture practitioners matching “sleep” near Portland, OR — Wellspring');
    expect(canonicalOf(page.body)).toBe(`${PUBLIC_ORIGIN}/search?query=sleep&location=Portland%2C+OR&specialties=acupuncture`);
  });

  it('keeps signed-in and sign-in pages out of search engines', async () => {
    for (const pathname of ['/dashboard', '/login', '/provider-portal/payments', '/dashboard/patients/any-id']) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(metaOf(page.body, 'robots'), pathname).toBe('noindex');
      expect(canonicalOf(page.body), pathname).toBeUndefined();
    }
    expect(titleOf((await get('/login')).body)).toBe('Sign in — Wellspring');
  });

  it('answers 404, with the app (its not-found screen), for unknown paths and unknown practitioners', async () => {
    for (const pathname of ['/no-such-page', '/practitioners/999999', '/practitioners/1/extra', '/provider-portal/nope', `/practitioners/${'x'.repeat(200)}`]) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.type, pathname).toContain('text/html');
      expect(page.body, pathname).toContain('<div id="root">');
      expect(titleOf(page.body), pathname).toBe('Page not found — Wellspring');
      expect(metaOf(page.body, 'robots'), pathname).toBe('noindex');
    }
  });

  it('escapes what a visitor puts in the address', async () => {
    const page = await get('/search?query=%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(titleOf(page.body)).toContain('&lt;/title&gt;&lt;script&gt;');
  });
});

/** The page's embedded API answers (http/page-data.ts), parsed as the client parses them; null without a block. */
function pageDataOf(html: string): PageData | null {
  const text = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
  return text === undefined ? null : (JSON.parse(text) as PageData);
}

/** What the API itself answers to a GET of `procedure` with `input` (the wire format: superjson's `{ json, meta }`). */
async function apiAnswer(procedure: string, input: unknown): Promise<unknown> {
  const query = new URLSearchParams({ batch: '1', input: JSON.stringify({ 0: { json: input } }) });
  const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}?${query.toString()}`);
  expect(response.status).toBe(200);
  const [answer] = (await response.json()) as [{ result: { data: unknown } }];
  return answer.result.data;
}

describe('the page’s first API answers, in the HTML the server sends', () => {
  it('embeds a profile’s answer as the API gives it, under the input the page asks with', async () => {
    const data = pageDataOf((await get('/practitioners/1')).body);
    expect(data?.queries).toHaveLength(1);
    const [query] = data?.queries ?? [];
    expect(query?.path).toBe('practitioners.byId');
    expect(query?.input).toEqual({ id: '1' });
    expect(query?.result).toEqual(await apiAnswer('practitioners.byId', { id: '1' }));
    expect(query?.result).toMatchObject({ json: { id: '1', name: 'Dr. Elena Rodriguez' } });
  });

  it('embeds the search of the address’s filters (defaults filled in, unknown values dropped) as the API answers it', async () => {
    const data = pageDataOf((await get('/search?query=sleep&specialties=acupuncture,nonsense&sort=rating&pageSize=3')).body);
    const [query] = data?.queries ?? [];
    expect(query?.path).toBe('directory.search');
    const input = { query: 'sleep', specialties: ['acupuncture'], sort: 'rating', page: 1, pageSize: 3 };
    expect(query?.input).toEqual(input);
    expect(query?.result).toEqual(await apiAnswer('directory.search', input));

    const bare = pageDataOf((await get('/search')).body)?.queries[0];
    expect(bare?.input).toEqual({ page: 1, pageSize: 12 });
    expect(bare?.result).toMatchObject({ json: { total: 5 } });
  });

  it('embeds nothing on pages without a first query and on a 404', async () => {
    for (const pathname of ['/', '/about', '/practitioners/999999', '/no-such-page']) expect(pageDataOf((await get(pathname)).body), pathname).toBeNull();
  });

  it('keeps what a visitor puts in the address inside the data block, read back as typed', async () => {
    const typed = '</script><script>alert(1)</script><!--';
    const page = await get(`/search?query=${encodeURIComponent(typed)}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!--');
    expect(pageDataOf(page.body)?.queries[0]?.input).toMatchObject({ query: typed });
  });
});

describe('/sitemap.xml', () => {
  it('lists the public pages and every practitioner’s profile, and nothing signed-in', async () => {
    const sitemap = await get('/sitemap.xml', 'pr-7.preview.wellspring.dev', '*/*');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain('application/xml');
    const urls = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    const origin = PUBLIC_ORIGIN;
    expect(urls).toEqual(
      expect.arrayContaining([`${origin}/`, `${origin}/about`, `${origin}/search`, `${origin}/privacy`, `${origin}/terms`, `${origin}/practitioners/1`, `${origin}/practitioners/5`]),
    );
    expect(urls.filter((url) => url?.includes('/practitioners/'))).toHaveLength(5);
    expect(urls.some((url) => url?.includes('/dashboard') || url?.includes('/provider-portal') || url?.includes('/login'))).toBe(false);
  });

  it('lists only / on a production host, which serves nothing else', async () => {
    const sitemap = await get('/sitemap.xml', 'wellspring.health', '*/*');
    expect(sitemap.status).toBe(200);
    expect([...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([`${PUBLIC_ORIGIN}/`]);
  });
});
