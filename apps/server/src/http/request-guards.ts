/**
 * Refusals before any route sees a request: a Host that names no host, a method the site does not
 * speak, a JSON body or GET input nested deeper than any form sends. Each answers 4xx with a clear
 * message; none of these requests reaches tRPC or PostgreSQL.
 */
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ALLOW_HEADER = ALLOWED_METHODS.join(', ');
const allowed: ReadonlySet<string> = new Set(ALLOWED_METHODS);

/** No form or procedure input nests deeper than a few levels; tRPC's batch envelope adds three. */
export const MAX_JSON_DEPTH = 32;

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]{2,45}\\])(?::(\\d{1,5}))?$`, 'i');

/** Whether a Host (or X-Forwarded-Host) value names a host: a DNS name, IPv4 or [IPv6], and a port 1–65535. */
function isValidHostHeader(value: string): boolean {
  if (value.length > 260) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

const badRequest = (message: string) => ({ error: { code: 'BAD_REQUEST', message } });

/** How many `Host` lines a request carried (Node keeps only the first in `req.headers`; `rawHeaders` has them all). */
function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]?.toLowerCase() === 'host') count += 1;
  return count;
}

/**
 * 400 for a request with more than one Host header (RFC 9112 §3.2: a server must refuse it; a proxy
 * and this server could otherwise each read a different one), for a malformed Host, and behind a
 * trusted proxy for a malformed X-Forwarded-Host.
 */
export function hostHeaderGuard(options: { trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    if (hostHeaderCount(req.rawHeaders) > 1) {
      res.status(400).json(badRequest('A request must have exactly one Host header.'));
      return;
    }
    const host = req.headers.host;
    const forwarded = options.trustProxy ? req.headers['x-forwarded-host'] : undefined;
    const forwardedValues = (Array.isArray(forwarded) ? forwarded : forwarded === undefined ? [] : [forwarded]).flatMap((value) => value.split(',').map((part) => part.trim()));
    if ((host !== undefined && !isValidHostHeader(host)) || forwardedValues.some((value) => !isValidHostHeader(value))) {
      res.status(400).json(badRequest('Invalid Host header.'));
      return;
    }
    next();
  };
}

/** 405 with `Allow` for methods the site does not serve; OPTIONS answers 204 with the same list. */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'OPTIONS') {
      res.status(204).set('Allow', ALLOW_HEADER).end();
      return;
    }
    if (allowed.has(req.method)) {
      next();
      return;
    }
    res.status(405).set('Allow', ALLOW_HEADER).json({ error: { code: 'METHOD_NOT_SUPPORTED', message: `The ${req.method} method is not supported. Use ${ALLOWED_METHODS.join(', ')}.` } });
  };
}

/** CONNECT never reaches Express (Node hands it to a `connect` listener, or drops it): answer it 405 too. */
export function refuseConnect(server: Server): void {
  server.on('connect', (_req, socket) => {
    const body = JSON.stringify({ error: { code: 'METHOD_NOT_SUPPORTED', message: `The CONNECT method is not supported. Use ${ALLOWED_METHODS.join(', ')}.` } });
    socket.on('error', () => undefined);
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, found by one pass over its bytes
 * (strings skipped), without parsing it. Malformed text is left to the parser to refuse.
 */
function jsonNestsDeeperThan(json: Uint8Array | string, maxDepth: number): boolean {
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

const tooDeepError = () =>
  Object.assign(new Error(`Request input is nested more than ${MAX_JSON_DEPTH} levels deep.`), { status: 400, type: 'entity.too.deep', expose: true });

/** For `express.json({ verify })`: the raw body is measured before it is parsed. */
export function verifyJsonDepth(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) throw tooDeepError();
}

/** A GET procedure's `input` query parameter gets the same limit as a body. */
export function queryInputDepthGuard(): RequestHandler {
  return (req, _res, next) => {
    const queryStart = req.originalUrl.indexOf('?');
    if (req.method !== 'GET' || queryStart === -1) return next();
    const input = new URLSearchParams(req.originalUrl.slice(queryStart + 1)).get('input');
    next(input !== null && jsonNestsDeeperThan(input, MAX_JSON_DEPTH) ? tooDeepError() : undefined);
  };
}
