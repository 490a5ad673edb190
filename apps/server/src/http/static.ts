/**
 * Serves the built web app (apps/web/dist): hashed `/assets/*` cached for a year, `index.html`
 * never cached and rendered with the runtime config, and the SPA fallback for client routes.
 */
import { statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

export const CONFIG_PLACEHOLDER = '__WELLSPRING_CONFIG__';

export interface WebConfig {
  readonly contactEmail: string;
  readonly productionHost: boolean;
}

const HTML_ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (character) => HTML_ATTRIBUTE_ESCAPES[character] ?? character);
}

export function renderIndexHtml(template: string, config: WebConfig): string {
  return template.replaceAll(CONFIG_PLACEHOLDER, escapeHtmlAttribute(JSON.stringify(config)));
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

const NOT_BUILT_MESSAGE =
  'Wellspring: the web app is not built yet (apps/web/dist is missing).\nRun `npm run build` (or `npm start`), then reload this page.\n';

export function webApp(options: { distDir: string; webConfig: (hostHeader: string | undefined) => WebConfig }): Router {
  const router = express.Router();
  const indexPath = path.join(options.distDir, 'index.html');
  let cached: { mtimeMs: number; template: string } | undefined;

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
  // index.html is a template: it is always rendered below, never sent raw.
  router.use((req, res, next) => (req.path === '/index.html' ? next() : staticFiles(req, res, next)));

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
      res
        .status(200)
        .type('html')
        .set('Cache-Control', 'no-cache')
        .send(renderIndexHtml(template, options.webConfig(req.headers.host)));
    } catch (error) {
      next(error);
    }
  };
  router.use(serveIndex);
  return router;
}
