/**
 * Serves the tRPC router on Express through tRPC's own protocol core (`resolveResponse`: batching,
 * methods, input parsing, error shapes and status codes), with a leaner bridge between Node's
 * request/response and the fetch `Request`/`Response` that core speaks than
 * `@trpc/server/adapters/express`.
 *
 * Why not the stock adapter: it streams the body into the `Request` through a WHATWG
 * `ReadableStream` and pipes the `Response` back through a `WritableStream`; profiled under the
 * waitlist benchmark (`npm run bench -- waitlist`) that bridge cost more CPU per request than the
 * rest of a waitlist join. Here the body, already read and size-limited by `express.json`, goes into
 * the `Request` as a string, and a JSON `Response` is read as text and sent with one `res.end`.
 * Streaming responses (JSONL batches, SSE) are still piped.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { TRPCError, type AnyTRPCRouter, type inferRouterContext } from '@trpc/server';
import { resolveResponse, type TRPCRequestInfo } from '@trpc/server/http';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';

export interface ExpressContextOptions {
  readonly req: ExpressRequest;
  readonly res: ExpressResponse;
  readonly info: TRPCRequestInfo;
}

export interface TrpcExpressHandlerOptions<TRouter extends AnyTRPCRouter> {
  readonly router: TRouter;
  /** Calls one batch may carry; a larger batch is refused with 400 before any procedure runs. */
  readonly maxBatchSize?: number;
  readonly createContext: (opts: ExpressContextOptions) => Promise<inferRouterContext<TRouter>>;
  readonly onError?: (opts: { error: TRPCError; path: string | undefined; req: ExpressRequest }) => void;
}

const STREAMING_TYPES = ['text/event-stream', 'application/jsonl'];

/** Whether the client asks for a streamed answer: a JSONL batch (`trpc-accept`) or an SSE subscription. */
export function expectsStream(req: ExpressRequest): boolean {
  return req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('text/event-stream') === true;
}

/** The request body as the string tRPC parses; `express.json` (mounted before) has read it. */
function bodyOf(req: ExpressRequest): string | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const body: unknown = req.body;
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function toFetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.append(name, value);
  }
  return headers;
}

async function send(response: Response, res: ExpressResponse): Promise<void> {
  // A status set by an earlier middleware wins, as with tRPC's own adapter.
  if (res.statusCode === 200) res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.appendHeader('set-cookie', cookies);
  const type = response.headers.get('content-type') ?? '';
  if (response.body && STREAMING_TYPES.some((streaming) => type.startsWith(streaming))) {
    await new Promise<void>((resolve, reject) => {
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
        .on('error', reject)
        .pipe(res)
        .on('finish', resolve)
        .on('close', resolve)
        .on('error', reject);
    });
    return;
  }
  res.end(response.body ? await response.text() : undefined);
}

export function trpcExpressHandler<TRouter extends AnyTRPCRouter>(options: TrpcExpressHandlerOptions<TRouter>): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    // A streamed answer (a JSONL batch, an SSE subscription) stops when the client goes away: its
    // procedures' signal aborts then. A single JSON answer runs to its end either way, and no
    // procedure reads the signal; following one costs undici's `Request` about a tenth of a small
    // call's CPU (the waitlist benchmark: ~12 % more joins a second without it).
    const aborted = expectsStream(req) ? new AbortController() : null;
    const onClose = () => {
      if (!res.writableEnded) aborted?.abort();
    };
    if (aborted) res.once('close', onClose);
    const fail = (error: unknown) => {
      res.off('close', onClose);
      next(error);
    };
    let request: Request;
    try {
      const body = bodyOf(req);
      request = new Request(`${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`, {
        method: req.method,
        headers: toFetchHeaders(req),
        ...(aborted ? { signal: aborted.signal } : {}),
        ...(body === undefined ? {} : { body }),
      });
    } catch {
      fail(new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid URL' }));
      return;
    }
    resolveResponse({
      router: options.router,
      ...(options.maxBatchSize === undefined ? {} : { maxBatchSize: options.maxBatchSize }),
      req: request,
      path,
      error: null,
      createContext: ({ info }) => options.createContext({ req, res, info }),
      onError: ({ error, path: procedurePath }) => options.onError?.({ error, path: procedurePath, req }),
    })
      .then((response) => send(response, res))
      .catch(fail);
  };
}
