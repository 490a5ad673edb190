/**
 * docs/product.md#host-policy: a production host serves only `/` (plus the API, the health check and
 * static files); every other path redirects to `/`. Local hosts and preview hosts see everything.
 */
import { isProductionHost } from '@wellspring/domain';
import type { RequestHandler } from 'express';
import { requestHost } from './request-host.ts';

/** The domain's rule (docs/product.md#host-policy) applied to a Host header; a request without one counts as production. */
export const isProductionHostHeader = (hostHeader: string | undefined, previewDomain: string | undefined): boolean =>
  isProductionHost(hostHeader ?? '', previewDomain);

/** Paths a production host still serves besides `/`. */
function alwaysServed(path: string): boolean {
  return path === '/' || path === '/healthz' || path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');
}

export function hostPolicy(options: {
  previewDomain: string | undefined;
  /** Behind a trusted proxy the host is X-Forwarded-Host. */
  trustProxy: boolean;
  /** Whether the path names a file of the built web app (favicon, robots.txt, ...). */
  isStaticFile: (path: string) => boolean;
}): RequestHandler {
  return (req, res, next) => {
    if (!isProductionHostHeader(requestHost(req, options.trustProxy), options.previewDomain) || alwaysServed(req.path) || options.isStaticFile(req.path)) {
      next();
      return;
    }
    res.redirect(302, '/');
  };
}
