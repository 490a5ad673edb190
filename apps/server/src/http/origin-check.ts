/**
 * CSRF defence for the API: a request that can change state must come from our own pages. Browsers
 * send `Origin` on every cross-origin request and on same-origin POSTs, so a missing or foreign
 * `Origin` on anything but GET/HEAD is refused.
 */
import type { RequestHandler } from 'express';
import { requestHost } from './request-host.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowedOrigins.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host.toLowerCase() === host;
}

export function originCheck(options: { allowedOrigins: readonly string[]; trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isAllowedOrigin(req.headers.origin, requestHost(req, options.trustProxy), options.allowedOrigins)) {
      next();
      return;
    }
    res.status(403).json({ error: { code: 'FORBIDDEN', message: 'Cross-origin request refused.' } });
  };
}
