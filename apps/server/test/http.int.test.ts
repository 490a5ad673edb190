import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabaseClient } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let distDir: string;

const INDEX_HTML = '<!doctype html><html><head><meta name="wellspring-config" content="__WELLSPRING_CONFIG__"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir, CONTACT_EMAIL: 'care@wellspring.test', PREVIEW_DOMAIN: 'preview.wellspring.dev' });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

interface RawResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** A GET through node:http, because fetch does not let a caller set the Host header. */
function get(pathname: string, headers: Record<string, string> = {}, target: TestServer = server): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${target.baseUrl}${pathname}`, { headers: { accept: 'text/html', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: { get: (name) => (response.headers[name.toLowerCase()] as string | undefined) ?? null },
          text: async () => body,
        });
      });
    });
    request.on('error', reject);
  });
}

const join = { name: 'Origin Tester', email: 'origin@example.com', type: 'patient' };

describe('Origin check on API mutations', () => {
  it('refuses a foreign Origin with 403 and stores nothing', async () => {
    const response = await trpcMutation(server, 'waitlist.join', join, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await database.query("SELECT id FROM waitlist WHERE email = 'origin@example.com'")).toHaveLength(0);
  });

  it('refuses a missing Origin with 403', async () => {
    const response = await trpcMutation(server, 'waitlist.join', join, { origin: null });
    expect(response.status).toBe(403);
  });

  it('accepts the server own origin, and origins listed in ALLOWED_ORIGINS', async () => {
    expect((await trpcMutation(server, 'waitlist.join', join)).status).toBe(200);
    const allowing = await startTestServer(database.db, { ALLOWED_ORIGINS: 'https://app.wellspring.test, https://other.test' });
    try {
      const response = await trpcMutation(allowing, 'waitlist.join', { ...join, email: 'allowed@example.com' }, { origin: 'https://app.wellspring.test' });
      expect(response.status).toBe(200);
    } finally {
      await allowing.close();
    }
  });

  it('lets queries (GET) through without an Origin', async () => {
    const response = await fetch(`${server.baseUrl}/api/trpc/auth.me`);
    expect(response.status).toBe(200);
  });
});

describe('GET /healthz', () => {
  it('answers 200 {status: "ok"} when the database answers', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const unreachable = createDatabaseClient('postgresql://nobody:nothing@127.0.0.1:1/none');
    const broken = await startTestServer(unreachable);
    try {
      const response = await fetch(`${broken.baseUrl}/healthz`);
      expect(response.status).toBe(503);
    } finally {
      await broken.close();
      await closeDatabase(unreachable);
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own scripts', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the web app', () => {
  it('serves index.html with the runtime config and no-cache', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).not.toContain('__WELLSPRING_CONFIG__');
    const content = /content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(JSON.parse(content.replaceAll('&quot;', '"'))).toEqual({ contactEmail: 'care@wellspring.test', productionHost: false, sessionIdleMinutes: 30, sessionCookie: false });
  });

  it('tells the page whether the request carried a session cookie (the page cannot read it), not whether it is valid', async () => {
    const config = async (headers: Record<string, string>) => {
      const html = await (await get('/about', headers)).text();
      return JSON.parse((/content="([^"]*)"/.exec(html)?.[1] ?? '').replaceAll('&quot;', '"')) as { sessionCookie: boolean };
    };
    expect((await config({ cookie: 'session=abcdefgh234567' })).sessionCookie).toBe(true);
    expect((await config({ cookie: 'theme=dark; session=abcdefgh234567' })).sessionCookie).toBe(true);
    expect((await config({ cookie: 'theme=dark' })).sessionCookie).toBe(false);
    expect((await config({ cookie: 'session=NOT-OURS' })).sessionCookie).toBe(false);
    expect((await config({})).sessionCookie).toBe(false);
    // So a cache keeps the page apart per Cookie header.
    expect((await get('/about')).headers.get('vary')?.split(',').map((name) => name.trim().toLowerCase())).toContain('cookie');
  });

  it('tells the page it is on a production host', async () => {
    const html = await (await get('/', { host: 'wellspring.health' })).text();
    expect(html).toContain('&quot;productionHost&quot;:true');
  });

  it('never sends the raw template as /index.html', async () => {
    const html = await (await get('/index.html')).text();
    expect(html).not.toContain('__WELLSPRING_CONFIG__');
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('falls back to index.html for client routes that accept HTML', async () => {
    const response = await get('/dashboard/patients/42');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers 404 for a missing asset and for unknown API paths, not index.html', async () => {
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers 503 with a clear message when the web app is not built', async () => {
    const unbuilt = await startTestServer(database.db, { WEB_DIST_DIR: path.join(distDir, 'does-not-exist') });
    try {
      const response = await fetch(`${unbuilt.baseUrl}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});

describe('host policy over HTTP', () => {
  it('redirects every other path of a production host to /', async () => {
    for (const pathname of ['/about', '/dashboard', '/practitioners/1', '/no-such-page']) {
      const response = await get(pathname, { host: 'wellspring.health' });
      expect(response.status, pathname).toBe(302);
      expect(response.headers.get('location'), pathname).toBe('/');
    }
  });

  it('still serves /, assets, root files, the API and /healthz on a production host', async () => {
    const host = { host: 'wellspring.health' };
    expect((await get('/', host)).status).toBe(200);
    expect((await get('/assets/index-abc123.js', host)).status).toBe(200);
    expect((await get('/favicon.svg', host)).status).toBe(200);
    expect((await get('/healthz', host)).status).toBe(200);
    expect((await get('/api/trpc/auth.me', host)).status).toBe(200);
  });

  it('behind a trusted proxy (TRUST_PROXY) reads the host from X-Forwarded-Host, and only then', async () => {
    const proxied = await startTestServer(database.db, { WEB_DIST_DIR: distDir, PREVIEW_DOMAIN: 'preview.wellspring.dev', TRUST_PROXY: 'loopback' });
    try {
      const viaProxy = await get('/about', { host: 'localhost:3000', 'x-forwarded-host': 'wellspring.health' }, proxied);
      expect(viaProxy.status).toBe(302);
      expect(viaProxy.headers.get('location')).toBe('/');
      const page = await (await get('/', { host: 'internal:8080', 'x-forwarded-host': 'wellspring.health' }, proxied)).text();
      expect(page).toContain('&quot;productionHost&quot;:true');
      expect((await get('/about', { host: 'wellspring.health', 'x-forwarded-host': 'pr-7.preview.wellspring.dev' }, proxied)).status).toBe(200);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is anyone's to send, and is ignored.
    expect((await get('/about', { host: 'localhost:3000', 'x-forwarded-host': 'wellspring.health' })).status).toBe(200);
  });

  it('serves every path on localhost and on the preview domain', async () => {
    expect((await get('/about', { host: 'localhost:3000' })).status).toBe(200);
    expect((await get('/about', { host: '[::1]:3000' })).status).toBe(200);
    expect((await get('/about', { host: 'pr-7.preview.wellspring.dev' })).status).toBe(200);
  });
});
