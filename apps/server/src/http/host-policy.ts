/**
 * SPEC §2 host restriction: a production host serves only `/` (plus the API, the health check and
 * static files); every other path redirects to `/`. Local hosts and preview hosts see everything.
 */
import type { RequestHandler } from 'express';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** The hostname of a Host header, lower case, without port or IPv6 brackets. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host.slice(1) : host.slice(1, end);
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

export function isProductionHost(hostHeader: string | undefined, previewDomain: string | undefined): boolean {
  if (!hostHeader) return true;
  const hostname = hostnameOf(hostHeader);
  if (hostname === '' ) return true;
  if (LOCAL_HOSTNAMES.has(hostname)) return false;
  const preview = previewDomain?.trim().toLowerCase();
  if (preview && hostname.includes(preview)) return false;
  return true;
}

/** Paths a production host still serves besides `/`. */
function alwaysServed(path: string): boolean {
  return path === '/' || path === '/healthz' || path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');
}

export function hostPolicy(options: {
  previewDomain: string | undefined;
  /** Whether the path names a file of the built web app (favicon, robots.txt, ...). */
  isStaticFile: (path: string) => boolean;
}): RequestHandler {
  return (req, res, next) => {
    if (!isProductionHost(req.headers.host, options.previewDomain) || alwaysServed(req.path) || options.isStaticFile(req.path)) {
      next();
      return;
    }
    res.redirect(302, '/');
  };
}
