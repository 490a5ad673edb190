/**
 * Malformed requests answered before any route: a Host that names no host, methods the site does not
 * serve (CONNECT included), the raw index.html template by any spelling of its path; and what an
 * error answer shows of the server's internals under `npm start`, production and `npm run dev`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { leakedInternals, rawRequest } from './support/raw-http.ts';
import { startTestServer, trpcMutation, type TestServer } from './support/server.ts';

let database: TestDatabase;
let server: TestServer;
let distDir: string;

const TEMPLATE_MARK = '__WELLSPRING_CONFIG__';

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), `<!doctype html><html><head><meta name="wellspring-config" content="${TEMPLATE_MARK}"></head><body></body></html>`);
  await fs.writeFile(path.join(distDir, 'index.html.gz'), 'not really gzip');
  await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('the Host header', () => {
  it.each(['a b', '[', 'x:y:z', 'localhost:99999', 'exa%mple', 'localhost:0', 'bad_host!', ''])('%j is refused with 400 on pages and on the API', async (host) => {
    for (const request of [
      { path: '/', headers: { host, accept: 'text/html' } },
      { path: '/api/trpc/auth.me', headers: { host } },
      { method: 'POST', path: '/api/trpc/waitlist.join', headers: { host, origin: server.origin, 'content-type': 'application/json' }, body: '{"json":{}}' },
    ]) {
      const response = await rawRequest(server.baseUrl, request);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ error: { code: 'BAD_REQUEST', message: 'Invalid Host header.' } });
    }
  });

  it.each(['localhost:3000', 'wellspring.health', '127.0.0.1:8080', '[::1]:3000', 'preview-42.wellspring.dev'])('%j is served', async (host) => {
    const response = await rawRequest(server.baseUrl, { path: '/healthz', headers: { host } });
    expect(response.status).toBe(200);
  });

  it('behind a trusted proxy, a malformed X-Forwarded-Host is refused too', async () => {
    const proxied = await startTestServer(database.db, { TRUST_PROXY: '1' });
    try {
      const bad = await rawRequest(proxied.baseUrl, { path: '/api/trpc/auth.me', headers: { 'x-forwarded-host': 'a b' } });
      expect(bad.status).toBe(400);
      const good = await rawRequest(proxied.baseUrl, { path: '/api/trpc/auth.me', headers: { 'x-forwarded-host': 'wellspring.health' } });
      expect(good.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('methods', () => {
  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'])('%s gets 405 with the methods that are served, with or without a valid Origin', async (method) => {
    for (const headers of [{ origin: server.origin }, {}]) {
      const response = await rawRequest(server.baseUrl, { method, path: '/api/trpc/waitlist.join', headers });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
      expect(JSON.parse(response.body).error.message).toBe(`The ${method} method is not supported. Use GET, HEAD, POST, OPTIONS.`);
    }
  });

  it('CONNECT gets an answer: 405, then the connection closes', async () => {
    const response = await rawRequest(server.baseUrl, { method: 'CONNECT', path: 'example.com:443' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('OPTIONS answers 204 with Allow and no CORS grant', async () => {
    const response = await rawRequest(server.baseUrl, { method: 'OPTIONS', path: '/api/trpc/waitlist.join', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the index.html template', () => {
  it.each(['/index.html', '/index.html.gz', '/assets/..%2findex.html', '/assets/..%2Findex.html', '/%69ndex.html', '//index.html', '/assets/%2e%2e/index.html', '/./index.html'])(
    'is never served raw, as %s',
    async (pathname) => {
      const response = await rawRequest(server.baseUrl, { path: pathname, headers: { accept: 'text/html' } });
      expect(response.status).toBeLessThan(500);
      expect(response.body).not.toContain(TEMPLATE_MARK);
      expect(response.headers['content-encoding']).toBeUndefined();
    },
  );

  it('is rendered with the config for pages, and the build\'s other files are still served', async () => {
    const page = await rawRequest(server.baseUrl, { path: '/search', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('&quot;contactEmail&quot;');
    const asset = await rawRequest(server.baseUrl, { path: '/assets/app-abc123.js' });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("app")');
  });
});

describe('an internal error', () => {
  let broken: TestDatabase;

  beforeAll(async () => {
    // A database whose waitlist table is gone: every join fails inside PostgreSQL.
    broken = await createTestDatabase();
    await broken.query('ALTER TABLE waitlist RENAME TO waitlist_gone');
  });

  afterAll(async () => {
    await broken?.drop();
  });

  const join = { name: 'Error Probe', email: 'error.probe@example.com', type: 'patient' };

  it.each([
    ['npm start (NODE_ENV unset)', {}],
    ['production', { NODE_ENV: 'production' }],
    ['test', { NODE_ENV: 'test' }],
  ])('shows nothing of the server under %s: a 500 with a plain message', async (_label, env) => {
    const target = await startTestServer(broken.db, env);
    try {
      const response = await rawRequest(target.baseUrl, {
        method: 'POST',
        path: '/api/trpc/waitlist.join',
        headers: { origin: target.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ json: join }),
      });
      expect(response.status).toBe(500);
      expect(leakedInternals(response.body)).toBeNull();
      const body = JSON.parse(response.body) as { error: { json: { message: string; data: Record<string, unknown> } } };
      expect(body.error.json.message).toBe('Internal server error');
      expect(body.error.json.data).not.toHaveProperty('stack');
    } finally {
      await target.close();
    }
  });

  it('shows its stack and message under npm run dev (NODE_ENV=development), and only there', async () => {
    const target = await startTestServer(broken.db, { NODE_ENV: 'development' });
    try {
      const response = await trpcMutation<unknown>(target, 'waitlist.join', join);
      expect(response.status).toBe(500);
      expect(response.error?.message).not.toBe('Internal server error');
      expect(response.error?.data).toHaveProperty('stack');
    } finally {
      await target.close();
    }
  });
});
