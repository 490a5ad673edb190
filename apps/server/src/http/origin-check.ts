/**
 * CSRF defence for the API: a request that can change state must come from our own pages. Browsers
 * send `Origin` on every cross-origin request and on same-origin POSTs, so a missing or foreign
 * `Origin` on anything but GET/HEAD is refused.
 */
import type { Request, RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function requestHost(req: Request, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
  return value?.toLowerCase();
}

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
