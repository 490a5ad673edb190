import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoutePreloads, preloadTags, renderIndexHtml } from '../src/http/static.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/*
 * The web build lists what each page loaded on demand needs (apps/web build-plugins/route-preloads.ts);
 * the server names those files in that page's HTML so the browser fetches them with the main bundle.
 */
let database: TestDatabase;
let server: TestServer;
let distDir: string;

const INDEX_HTML = `<!doctype html><html><head><meta name="wellspring-config" content="__WELLSPRING_CONFIG__"><title>Wellspring</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const PRELOADS = {
  '/about': { js: ['/assets/about.page-1.js', '/assets/card-2.js'], css: ['/assets/about-3.css'] },
  '/terms': { js: ['/assets/terms.page-4.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js'], css: [] },
};

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-preloads-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(distDir, 'route-preloads.json'), JSON.stringify(PRELOADS));
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

const page = async (pathname: string) => {
  const response = await fetch(`${server.baseUrl}${pathname}`, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
};

describe('route preloads in the served HTML', () => {
  it("name the page's chunks and stylesheets in its head", async () => {
    const { status, html } = await page('/about');
    expect(status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" href="/assets/about.page-1.js" />');
    expect(head).toContain('<link rel="modulepreload" href="/assets/card-2.js" />');
    expect(head).toContain('<link rel="preload" as="style" href="/assets/about-3.css" />');
  });

  it('are left out where the build listed none: the landing page (in the main bundle) and a missing page (404)', async () => {
    for (const pathname of ['/', '/no-such-page']) {
      const { html } = await page(pathname);
      expect(html, pathname).not.toContain('modulepreload');
    }
    expect((await page('/no-such-page')).status).toBe(404);
  });

  it('keep only files under /assets/ from the build list', async () => {
    const { html } = await page('/terms');
    expect(html).toContain('<link rel="modulepreload" href="/assets/terms.page-4.js" />');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('elsewhere.example');
  });
});

describe('preload tags', () => {
  it('go before </head>, with or without the page head', () => {
    const tags = preloadTags(parseRoutePreloads(JSON.stringify(PRELOADS)).get('/about'));
    const html = renderIndexHtml(INDEX_HTML, { contactEmail: 'a@b.c', productionHost: false, sessionIdleMinutes: 30, sessionCookie: false }, undefined, tags);
    expect(html.indexOf('modulepreload')).toBeGreaterThan(-1);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(preloadTags(undefined)).toBe('');
  });

  it('come from a build list that is read, not trusted: anything but a list of /assets/ files is dropped', () => {
    expect(parseRoutePreloads('[]').size).toBe(0);
    expect(parseRoutePreloads(JSON.stringify({ '/about': { js: 'x', css: [1, '/assets/a.css'] } })).get('/about')).toEqual({ js: [], css: ['/assets/a.css'] });
  });
});
