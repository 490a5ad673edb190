import type { Request } from 'express';

/**
 * The host the browser asked for: `X-Forwarded-Host` (its first value) when a trusted proxy is in
 * front (TRUST_PROXY set), else `Host`. Lower-case; undefined when the request names none. The host
 * policy, the page's production flag and the origin check all read it here.
 */
export function requestHost(req: Request, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
  return value?.toLowerCase();
}
