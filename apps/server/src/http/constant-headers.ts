/**
 * helmet's security headers, worked out once at start instead of at every request: with our options
 * each of its fifteen middlewares sets a constant (the CSP is a fixed string), yet helmet ran them
 * one after another through its own `next` for every answer. Here helmet runs twice on throwaway
 * requests at start, the headers it set are kept, and each request gets them in one loop.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler } from 'express';

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function headersSetBy(middleware: NodeMiddleware, path: string): Map<string, string> {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = path;
  const res = new ServerResponse(req);
  let passed = false;
  middleware(req, res, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    passed = true;
  });
  if (!passed) throw new Error('the header middleware did not pass its request on at once');
  const headers = new Map<string, string>();
  for (const name of res.getHeaderNames()) headers.set(name, String(res.getHeader(name)));
  return headers;
}

/**
 * The headers `middleware` sets, as one handler that sets them. Refuses (at start) a middleware
 * whose headers depend on the request — two different requests must get the same ones — so a
 * per-request value (a CSP nonce, say) cannot be frozen by mistake.
 */
export function constantHeaders(middleware: NodeMiddleware): RequestHandler {
  const headers = headersSetBy(middleware, '/');
  const other = headersSetBy(middleware, '/api/trpc/auth.me?input=%7B%7D');
  const same = headers.size === other.size && [...headers].every(([name, value]) => other.get(name) === value);
  if (!same) throw new Error('these headers depend on the request: set them per request');
  const entries = [...headers];
  return (_req, res, next) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    next();
  };
}
