import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodingQuality, pickEncoding } from '../src/http/static.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/*
 * The web build writes `<file>.br` and `<file>.gz` next to its text files (apps/web
 * build-plugins/precompress.ts); the server sends the variant the client accepts.
 */
let database: TestDatabase;
let server: TestServer;
let distDir: string;

const INDEX_HTML = `<!doctype html><html><head><meta name="wellspring-config" content="__WELLSPRING_CONFIG__"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root">${'<!-- padding -->'.repeat(100)}</div></body></html>`;
const SCRIPT = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = "wellspring ${i}";\n`).join(''));
const ROOT_SCRIPT = Buffer.from(`(function(){${'document.documentElement.dataset.theme="light";'.repeat(40)}})();\n`);

async function writeWithVariants(file: string, content: Buffer): Promise<void> {
  await fs.writeFile(file, content);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wellspring-dist-compressed-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await writeWithVariants(path.join(distDir, 'index.html'), Buffer.from(INDEX_HTML));
  await writeWithVariants(path.join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeWithVariants(path.join(distDir, 'theme-init.js'), ROOT_SCRIPT);
  // Too small to be precompressed: no variants.
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer(database.db, { WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(distDir, { recursive: true, force: true });
});

interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as sent, still encoded. */
  readonly body: Buffer;
}

/** A request through node:http, which neither adds Accept-Encoding nor decodes the body. */
function request(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.baseUrl}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(response.body);
    case 'gzip':
      return zlib.gunzipSync(response.body);
    case undefined:
      return response.body;
    default:
      throw new Error(`unexpected Content-Encoding ${response.headers['content-encoding']}`);
  }
}

const varies = (response: RawResponse) => String(response.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('precompressed static files', () => {
  it('sends a .js asset brotli-encoded, gzip-encoded or plain as Accept-Encoding allows, with the same bytes', async () => {
    const brotli = await request('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await request('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    const plain = await request('/assets/index-abc123.js');

    for (const response of [brotli, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(response)).toBe(true);
      expect(decode(response).equals(SCRIPT)).toBe(true);
    }
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(SCRIPT)).toBe(true);
    // Each representation has its own validator.
    expect(new Set([brotli.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('honours q-values and wildcards', async () => {
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'gzip;q=0, *' })).headers['content-encoding']).toBe('br');
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('keeps the root files’ one-hour cache, and answers HEAD and conditional requests for the variant', async () => {
    const response = await request('/theme-init.js', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(decode(response).equals(ROOT_SCRIPT)).toBe(true);

    const head = await request('/theme-init.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(response.headers['content-length']);

    const revalidated = await request('/theme-init.js', { 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('refuses an encoding the client gives q=0 even when a wildcard allows others, and reads codings in any case', async () => {
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': '*;q=0.2, br;q=0' })).headers['content-encoding']).toBe('gzip');
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'GZIP' })).headers['content-encoding']).toBe('gzip');
    expect((await request('/assets/index-abc123.js', { 'accept-encoding': 'Br, gzip' })).headers['content-encoding']).toBe('br');
  });

  it('sends the variants of files built after the server started, and plain bytes once a variant is gone', async () => {
    // A rebuild while the server runs: a new hashed asset with its variants...
    const later = Buffer.from(`export const builtLater = "${'later '.repeat(200)}";\n`);
    await writeWithVariants(path.join(distDir, 'assets', 'later-def456.js'), later);
    const fresh = await request('/assets/later-def456.js', { 'accept-encoding': 'br' });
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(decode(fresh).equals(later)).toBe(true);

    // ...and a file whose variants went away: the file itself, not a plain body labelled brotli.
    await fs.rm(path.join(distDir, 'assets', 'later-def456.js.br'));
    await fs.rm(path.join(distDir, 'assets', 'later-def456.js.gz'));
    const plain = await request('/assets/later-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(later)).toBe(true);
  });

  it('sends files without variants as before', async () => {
    const response = await request('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('never sends the index.html template or its precompressed copies raw', async () => {
    for (const pathname of ['/', '/index.html', '/index.html.br', '/index.html.gz', '/login']) {
      const response = await request(pathname, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      // The template's own names are no pages of the app: its not-found screen, as a 404.
      expect(response.status).toBe(pathname.startsWith('/index.html') ? 404 : 200);
      expect(response.headers['content-encoding']).toBeUndefined();
      const html = response.body.toString('utf8');
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('__WELLSPRING_CONFIG__');
    }
  });
});

describe('Accept-Encoding negotiation', () => {
  const both = [
    { name: 'br', suffix: '.br' },
    { name: 'gzip', suffix: '.gz' },
  ] as const;

  it('reads q-values, case and wildcards', () => {
    expect(encodingQuality('gzip, br', 'br')).toBe(1);
    expect(encodingQuality('GZIP;q=0.5', 'gzip')).toBe(0.5);
    expect(encodingQuality('*;q=0.2, br;q=0', 'br')).toBe(0);
    expect(encodingQuality('*;q=0.2', 'gzip')).toBe(0.2);
    expect(encodingQuality(undefined, 'gzip')).toBe(0);
    expect(encodingQuality('', 'gzip')).toBe(0);
  });

  it('prefers brotli, then gzip, among the variants that exist', () => {
    expect(pickEncoding('gzip, br', both)?.name).toBe('br');
    expect(pickEncoding('gzip', both)?.name).toBe('gzip');
    expect(pickEncoding('br', [both[1]])).toBeUndefined();
    expect(pickEncoding('deflate', both)).toBeUndefined();
  });
});
