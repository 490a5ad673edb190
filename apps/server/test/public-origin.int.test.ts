/**
 * One public origin (issue 23, item 9): the sitemap, a page's canonical and Open Graph URLs come from
 * PUBLIC_URL, never from the request's Host — they are cached publicly, so a forged Host would
 * otherwise be served to everyone. A request with two Host headers is refused before any route runs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { rawRequest, rawSocketRequest } from './support/raw-http.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const PUBLIC_ORIGIN = 'https://wellspring.example';
const FORGED = 'evil.preview.wellspring.dev';
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="wellspring-config" content="__WELLSPRING_CONFIG__" />
<title>Template</title></head><body><div id="root"></div></body></html>`;

let database: TestDatabase;
let server: TestServer;
let fallback: TestServer;
let distDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir, PREVIEW_DOMAIN: 'preview.wellspring.dev', PUBLIC_URL: PUBLIC_ORIGIN });
  fallback = await startTestServer(database.db, { WEB_DIST_DIR: distDir, PREVIEW_DOMAIN: 'preview.wellspring.dev', PORT: '4567' });
});

afterAll(async () => {
  await server?.close();
  await fallback?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

describe('absolute URLs come from PUBLIC_URL, whatever the Host', () => {
  it.each([FORGED, `${FORGED}:8443`, 'localhost', '127.0.0.1:9', 'wellspring.health'])('sitemap.xml with Host %s names only PUBLIC_URL', async (host) => {
    const answer = await rawRequest(server.baseUrl, { path: '/sitemap.xml', headers: { host } });
    expect(answer.status).toBe(200);
    const locs = locsOf(answer.body);
    expect(locs.length).toBeGreaterThan(0);
    expect(locs.every((loc) => loc.startsWith(`${PUBLIC_ORIGIN}/`))).toBe(true);
    expect(answer.body).not.toContain(host.split(':')[0]);
  });

  it('a page’s canonical, Open Graph and JSON-LD URLs ignore a forged Host (and X-Forwarded-Host without a trusted proxy)', async () => {
    for (const pathname of ['/', '/about', '/practitioners/1', '/search?query=sleep']) {
      const answer = await rawRequest(server.baseUrl, { path: pathname, headers: { host: FORGED, 'x-forwarded-host': 'attacker.example', accept: 'text/html' } });
      expect(answer.status, pathname).toBe(200);
      expect(canonicalOf(answer.body), pathname).toMatch(new RegExp(`^${PUBLIC_ORIGIN.replaceAll('.', '\\.')}/`));
      expect(ogUrlOf(answer.body), pathname).toBe(canonicalOf(answer.body));
      expect(answer.body, pathname).not.toContain(FORGED);
      expect(answer.body, pathname).not.toContain('attacker.example');
    }
  });

  it('without PUBLIC_URL, the fixed default http://localhost:PORT, never the Host', async () => {
    const sitemap = await rawRequest(fallback.baseUrl, { path: '/sitemap.xml', headers: { host: FORGED } });
    expect(locsOf(sitemap.body).every((loc) => loc.startsWith('http://localhost:4567/'))).toBe(true);
    const page = await rawRequest(fallback.baseUrl, { path: '/about', headers: { host: FORGED, accept: 'text/html' } });
    expect(canonicalOf(page.body)).toBe('http://localhost:4567/about');
    expect(page.body).not.toContain(FORGED);
  });

  it('keeps the host policy: a production Host still gets a sitemap of / alone', async () => {
    const answer = await rawRequest(server.baseUrl, { path: '/sitemap.xml', headers: { host: 'wellspring.health' } });
    expect(locsOf(answer.body)).toEqual([`${PUBLIC_ORIGIN}/`]);
  });
});

describe('two Host headers', () => {
  it.each([
    ['/sitemap.xml', ['Host: 127.0.0.1', `Host: ${FORGED}`]],
    ['/about', [`Host: ${FORGED}`, 'Host: 127.0.0.1']],
    ['/api/trpc/directory.search', ['Host: localhost', 'host: localhost']],
    ['/healthz', ['Host: localhost', 'HOST: other.example']],
  ] as const)('%s with %j is refused with 400 before any route runs', async (pathname, hosts) => {
    const answer = await rawSocketRequest(server.baseUrl, [`GET ${pathname} HTTP/1.1`, ...hosts, 'Accept: */*']);
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain(FORGED);
    expect(answer.body).not.toContain('<loc>');
  });

  it('one Host header over the same raw connection is served', async () => {
    const answer = await rawSocketRequest(server.baseUrl, ['GET /sitemap.xml HTTP/1.1', 'Host: localhost']);
    expect(answer.status).toBe(200);
  });
});
