/**
 * Serves the built web app (apps/web/dist): hashed `/assets/*` cached for a year, `index.html`
 * never cached and rendered with the runtime config, and the SPA fallback for client routes.
 * Files the web build precompressed (`<file>.br`, `<file>.gz` next to it) are sent in the best
 * encoding the client accepts: brotli, then gzip, else the file itself.
 */
import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { matchSitePath } from '@wellspring/domain';
import type { PageData } from '@wellspring/domain';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { escapeHtmlAttribute } from './html.ts';
import { pageDataTag } from './page-data.ts';
import { headTags, withHeadTags, type PageHead } from './page-head.ts';

const CONFIG_PLACEHOLDER = '__WELLSPRING_CONFIG__';

export interface WebConfig {
  readonly contactEmail: string;
  readonly productionHost: boolean;
  /** SESSION_IDLE_MINUTES: a signed-in page left alone this long goes to sign-in by itself. */
  readonly sessionIdleMinutes: number;
  /**
   * The request carried a session cookie. Without one the visitor is signed out, and the page asks
   * the API nothing about a session (the cookie is HttpOnly: the page cannot look for itself).
   */
  readonly sessionCookie: boolean;
}

export { escapeHtmlAttribute };

/**
 * `template` with the runtime config, and, when given, the page's own head tags (page-head.ts), the
 * links that preload its code (preloadTags) and the data block of its first API answers (page-data.ts).
 */
export function renderIndexHtml(template: string, config: WebConfig, headTags?: string, preloads = '', dataBlock = ''): string {
  const configured = template.replaceAll(CONFIG_PLACEHOLDER, escapeHtmlAttribute(JSON.stringify(config)));
  const withHead = headTags === undefined ? configured : withHeadTags(configured, headTags);
  const extra = [preloads, dataBlock].filter((part) => part !== '').join('\n    ');
  // A function replacement: the data's text is inserted as it is (a `$&` in it stays `$&`).
  return extra === '' ? withHead : withHead.replace(/<\/head>/i, () => `  ${extra}\n  </head>`);
}

/** What the web build lists for a page it loads on demand (apps/web build-plugins/route-preloads.ts). */
export interface RoutePreloads {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The build's list, keeping only well-formed entries of files under /assets/ (it is read, not trusted blindly). */
export function parseRoutePreloads(json: string): ReadonlyMap<string, RoutePreloads> {
  const parsed: unknown = JSON.parse(json);
  const preloads = new Map<string, RoutePreloads>();
  if (typeof parsed !== 'object' || parsed === null) return preloads;
  const assets = (value: unknown): string[] => (Array.isArray(value) ? value.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+$/.test(file)) : []);
  for (const [pattern, entry] of Object.entries(parsed)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { js, css } = entry as Record<string, unknown>;
    preloads.set(pattern, { js: assets(js), css: assets(css) });
  }
  return preloads;
}

/**
 * Links that fetch a page's chunks and stylesheets while the main bundle loads, instead of once it
 * has run and asked for them: the page's first paint is then its content, not the loading skeleton.
 */
export function preloadTags(preloads: RoutePreloads | undefined): string {
  if (!preloads) return '';
  return [
    ...preloads.js.map((file) => `<link rel="modulepreload" href="${escapeHtmlAttribute(file)}" />`),
    ...preloads.css.map((file) => `<link rel="preload" as="style" href="${escapeHtmlAttribute(file)}" />`),
  ].join('\n    ');
}

/** Whether `requestPath` names a file in `distDir` (and not a folder, and not outside it). */
export function isFileIn(distDir: string, requestPath: string): boolean {
  if (requestPath === '/' || requestPath.endsWith('/')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  const resolved = path.resolve(distDir, `.${path.posix.normalize(decoded)}`);
  if (!resolved.startsWith(distDir + path.sep)) return false;
  try {
    return statSync(resolved).isFile();
  } catch {
    return false;
  }
}

/** The absolute path a request path names under `distDir` (decoded and normalized); check with isFileIn first. */
function resolveIn(distDir: string, requestPath: string): string {
  return path.resolve(distDir, `.${path.posix.normalize(decodeURIComponent(requestPath))}`);
}

/** Whether `filePath` is the index.html template or one of its precompressed copies. */
function isTemplate(distDir: string, filePath: string): boolean {
  return /^index\.html(?:\.br|\.gz)?$/.test(path.relative(distDir, filePath));
}

/** The precompressed variants the web build writes, in order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number];

/** The q-value the client's `Accept-Encoding` gives `encoding` (0 when it does not accept it). */
export function encodingQuality(acceptEncoding: string | undefined, encoding: string): number {
  if (!acceptEncoding) return 0;
  let wildcard: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((piece) => piece.trim());
      if (key?.toLowerCase() === 'q') quality = Number(value);
    }
    if (!Number.isFinite(quality)) quality = 0;
    if (name === encoding) return quality;
    if (name === '*') wildcard = quality;
  }
  return wildcard ?? 0;
}

/** The precompressed variant to send for `acceptEncoding`, among those that exist: br first, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  return available.find((encoding) => encodingQuality(acceptEncoding, encoding.name) > 0);
}

async function isFile(filePath: string): Promise<boolean> {
  return fs.stat(filePath).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

const NOT_BUILT_MESSAGE =
  'Wellspring: the web app is not built yet (apps/web/dist is missing).\nRun `npm run build` (or `npm start`), then reload this page.\n';

export interface WebAppOptions {
  readonly distDir: string;
  readonly webConfig: (req: Request) => WebConfig;
  /**
   * The page's head and status (page-head.ts), the origin its absolute URLs use and the answers it
   * asks the API for first (page-data.ts); without it every page is a 200 with the template's head.
   */
  readonly pageHead?: (req: Request, res: Response) => Promise<{ readonly head: PageHead; readonly origin: string; readonly data?: PageData }>;
}

export function webApp(options: WebAppOptions): Router {
  const router = express.Router();
  const indexPath = path.join(options.distDir, 'index.html');
  let cached: { mtimeMs: number; template: string } | undefined;
  const preloadsPath = path.join(options.distDir, ROUTE_PRELOADS_FILE);
  let cachedPreloads: { mtimeMs: number; preloads: ReadonlyMap<string, RoutePreloads> } | undefined;

  /** The build's route preloads; none when the build wrote none (or an unreadable file). */
  async function readPreloads(): Promise<ReadonlyMap<string, RoutePreloads>> {
    const stat = await fs.stat(preloadsPath).catch(() => undefined);
    if (!stat) return new Map();
    if (cachedPreloads?.mtimeMs !== stat.mtimeMs) {
      const preloads = await fs.readFile(preloadsPath, 'utf8').then(parseRoutePreloads).catch(() => new Map<string, RoutePreloads>());
      cachedPreloads = { mtimeMs: stat.mtimeMs, preloads };
    }
    return cachedPreloads.preloads;
  }

  async function readTemplate(): Promise<string | undefined> {
    const stat = await fs.stat(indexPath).catch(() => undefined);
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, template: await fs.readFile(indexPath, 'utf8') };
    return cached.template;
  }

  const staticFiles = express.static(options.distDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      const relative = path.relative(options.distDir, filePath);
      if (relative.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  /*
   * A file with precompressed variants is sent as the variant the client accepts: express.static
   * serves the variant's path, with the original's Content-Type (it keeps a type already set) and
   * cache headers (setHeaders sees the variant, in the same folder). Every answer for such a file,
   * encoded or not, varies with Accept-Encoding.
   */
  const serveFile: RequestHandler = async (req, res, next) => {
    // Only files this check resolved inside the build reach express.static, and never the template:
    // index.html is always rendered below, never sent raw (nor its precompressed copies), whatever
    // the spelling of the path (`/assets/..%2findex.html`, `/%69ndex.html`, `//index.html`).
    const filePath = (req.method === 'GET' || req.method === 'HEAD') && isFileIn(options.distDir, req.path) ? resolveIn(options.distDir, req.path) : undefined;
    if (filePath === undefined || isTemplate(options.distDir, filePath)) {
      next();
      return;
    }
    let encoding: Encoding | undefined;
    try {
      const available: Encoding[] = [];
      for (const candidate of ENCODINGS) if (await isFile(filePath + candidate.suffix)) available.push(candidate);
      if (available.length > 0) res.vary('Accept-Encoding');
      encoding = pickEncoding(req.headers['accept-encoding'], available);
      if (encoding) {
        res.type(path.extname(filePath));
        res.setHeader('Content-Encoding', encoding.name);
      }
    } catch (error) {
      next(error);
      return;
    }
    if (!encoding) {
      staticFiles(req, res, next);
      return;
    }
    const originalUrl = req.url;
    const queryStart = originalUrl.indexOf('?');
    req.url = queryStart === -1 ? originalUrl + encoding.suffix : originalUrl.slice(0, queryStart) + encoding.suffix + originalUrl.slice(queryStart);
    staticFiles(req, res, (error?: unknown) => {
      // The variant vanished meanwhile (a rebuild): nothing was sent, so undo the encoding.
      req.url = originalUrl;
      if (!res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
      }
      next(error);
    });
  };
  router.use(serveFile);

  const serveIndex: RequestHandler = async (req, res, next) => {
    const acceptsHtml = req.accepts(['html', 'json']) === 'html';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !acceptsHtml || req.path.startsWith('/assets/')) {
      next();
      return;
    }
    try {
      const template = await readTemplate();
      if (template === undefined) {
        res.status(503).type('text/plain').set('Cache-Control', 'no-store').send(NOT_BUILT_MESSAGE);
        return;
      }
      // A page whose head cannot be worked out (the database is down) is still served, as a 200 with the template's head.
      const page = options.pageHead ? await options.pageHead(req, res).catch(() => undefined) : undefined;
      const status = page?.head.status ?? 200;
      const route = status === 200 ? matchSitePath(req.path)?.pattern : undefined;
      const preloads = route === undefined ? '' : preloadTags((await readPreloads()).get(route));
      // The page's config says whether the request carried a session cookie (WebConfig.sessionCookie).
      res.vary('Cookie');
      res
        .status(status)
        .type('html')
        .set('Cache-Control', 'no-cache')
        .send(renderIndexHtml(template, options.webConfig(req), page ? headTags(page.head, page.origin) : undefined, preloads, page?.data && status === 200 ? pageDataTag(page.data) : ''));
    } catch (error) {
      next(error);
    }
  };
  router.use(serveIndex);
  return router;
}
